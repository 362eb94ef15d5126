// The home page: one big button to play the engine, the full form for every other kind of
// game, and the lobby of open, running and finished games.

import { api, freshEntropy, type CreateRequest, type LobbyEntry, type VariantInfo } from "./api";
import { escapeHtml } from "./dice";
import { rememberCreated } from "./storage";

const SQUARE = "(a square)";

function hasDice(v: VariantInfo | undefined): boolean {
  return v?.dice ?? false;
}

const CLOCKS: { label: string; value: string }[] = [
  { label: "No clock", value: "" },
  { label: "1 + 0 bullet", value: "60000+0" },
  { label: "3 + 2 blitz", value: "180000+2000" },
  { label: "5 + 3 blitz", value: "300000+3000" },
  { label: "10 + 5 rapid", value: "600000+5000" },
  { label: "15 + 10 rapid", value: "900000+10000" },
  { label: "30 + 0 classical", value: "1800000+0" },
];

export async function homePage(root: HTMLElement): Promise<void> {
  root.innerHTML = `
    <section class="hero">
      <h1>Chess with beasts</h1>
      <p>A Behemoth that tramples everything in its path, a Juggernaut, swapping chieftains, camels and wildebeest.</p>
      <form class="create-form">
        <div class="quick">
          <label>Game <select name="variant" class="variant"></select></label>
          <button type="submit" class="big play-engine" data-opponent="engine">Play the engine</button>
        </div>
        <p class="blurb"></p>
        <details class="more">
          <summary>More options: play a friend, clocks, dice, rules</summary>
          <div class="options">
            <fieldset><legend>Opponent</legend>
              <label><input type="radio" name="opponent" value="engine" checked> Engine</label>
              <label><input type="radio" name="opponent" value="friend"> A friend (invitation link)</label>
              <label><input type="radio" name="opponent" value="local"> Two players at this screen</label>
            </fieldset>
            <fieldset><legend>Your colour</legend>
              <label><input type="radio" name="color" value="white" checked> White</label>
              <label><input type="radio" name="color" value="black"> Black</label>
              <label><input type="radio" name="color" value="random"> Random</label>
            </fieldset>
            <label class="level">Engine level <input type="range" name="level" min="1" max="8" value="2">
              <output class="level-value">2</output></label>
            <label>Clock <select name="clock">${CLOCKS.map((c) => `<option value="${c.value}">${c.label}</option>`).join("")}</select></label>
            <fieldset class="dice-choice"><legend>Dice</legend>
              <label><input type="radio" name="dice" value="server" checked> Rolled by the server (seed committed)</label>
              <label class="physical-dice"><input type="radio" name="dice" value="physical"> Physical dice, typed in (not with a friend online)</label>
            </fieldset>
            <div class="rules"></div>
            <button type="submit" class="create" data-opponent="">Create game</button>
          </div>
        </details>
        <p class="error" role="alert" hidden></p>
      </form>
    </section>
    <section class="lobby">
      <div class="lobby-col"><h2>Open invitations</h2><ul class="games" data-status="open"></ul></div>
      <div class="lobby-col"><h2>Playing now</h2><ul class="games" data-status="playing"></ul></div>
      <div class="lobby-col"><h2>Finished</h2><ul class="games" data-status="over"></ul></div>
    </section>`;
  const form = root.querySelector(".create-form") as HTMLFormElement;
  const error = root.querySelector(".error") as HTMLElement;
  const select = form.querySelector(".variant") as HTMLSelectElement;
  const rules = form.querySelector(".rules") as HTMLElement;
  const level = form.querySelector('input[name="level"]') as HTMLInputElement;
  form.addEventListener("change", (e) => {
    const target = e.target as HTMLInputElement;
    if (target.name === "opponent") {
      (form.querySelector(".level") as HTMLElement).hidden = target.value !== "engine";
      // The server refuses physical dice where two remote players meet.
      const friend = target.value === "friend";
      (form.querySelector(".physical-dice") as HTMLElement).hidden = friend;
      if (friend) (form.querySelector('input[name="dice"][value="server"]') as HTMLInputElement).checked = true;
    }
  });
  level.addEventListener("input", () => {
    (form.querySelector(".level-value") as HTMLElement).textContent = level.value;
  });

  let variants: VariantInfo[] = [];
  try {
    variants = await api.variants();
  } catch (e) {
    error.hidden = false;
    error.textContent = `The list of games could not be loaded: ${(e as Error).message}`;
  }
  // Without a choice in the address, the first game with a beast.
  const wanted = new URLSearchParams(location.search).get("variant") ?? variants.find((v) => v.dice)?.id;
  select.innerHTML = variants
    .map((v) => `<option value="${escapeHtml(v.id)}"${v.id === wanted ? " selected" : ""}>${escapeHtml(v.name)}</option>`)
    .join("");
  const showRules = () => {
    const v = variants.find((x) => x.id === select.value);
    (form.querySelector(".blurb") as HTMLElement).textContent = v?.summary ?? "";
    (form.querySelector(".dice-choice") as HTMLElement).hidden = !hasDice(v);
    rules.innerHTML = v
      ? v.options
          .map(
            (option) =>
              `<label title="${escapeHtml(option.description)}">${escapeHtml(option.key)} <select name="rule:${escapeHtml(option.key)}">${option.values
                .map(
                  (value) =>
                    `<option${value === option.default ? " selected" : ""}>${escapeHtml(value)}</option>`,
                )
                .join("")}${
                option.takes_square ? `<option value="${SQUARE}">a square…</option>` : ""
              }</select><input name="square:${escapeHtml(option.key)}" class="rule-square" placeholder="e.g. e5" size="4" hidden></label>`,
          )
          .join("")
      : "";
  };
  select.addEventListener("change", showRules);
  rules.addEventListener("change", (e) => {
    const target = e.target as HTMLElement;
    if (target instanceof HTMLSelectElement) {
      const square = target.parentElement?.querySelector(".rule-square") as HTMLInputElement | null;
      if (square) square.hidden = target.value !== SQUARE;
    }
  });
  showRules();

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const submitter = (e as SubmitEvent).submitter as HTMLElement | null;
    const data = new FormData(form);
    const opponent = (submitter?.dataset.opponent || data.get("opponent") || "engine") as CreateRequest["opponent"];
    const chosenRules: Record<string, string> = {};
    for (const [k, v] of data.entries()) {
      if (!k.startsWith("rule:")) continue;
      const key = k.slice(5);
      chosenRules[key] = v === SQUARE ? String(data.get(`square:${key}`) ?? "").trim() : String(v);
    }
    const clock = String(data.get("clock") ?? "");
    const [initial, increment] = clock.split("+").map(Number);
    const request: CreateRequest = {
      variant: select.value,
      rules: chosenRules,
      opponent,
      color: data.get("color") as CreateRequest["color"],
      clock: clock ? { initial_ms: initial, increment_ms: increment } : undefined,
      dice: hasDice(variants.find((x) => x.id === select.value)) ? (data.get("dice") as CreateRequest["dice"]) : "server",
      entropy: freshEntropy(),
    };
    if (opponent === "engine") request.engine = { level: Number(level.value) };
    error.hidden = true;
    try {
      const reply = await api.create(request);
      const kept = rememberCreated(reply.id, reply.seats, reply.invite);
      // The game page finds a kept token in storage; only otherwise does the address carry it.
      const token = kept ? null : (reply.seats.white ?? reply.seats.black);
      location.href = `/game/${encodeURIComponent(reply.id)}${token ? `?seat=${encodeURIComponent(token)}` : ""}`;
    } catch (err) {
      error.hidden = false;
      error.textContent = (err as Error).message;
    }
  });

  const refresh = () => void loadLobby(root);
  refresh();
  window.setInterval(refresh, 5000);
}

async function loadLobby(root: HTMLElement): Promise<void> {
  for (const list of root.querySelectorAll<HTMLElement>("ul.games")) {
    const status = list.dataset.status as "open" | "playing" | "over";
    try {
      const games = await api.lobby(status, 20);
      list.innerHTML = games.length
        ? games.map((g) => lobbyRow(g)).join("")
        : `<li class="none">${status === "open" ? "No open invitations." : status === "playing" ? "No games running." : "No finished games yet."}</li>`;
    } catch (e) {
      list.innerHTML = `<li class="none">Could not load: ${escapeHtml((e as Error).message)}</li>`;
    }
  }
}

function lobbyRow(g: LobbyEntry): string {
  const players = `${g.players.white} v ${g.players.black}`;
  const state =
    g.status === "over" ? `${g.result}${g.reason ? ` (${g.reason})` : ""}` : g.open_seat ? `${g.open_seat} seat open` : `ply ${g.ply}`;
  const verb = g.status === "over" ? "Replay" : "Watch";
  return `<li><a href="/game/${encodeURIComponent(g.id)}" data-game="${escapeHtml(g.id)}"><span class="desc"><strong>${escapeHtml(g.name)}</strong>
    <span class="players">${escapeHtml(players)}</span> <span class="state">${escapeHtml(state)}</span></span>
    <span class="verb">${verb}</span></a></li>`;
}
