// The board after any number of history entries, for replay. The history carries the FEN
// after each entry; the start is the first entry's board with that first turn taken back
// (a first turn never captures, so moving the piece back, or lifting a placed one, is exact).

import type { Game } from "./api";
import { parseFenBoard, type FenBoard } from "./fen";

export function boardAfter(game: Game, entries: number): FenBoard | null {
  const { files, ranks } = game.board;
  const history = game.history;
  if (entries >= history.length || history.length === 0) return parseFenBoard(game.fen, files, ranks);
  if (entries > 0) return parseFenBoard(history[entries - 1].fen, files, ranks);
  const after = parseFenBoard(history[0].fen, files, ranks);
  if (!after) return null;
  const uci = history[0].uci;
  const drop = /^([A-Za-z])@([a-z]\d{1,2})$/.exec(uci);
  const move = /^([a-z]\d{1,2})([a-z]\d{1,2})/.exec(uci);
  if (drop) {
    after.pieces.delete(drop[2]);
  } else if (move) {
    const piece = after.pieces.get(move[2]);
    if (piece) {
      after.pieces.delete(move[2]);
      after.pieces.set(move[1], piece);
    }
  }
  return after;
}

/** The squares a history entry moved between, for highlighting. */
export function entrySquares(uci: string): string[] {
  const drop = /^[A-Za-z]@([a-z]\d{1,2})$/.exec(uci);
  if (drop) return [drop[1]];
  const move = /^([a-z]\d{1,2})([a-z]\d{1,2})/.exec(uci);
  return move ? [move[1], move[2]] : [];
}
