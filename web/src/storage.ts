// What this browser remembers about games it created or joined: seat tokens and invitations.

import type { Color } from "./api";

const key = (id: string) => `menagerie.game.${id}`;

interface Remembered {
  tokens: Partial<Record<Color, string>>;
  invite: string | null;
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

function save(id: string, value: Remembered): void {
  try {
    localStorage.setItem(key(id), JSON.stringify(value));
  } catch {
    // see load
  }
}

export function rememberCreated(id: string, tokens: Partial<Record<Color, string | null>>, invite: string | null): void {
  const clean: Partial<Record<Color, string>> = {};
  if (tokens.white) clean.white = tokens.white;
  if (tokens.black) clean.black = tokens.black;
  save(id, { tokens: clean, invite });
}

export function rememberToken(id: string, seat: Color, token: string): void {
  const value = load(id);
  value.tokens[seat] = token;
  save(id, value);
}

export function loadInvite(id: string): string | null {
  return load(id).invite;
}

/** A seat token this browser holds for the game, for a link opened without `?seat=`. */
export function loadToken(id: string): string | null {
  const { tokens } = load(id);
  return tokens.white ?? tokens.black ?? null;
}
