// The engine's levels as the server lists them (GET /api/levels): the slider's range and
// default, the line under it and the list of all levels. The page keeps no list of its own.

import type { LevelInfo } from "./api";
import { escapeHtml } from "./dice";

function thinkTime(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${ms / 1000} s`;
}

/** A level's rating in words: measured, or the least it plays at. */
function rating(l: LevelInfo): string {
  return l.elo_at_least ? `at least ${l.elo} Elo` : `about ${l.elo} Elo`;
}

/** One level in a line: how it plays, its longest think and its measured rating. */
export function levelLine(l: LevelInfo): string {
  return `${l.style} Up to ${thinkTime(l.think_ms)} a move (measured ${rating(l)}).`;
}

/** Sets the form's level slider and list from the served levels. */
export function showLevels(form: HTMLElement, levels: LevelInfo[]): void {
  if (levels.length === 0) return;
  const slider = form.querySelector('input[name="level"]') as HTMLInputElement;
  slider.min = String(levels[0].level);
  slider.max = String(levels[levels.length - 1].level);
  slider.value = String((levels.find((l) => l.default) ?? levels[0]).level);
  (form.querySelector(".level-list ol") as HTMLElement).innerHTML = levels
    .map(
      (l) =>
        `<li><button type="button" class="pick-level" data-level="${l.level}">Level ${l.level}</button> ${escapeHtml(
          l.style,
        )} <span class="rating measured">${rating(l)}</span></li>`,
    )
    .join("");
  slider.dispatchEvent(new Event("input", { bubbles: true }));
}
