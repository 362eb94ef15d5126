// Turning what the player does (squares clicked, a piece picked from the hand, text typed)
// into one of the server's legal turns. The page never decides legality itself.

import type { LegalTurn } from "./api";

export type Selection = { kind: "square"; square: string } | { kind: "drop"; letter: string } | null;

/** The letter a from-less turn (drop, placement, crowning) puts on the board. */
export function dropLetter(turn: LegalTurn): string {
  if (turn.drop) return turn.drop.toUpperCase();
  const at = turn.uci.indexOf("@");
  return at > 0 ? turn.uci.slice(0, at).toUpperCase() : "K";
}

/**
 * The square a turn starts from, or null for turns that put a piece down: drops, the king's
 * placement, and crowning (which the server lists from and to the crowned berserker).
 */
export function origin(turn: LegalTurn): string | null {
  return turn.kind === "crown" ? null : turn.from;
}

export function movableSquares(legal: LegalTurn[]): Set<string> {
  return new Set(legal.map(origin).filter((s): s is string => !!s));
}

/** The groups of from-less turns, keyed by the letter they put down. */
export function dropGroups(legal: LegalTurn[]): Map<string, LegalTurn[]> {
  const groups = new Map<string, LegalTurn[]>();
  for (const t of legal) {
    if (origin(t)) continue;
    const letter = dropLetter(t);
    const list = groups.get(letter) ?? [];
    list.push(t);
    groups.set(letter, list);
  }
  return groups;
}

/** The turns a selection can make, whatever their destination. */
export function turnsOf(legal: LegalTurn[], selection: Selection): LegalTurn[] {
  if (!selection) return [];
  if (selection.kind === "square") return legal.filter((t) => origin(t) === selection.square);
  return legal.filter((t) => !origin(t) && dropLetter(t) === selection.letter);
}

export function destinations(legal: LegalTurn[], selection: Selection): Set<string> {
  return new Set(turnsOf(legal, selection).map((t) => t.to).filter((s): s is string => !!s));
}

/** The selection to start with: a from-less phase (placing or crowning a king) needs no pick. */
export function initialSelection(legal: LegalTurn[]): Selection {
  const groups = dropGroups(legal);
  if (groups.size === 1 && movableSquares(legal).size === 0) {
    return { kind: "drop", letter: [...groups.keys()][0] };
  }
  return null;
}

function loose(text: string): string {
  return text.replace(/[+#!?x=\s-]/g, "");
}

/**
 * The legal turns a typed text names: the exact coordinate or SAN text first, then the
 * same text without check marks, capture signs and case in coordinates.
 */
export function matchTyped(legal: LegalTurn[], typed: string): LegalTurn[] {
  const text = typed.trim();
  if (!text) return [];
  const exact = legal.filter((t) => t.uci === text || t.san === text);
  if (exact.length) return exact;
  const lower = text.toLowerCase();
  const byUci = legal.filter((t) => t.uci.toLowerCase() === lower);
  if (byUci.length) return byUci;
  const key = loose(text.replace(/^0-0-0/, "O-O-O").replace(/^0-0/, "O-O"));
  const bySan = legal.filter((t) => loose(t.san) === key);
  if (bySan.length) return bySan;
  return legal.filter((t) => loose(t.san).toLowerCase() === key.toLowerCase());
}
