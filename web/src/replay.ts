// The board after any number of history entries, for replay: the start position the server
// sends, or the FEN the history carries after each entry.

import type { Game } from "./api";
import { parseFenBoard, type FenBoard } from "./fen";

export function boardAfter(game: Game, entries: number): FenBoard | null {
  const { files, ranks } = game.board;
  const history = game.history;
  if (entries >= history.length) return parseFenBoard(game.fen, files, ranks);
  if (entries > 0) return parseFenBoard(history[entries - 1].fen, files, ranks);
  return parseFenBoard(game.start_fen, files, ranks);
}

/** The squares a history entry moved between, for highlighting. */
export function entrySquares(uci: string): string[] {
  const drop = /^[A-Za-z]@([a-z]\d{1,2})$/.exec(uci);
  if (drop) return [drop[1]];
  const move = /^([a-z]\d{1,2})([a-z]\d{1,2})/.exec(uci);
  return move ? [move[1], move[2]] : [];
}
