// After a game, its rematch (docs/api.md, `POST /api/games/ID/rematch`): asking offers it or
// accepts the opponent's offer; once it has started, asking again gives this player's seat
// in the new game, which the page keeps before going there.

import { api, type Color, type Game } from "./api";
import { rememberCreated, rememberToken } from "./storage";

/** Asks for the rematch of `g`; whether the page is leaving for it. */
export async function askRematch(g: Game, token: string): Promise<boolean> {
  const reply = await api.rematch(g.id, token);
  if (reply.next_game === null || reply.token === null) return false;
  const next = reply.next_game;
  // the colours swap: a player's seat in the rematch is the other colour
  const kept =
    g.you === "both"
      ? rememberCreated(next, { white: reply.token, black: reply.token }, null)
      : rememberToken(next, otherColor(g.you as Color), reply.token);
  const query = kept ? "" : `?seat=${encodeURIComponent(reply.token)}`;
  location.assign(`/game/${encodeURIComponent(next)}${query}`);
  return true;
}

function otherColor(c: Color): Color {
  return c === "white" ? "black" : "white";
}
