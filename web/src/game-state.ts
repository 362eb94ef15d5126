// The game page's state: the game as last received and as drawn, the variant's facts, and
// what the player is doing (replaying, selecting, waiting for a reply).

import type { Game, RoleInfo, VariantInfo } from "./api";
import type { GameUpdate } from "./generated/contract";
import type { FenBoard } from "./fen";
import type { Selection } from "./moves";

/** One step of a beast's walk, drawn instead of the game's board. */
export interface AnimationFrame {
  board: FenBoard;
  path: string[];
  trampled: Game["history"][number]["trampled"];
  trampling: string;
}

export class GameState {
  latest: Game | null = null;
  /** The facts of the game's variant, from /api/variants. */
  facts: VariantInfo | null = null;
  displayed: Game | null = null;
  animating = false;
  frame: AnimationFrame | null = null;
  viewIndex: number | null = null;
  selection: Selection = null;
  cursor: string | null = null;
  showOdds = false;
  flipOverride: boolean | null = null;
  pending = false;
  confirmResign = false;

  flipped(): boolean {
    if (this.flipOverride !== null) return this.flipOverride;
    return this.latest?.you === "black";
  }
  interactive(): boolean {
    const g = this.latest;
    return (
      !!g &&
      g.owed === "move" &&
      g.legal.length > 0 &&
      this.viewIndex === null &&
      !this.animating &&
      !this.pending
    );
  }
  /** The roles of the game's variant, to read FEN letters. */
  roles(): readonly RoleInfo[] {
    return this.facts?.roles ?? [];
  }
  /** Whether trampled pieces wait in hands to be dropped. */
  hasHands(): boolean {
    return this.facts?.hands ?? false;
  }
  /** The FEN of the position on the board: live, or the replayed one. */
  fenShown(g: Game): string {
    const index = this.viewIndex ?? g.history.length;
    if (index >= g.history.length) return g.fen;
    if (index === 0) return g.start_fen;
    return g.history[index - 1].fen;
  }}

/** The game after one change: `update` applied to `game`, which must be at the version
 * before. Returns a new object; `game` is left as it was. */
export function applyUpdate(game: Game, update: GameUpdate): Game {
  const { keep, added, ...changed } = update;
  return { ...game, ...changed, history: game.history.slice(0, keep).concat(added) };
}
