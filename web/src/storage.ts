// What this browser remembers about games it created or joined: seat tokens and invitations.
// A seat token arriving in the address (`?seat=TOKEN`) is kept here and taken out of the
// address bar, so it is not left in the history, a screenshot or a shared address.

import type { Color } from "./api";

const key = (id: string) => `menagerie.game.${id}`;

interface Remembered {
  tokens: Partial<Record<Color, string>>;
  invite: string | null;
  /** A token that came in a link, its seat not known yet. */
  link?: string;
}

function load(id: string): Remembered {
  try {
    const raw = localStorage.getItem(key(id));
    if (raw) return JSON.parse(raw) as Remembered;
  } catch {
    // storage can be unavailable (private mode); the URL still carries the seat token
  }
  return { tokens: {}, invite: null };
}

/** Whether the value was kept. */
function save(id: string, value: Remembered): boolean {
  try {
    localStorage.setItem(key(id), JSON.stringify(value));
    return localStorage.getItem(key(id)) !== null;
  } catch {
    return false; // see load
  }
}

/** Whether the tokens were kept (so the game's address need not carry them). */
export function rememberCreated(id: string, tokens: Partial<Record<Color, string | null>>, invite: string | null): boolean {
  const clean: Partial<Record<Color, string>> = {};
  if (tokens.white) clean.white = tokens.white;
  if (tokens.black) clean.black = tokens.black;
  return save(id, { tokens: clean, invite });
}

/** Whether the token was kept (so the address bar need not carry it). */
export function rememberToken(id: string, seat: Color, token: string): boolean {
  const value = load(id);
  value.tokens[seat] = token;
  return save(id, value);
}

/** Keeps a token from a `?seat=` link; whether it was kept. */
export function rememberLinkToken(id: string, token: string): boolean {
  const value = load(id);
  if (value.tokens.white === token || value.tokens.black === token) return true;
  value.link = token;
  return save(id, value);
}

export function loadInvite(id: string): string | null {
  return load(id).invite;
}

/** A seat token this browser holds for the game, for a link opened without `?seat=`. */
export function loadToken(id: string): string | null {
  const { tokens, link } = load(id);
  return link ?? tokens.white ?? tokens.black ?? null;
}
