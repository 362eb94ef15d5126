// The game page's input: clicks and drags on the board, the keyboard, typed moves and the
// choice between turns that share a destination, each turned into one of the server's legal
// turns.

import type { LegalTurn } from "./api";
import { escapeHtml } from "./dice";
import type { GameState } from "./game-state";
import { dropLetter, initialSelection, matchTyped, movableSquares, origin, turnsOf } from "./moves";
import { pieceIcon, roleOfLetter } from "./pieces";
import { parseSquare, squareName } from "./squares";

/** What the input acts through. */
export interface InputActions {
  play(turn: LegalTurn): Promise<void>;
  renderBoard(): void;
  renderDrops(): void;
  navigate(where: string): void;
  showError(e: unknown): void;
}

export class GameInput {
  private choiceResolve: ((turn: LegalTurn | null) => void) | null = null;

  constructor(
    private readonly state: GameState,
    private readonly el: Record<string, HTMLElement>,
    private readonly page: InputActions,
  ) {}

  /** A square chosen by pointer, or by Enter on the keyboard cursor (which then stays). */
  clickSquare(sq: string, byKeyboard = false): void {
    // the dashed keyboard cursor is for keyboard players only: a click or a tap hides it
    this.state.cursor = byKeyboard ? sq : null;
    if (this.state.canPremove()) {
      this.premoveClick(sq);
      return;
    }
    const g = this.state.latest;
    if (!g || !this.state.interactive()) {
      this.page.renderBoard();
      return;
    }
    const sel = this.state.selection;
    if (sel) {
      const here = turnsOf(g.legal, sel).filter((t) => t.to === sq);
      if (here.length) {
        void this.choose(here);
        return;
      }
    }
    if (movableSquares(g.legal).has(sq)) {
      this.state.selection = sel?.kind === "square" && sel.square === sq ? initialSelection(g.legal) : { kind: "square", square: sq };
    } else {
      const drops = g.legal.filter((t) => !origin(t) && t.to === sq);
      if (drops.length && new Set(drops.map(dropLetter)).size === 1) {
        void this.choose(drops);
        return;
      }
      this.state.selection = initialSelection(g.legal);
    }
    this.page.renderBoard();
    this.page.renderDrops();
  }
  /**
   * Entering a premove: a piece of one's own, then any square. A click with a premove waiting
   * cancels it (and picks the clicked piece, if it is one's own).
   */
  premoveClick(sq: string): void {
    const own = this.state.ownSquares();
    const from = this.state.premoveFrom;
    if (this.state.premove) {
      this.state.premove = null;
      this.state.premoveFrom = own.has(sq) ? sq : null;
    } else if (from && from !== sq && !own.has(sq)) {
      this.state.premove = { from, to: sq };
      this.state.premoveFrom = null;
    } else {
      this.state.premoveFrom = own.has(sq) && from !== sq ? sq : null;
    }
    this.page.renderBoard();
  }
  cancelPremove(): void {
    if (!this.state.premove && !this.state.premoveFrom) return;
    this.state.premove = null;
    this.state.premoveFrom = null;
    this.page.renderBoard();
  }
  dragMove(from: string, to: string): void {
    if (this.state.canPremove()) {
      this.state.premove = { from, to };
      this.state.premoveFrom = null;
      this.page.renderBoard();
      return;
    }
    const g = this.state.latest;
    if (!g || !this.state.interactive()) return;
    const here = g.legal.filter((t) => origin(t) === from && t.to === to);
    if (here.length) void this.choose(here);
    else {
      this.state.selection = { kind: "square", square: from };
      this.page.renderBoard();
    }
  }
  async choose(turns: LegalTurn[]): Promise<void> {
    const turn = turns.length === 1 ? turns[0] : await this.askChoice(turns);
    if (turn) await this.page.play(turn);
    else this.page.renderBoard();
  }
  askChoice(turns: LegalTurn[]): Promise<LegalTurn | null> {
    const white = this.state.latest?.to_move === "white";
    const promotion = turns.every((t) => t.promotion);
    (this.el.modal.querySelector(".modal-title") as HTMLElement).textContent = promotion
      ? "Promote to"
      : "Which turn?";
    this.el.modal.querySelector(".choices")!.innerHTML = turns
      .map((t) => {
        const role = t.promotion ? roleOfLetter(t.promotion, this.state.roles()) : null;
        return `<button type="button" class="choice" data-uci="${escapeHtml(t.uci)}" title="${escapeHtml(t.san)}">${
          role ? pieceIcon(role, white, 56) : ""
        }<span>${escapeHtml(t.san)}</span></button>`;
      })
      .join("");
    this.el.modal.hidden = false;
    (this.el.modal.querySelector(".choice") as HTMLElement | null)?.focus();
    return new Promise((resolve) => (this.choiceResolve = resolve));
  }
  closeChoice(turn: LegalTurn | null): void {
    this.el.modal.hidden = true;
    const resolve = this.choiceResolve;
    this.choiceResolve = null;
    resolve?.(turn);
  }
  typedMove(): void {
    const g = this.state.latest;
    const input = this.el.moveForm.querySelector(".move-text") as HTMLInputElement;
    if (!g) return;
    if (!this.state.interactive()) {
      this.page.showError(new Error(g.owed === "roll" ? "the dice are owed, not a move" : "it is not your move"));
      return;
    }
    const matches = matchTyped(g.legal, input.value);
    if (!matches.length) {
      this.page.showError(new Error(`no legal turn matches "${input.value.trim()}"`));
      return;
    }
    input.value = "";
    void this.choose(matches);
  }
  boardKey(e: KeyboardEvent): void {
    const g = this.state.latest;
    if (!g) return;
    const { files, ranks } = g.board;
    const current = parseSquare(this.state.cursor ?? "") ?? { file: Math.floor(files / 2), rank: 1 };
    const flip = this.state.flipped() ? -1 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [0, flip],
      ArrowDown: [0, -flip],
      ArrowLeft: [-flip, 0],
      ArrowRight: [flip, 0],
    };
    if (e.key in moves) {
      const [df, dr] = moves[e.key];
      const file = Math.min(files - 1, Math.max(0, current.file + (this.state.cursor ? df : 0)));
      const rank = Math.min(ranks - 1, Math.max(0, current.rank + (this.state.cursor ? dr : 0)));
      this.state.cursor = squareName(file, rank);
      this.page.renderBoard();
      e.preventDefault();
      e.stopPropagation();
    } else if (e.key === "Enter" || e.key === " ") {
      if (this.state.cursor) this.clickSquare(this.state.cursor, true);
      e.preventDefault();
      e.stopPropagation();
    } else if (e.key === "Escape") {
      this.state.selection = initialSelection(g.legal);
      this.page.renderBoard();
    }
  }
  pageKey(e: KeyboardEvent): void {
    if (!this.el.modal.hidden && e.key === "Escape") {
      this.closeChoice(null);
      return;
    }
    const target = e.target as HTMLElement;
    if (target.closest("input, select, textarea, svg")) return;
    const keys: Record<string, string> = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
    if (keys[e.key]) {
      this.page.navigate(keys[e.key]);
      e.preventDefault();
    }
  }}
