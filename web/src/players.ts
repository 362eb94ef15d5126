// Accounts and ratings on the page (docs/api.md, "Accounts" and "Ratings"): the account
// page (`/account`: register, log in and out, change the password, delete the account), a
// player's profile (`/player/NAME`), a variant's leaderboard (`/leaderboard/ID`), and the
// players' names and rating change on a game page. Every text from the server is set as
// text, never as markup.

import { ApiError } from "./api";
import type {
  GamePlayers,
  LeaderboardEntry,
  Profile,
  QuickPairing,
  SeatAccount,
  SeatReply,
  Seek,
  SeekRequest,
  Session,
} from "./generated/contract";

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });
  const parsed = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, parsed?.error ?? response.statusText);
  return parsed as T;
}

export const accountApi = {
  session: () => call<Session>("GET", "/api/account"),
  register: (name: string, password: string) => call<Session>("POST", "/api/account/register", { name, password }),
  login: (name: string, password: string) => call<Session>("POST", "/api/account/login", { name, password }),
  logout: () => call<Session>("POST", "/api/account/logout", {}),
  changePassword: (current_password: string, new_password: string) =>
    call<Session>("POST", "/api/account/password", { current_password, new_password }),
  remove: (password: string) => call<Session>("POST", "/api/account/delete", { password }),
  players: (id: string) => call<GamePlayers>("GET", `/api/games/${encodeURIComponent(id)}/players`),
  profile: (name: string) => call<Profile>("GET", `/api/players/${encodeURIComponent(name)}`),
  leaderboard: (variant: string) => call<LeaderboardEntry[]>("GET", `/api/leaderboard/${encodeURIComponent(variant)}`),
  /** The seat token of this account in a game (404 when it holds none). */
  seat: (id: string) => call<SeatReply>("POST", `/api/games/${encodeURIComponent(id)}/seat`, {}),
  seeks: () => call<Seek[]>("GET", "/api/seeks"),
  seek: (id: string) => call<Seek>("GET", `/api/seeks/${encodeURIComponent(id)}`),
  postSeek: (request: SeekRequest) => call<Seek>("POST", "/api/seeks", request),
  quickPairing: (request: SeekRequest) => call<QuickPairing>("POST", "/api/seeks/quick", request),
  acceptSeek: (id: string) => call<SeatReply>("POST", `/api/seeks/${encodeURIComponent(id)}/accept`, {}),
  cancelSeek: (id: string) => call<null>("POST", `/api/seeks/${encodeURIComponent(id)}/cancel`, {}),
};

/** An element with its class and text. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls = "", text = ""): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}

export function link(href: string, text: string, cls = ""): HTMLAnchorElement {
  const a = el("a", cls, text);
  a.href = href;
  return a;
}

/** A form of labelled inputs; `submit` gets the values by name, its error is shown. */
function form(
  cls: string,
  title: string,
  fields: [name: string, label: string, type: string, autocomplete: string][],
  button: string,
  submit: (values: Record<string, string>) => Promise<void>,
): HTMLFormElement {
  const f = el("form", `account-form ${cls}`);
  f.append(el("h2", "", title));
  for (const [name, label, type, autocomplete] of fields) {
    const l = el("label", "", `${label} `);
    const input = el("input");
    input.name = name;
    input.type = type;
    input.autocomplete = autocomplete as AutoFill;
    input.required = true;
    l.append(input);
    f.append(l);
  }
  const go = el("button", "", button);
  go.type = "submit";
  const error = el("p", "error");
  error.setAttribute("role", "alert");
  error.hidden = true;
  f.append(go, error);
  f.addEventListener("submit", (e) => {
    e.preventDefault();
    const values = Object.fromEntries(new FormData(f).entries()) as Record<string, string>;
    error.hidden = true;
    submit(values).catch((err: unknown) => {
      error.textContent = err instanceof Error ? err.message : String(err);
      error.hidden = false;
    });
  });
  return f;
}

export function frame(root: HTMLElement, title: string): HTMLElement {
  root.replaceChildren();
  const main = el("main", "players-page");
  const nav = el("p", "players-nav");
  nav.append(link("/", "← Menagerie"), " · ", link("/account", "Account"), " · ", link("/my-games", "My games"), " · ", link("/leaderboard/chess", "Leaderboards"));
  main.append(nav, el("h1", "", title));
  root.append(main);
  return main;
}

export async function accountPage(root: HTMLElement): Promise<void> {
  const main = frame(root, "Your account");
  const { account } = await accountApi.session();
  const reload = async () => accountPage(root);
  if (!account) {
    main.append(
      el("p", "", "Playing needs no account. With one, your games carry your name and games against other players can be rated."),
      form("login", "Log in", [["name", "Name", "text", "username"], ["password", "Password", "password", "current-password"]], "Log in", async (v) => {
        await accountApi.login(v.name, v.password);
        await reload();
      }),
      form("register", "Register", [["name", "Name", "text", "username"], ["password", "Password (8 characters or more)", "password", "new-password"]], "Register", async (v) => {
        await accountApi.register(v.name, v.password);
        await reload();
      }),
    );
    return;
  }
  const who = el("p", "logged-in", "Logged in as ");
  who.append(link(`/player/${encodeURIComponent(account.name)}`, account.name, "account-name"));
  const out = el("button", "logout", "Log out");
  out.type = "button";
  out.addEventListener("click", () => void accountApi.logout().then(reload));
  main.append(
    who,
    out,
    form("password", "Change the password", [["current", "Current password", "password", "current-password"], ["next", "New password", "password", "new-password"]], "Change", async (v) => {
      await accountApi.changePassword(v.current, v.next);
      await reload();
    }),
    form("delete", "Delete the account", [["password", "Password", "password", "current-password"]], "Delete for good", async (v) => {
      if (!confirm("Delete your account? Your games stay, without your name.")) return;
      await accountApi.remove(v.password);
      await reload();
    }),
  );
}

/** The rating history as a line: one point per rated game, oldest on the left. */
function historyGraph(points: { rating: number }[]): SVGSVGElement {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  const [w, h] = [600, 160];
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("class", "rating-graph");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "rating history");
  const ratings = points.map((p) => p.rating);
  const low = Math.min(...ratings) - 20;
  const high = Math.max(...ratings) + 20;
  const at = ratings.map((r, i): [number, number] => [
    ratings.length === 1 ? w / 2 : 8 + (i * (w - 16)) / (ratings.length - 1),
    h - 8 - ((r - low) * (h - 16)) / (high - low),
  ]);
  const line = document.createElementNS(ns, "polyline");
  line.setAttribute("points", at.map(([x, y]) => `${x},${y}`).join(" "));
  line.setAttribute("fill", "none");
  line.setAttribute("stroke", "currentColor");
  line.setAttribute("stroke-width", "2");
  svg.append(line);
  // A dot per game, so that one game alone shows.
  for (const [[x, y], r] of at.map((p, i) => [p, ratings[i]] as const)) {
    const dot = document.createElementNS(ns, "circle");
    dot.setAttribute("cx", String(x));
    dot.setAttribute("cy", String(y));
    dot.setAttribute("r", "4");
    dot.setAttribute("fill", "currentColor");
    const title = document.createElementNS(ns, "title");
    title.textContent = String(r);
    dot.append(title);
    svg.append(dot);
  }
  return svg;
}

function table(headings: string[], rows: (string | Node)[][], cls: string): HTMLTableElement {
  const t = el("table", cls);
  const head = el("tr");
  for (const h of headings) head.append(el("th", "", h));
  t.append(head);
  for (const row of rows) {
    const tr = el("tr");
    for (const cell of row) {
      const td = el("td");
      td.append(cell);
      tr.append(td);
    }
    t.append(tr);
  }
  return t;
}

export async function profilePage(root: HTMLElement, name: string): Promise<void> {
  const main = frame(root, name);
  let profile: Profile;
  try {
    profile = await accountApi.profile(name);
  } catch (e) {
    main.append(el("p", "error", e instanceof Error ? e.message : String(e)));
    return;
  }
  main.querySelector("h1")!.textContent = profile.name;
  main.append(el("h2", "", "Ratings"));
  main.append(
    profile.ratings.length
      ? table(
          ["Variant", "Rating", "Deviation", "Games"],
          profile.ratings.map((r) => [link(`/leaderboard/${encodeURIComponent(r.variant)}`, r.variant), String(r.rating), `±${r.deviation}`, String(r.games)]),
          "ratings",
        )
      : el("p", "", "No rated game yet."),
  );
  if (profile.history.length) {
    main.append(el("h2", "", "Rating history"), historyGraph(profile.history));
  }
  main.append(el("h2", "", "Recent games"));
  main.append(
    table(
      ["Game", "Colour", "Opponent", "Result", ""],
      profile.recent_games.map((g) => [
        link(`/game/${encodeURIComponent(g.id)}`, g.variant),
        g.color,
        g.opponent ? link(`/player/${encodeURIComponent(g.opponent)}`, g.opponent) : "anonymous",
        g.status === "over" ? g.result : g.status,
        g.rated ? "rated" : "casual",
      ]),
      "recent-games",
    ),
  );
}

export async function leaderboardPage(root: HTMLElement, variant: string): Promise<void> {
  const main = frame(root, `Leaderboard: ${variant}`);
  const variants = (await fetch("/api/variants").then((r) => r.json())) as { id: string; name: string }[];
  const pick = el("p", "variant-links");
  for (const v of variants) pick.append(link(`/leaderboard/${encodeURIComponent(v.id)}`, v.name), " ");
  main.append(pick);
  try {
    const board = await accountApi.leaderboard(variant);
    main.append(
      board.length
        ? table(
            ["#", "Player", "Rating", "Deviation", "Games"],
            board.map((e) => [String(e.rank), link(`/player/${encodeURIComponent(e.name)}`, e.name), String(e.rating), `±${e.deviation}`, String(e.games)]),
            "leaderboard",
          )
        : el("p", "", "No rated game in this variant yet."),
    );
  } catch (e) {
    main.append(el("p", "error", e instanceof Error ? e.message : String(e)));
  }
}

function seatText(side: string, seat: SeatAccount | null): Node {
  const span = el("span", `seat-account ${side}`);
  if (!seat) {
    span.textContent = `${side}: anonymous`;
    return span;
  }
  span.append(`${side}: `, link(`/player/${encodeURIComponent(seat.name)}`, seat.name));
  if (seat.change) {
    const delta = seat.change.after - seat.change.before;
    span.append(el("span", "rating-change", ` ${seat.change.before} → ${seat.change.after} (${delta >= 0 ? "+" : ""}${delta})`));
  } else if (seat.rating !== null) {
    span.append(` (${seat.rating})`);
  }
  return span;
}

/**
 * The names of a game's accounts, under its result: shown when either seat has an account,
 * and refreshed when the guest joins and when the result appears, with the rating change of
 * a rated game.
 */
export function watchGamePlayers(root: HTMLElement, id: string): void {
  const result = root.querySelector(".result");
  if (!result) return;
  const box = el("div", "game-players");
  box.hidden = true;
  result.after(box);
  const show = async () => {
    const p = await accountApi.players(id).catch(() => null);
    if (!p || (!p.accounts.white && !p.accounts.black)) return;
    box.replaceChildren(el("span", "rated", p.rated ? "Rated" : "Casual"), " ", seatText("White", p.accounts.white), " ", seatText("Black", p.accounts.black));
    box.hidden = false;
  };
  void show();
  // Again when the guest takes the seat (the invitation goes) and when the result shows.
  const watched = [result, root.querySelector(".invite")].filter((e): e is Element => e !== null);
  const observer = new MutationObserver(() => void show());
  for (const e of watched) observer.observe(e, { attributes: true, attributeFilter: ["hidden"] });
}
