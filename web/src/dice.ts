// A roll for showing it: the dice faces as rolled and what they tell the beast, in the
// kernel's words as the server sends them with each roll.

import type { HistoryEntry } from "./api";

export interface RollView {
  faces: string[];
  meaning: string;
}

/** A roll's faces (its text "7 4", "3", "10 e5" read as dice) and its meaning. */
export function describeRoll(roll: Pick<HistoryEntry, "san" | "meaning">): RollView {
  return { faces: roll.san.trim().split(/\s+/).filter(Boolean), meaning: roll.meaning ?? "" };
}

export function diceMarkup(view: RollView): string {
  const dice = view.faces.map((f) => `<span class="die">${escapeHtml(f)}</span>`).join("");
  return `${dice}<span class="roll-meaning">${escapeHtml(view.meaning)}</span>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
