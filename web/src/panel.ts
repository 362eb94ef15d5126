// The game page's side panel as markup: the result, the dice box, the action buttons and the
// seed. Pure functions of the game state; the page puts them in place and wires the clicks.

import type { Color, Game, HistoryEntry, RoleInfo, Trampled } from "./api";
import { describeRoll, diceMarkup, escapeHtml } from "./dice";
import { pieceIcon, roleOfLetter } from "./pieces";

export function resultMarkup(g: Game): string | null {
  if (g.status !== "over") return null;
  const winner =
    g.result === "1-0" ? "White wins" : g.result === "0-1" ? "Black wins" : g.result === "1/2-1/2" ? "Draw" : "Ended";
  return `<strong class="result-score">${escapeHtml(g.result)}</strong> ${winner}${
    g.reason ? ` — <span class="reason">${escapeHtml(g.reason)}</span>` : ""
  }<div><a class="new-game" href="/?variant=${encodeURIComponent(g.variant)}">New game</a> · replay it with ‹ › or the move list</div>`;
}

/** The dice as rolled (or tumbling, with random faces, while `rolling`) and what they trampled. */
export function diceBoxMarkup(
  roll: HistoryEntry,
  rolling: boolean,
  trampled: Trampled[],
  roles: readonly RoleInfo[],
  flipped = false,
): string {
  const view = describeRoll(roll);
  if (flipped) view.meaning = flipArrows(view.meaning);
  if (rolling) {
    view.faces = view.faces.map(() => String(1 + Math.floor(Math.random() * 8)));
    view.meaning = "rolling…";
  }
  const lost = trampled
    .map((t) => {
      const role = roleOfLetter(t.letter, roles);
      return role
        ? `<span class="lost" title="${t.color} ${role} on ${t.square}">${pieceIcon(role, t.color === "white", 26)}${t.square}</span>`
        : "";
    })
    .join("");
  return `<span class="dice-label">Roll</span>${diceMarkup(view)}${
    lost ? `<div class="trampled-list">Trampled: ${lost}</div>` : ""
  }`;
}

export function rollOptionsMarkup(g: Game): string {
  return ['<option value="">…or pick a roll</option>']
    .concat(g.rolls.map((r) => `<option value="${escapeHtml(r.text)}">${escapeHtml(r.text)}</option>`))
    .join("");
}

/** The buttons a seat holder has: abort, resign, and the offers that fit the opponent. */
export function actionsMarkup(g: Game, confirmResign: boolean): string {
  if (g.status === "over") return rematchMarkup(g);
  if (!g.you) return "";
  const me: Color | "both" = g.you;
  const theirs = (c: Color | null) => c !== null && (me === "both" || c !== me);
  const buttons: string[] = [];
  const turnsPlayed = g.history.filter((h) => h.kind !== "roll").length;
  const iHaveMoved = g.history.some((h) => h.kind !== "roll" && h.color === me);
  if (turnsPlayed < 2) buttons.push(button("abort", "Abort"));
  if (g.status !== "playing") return buttons.join("");
  buttons.push(confirmResign ? button("resign-confirmed", "Yes, resign") : button("resign", "Resign"));
  const engine = g.players.white === "engine" || g.players.black === "engine";
  if (me === "both") {
    // two people at one screen: a takeback needs no asking, a draw is agreed in one click
    if (turnsPlayed > 0) buttons.push(button("take-back-here", "Take back"));
    buttons.push(button("draw-here", "Agree a draw"));
  } else if (engine) {
    // the engine grants takebacks at once and declines every draw; with the server's dice it
    // refuses them, since the rewound dice would show the next roll
    if (iHaveMoved && g.beast_kind !== null && g.dice === "server")
      buttons.push(
        `<span class="offer-note takeback-note">No takebacks against the engine with the server's dice: taking a move back would show you the roll that comes next.</span>`,
      );
    else if (iHaveMoved) buttons.push(button("offer-takeback", "Take back"));
  } else {
    if (g.offers.draw === null) buttons.push(button("offer-draw", "Offer draw"));
    else if (!theirs(g.offers.draw)) buttons.push(`<span class="offer-note">Draw offered</span>`);
    if (g.offers.takeback === null) {
      if (iHaveMoved) buttons.push(button("offer-takeback", "Takeback"));
    } else if (!theirs(g.offers.takeback)) buttons.push(`<span class="offer-note">Takeback asked</span>`);
  }
  return buttons.join("");
}

/** After the game: offer a rematch, see it offered, or go to it once it has started. */
function rematchMarkup(g: Game): string {
  if (g.next_game !== null) {
    if (g.you) return button("rematch", "Go to the rematch");
    return `<a class="rematch-link" href="/game/${encodeURIComponent(g.next_game)}">Watch the rematch</a>`;
  }
  if (!g.you) return "";
  if (g.offers.rematch === null || g.you === "both") return button("rematch", "Rematch");
  // the opponent's offer is answered in its banner (offersMarkup)
  return g.offers.rematch === g.you
    ? `<span class="offer-note rematch-note">Rematch offered: waiting for your opponent</span>`
    : "";
}

/** An offer waiting for this player's answer, as a banner that is hard to miss. */
export function offersMarkup(g: Game): string {
  if (!g.you || g.you === "both") return "";
  const theirs = (c: Color | null) => c !== null && c !== g.you;
  if (g.status === "over")
    return theirs(g.offers.rematch) && g.next_game === null
      ? `<div class="incoming-offer" data-offer="rematch" role="alert"><strong>Your opponent offers a rematch.</strong>
        ${button("rematch", "Accept rematch")}</div>`
      : "";
  if (g.status !== "playing") return "";
  const out: string[] = [];
  if (theirs(g.offers.draw))
    out.push(
      `<div class="incoming-offer" data-offer="draw" role="alert"><strong>Your opponent offers a draw.</strong>
        ${button("accept-draw", "Accept draw")}${button("decline-draw", "Decline")}</div>`,
    );
  if (theirs(g.offers.takeback))
    out.push(
      `<div class="incoming-offer" data-offer="takeback" role="alert"><strong>Your opponent asks to take back their last move.</strong>
        ${button("accept-takeback", "Accept takeback")}${button("decline-takeback", "Decline")}</div>`,
    );
  return out.join("");
}

/** The server seed's commitment and the players' entropy from the start, the seeds once the game is over. */
export function seedMarkup(g: Game): string {
  if (!g.beast_kind) return "";
  if (g.dice !== "server") return "<div>Physical dice.</div>";
  const commitment = `<div>Server seed commitment (SHA-256): <code class="commitment">${escapeHtml(g.seed_commitment)}</code></div>`;
  const given = (["white", "black"] as const).filter((side) => g.entropy[side] !== null);
  const entropy = given.length
    ? `<div>Mixed into the dice: ${given
        .map((side) => `${side}'s entropy <code class="entropy">${escapeHtml(g.entropy[side] ?? "")}</code>`)
        .join(", ")}</div>`
    : "";
  const seed =
    g.seed !== null && g.dice_seed !== null
      ? `<div>Server seed: <code class="seed-value">${escapeHtml(g.seed)}</code>${
          given.length ? `, dice seed <code class="dice-seed">${escapeHtml(g.dice_seed)}</code>` : ""
        } — check every roll with
         <code>menagerie pgn check menagerie-${escapeHtml(g.id)}.pgn --seed ${escapeHtml(g.dice_seed)}</code></div>`
      : "<div>The seeds are shown when the game ends.</div>";
  return commitment + entropy + seed;
}

const TURNED: Record<string, string> = { "↑": "↓", "↓": "↑", "←": "→", "→": "←", "↖": "↘", "↘": "↖", "↗": "↙", "↙": "↗" };

/** A direction's arrow as seen on a board turned round (north then points down). */
export function flipArrows(text: string): string {
  return text.replace(/[↑↓←→↖↘↗↙]/g, (a) => TURNED[a]);
}

function button(action: string, label: string): string {
  return `<button type="button" data-action="${action}">${label}</button>`;
}
