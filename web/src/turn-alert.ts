// Telling a player it is their turn when the page is not in front: the tab's title starts
// with "Your turn", and in a correspondence game, if the player allowed it, the browser
// shows a notification.

import type { Game } from "./api";

/** Whether `g` waits for this page's player (a player at one screen is always there). */
export function myTurn(g: Game): boolean {
  return g.status === "playing" && (g.you === "white" || g.you === "black") && g.you === g.to_move && g.owed === "move";
}

export function pageTitle(g: Game): string {
  return `${myTurn(g) ? "Your turn · " : ""}${g.name} · Menagerie`;
}

/** A button asking for notifications, for a correspondence game whose player has not been asked yet. */
export function notifyButtonMarkup(g: Game): string {
  if (!g.clock?.days_per_move || !g.you || g.you === "both" || g.status === "over") return "";
  if (typeof Notification === "undefined" || Notification.permission !== "default") return "";
  return `<button type="button" class="notify-turn">Notify me when it is my turn</button>`;
}

export async function askToNotify(): Promise<void> {
  if (typeof Notification !== "undefined") await Notification.requestPermission();
}

/** Notifies when the game has just become this player's turn while the page is hidden. */
export function notifyTurn(before: Game | null, after: Game): void {
  if (!myTurn(after) || (before !== null && myTurn(before)) || !document.hidden) return;
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  new Notification(`Your turn in ${after.name}`, { body: "Your opponent has moved.", tag: after.id });
}
