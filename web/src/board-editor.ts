// The analysis board's editor: a position set up by hand on the chosen variant's board (its
// holes and walls as the variant has them), with the pieces of both sides, the beast, the
// pieces in hand where the variant has hands, and the side to move. Each change is written
// back as a FEN; the rules stay on the server, which refuses a position it cannot play.

import type { VariantInfo } from "./api";
import { BoardView, type BoardScene } from "./board";
import { parseFenBoard, sanctuarySquares, type FenBoard } from "./fen";
import { pieceIcon, roleOfLetter, type Role } from "./pieces";
import { squareName } from "./squares";

/** What a click on a square puts there: a FEN letter, the beast, or nothing. */
type Pick = { kind: "piece"; letter: string } | { kind: "beast" } | { kind: "erase" };

/** The placement field of a FEN (holes counted as empty squares), with the hand if any. */
export function writePlacement(board: FenBoard, files: number, ranks: number, hands: boolean): string {
  const rows: string[] = [];
  for (let rank = ranks - 1; rank >= 0; rank--) {
    let row = "";
    let empty = 0;
    for (let file = 0; file < files; file++) {
      const square = squareName(file, rank);
      const piece = board.pieces.get(square);
      const mark = board.beast === square ? "*" : piece ? (piece.white ? piece.letter : piece.letter.toLowerCase()) : null;
      if (mark === null) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += mark;
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  const hand = [...board.hand].sort((a, b) => Number(a === a.toLowerCase()) - Number(b === b.toLowerCase()) || a.localeCompare(b));
  return rows.join("/") + (hands ? `[${hand.join("")}]` : "");
}

/**
 * The rights still possible on a board: castling (`KQkq`) where the king and that rook stand
 * where they started, or in Battle Chieftain the unmoved berserkers (file letters) where a
 * berserker of that side still stands on its home square.
 */
export function possibleRights(rights: string, board: FenBoard, start: FenBoard, files: number, ranks: number): string {
  if (rights === "-") return "-";
  const at = (square: string | null, letter: string, white: boolean) => {
    const piece = square ? board.pieces.get(square) : undefined;
    return piece?.letter === letter && piece.white === white;
  };
  const startSquare = (letter: string, white: boolean, pick: (files: number[]) => number | undefined) => {
    const rank = white ? 0 : ranks - 1;
    const found: number[] = [];
    for (let file = 0; file < files; file++) {
      const p = start.pieces.get(squareName(file, rank));
      if (p?.letter === letter && p.white === white) found.push(file);
    }
    const file = pick(found);
    return file === undefined ? null : squareName(file, rank);
  };
  // Battle Chieftain's kings start in hand: its rights are the berserkers' files.
  const castling = [...start.pieces.values()].some((p) => p.letter === "K");
  const kept = [...rights].filter((c) => {
    const white = c === c.toUpperCase();
    if (castling) {
      const king = startSquare("K", white, (f) => f[0]);
      const rook = startSquare("R", white, (f) => (c.toUpperCase() === "K" ? f[f.length - 1] : f[0]));
      return at(king, "K", white) && at(rook, "R", white);
    }
    const file = c.toLowerCase().charCodeAt(0) - 97;
    return at(squareName(file, white ? 0 : ranks - 1), "B", white);
  });
  return kept.length ? kept.join("") : "-";
}

export class BoardEditor {
  private board: FenBoard;
  private fields: string[];
  private pick: Pick = { kind: "piece", letter: "P" };
  private readonly view: BoardView;
  private readonly start: FenBoard;
  private readonly hands: boolean;

  constructor(
    private readonly root: HTMLElement,
    private readonly facts: VariantInfo,
    fen: string,
    private readonly onChange: (fen: string) => void,
  ) {
    const { files, ranks } = facts.start.board;
    this.start = parseFenBoard(facts.start.fen, files, ranks)!;
    this.hands = facts.start.fen.split(/\s+/)[0].includes("[");
    const board = parseFenBoard(fen, files, ranks);
    this.board = board ?? this.copy(this.start);
    this.fields = (board ? fen : facts.start.fen).trim().split(/\s+/);
    root.classList.add("board-editor");
    root.innerHTML = `
      <div class="editor-board board-wrap"></div>
      <div class="palette" role="toolbar" aria-label="pieces to place"></div>
      <div class="editor-options">
        <label>To move <select class="editor-side"><option value="w">White</option><option value="b">Black</option></select></label>
        <button type="button" class="editor-start">Start position</button>
        <button type="button" class="editor-clear">Clear the board</button>
      </div>
      <div class="editor-hand" hidden>In hand: <span class="hand-pieces"></span>
        <button type="button" class="hand-add">Put the chosen piece in hand</button></div>
      <p class="more-note">Click a square to put the chosen piece there (the same piece again takes it off), drag to move one.</p>`;
    root.style.setProperty("--aspect", String(files / ranks));
    this.view = new BoardView(root.querySelector(".editor-board") as HTMLElement, {
      onSquare: (square) => this.place(square),
      onDrag: (from, to) => this.move(from, to),
    }, "The board being set up");
    this.palette();
    const side = root.querySelector(".editor-side") as HTMLSelectElement;
    side.value = this.fields[1] === "b" ? "b" : "w";
    side.addEventListener("change", () => {
      this.fields[1] = side.value;
      this.changed(false);
    });
    root.querySelector(".editor-start")!.addEventListener("click", () => {
      this.board = this.copy(this.start);
      this.fields = facts.start.fen.trim().split(/\s+/);
      side.value = "w";
      this.changed(false);
    });
    root.querySelector(".editor-clear")!.addEventListener("click", () => {
      this.board = { pieces: new Map(), beast: null, hand: [] };
      this.changed(true);
    });
    (root.querySelector(".editor-hand") as HTMLElement).hidden = !this.hands;
    root.querySelector(".hand-add")!.addEventListener("click", () => {
      if (this.pick.kind !== "piece") return;
      this.board.hand.push(this.pick.letter);
      this.changed(false);
    });
    root.querySelector(".hand-pieces")!.addEventListener("click", (e) => {
      const index = (e.target as HTMLElement).closest<HTMLButtonElement>("button[data-index]")?.dataset.index;
      if (index === undefined) return;
      this.board.hand.splice(Number(index), 1);
      this.changed(false);
    });
    this.draw();
  }

  /** The position as a FEN. */
  fen(): string {
    const { files, ranks } = this.facts.start.board;
    return [writePlacement(this.board, files, ranks, this.hands), ...this.fields.slice(1)].join(" ");
  }

  private copy(board: FenBoard): FenBoard {
    return { pieces: new Map(board.pieces), beast: board.beast, hand: [...board.hand] };
  }

  private palette(): void {
    const palette = this.root.querySelector(".palette") as HTMLElement;
    const buttons: string[] = [];
    for (const white of [true, false]) {
      for (const role of this.facts.roles) {
        const drawn = roleOfLetter(role.letter, this.facts.roles);
        if (!drawn) continue;
        const letter = white ? role.letter : role.letter.toLowerCase();
        buttons.push(
          `<button type="button" data-letter="${letter}" title="${white ? "White" : "Black"} ${role.name}" aria-label="${white ? "white" : "black"} ${role.name}">${pieceIcon(drawn, white, 34)}</button>`,
        );
      }
    }
    const beast = this.facts.start.beast_kind;
    if (beast) buttons.push(`<button type="button" data-beast="yes" title="The ${beast}" aria-label="the ${beast}">${pieceIcon(beast as Role, true, 34)}</button>`);
    buttons.push(`<button type="button" data-erase="yes" class="erase" title="Take a piece off" aria-label="eraser">✕</button>`);
    palette.innerHTML = buttons.join("");
    palette.addEventListener("click", (e) => {
      const button = (e.target as HTMLElement).closest<HTMLButtonElement>("button");
      if (!button) return;
      this.pick = button.dataset.letter
        ? { kind: "piece", letter: button.dataset.letter }
        : button.dataset.beast
          ? { kind: "beast" }
          : { kind: "erase" };
      this.showPick();
    });
    this.showPick();
  }

  private showPick(): void {
    for (const button of this.root.querySelectorAll<HTMLButtonElement>(".palette button")) {
      const chosen =
        (this.pick.kind === "piece" && button.dataset.letter === this.pick.letter) ||
        (this.pick.kind === "beast" && button.dataset.beast !== undefined) ||
        (this.pick.kind === "erase" && button.dataset.erase !== undefined);
      button.setAttribute("aria-pressed", String(chosen));
    }
  }

  private isHole(square: string): boolean {
    return this.facts.start.board.holes.includes(square);
  }

  private place(square: string): void {
    if (this.isHole(square)) return;
    const pieces = this.board.pieces;
    const pick = this.pick;
    if (pick.kind === "beast") {
      this.board.beast = this.board.beast === square ? null : square;
      pieces.delete(square);
    } else if (pick.kind === "erase") {
      pieces.delete(square);
      if (this.board.beast === square) this.board.beast = null;
    } else {
      const white = pick.letter === pick.letter.toUpperCase();
      const letter = pick.letter.toUpperCase();
      const there = pieces.get(square);
      if (there?.letter === letter && there.white === white) pieces.delete(square);
      else pieces.set(square, { letter, white });
      if (this.board.beast === square) this.board.beast = null;
    }
    this.changed(true);
  }

  private move(from: string, to: string): void {
    if (this.isHole(to)) return;
    const piece = this.board.pieces.get(from);
    if (piece) {
      this.board.pieces.delete(from);
      this.board.pieces.set(to, piece);
      if (this.board.beast === to) this.board.beast = null;
    } else if (this.board.beast === from) {
      this.board.beast = to;
      this.board.pieces.delete(to);
    } else return;
    this.changed(true);
  }

  /** After an edit: rights that no longer fit go, as does the en passant square. */
  private changed(placement: boolean): void {
    if (placement && this.fields.length > 3) {
      const { files, ranks } = this.facts.start.board;
      this.fields[2] = possibleRights(this.fields[2], this.board, this.start, files, ranks);
      this.fields[3] = "-";
    }
    this.draw();
    this.onChange(this.fen());
  }

  private draw(): void {
    const { board } = this;
    const shape = this.facts.start.board;
    const occupied = new Set(board.pieces.keys());
    if (board.beast) occupied.add(board.beast);
    const scene: BoardScene = {
      roles: this.facts.roles,
      shape,
      pieces: board.pieces,
      beast: board.beast,
      beastKind: this.facts.start.beast_kind,
      flipped: false,
      lastMove: [],
      selected: null,
      destinations: new Set(),
      movable: occupied,
      cursor: null,
      odds: null,
      path: [],
      trampled: [],
      trampling: null,
      sanctuary: shape.sanctuary ? sanctuarySquares(this.fen(), shape.ranks) : null,
    };
    this.view.render(scene);
    const hand = this.root.querySelector(".hand-pieces") as HTMLElement;
    hand.innerHTML = board.hand.length
      ? board.hand
          .map((letter, i) => {
            const role = roleOfLetter(letter, this.facts.roles);
            const white = letter === letter.toUpperCase();
            return role
              ? `<button type="button" data-index="${i}" title="Take it out of the hand">${pieceIcon(role, white, 28)}</button>`
              : "";
          })
          .join("")
      : "none";
  }
}
