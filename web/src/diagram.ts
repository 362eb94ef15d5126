// A position drawn by the board component as a picture: the home page's cards and the
// rules pages' diagrams.

import type { RoleInfo, StartPosition } from "./api";
import { BoardView, type BoardScene } from "./board";
import { parseFenBoard, sanctuarySquares } from "./fen";

export interface DiagramMarks {
  /** Squares to tint (a move's squares, the beast's path). */
  path?: string[];
  lastMove?: string[];
  destinations?: string[];
}

/** Draws `position` into `container`; false when its FEN cannot be read. */
export function drawDiagram(
  container: HTMLElement,
  position: StartPosition,
  roles: readonly RoleInfo[],
  label: string,
  marks: DiagramMarks = {},
): boolean {
  const { files, ranks } = position.board;
  const board = parseFenBoard(position.fen, files, ranks);
  if (!board) return false;
  const scene: BoardScene = {
    roles,
    shape: position.board,
    pieces: board.pieces,
    beast: board.beast ?? position.beast,
    beastKind: position.beast_kind,
    flipped: false,
    lastMove: marks.lastMove ?? [],
    selected: null,
    destinations: new Set(marks.destinations ?? []),
    movable: new Set(),
    cursor: null,
    odds: null,
    path: marks.path ?? [],
    trampled: [],
    trampling: null,
    sanctuary: position.board.sanctuary ? sanctuarySquares(position.fen, ranks) : null,
  };
  const view = new BoardView(container, null, label);
  view.render(scene);
  view.svg.classList.add("diagram");
  return true;
}
