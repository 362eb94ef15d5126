// `/my-games`: the logged-in player's games (GET /api/account/games), those where it is
// their turn first, with the time left in correspondence games.

import { formatClock } from "./clocks";
import type { MyGame } from "./generated/contract";
import { accountApi, el, frame, link } from "./players";

async function myGames(): Promise<MyGame[]> {
  const response = await fetch("/api/account/games", { credentials: "same-origin" });
  if (!response.ok) throw new Error(((await response.json().catch(() => null)) as { error?: string })?.error ?? response.statusText);
  return (await response.json()) as MyGame[];
}

function row(g: MyGame): HTMLLIElement {
  const item = el("li", `my-game${g.your_turn ? " your-turn" : ""}`);
  const opponent = g.opponent_player === "engine" ? "the engine" : (g.opponent ?? "an anonymous player");
  item.append(link(`/game/${encodeURIComponent(g.id)}`, `${g.variant}: ${g.color} against ${opponent}`));
  let state: string = g.status === "over" ? g.result : g.your_turn ? "your turn" : g.status === "waiting" ? "waiting for a player" : "their turn";
  if (g.deadline !== null && g.status === "playing") state += `, ${formatClock(g.deadline - Date.now())} left`;
  item.append(" — ", el("span", "my-game-state", state));
  return item;
}

export async function myGamesPage(root: HTMLElement): Promise<void> {
  const main = frame(root, "My games");
  const { account } = await accountApi.session();
  if (!account) {
    const p = el("p", "", "");
    p.append(link("/account", "Log in"), " to see the games of your account.");
    main.append(p);
    return;
  }
  const games = await myGames();
  const waiting = games.filter((g) => g.your_turn).length;
  document.title = `${waiting ? `(${waiting}) ` : ""}My games · Menagerie`;
  if (games.length === 0) main.append(el("p", "", "No games yet."));
  const list = el("ol", "my-games");
  list.append(...games.map(row));
  main.append(list);
}
