// The move list: one row per move number, each turn in SAN with the roll that followed it.
// Every entry is a button that shows the position after it.

import type { Game } from "./api";
import { escapeHtml } from "./dice";

export function renderMoveList(table: HTMLElement, game: Game, viewIndex: number | null): void {
  const rows: string[] = [];
  let cells: string[] = [];
  let number = 1;
  const shownIndex = viewIndex ?? game.history.length;
  const flush = () => {
    if (!cells.length) return;
    while (cells.length < 2) cells.push("<td></td>");
    rows.push(`<tr><th>${number}.</th>${cells.join("")}</tr>`);
    number += 1;
    cells = [];
  };
  const history = game.history;
  for (let i = 0; i < history.length; i++) {
    const entry = history[i];
    if (entry.kind === "roll") continue;
    const color = entry.color ?? (cells.length === 0 ? "white" : "black");
    if (color === "white" && cells.length) flush();
    if (color === "black" && cells.length === 0) cells.push(`<td class="empty">…</td>`);
    let roll = "";
    if (history[i + 1]?.kind === "roll") {
      roll = `<button type="button" class="roll${shownIndex === i + 2 ? " current" : ""}" data-index="${i + 2}">${escapeHtml(history[i + 1].san)}</button>`;
    }
    const current = shownIndex === i + 1 ? " current" : "";
    cells.push(
      `<td><button type="button" class="san${current}" data-index="${i + 1}" data-uci="${escapeHtml(entry.uci)}">${escapeHtml(entry.san)}</button>${roll}</td>`,
    );
    if (cells.length === 2) flush();
  }
  flush();
  table.innerHTML = rows.length ? `<tbody>${rows.join("")}</tbody>` : `<tbody><tr><td class="none">No moves yet.</td></tr></tbody>`;
  const current = table.querySelector(".current");
  if (viewIndex === null) (table.parentElement as HTMLElement).scrollTop = (table.parentElement as HTMLElement).scrollHeight;
  else current?.scrollIntoView({ block: "nearest" });
}
