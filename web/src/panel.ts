// The game page's side panel as markup: the result, the dice box, the action buttons and the
// seed. Pure functions of the game state; the page puts them in place and wires the clicks.

import type { Color, Game, HistoryEntry, RoleInfo, Trampled } from "./api";
import { describeRoll, diceMarkup, escapeHtml } from "./dice";
import { pieceIcon, roleOfLetter } from "./pieces";

export function resultMarkup(g: Game): string | null {
  if (g.status !== "over") return null;
  const winner =
    g.result === "1-0" ? "White wins" : g.result === "0-1" ? "Black wins" : g.result === "1/2-1/2" ? "Draw" : "Ended";
  return `<strong class="result-score">${escapeHtml(g.result)}</strong> ${winner}${
    g.reason ? ` — <span class="reason">${escapeHtml(g.reason)}</span>` : ""
  }<div><a class="new-game" href="/?variant=${encodeURIComponent(g.variant)}">New game</a> · replay it with ‹ › or the move list</div>`;
}

/** The dice as rolled (or tumbling, with random faces, while `rolling`) and what they trampled. */
export function diceBoxMarkup(
  roll: HistoryEntry,
  rolling: boolean,
  trampled: Trampled[],
  roles: readonly RoleInfo[],
): string {
  const view = describeRoll(roll);
  if (rolling) {
    view.faces = view.faces.map(() => String(1 + Math.floor(Math.random() * 8)));
    view.meaning = "rolling…";
  }
  const lost = trampled
    .map((t) => {
      const role = roleOfLetter(t.letter, roles);
      return role
        ? `<span class="lost" title="${t.color} ${role} on ${t.square}">${pieceIcon(role, t.color === "white", 26)}${t.square}</span>`
        : "";
    })
    .join("");
  return `<span class="dice-label">Roll</span>${diceMarkup(view)}${
    lost ? `<div class="trampled-list">Trampled: ${lost}</div>` : ""
  }`;
}

export function rollOptionsMarkup(g: Game): string {
  return ['<option value="">…or pick a roll</option>']
    .concat(g.rolls.map((r) => `<option value="${escapeHtml(r.text)}">${escapeHtml(r.text)}</option>`))
    .join("");
}

/** The buttons a seat holder has: abort, resign, and the offers that fit the opponent. */
export function actionsMarkup(g: Game, confirmResign: boolean): string {
  if (!g.you || g.status === "over") return "";
  const me: Color | "both" = g.you;
  const theirs = (c: Color | null) => c !== null && (me === "both" || c !== me);
  const buttons: string[] = [];
  const turnsPlayed = g.history.filter((h) => h.kind !== "roll").length;
  const iHaveMoved = g.history.some((h) => h.kind !== "roll" && h.color === me);
  if (turnsPlayed < 2) buttons.push(button("abort", "Abort"));
  if (g.status !== "playing") return buttons.join("");
  buttons.push(confirmResign ? button("resign-confirmed", "Yes, resign") : button("resign", "Resign"));
  const engine = g.players.white === "engine" || g.players.black === "engine";
  if (me === "both") {
    // two people at one screen: a takeback needs no asking, a draw is agreed in one click
    if (turnsPlayed > 0) buttons.push(button("take-back-here", "Take back"));
    buttons.push(button("draw-here", "Agree a draw"));
  } else if (engine) {
    // the engine grants every takeback at once and declines every draw
    if (iHaveMoved) buttons.push(button("offer-takeback", "Take back"));
  } else {
    if (g.offers.draw === null) buttons.push(button("offer-draw", "Offer draw"));
    else if (theirs(g.offers.draw))
      buttons.push(button("accept-draw", "Accept draw"), button("decline-draw", "Decline draw"));
    else buttons.push(`<span class="offer-note">Draw offered</span>`);
    if (g.offers.takeback === null) {
      if (iHaveMoved) buttons.push(button("offer-takeback", "Takeback"));
    } else if (theirs(g.offers.takeback))
      buttons.push(button("accept-takeback", "Accept takeback"), button("decline-takeback", "Decline takeback"));
    else buttons.push(`<span class="offer-note">Takeback asked</span>`);
  }
  return buttons.join("");
}

/** The seed commitment from the start, and the seed once the game is over. */
export function seedMarkup(g: Game): string {
  if (!g.beast_kind) return "";
  if (g.dice !== "server") return "<div>Physical dice.</div>";
  const commitment = `<div>Seed commitment (SHA-256): <code class="commitment">${escapeHtml(g.seed_commitment)}</code></div>`;
  const seed =
    g.seed !== null
      ? `<div>Seed: <code class="seed-value">${escapeHtml(g.seed)}</code> — check every roll with
         <code>menagerie pgn check menagerie-${escapeHtml(g.id)}.pgn --seed ${escapeHtml(g.seed)}</code></div>`
      : "<div>The seed is shown when the game ends.</div>";
  return commitment + seed;
}

function button(action: string, label: string): string {
  return `<button type="button" data-action="${action}">${label}</button>`;
}
