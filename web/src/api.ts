// The client side of docs/api.md: the JSON shapes and one function per endpoint.

export type Color = "white" | "black";

export interface VariantInfo {
  id: string;
  name: string;
  options: Record<string, string[]>;
  defaults: Record<string, string>;
  descriptions?: Record<string, string>;
  dice?: boolean;
}

export interface BoardShape {
  files: number;
  ranks: number;
  holes: string[];
  walls: { white: string[]; black: string[] };
  home_rows: { white: string[]; black: string[] };
  field: string[];
}

export interface PieceOnBoard {
  square: string;
  color: Color;
  role: string;
  letter: string;
}

export interface LegalTurn {
  uci: string;
  san: string;
  from: string | null;
  to: string | null;
  drop: string | null;
  promotion: string | null;
  kind: string;
}

export interface RollChoice {
  token: string;
  text: string;
}

export interface Trampled {
  square: string;
  color: Color;
  letter: string;
}

export interface HistoryEntry {
  ply: number;
  uci: string;
  san: string;
  color?: Color;
  kind: string;
  path: string[];
  trampled: Trampled[];
  fen: string;
}

export interface ClockState {
  white_ms: number;
  black_ms: number;
  running: Color | null;
  initial_ms: number;
  increment_ms: number;
}

export interface Game {
  id: string;
  variant: string;
  name: string;
  rules: Record<string, string>;
  board: BoardShape;
  fen: string;
  ply: number;
  pieces: PieceOnBoard[];
  beast: string | null;
  beast_kind: "behemoth" | "juggernaut" | null;
  hands: { white: string[]; black: string[] } | null;
  to_move: Color;
  owed: "move" | "roll" | "over";
  legal: LegalTurn[];
  rolls: RollChoice[];
  history: HistoryEntry[];
  trample_odds: Record<string, number> | null;
  status: "waiting" | "playing" | "over";
  result: string;
  reason: string | null;
  clock: ClockState | null;
  dice: "server" | "physical";
  seed_commitment: string;
  seed: string | null;
  players: { white: string; black: string };
  offers: { draw: Color | null; takeback: Color | null };
  you: Color | "both" | null;
}

export interface CreateRequest {
  variant: string;
  rules?: Record<string, string>;
  opponent?: "engine" | "friend" | "local";
  color?: Color | "random";
  engine?: { level: number };
  clock?: { initial_ms: number; increment_ms: number } | null;
  dice?: "server" | "physical";
  seed?: number;
}

export interface CreateReply {
  id: string;
  seats: { white: string | null; black: string | null };
  invite: string | null;
  game: Game;
}

export interface JoinReply {
  seat: Color;
  token: string;
  game: Game;
}

export interface LobbyEntry {
  id: string;
  variant: string;
  name: string;
  status: string;
  ply: number;
  result: string;
  reason: string | null;
  players: { white: string; black: string };
  created_at: string;
  updated_at: string;
  open_seat: Color | null;
}

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

export const api = {
  variants: () => call<VariantInfo[]>("GET", "/api/variants"),
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
  join: (id: string, invite: string) =>
    call<JoinReply>("POST", `/api/games/${encodeURIComponent(id)}/join`, { invite }),
  lobby: (status: "open" | "playing" | "over", limit = 30) =>
    call<LobbyEntry[]>("GET", `/api/games?status=${status}&limit=${limit}`),
  pgnUrl: (id: string) => `/api/games/${encodeURIComponent(id)}/pgn`,
  wsUrl: (id: string, token?: string) => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = token ? `?seat=${encodeURIComponent(token)}` : "";
    return `${scheme}://${location.host}/api/games/${encodeURIComponent(id)}/ws${query}`;
  },
};
