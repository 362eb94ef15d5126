// The material tally: which pieces each side has lost, to captures and to the beast, read
// from the history the server sends (each entry's position and trampled list). Points use the
// usual rough values; the page decides nothing about the rules here.

import type { Color, Game, RoleInfo } from "./api";
import { roleOfLetter, type Role } from "./pieces";
import { boardAfter } from "./replay";

/** The usual rough values, in pawns; kings and beasts count nothing. */
const POINTS: Partial<Record<Role, number>> = {
  pawn: 1,
  knight: 3,
  bishop: 3,
  camel: 3,
  rook: 5,
  berserker: 5,
  wildebeest: 6,
  queen: 9,
};

export interface Lost {
  /** The piece's letter (upper case) and what took it. */
  letter: string;
  by: "capture" | "trample";
}

export interface Tally {
  /** The pieces each side has lost, in the order they went. */
  lost: Record<Color, Lost[]>;
  /** Each side's material lead in points (captures and trampling together). */
  lead: Record<Color, number>;
}

export function pointsOf(letter: string, roles: readonly RoleInfo[]): number {
  const role = roleOfLetter(letter, roles);
  return (role && POINTS[role]) ?? 0;
}

/**
 * The tally after the first `entries` history entries. With `hands` (Behemoth Loop) a trampled
 * piece goes to its owner's hand, to be dropped again: it is not lost, and the hands show it.
 */
export function materialTally(g: Game, roles: readonly RoleInfo[], hands: boolean, entries = g.history.length): Tally {
  const lost: Record<Color, Lost[]> = { white: [], black: [] };
  let before = boardAfter(g, 0);
  for (let i = 0; i < Math.min(entries, g.history.length); i++) {
    const entry = g.history[i];
    const after = boardAfter(g, i + 1);
    if (entry.kind === "roll") {
      if (!hands) for (const t of entry.trampled) lost[t.color].push({ letter: t.letter.toUpperCase(), by: "trample" });
    } else if (entry.color && before && after) {
      // the opponent's pieces on the board before the move and not after: captured
      const victim: Color = entry.color === "white" ? "black" : "white";
      const counts = new Map<string, number>();
      for (const p of before.pieces.values()) if (p.white === (victim === "white")) counts.set(p.letter, (counts.get(p.letter) ?? 0) + 1);
      for (const p of after.pieces.values()) if (p.white === (victim === "white")) counts.set(p.letter, (counts.get(p.letter) ?? 0) - 1);
      for (const [letter, n] of counts) for (let k = 0; k < n; k++) lost[victim].push({ letter, by: "capture" });
    }
    before = after;
  }
  const score = (c: Color) => lost[c].reduce((sum, l) => sum + pointsOf(l.letter, roles), 0);
  const diff = score("black") - score("white");
  return { lost, lead: { white: diff, black: -diff } };
}
