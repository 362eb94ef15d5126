// The client side of docs/api.md: one function per endpoint. The JSON shapes are generated
// from the server's types (crates/server/src/contract.rs) into ./generated/contract.ts.

import type {
  ChatLine,
  ChatRoom,
  CreateReply,
  CreateRequest,
  Game,
  JoinReply,
  LevelInfo,
  LobbyEntry,
  RematchReply,
  Review,
  Side,
  VariantInfo,
} from "./generated/contract";

export type {
  BeastKind,
  BoardShape,
  ChatLine,
  ChatRoom,
  CreateReply,
  CreateRequest,
  Game,
  HistoryEntry,
  JoinReply,
  LegalTurn,
  LevelInfo,
  LobbyEntry,
  PieceOnBoard,
  RoleInfo,
  RollChoice,
  StartPosition,
  Trampled,
  VariantInfo,
} from "./generated/contract";

export type Color = Side;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(0, `the server cannot be reached (${String(e)})`);
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const message =
      parsed && typeof parsed === "object" && "error" in parsed
        ? String((parsed as { error: unknown }).error)
        : `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, message);
  }
  return parsed as T;
}

/** This browser's own randomness for a game's dice (docs/api.md, "Dice"): 128 bits in hex. */
export function freshEntropy(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export const api = {
  variants: () => call<VariantInfo[]>("GET", "/api/variants"),
  levels: () => call<LevelInfo[]>("GET", "/api/levels"),
  create: (request: CreateRequest) => call<CreateReply>("POST", "/api/games", request),
  game: (id: string, token?: string) =>
    call<Game>("GET", `/api/games/${encodeURIComponent(id)}`, undefined, token),
  turn: (id: string, token: string, turn: string, ply: number) =>
    call<Game>("POST", `/api/games/${encodeURIComponent(id)}/turn`, { token, turn, ply }, token),
  roll: (id: string, token: string, roll: string, ply: number) =>
    call<Game>("POST", `/api/games/${encodeURIComponent(id)}/turn`, { token, roll, ply }, token),
  /** `seat` says which colour acts when the token holds both seats (a game at one screen). */
  action: (id: string, token: string, action: string, seat?: Color) =>
    call<Game>("POST", `/api/games/${encodeURIComponent(id)}/action`, { token, action, seat }, token),
  /** Offers or accepts a rematch; once it has started, the reply holds this player's seat in it. */
  rematch: (id: string, token: string) =>
    call<RematchReply>("POST", `/api/games/${encodeURIComponent(id)}/rematch`, { token }, token),
  chat: (id: string, room: ChatRoom, token?: string) =>
    call<ChatLine[]>("GET", `/api/games/${encodeURIComponent(id)}/chat?room=${room}`, undefined, token),
  say: (id: string, room: ChatRoom, text: string, token?: string) =>
    call<ChatLine>("POST", `/api/games/${encodeURIComponent(id)}/chat`, { token, room, text }, token),
  join: (id: string, invite: string, entropy?: string) =>
    call<JoinReply>("POST", `/api/games/${encodeURIComponent(id)}/join`, { invite, entropy }),
  lobby: (status: "open" | "playing" | "over", limit = 30, offset = 0, variant = "") =>
    call<LobbyEntry[]>(
      "GET",
      `/api/games?status=${status}&limit=${limit}&offset=${offset}${variant ? `&variant=${encodeURIComponent(variant)}` : ""}`,
    ),
  review: (id: string) => call<Review>("GET", `/api/games/${encodeURIComponent(id)}/review`),
  pgnUrl: (id: string) => `/api/games/${encodeURIComponent(id)}/pgn`,
  wsUrl: (id: string, token?: string) => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = token ? `?seat=${encodeURIComponent(token)}` : "";
    return `${scheme}://${location.host}/api/games/${encodeURIComponent(id)}/ws${query}`;
  },
};
