// The analysis board, /analysis (docs/api.md, `GET /api/analysis`): any variant, a position
// typed as a FEN, pasted as a PGN or set up on the board editor, the engine's best lines streamed as it deepens
// (MultiPV), an evaluation bar with the win/draw/loss odds, and in the beast variants the
// worth of each roll after the best move. `?variant=ID&fen=FEN` or `?game=ID` (a finished
// game's PGN) fill the form.

import { api, type VariantInfo } from "./api";
import { BoardEditor } from "./board-editor";
import { drawDiagram } from "./diagram";
import { escapeHtml } from "./dice";
import type { AnalysisEvent, AnalysisLine, RollWorth, Side } from "./generated/contract";
import "./analysis.css";
import "./review.css";

/** A score for the side to move as White's, in pawns or as a mate: "+0.4", "#3", "#-2". */
export function whiteScore(line: AnalysisLine, toMove: Side): string {
  const sign = toMove === "white" ? 1 : -1;
  if (line.mate !== null) return `#${line.mate * sign}`;
  const pawns = (line.score * sign) / 100;
  return `${pawns >= 0 ? "+" : "−"}${Math.abs(pawns).toFixed(2)}`;
}

/** Reads server-sent events from a fetch, one JSON object per event. */
async function readEvents(response: Response, onEvent: (e: AnalysisEvent) => void): Promise<void> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trimStart())
        .join("\n");
      if (data) onEvent(JSON.parse(data) as AnalysisEvent);
    }
  }
}

export async function analysisPage(root: HTMLElement): Promise<void> {
  document.title = "Analysis board · Menagerie";
  let variants: VariantInfo[];
  try {
    variants = await api.variants();
  } catch (e) {
    root.innerHTML = `<p class="error">The games could not be loaded: ${escapeHtml((e as Error).message)}</p>`;
    return;
  }
  const params = new URLSearchParams(location.search);
  root.innerHTML = `
    <article class="analysis review">
      <h1>Analysis board</h1>
      <form class="analysis-form">
        <label>Game <select name="variant">${variants
          .map((v) => `<option value="${escapeHtml(v.id)}">${escapeHtml(v.name)}</option>`)
          .join("")}</select></label>
        <label>Lines <select name="lines">${[1, 2, 3, 4, 5]
          .map((n) => `<option${n === 3 ? " selected" : ""}>${n}</option>`)
          .join("")}</select></label>
        <label class="position-label">FEN or PGN
          <textarea name="position" rows="3" placeholder="A FEN, or a whole PGN (its last position is analysed); empty for the start position"></textarea></label>
        <button type="submit" class="analyse">Analyse</button>
        <button type="button" class="edit-position" aria-expanded="false">Set up a position</button>
      </form>
      <div class="editor" hidden></div>
      <div class="analysis-grid">
        <div class="analysis-left">
          <div class="eval-bar" aria-label="evaluation bar"><div class="eval-white"></div></div>
          <div class="analysis-board board-wrap"></div>
        </div>
        <div class="analysis-right">
          <p class="analysis-status" aria-live="polite"></p>
          <p class="wdl"></p>
          <ol class="lines"></ol>
          <div class="rolls"></div>
          <p class="error" role="alert" hidden></p>
        </div>
      </div>
    </article>`;
  const form = root.querySelector(".analysis-form") as HTMLFormElement;
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  field("variant").value = params.get("variant") ?? "chess";
  field("position").value = params.get("fen") ?? "";
  const view = new AnalysisView(root, variants);
  const editor = root.querySelector(".editor") as HTMLElement;
  const editButton = form.querySelector(".edit-position") as HTMLButtonElement;
  /** Opens the editor on the position shown (or the variant's start), or closes it. */
  const edit = (open: boolean) => {
    editor.hidden = !open;
    editButton.setAttribute("aria-expanded", String(open));
    editButton.textContent = open ? "Close the editor" : "Set up a position";
    editor.replaceChildren();
    // the editor shows the position: the picture of it below would only repeat it
    (root.querySelector(".analysis-left") as HTMLElement).hidden = open;
    if (!open) return;
    const facts = variants.find((v) => v.id === field("variant").value);
    if (!facts) return;
    const shown = (root.querySelector(".analysis-board") as HTMLElement).dataset.fen ?? "";
    const typed = field("position").value.trim();
    const fen = typed && !/^\s*\[|\d+\.\s/.test(typed) ? typed : shown;
    let pending = 0;
    const editing = new BoardEditor(editor, facts, fen, (changed) => {
      field("position").value = changed;
      // analysed once the editing pauses
      window.clearTimeout(pending);
      pending = window.setTimeout(() => form.requestSubmit(), 700);
    });
    field("position").value = editing.fen();
  };
  editButton.addEventListener("click", () => edit(editor.hidden));
  field("variant").addEventListener("change", () => {
    field("position").value = "";
    delete (root.querySelector(".analysis-board") as HTMLElement).dataset.fen;
    if (!editor.hidden) edit(true);
  });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    void view.analyse(field("variant").value, field("position").value.trim(), Number(field("lines").value));
  });
  const gameId = params.get("game");
  if (gameId) {
    const response = await fetch(api.pgnUrl(gameId));
    if (response.ok) field("position").value = await response.text();
  }
  void view.analyse(field("variant").value, field("position").value.trim(), Number(field("lines").value));
}

class AnalysisView {
  private running: AbortController | null = null;
  private toMove: Side = "white";

  constructor(
    private readonly root: HTMLElement,
    private readonly variants: VariantInfo[],
  ) {}

  private el(selector: string): HTMLElement {
    return this.root.querySelector(selector) as HTMLElement;
  }

  async analyse(variant: string, text: string, lines: number): Promise<void> {
    this.running?.abort();
    const running = new AbortController();
    this.running = running;
    const query = new URLSearchParams({ variant, lines: String(lines) });
    if (/^\s*\[|\d+\.\s/.test(text)) query.set("pgn", text);
    else if (text) query.set("fen", text);
    for (const sel of [".lines", ".rolls", ".wdl"]) this.el(sel).innerHTML = "";
    delete this.el(".lines").dataset.depth;
    this.el(".lines").dataset.depths = "";
    this.el(".error").hidden = true;
    this.el(".analysis-status").textContent = "The engine is thinking…";
    try {
      // The analysis just left may take a moment to stop (one per client at a time).
      let response = await fetch(`/api/analysis?${query}`, { signal: running.signal });
      for (let tries = 0; response.status === 429 && tries < 20; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        response = await fetch(`/api/analysis?${query}`, { signal: running.signal });
      }
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { error?: string };
        throw new Error(body.error ?? `${response.status} ${response.statusText}`);
      }
      await readEvents(response, (e) => this.onEvent(e));
    } catch (e) {
      if (running.signal.aborted) return;
      this.el(".error").textContent = (e as Error).message;
      this.el(".error").hidden = false;
      this.el(".analysis-status").textContent = "";
    }
  }

  private onEvent(e: AnalysisEvent): void {
    switch (e.type) {
      case "position": {
        this.toMove = e.to_move;
        const facts = this.variants.find((v) => v.id === e.variant);
        const board = this.el(".analysis-board");
        board.innerHTML = "";
        if (facts) {
          board.style.setProperty("--aspect", String(facts.start.board.files / facts.start.board.ranks));
          drawDiagram(
            board,
            { board: facts.start.board, fen: e.fen, beast: null, beast_kind: facts.start.beast_kind },
            facts.roles,
            "the position analysed",
          );
        }
        board.dataset.fen = e.fen;
        break;
      }
      case "lines": {
        this.el(".analysis-status").textContent =
          `Depth ${e.depth} · ${e.nodes.toLocaleString("en")} nodes · reached in ${(e.elapsed_ms / 1000).toFixed(1)} s`;
        this.el(".lines").innerHTML = e.lines
          .map(
            (l) => `<li class="line"><span class="score">${whiteScore(l, this.toMove)}</span>
              <span class="pv">${escapeHtml(l.san.join(" "))}</span></li>`,
          )
          .join("");
        const best = e.lines[0];
        if (best) this.showOdds(best);
        this.el(".lines").dataset.depth = String(e.depth);
        // every depth shown, in order (the browser tests read it)
        this.el(".lines").dataset.depths = `${this.el(".lines").dataset.depths ?? ""} ${e.depth}`.trim();
        break;
      }
      case "rolls":
        this.showRolls(e.after, e.rolls);
        break;
      case "done":
        this.el(".analysis-status").textContent += " · done";
        break;
      case "error":
        this.el(".error").textContent = e.error;
        this.el(".error").hidden = false;
        break;
    }
  }

  /** The evaluation bar (White's share from the bottom) and the odds in words. */
  private showOdds(best: AnalysisLine): void {
    const [w, d, l] = best.wdl;
    const [white, black] = this.toMove === "white" ? [w, l] : [l, w];
    const share = (white + d / 2) / 10;
    (this.el(".eval-white") as HTMLElement).style.height = `${share}%`;
    this.el(".eval-bar").title = whiteScore(best, this.toMove);
    this.el(".wdl").innerHTML = `White wins <b>${(white / 10).toFixed(1)}%</b> · draw <b>${(d / 10).toFixed(1)}%</b> ·
      Black wins <b>${(black / 10).toFixed(1)}%</b>`;
  }

  /** Each roll after the best move, the luckiest for White first. */
  private showRolls(after: string, rolls: RollWorth[]): void {
    const sorted = [...rolls].sort((a, b) => b.luck - a.luck);
    const fmt = (cp: number) => `${cp >= 0 ? "+" : "−"}${Math.abs(cp / 100).toFixed(1)}`;
    this.el(".rolls").innerHTML = `<h2>The roll after ${escapeHtml(after)} <small>(value for White; luck against the mean, in pawns)</small></h2>
      <table class="roll-table"><tr><th>Roll</th><th>Beast</th><th>Chance</th><th>Value</th><th>Luck</th></tr>${sorted
        .map(
          (r) => `<tr><td>${escapeHtml(r.roll)}</td><td>${escapeHtml(r.meaning)}</td><td>${(r.probability * 100).toFixed(r.probability < 0.01 ? 2 : 1)}%</td>
            <td>${fmt(r.value)}</td><td class="luck ${r.luck >= 0 ? "for-white" : "for-black"}">${fmt(r.luck)}</td></tr>`,
        )
        .join("")}</table>`;
  }
}
