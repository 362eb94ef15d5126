// Square names as in FEN and coordinate notation: a file letter from `a`, a rank from 1.

export interface Coord {
  file: number;
  rank: number;
}

export function squareName(file: number, rank: number): string {
  return String.fromCharCode(97 + file) + String(rank + 1);
}

export function parseSquare(name: string): Coord | null {
  const match = /^([a-z])(\d{1,2})$/.exec(name);
  if (!match) return null;
  return { file: match[1].charCodeAt(0) - 97, rank: Number(match[2]) - 1 };
}
