// The game page's state: the game as last received and as drawn, the variant's facts, and
// what the player is doing (replaying, selecting, waiting for a reply).

import type { Game, RoleInfo, VariantInfo } from "./api";
import type { GameUpdate } from "./generated/contract";
import { parseFenBoard, type FenBoard } from "./fen";
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
  /** A move entered while the opponent is to move, played when it is legal on this player's turn. */
  premove: { from: string; to: string } | null = null;
  /** The piece picked for a premove, before its destination. */
  premoveFrom: string | null = null;

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
  /** Whether a move entered now is queued as a premove: one seat, the opponent (or the dice) to act. */
  canPremove(): boolean {
    const g = this.latest;
    return (
      !!g &&
      g.status === "playing" &&
      (g.you === "white" || g.you === "black") &&
      this.viewIndex === null &&
      !this.pending &&
      !this.interactive() &&
      !(g.owed === "move" && g.to_move === g.you && !this.animating)
    );
  }
  /** The squares of this player's pieces on the live board (what a premove may start from). */
  ownSquares(): Set<string> {
    const g = this.latest;
    const own = new Set<string>();
    if (!g || (g.you !== "white" && g.you !== "black")) return own;
    const board = parseFenBoard(g.fen, g.board.files, g.board.ranks);
    for (const [sq, p] of board?.pieces ?? []) if (p.white === (g.you === "white")) own.add(sq);
    return own;
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
