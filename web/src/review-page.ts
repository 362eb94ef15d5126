// The review of a finished game, /review/ID (docs/api.md, `GET /api/games/ID/review`): the
// engine's evaluation graph with the moves that cost the most marked, and in the beast
// variants the luck of every roll as a second graph with the one-line verdict. The values
// all come from the server; this page only draws them.

import { api, type Game, type VariantInfo } from "./api";
import { drawDiagram } from "./diagram";
import { escapeHtml } from "./dice";
import "./review.css";
import type { Judgement, Review, ReviewEntry } from "./generated/contract";

const GLYPH: Record<Judgement, string> = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const GRAPH_WIDTH = 600;
const EVAL_HEIGHT = 120;
const LUCK_HEIGHT = 100;
/** The luck graph reaches at least this many pawns either way. */
const LUCK_SCALE = 3;

/** Centipawns as signed pawns: "+2.3", "−0.4". */
export function pawns(cp: number): string {
  const value = cp / 100;
  const text = Math.abs(value).toFixed(1);
  return value >= 0.05 ? `+${text}` : value <= -0.05 ? `−${text}` : "0.0";
}

export async function reviewPage(root: HTMLElement, id: string): Promise<void> {
  document.title = "Review · Menagerie";
  root.innerHTML = `<p class="review-wait">The engine is reviewing the game…</p>`;
  let game: Game;
  let facts: VariantInfo | undefined;
  let review: Review;
  try {
    const [g, variants] = await Promise.all([api.game(id), api.variants()]);
    game = g;
    facts = variants.find((v) => v.id === g.variant);
    review = await api.review(id);
  } catch (e) {
    root.innerHTML = `<section class="missing"><h1>No review</h1><p class="error">${escapeHtml((e as Error).message)}</p>
      <p><a href="/game/${encodeURIComponent(id)}">Back to the game</a></p></section>`;
    return;
  }
  new ReviewView(root, game, facts, review).show(0);
}

class ReviewView {
  private ply = 0;
  private readonly board: HTMLElement;

  constructor(
    private readonly root: HTMLElement,
    private readonly game: Game,
    private readonly facts: VariantInfo | undefined,
    private readonly review: Review,
  ) {
    document.title = `Review: ${game.name} · Menagerie`;
    const dice = review.verdict !== null;
    const split = review.luck_by_roller;
    root.innerHTML = `
      <article class="review">
        <h1>Review: ${escapeHtml(game.name)}</h1>
        <p class="review-result">${escapeHtml(game.result)}${game.reason ? ` · ${escapeHtml(game.reason)}` : ""}
          · <a href="/game/${encodeURIComponent(game.id)}">back to the game</a></p>
        ${dice ? `<p class="verdict">${escapeHtml(review.verdict ?? "")}</p>` : ""}
        <div class="review-grid">
          <div class="review-left">
            <div class="review-board board-wrap"></div>
            <div class="review-nav">
              <button type="button" data-go="first" aria-label="first position">«</button>
              <button type="button" data-go="back" aria-label="previous turn">‹</button>
              <button type="button" data-go="next" aria-label="next turn">›</button>
              <button type="button" data-go="last" aria-label="last position">»</button>
            </div>
            <p class="review-now" aria-live="polite"></p>
            <p><a class="analyse-here">Analyse this position</a></p>
          </div>
          <div class="review-right">
            <h2>Evaluation <small>(White's chance of winning; depth ${review.depth})</small></h2>
            <svg class="eval-graph" viewBox="0 0 ${GRAPH_WIDTH} ${EVAL_HEIGHT}" preserveAspectRatio="none"
              role="img" aria-label="evaluation graph"></svg>
            ${
              dice
                ? `<h2>Luck <small>(each roll's value for White less the roll's expected value, in pawns)</small></h2>
            <svg class="luck-graph" viewBox="0 0 ${GRAPH_WIDTH} ${LUCK_HEIGHT}" preserveAspectRatio="none"
              role="img" aria-label="luck graph"></svg>
            ${
              split
                ? `<p class="luck-split">White's own rolls gave White <b>${pawns(split.white)}</b>;
              Black's own rolls gave Black <b>${pawns(split.black)}</b>.</p>`
                : ""
            }`
                : ""
            }
            <table class="judgements">
              <tr><th></th><th>Inaccuracies ?!</th><th>Mistakes ?</th><th>Blunders ??</th></tr>
              ${(["white", "black"] as const)
                .map((side) => {
                  const c = review.judgements[side];
                  return `<tr data-side="${side}"><th>${side === "white" ? "White" : "Black"}</th>
                    <td>${c.inaccuracies}</td><td>${c.mistakes}</td><td>${c.blunders}</td></tr>`;
                })
                .join("")}
            </table>
            <ol class="review-moves">${review.entries.map((e) => entryMarkup(e)).join("")}</ol>
          </div>
        </div>
      </article>`;
    this.board = root.querySelector(".review-board") as HTMLElement;
    this.board.style.setProperty("--aspect", String(game.board.files / game.board.ranks));
    this.drawEvalGraph();
    if (dice) this.drawLuckGraph();
    root.querySelectorAll<HTMLElement>(".review-moves li").forEach((li) =>
      li.addEventListener("click", () => this.show(Number(li.dataset.ply))),
    );
    root.querySelectorAll<HTMLButtonElement>("[data-go]").forEach((b) =>
      b.addEventListener("click", () => this.go(b.dataset.go!)),
    );
    for (const graph of root.querySelectorAll<SVGSVGElement>(".eval-graph, .luck-graph"))
      graph.addEventListener("click", (e) => {
        const box = graph.getBoundingClientRect();
        this.show(Math.round(((e.clientX - box.left) / box.width) * this.last()));
      });
    document.addEventListener("keydown", (e) => {
      if (e.key === "ArrowLeft") this.go("back");
      else if (e.key === "ArrowRight") this.go("next");
      else if (e.key === "Home") this.go("first");
      else if (e.key === "End") this.go("last");
    });
  }

  private last(): number {
    return this.review.entries.length;
  }

  private go(where: string): void {
    const to = { first: 0, back: this.ply - 1, next: this.ply + 1, last: this.last() }[where] ?? this.ply;
    this.show(to);
  }

  private x(ply: number): number {
    return (ply / Math.max(1, this.last())) * GRAPH_WIDTH;
  }

  /** White's chance of winning as an area from the bottom, the marked moves as dots. */
  private drawEvalGraph(): void {
    const svg = this.root.querySelector(".eval-graph") as SVGSVGElement;
    const startWin = 1 / (1 + Math.exp(-0.00368208 * Math.max(-1000, Math.min(1000, this.review.start_eval))));
    const wins = [startWin, ...this.review.entries.map((e) => e.white_win)];
    const y = (w: number) => (1 - w) * EVAL_HEIGHT;
    const line = wins.map((w, i) => `${this.x(i).toFixed(1)},${y(w).toFixed(1)}`).join(" ");
    const marks = this.review.entries
      .map((e, i) =>
        e.judgement
          ? `<circle class="mark ${e.judgement}" cx="${this.x(i + 1)}" cy="${y(e.white_win)}" r="4"><title>${escapeHtml(
              `${e.san}: ${e.judgement}`,
            )}</title></circle>`
          : "",
      )
      .join("");
    svg.innerHTML = `<rect class="graph-bg" x="0" y="0" width="${GRAPH_WIDTH}" height="${EVAL_HEIGHT}"/>
      <polygon class="eval-area" points="0,${EVAL_HEIGHT} ${line} ${GRAPH_WIDTH},${EVAL_HEIGHT}"/>
      <line class="axis" x1="0" y1="${EVAL_HEIGHT / 2}" x2="${GRAPH_WIDTH}" y2="${EVAL_HEIGHT / 2}"/>
      <polyline class="eval-line" points="${line}"/>${marks}
      <line class="now" x1="0" y1="0" x2="0" y2="${EVAL_HEIGHT}"/>`;
  }

  /** A bar per roll (up for White, down for Black) and the running total as a line. */
  private drawLuckGraph(): void {
    const svg = this.root.querySelector(".luck-graph") as SVGSVGElement;
    const mid = LUCK_HEIGHT / 2;
    // one scale for the bars and the running total, so the graph holds the largest of them
    let sum = 0;
    let reach = LUCK_SCALE;
    for (const e of this.review.entries)
      if (e.luck !== null) {
        sum += e.luck;
        reach = Math.max(reach, Math.abs(e.luck) / 100, Math.abs(sum) / 100);
      }
    const scale = (cp: number) => (cp / 100 / reach) * mid * 0.95;
    const barWidth = Math.max(2, GRAPH_WIDTH / Math.max(1, this.last()) - 1);
    let total = 0;
    const running: string[] = [`0,${mid}`];
    const bars = this.review.entries
      .map((e, i) => {
        if (e.luck === null) return "";
        total += e.luck;
        running.push(`${this.x(i + 1).toFixed(1)},${(mid - scale(total)).toFixed(1)}`);
        const h = scale(e.luck);
        return `<rect class="luck-bar ${e.luck >= 0 ? "for-white" : "for-black"}" data-ply="${i + 1}"
          x="${(this.x(i + 1) - barWidth / 2).toFixed(1)}" y="${(h >= 0 ? mid - h : mid).toFixed(1)}"
          width="${barWidth.toFixed(1)}" height="${Math.max(0.5, Math.abs(h)).toFixed(1)}"><title>${escapeHtml(
            `${e.san}: ${pawns(e.luck)} for White`,
          )}</title></rect>`;
      })
      .join("");
    svg.innerHTML = `<rect class="graph-bg" x="0" y="0" width="${GRAPH_WIDTH}" height="${LUCK_HEIGHT}"/>
      <line class="axis" x1="0" y1="${mid}" x2="${GRAPH_WIDTH}" y2="${mid}"/>${bars}
      <polyline class="luck-total" points="${running.join(" ")}"/>
      <line class="now" x1="0" y1="0" x2="0" y2="${LUCK_HEIGHT}"/>`;
  }

  show(ply: number): void {
    this.ply = Math.max(0, Math.min(this.last(), ply));
    const entry = this.ply > 0 ? this.review.entries[this.ply - 1] : null;
    const recorded = this.ply > 0 ? this.game.history[this.ply - 1] : null;
    this.board.innerHTML = "";
    drawDiagram(
      this.board,
      {
        board: this.game.board,
        fen: recorded ? recorded.fen : this.game.start_fen,
        beast: null,
        beast_kind: this.game.beast_kind,
      },
      this.facts?.roles ?? [],
      `the position after turn ${this.ply}`,
      { path: recorded?.path ?? [] },
    );
    for (const now of this.root.querySelectorAll<SVGLineElement>("line.now")) {
      now.setAttribute("x1", String(this.x(this.ply)));
      now.setAttribute("x2", String(this.x(this.ply)));
    }
    this.root.querySelectorAll<HTMLElement>(".review-moves li").forEach((li) =>
      li.classList.toggle("current", Number(li.dataset.ply) === this.ply),
    );
    // a position with a player to move: the start, or the one a roll (or, without dice, a
    // move) left
    const analysable = !entry || entry.kind === "roll" || this.review.verdict === null;
    const here = this.root.querySelector(".analyse-here") as HTMLAnchorElement;
    here.hidden = !analysable;
    here.href = `/analysis?${new URLSearchParams({
      variant: this.game.variant,
      fen: recorded ? recorded.fen : this.game.start_fen,
    })}`;
    (this.root.querySelector(".review-now") as HTMLElement).textContent = entry
      ? describe(entry, recorded?.meaning ?? null)
      : "The start position.";
  }
}

function describe(e: ReviewEntry, meaning: string | null): string {
  const win = `White ${Math.round(e.white_win * 100)}%`;
  if (e.kind === "roll")
    return `Roll ${e.san}${meaning ? ` (${meaning})` : ""}: ${pawns(e.luck ?? 0)} for White against the expected roll · ${win}`;
  const who = e.color === "white" ? "White" : "Black";
  const judged = e.judgement ? ` · ${e.judgement}, the engine preferred ${e.best ?? "another move"}` : "";
  return `${who} played ${e.san} · ${win}${judged}`;
}

function entryMarkup(e: ReviewEntry): string {
  if (e.kind === "roll") {
    const luck = e.luck ?? 0;
    const side = luck >= 0 ? "for-white" : "for-black";
    return `<li class="roll" data-ply="${e.ply}"><span class="san">${escapeHtml(e.san)}</span>
      <span class="luck ${side}" title="luck for White, in pawns">${pawns(luck)}</span></li>`;
  }
  const glyph = e.judgement ? GLYPH[e.judgement] : "";
  return `<li class="move ${e.color}${e.judgement ? ` ${e.judgement}` : ""}" data-ply="${e.ply}">
    <span class="san">${escapeHtml(e.san)}${glyph ? `<b class="glyph">${glyph}</b>` : ""}</span>
    ${e.judgement && e.best ? `<span class="best">best ${escapeHtml(e.best)}</span>` : ""}</li>`;
}
