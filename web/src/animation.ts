// The game page's animation: the rolls that came in since the board was last drawn, played
// out one after another, the beast walking square by square.

import type { Game, HistoryEntry, Trampled } from "./api";
import type { GameState } from "./game-state";
import { boardAfter } from "./replay";

const STEP_MS = 160;

/** What the animation draws with. */
export interface AnimationView {
  render(): void;
  renderBoard(): void;
  renderPanel(): void;
  showDice(roll: HistoryEntry, rolling: boolean, trampled?: Trampled[]): void;
}

export class Animation {
  constructor(
    private readonly state: GameState,
    private readonly view: AnimationView,
  ) {}

  /** Plays out, one after another, the rolls that came in since the board was last drawn. */
  async catchUp(): Promise<void> {
    this.state.animating = true;
    this.view.renderBoard();
    this.view.renderPanel();
    while (this.state.latest && this.state.displayed !== this.state.latest) {
      const from = this.state.displayed!;
      const to = this.state.latest;
      const known = from.history.length;
      const continues =
        to.history.length > known &&
        (known === 0 || to.history[known - 1].fen === from.history[known - 1].fen) &&
        this.state.viewIndex === null;
      if (continues) {
        for (let i = known; i < to.history.length; i++) {
          const entry = to.history[i];
          if (entry.kind === "roll" && entry.path.length > 0) await this.animateRoll(to, i);
        }
      }
      this.state.displayed = to;
    }
    this.state.frame = null;
    this.state.animating = false;
    this.view.render();
  }
  async animateRoll(game: Game, index: number): Promise<void> {
    const entry = game.history[index];
    const before = boardAfter(game, index);
    if (!before) return;
    this.view.showDice(entry, true);
    await sleep(STEP_MS * 2);
    this.view.showDice(entry, false);
    const trampledSoFar: typeof entry.trampled = [];
    for (let step = 0; step < entry.path.length; step++) {
      const sq = entry.path[step];
      const pieces = new Map(before.pieces);
      for (const passed of entry.path.slice(0, step + 1)) pieces.delete(passed);
      for (const t of entry.trampled) if (t.square === sq) trampledSoFar.push(t);
      this.state.frame = {
        board: { pieces, beast: sq, hand: before.hand },
        path: entry.path.slice(0, step + 1),
        trampled: [...trampledSoFar],
        trampling: sq,
      };
      this.view.renderBoard();
      await sleep(STEP_MS);
    }
    await sleep(STEP_MS * 2);
  }}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
