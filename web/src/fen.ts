// Reads the board part of a FEN for drawing: every variant's rank strings, `*` for the beast,
// multi-digit empty counts (10, 11), and Battle Chieftain's holes counted like empty squares.
// Only drawing happens here; the rules stay on the server.

import { squareName } from "./squares";

export interface FenPiece {
  letter: string;
  white: boolean;
}

export interface FenBoard {
  pieces: Map<string, FenPiece>;
  beast: string | null;
  hand: string[];
}

export function parseFenBoard(fen: string, files: number, ranks: number): FenBoard | null {
  const field = fen.trim().split(/\s+/)[0] ?? "";
  const bracket = field.indexOf("[");
  const placement = bracket >= 0 ? field.slice(0, bracket) : field;
  const hand = bracket >= 0 ? field.slice(bracket + 1).replace("]", "").split("") : [];
  const rows = placement.split("/");
  if (rows.length !== ranks) return null;
  const pieces = new Map<string, FenPiece>();
  let beast: string | null = null;
  for (let row = 0; row < rows.length; row++) {
    const rank = ranks - 1 - row;
    let file = 0;
    const text = rows[row];
    let i = 0;
    while (i < text.length) {
      const ch = text[i];
      if (ch >= "0" && ch <= "9") {
        let digits = ch;
        while (i + 1 < text.length && text[i + 1] >= "0" && text[i + 1] <= "9") digits += text[++i];
        file += Number(digits);
      } else if (ch === "~") {
        // a promoted-piece marker after its letter: drawn like the piece itself
      } else if (ch === "*") {
        beast = squareName(file, rank);
        file += 1;
      } else if (/[a-zA-Z]/.test(ch)) {
        pieces.set(squareName(file, rank), { letter: ch.toUpperCase(), white: ch === ch.toUpperCase() });
        file += 1;
      } else {
        return null;
      }
      i++;
    }
    if (file !== files) return null;
  }
  return { pieces, beast, hand: hand.filter((c) => /[a-zA-Z]/.test(c)) };
}

/**
 * Battle Chieftain's third FEN field lists the files of the berserkers that have not moved
 * (upper case on White's home row, lower case on Black's); their squares are not yet field.
 */
export function sanctuarySquares(fen: string, ranks: number): Set<string> | null {
  const field = fen.trim().split(/\s+/)[2];
  if (field === undefined) return null;
  const squares = new Set<string>();
  if (field === "-") return squares;
  for (const ch of field) {
    if (!/[a-zA-Z]/.test(ch)) return null;
    const file = ch.toLowerCase().charCodeAt(0) - 97;
    squares.add(squareName(file, ch === ch.toUpperCase() ? 0 : ranks - 1));
  }
  return squares;
}
