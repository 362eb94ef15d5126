// The lobby on the home page: open invitations, games being played and finished games, each
// list paged ("Show more"), all three filtered by one variant choice, refreshed every few
// seconds. Games nobody moved in for an hour are left out by the server.

import { api, type LobbyEntry, type VariantInfo } from "./api";
import { escapeHtml } from "./dice";

type LobbyStatus = "open" | "playing" | "over";

const PAGE = 10;
const EMPTY: Record<LobbyStatus, string> = {
  open: "No open invitations.",
  playing: "No games being played.",
  over: "No finished games yet.",
};

export class Lobby {
  private variant = "";
  /** How many rows each list shows: a page more at each "Show more". */
  private shown: Record<LobbyStatus, number> = { open: PAGE, playing: PAGE, over: PAGE };

  constructor(private readonly root: HTMLElement) {}

  render(variants: readonly VariantInfo[]): void {
    this.root.innerHTML = `
      <div class="lobby-head"><h2>Games on this server</h2>
        <label>Show <select class="lobby-variant" aria-label="show the games of one variant">
          <option value="">every variant</option>
          ${variants.map((v) => `<option value="${escapeHtml(v.id)}">${escapeHtml(v.name)}</option>`).join("")}
        </select></label></div>
      <div class="lobby">
        ${(["open", "playing", "over"] as const)
          .map(
            (status) => `<div class="lobby-col"><h3>${
              status === "open" ? "Open invitations" : status === "playing" ? "Playing now" : "Finished"
            }</h3><ul class="games" data-status="${status}"></ul>
            <button type="button" class="more-games" data-status="${status}" hidden>Show more</button></div>`,
          )
          .join("")}
      </div>`;
    this.root.querySelector(".lobby-variant")!.addEventListener("change", (e) => {
      this.variant = (e.target as HTMLSelectElement).value;
      this.shown = { open: PAGE, playing: PAGE, over: PAGE };
      void this.refresh();
    });
    this.root.addEventListener("click", (e) => {
      const more = (e.target as HTMLElement).closest<HTMLButtonElement>(".more-games");
      if (!more) return;
      const status = more.dataset.status as LobbyStatus;
      void this.loadMore(status);
    });
  }

  async refresh(): Promise<void> {
    await Promise.all((["open", "playing", "over"] as const).map((s) => this.load(s)));
  }

  private async loadMore(status: LobbyStatus): Promise<void> {
    const list = this.list(status);
    const more = await api.lobby(status, PAGE + 1, this.shown[status], this.variant).catch(() => null);
    if (!more) return;
    this.shown[status] += PAGE;
    list.insertAdjacentHTML("beforeend", more.slice(0, PAGE).map(lobbyRow).join(""));
    this.button(status).hidden = more.length <= PAGE;
  }

  private async load(status: LobbyStatus): Promise<void> {
    const list = this.list(status);
    try {
      // one more than shown, to know whether there is more
      const games = await api.lobby(status, this.shown[status] + 1, 0, this.variant);
      list.innerHTML = games.length
        ? games.slice(0, this.shown[status]).map(lobbyRow).join("")
        : `<li class="none">${EMPTY[status]}</li>`;
      this.button(status).hidden = games.length <= this.shown[status];
    } catch (e) {
      list.innerHTML = `<li class="none">Could not load: ${escapeHtml((e as Error).message)}</li>`;
    }
  }

  private list(status: LobbyStatus): HTMLElement {
    return this.root.querySelector(`ul.games[data-status="${status}"]`) as HTMLElement;
  }
  private button(status: LobbyStatus): HTMLButtonElement {
    return this.root.querySelector(`.more-games[data-status="${status}"]`) as HTMLButtonElement;
  }
}

/** "3 min ago", "2 h ago", "5 days ago". */
export function ago(ms: number, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - ms) / 60000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

/** Where a game stands in words: "move 11", "no move yet", "1-0 (checkmate)". */
export function progress(g: LobbyEntry): string {
  if (g.status === "over") return `${g.result}${g.reason ? ` (${g.reason})` : ""}`;
  if (g.open_seat) return `${g.open_seat} seat open`;
  const watching = g.spectators > 0 ? `, ${g.spectators} watching` : "";
  if (g.moves === 0) return `no move yet${watching}`;
  return `move ${Math.floor(g.moves / 2) + 1}, ${g.moves % 2 === 0 ? "White" : "Black"} to play${watching}`;
}

function lobbyRow(g: LobbyEntry): string {
  const players = `${g.players.white} v ${g.players.black}`;
  const verb = g.status === "over" ? "Replay" : "Watch";
  const when =
    g.status === "over" ? `ended ${ago(g.updated_at)}` : g.status === "open" ? `posted ${ago(g.created_at)}` : `active ${ago(g.updated_at)}`;
  return `<li><a href="/game/${encodeURIComponent(g.id)}" data-game="${escapeHtml(g.id)}"><span class="desc"><strong>${escapeHtml(g.name)}</strong>
    <span class="players">${escapeHtml(players)}</span> <span class="state">${escapeHtml(progress(g))}</span>
    <span class="when">${escapeHtml(when)}</span></span>
    <span class="verb">${verb}</span></a></li>`;
}
