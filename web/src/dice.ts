// What a roll means, for showing it: the dice faces and the beast's direction.

import type { BeastKind } from "./api";

const BEHEMOTH_DIRECTIONS = ["NW ↖", "N ↑", "NE ↗", "W ←", "E →", "SW ↙", "S ↓", "SE ↘"];
const JUGGERNAUT_EFFECTS = ["N ↑", "NE ↗", "E →", "SE ↘", "S ↓", "SW ↙", "W ←", "NW ↖", "stays", "teleports"];

export interface RollView {
  faces: string[];
  meaning: string;
}

/** Reads a roll's text ("7 4", "3", "10 e5") as dice faces and what they do. */
export function describeRoll(text: string, beast: BeastKind | null): RollView {
  const faces = text.trim().split(/\s+/).filter(Boolean);
  if (beast === "behemoth" && faces.length === 2) {
    const dir = BEHEMOTH_DIRECTIONS[Number(faces[0]) - 1] ?? "?";
    return { faces, meaning: `${dir}, ${faces[1]} step${faces[1] === "1" ? "" : "s"}` };
  }
  if (beast === "juggernaut" && faces.length >= 1) {
    const effect = JUGGERNAUT_EFFECTS[Number(faces[0]) - 1] ?? "?";
    const target = faces.length > 1 ? ` to ${faces.slice(1).join(" ")}` : "";
    return { faces, meaning: effect + target };
  }
  return { faces, meaning: "" };
}

export function diceMarkup(view: RollView): string {
  const dice = view.faces.map((f) => `<span class="die">${escapeHtml(f)}</span>`).join("");
  return `${dice}<span class="roll-meaning">${escapeHtml(view.meaning)}</span>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
