// The home page: one big button to play the engine, the full form for every other kind of
// game, and the lobby of open, running and finished games.

import { api, freshEntropy, type CreateRequest, type LevelInfo, type VariantInfo } from "./api";
import { escapeHtml } from "./dice";
import { drawDiagram } from "./diagram";
import { levelLine, showLevels } from "./levels";
import { Lobby } from "./lobby";
import { Seeks } from "./seeks";
import { rememberCreated } from "./storage";
import { TIME_CONTROLS, timeControl } from "./time-controls";

const SQUARE = "(a square)";

function hasDice(v: VariantInfo | undefined): boolean {
  return v?.dice ?? false;
}


export async function homePage(root: HTMLElement): Promise<void> {
  root.innerHTML = `
    <section class="hero">
      <p class="account-links"><a href="/account">Account</a> · <a href="/my-games">My games</a> · <a href="/leaderboard/chess">Leaderboards</a></p>
      <h1>Chess with beasts</h1>
      <p>A Behemoth that tramples everything in its path, a Juggernaut, swapping chieftains, camels and wildebeest.
        Pick a game: play the engine, send a friend a link, or play both sides at this screen.</p>
    </section>
    <section class="cards" aria-label="the games"></section>
    <form class="create-form">
      <details class="more">
        <summary>More options: colour, engine level, clock, dice, rules</summary>
        <div class="quick">
          <label>Game <select name="variant" class="variant"></select></label>
          <button type="submit" class="big play-engine" data-opponent="engine">Play the engine</button>
        </div>
        <p class="blurb"></p>
        <div class="options">
          <fieldset><legend>Opponent</legend>
            <label><input type="radio" name="opponent" value="engine" checked> Engine</label>
            <label><input type="radio" name="opponent" value="friend"> A friend (invitation link)</label>
            <label><input type="radio" name="opponent" value="local"> Two players at this screen</label>
            <label class="rated-choice"><input type="checkbox" name="rated" value="yes"> Rated (with a friend, both logged in: <a href="/account">account</a>)</label>
          </fieldset>
          <fieldset><legend>Your colour</legend>
            <label><input type="radio" name="color" value="white" checked> White</label>
            <label><input type="radio" name="color" value="black"> Black</label>
            <label><input type="radio" name="color" value="random"> Random</label>
          </fieldset>
          <label class="level">Engine level <input type="range" name="level" min="1" max="8">
            <output class="level-value"></output>
            <span class="level-about"></span></label>
          <details class="level-list"><summary>The engine's levels</summary>
            <ol></ol>
            <p class="more-note">Each rating was measured against Stockfish 15.1 in chess, each level
              searching as far as its cap allows (docs/engine.md); levels 7 and 8 search further than level 6 and are given its figure.</p></details>
          <label>Clock <select name="clock">${TIME_CONTROLS.map((c) => `<option value="${c.value}">${c.label}</option>`).join("")}</select></label>
          <fieldset class="dice-choice"><legend>Dice</legend>
            <label><input type="radio" name="dice" value="server" checked> Rolled by the server (seed committed)</label>
            <label class="physical-dice"><input type="radio" name="dice" value="physical"> Physical dice, typed in (not with a friend online)</label>
          </fieldset>
          <div class="rules"></div>
          <button type="submit" class="create" data-opponent="">Create game</button>
        </div>
        <p class="more-note">The colour, level and clock chosen here also apply to the buttons on the cards.</p>
      </details>
      <p class="error" role="alert" hidden></p>
    </form>
    <section class="seeks-section" aria-label="players looking for a game"></section>
    <section class="lobby-section">
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
      (form.querySelector(".level-list") as HTMLElement).hidden = target.value !== "engine";
      // The server refuses physical dice where two remote players meet.
      const friend = target.value === "friend";
      (form.querySelector(".physical-dice") as HTMLElement).hidden = friend;
      if (friend) (form.querySelector('input[name="dice"][value="server"]') as HTMLInputElement).checked = true;
    }
  });
  form.querySelector(".level-list")!.addEventListener("click", (e) => {
    const pick = (e.target as HTMLElement).closest<HTMLButtonElement>("button[data-level]");
    if (!pick) return;
    level.value = pick.dataset.level!;
    level.dispatchEvent(new Event("input", { bubbles: true }));
  });
  level.addEventListener("input", () => {
    (form.querySelector(".level-value") as HTMLElement).textContent = level.value;
    const chosen = levels.find((l) => l.level === Number(level.value));
    (form.querySelector(".level-about") as HTMLElement).textContent = chosen ? levelLine(chosen) : "";
  });
  let levels: LevelInfo[] = [];
  api
    .levels()
    .then((served) => {
      levels = served;
      showLevels(form, levels);
    })
    .catch((e) => {
      error.hidden = false;
      error.textContent = `The engine's levels could not be loaded: ${(e as Error).message}`;
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

  /** Creates the game and goes to it; `chosenRules` empty means the variant's defaults. */
  const create = async (
    variant: string,
    opponent: CreateRequest["opponent"],
    chosenRules: Record<string, string>,
    dice: CreateRequest["dice"],
  ) => {
    const data = new FormData(form);
    const request: CreateRequest = {
      variant,
      rules: chosenRules,
      opponent,
      color: data.get("color") as CreateRequest["color"],
      ...timeControl(String(data.get("clock") ?? "")),
      dice: hasDice(variants.find((x) => x.id === variant)) ? dice : "server",
      entropy: freshEntropy(),
    };
    if (opponent === "engine") request.engine = { level: Number(level.value) };
    if (opponent === "friend" && data.get("rated") === "yes") request.rated = true;
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
      error.scrollIntoView({ block: "nearest" });
    }
  };

  form.addEventListener("submit", (e) => {
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
    void create(select.value, opponent, chosenRules, data.get("dice") as CreateRequest["dice"]);
  });

  const cards = root.querySelector(".cards") as HTMLElement;
  renderCards(cards, variants);
  const chosen = wanted && new URLSearchParams(location.search).has("variant") ? cards.querySelector(`[data-variant="${CSS.escape(wanted)}"]`) : null;
  if (chosen) {
    chosen.classList.add("chosen");
    chosen.scrollIntoView({ block: "center" });
  }
  cards.addEventListener("click", (e) => {
    const target = (e.target as HTMLElement).closest<HTMLButtonElement>("button[data-opponent]");
    const card = target?.closest<HTMLElement>("[data-variant]");
    if (!target || !card) return;
    void create(card.dataset.variant!, target.dataset.opponent as CreateRequest["opponent"], {}, "server");
  });

  void new Seeks(root.querySelector(".seeks-section") as HTMLElement, variants).start();

  const lobby = new Lobby(root.querySelector(".lobby-section") as HTMLElement);
  lobby.render(variants);
  void lobby.refresh();
  window.setInterval(() => void lobby.refresh(), 5000);
}

/** One card per variant: its start position, what it is in a line, and a click to play. */
function renderCards(root: HTMLElement, variants: readonly VariantInfo[]): void {
  root.innerHTML = variants
    .map(
      (v) => `<article class="card" data-variant="${escapeHtml(v.id)}">
        <a class="card-board" href="/rules/${encodeURIComponent(v.id)}" aria-label="${escapeHtml(v.name)}: how it is played"></a>
        <div class="card-text"><h2>${escapeHtml(v.name)}</h2><p>${escapeHtml(v.summary)}</p></div>
        <div class="card-actions">
          <button type="button" class="card-play" data-opponent="engine">Play the engine</button>
          <button type="button" data-opponent="friend">Invite a friend</button>
          <button type="button" data-opponent="local">One screen</button>
        </div>
        <a class="card-rules" href="/rules/${encodeURIComponent(v.id)}">Rules</a>
      </article>`,
    )
    .join("");
  for (const v of variants) {
    const spot = root.querySelector(`[data-variant="${CSS.escape(v.id)}"] .card-board`) as HTMLElement;
    drawDiagram(spot, v.start, v.roles, `${v.name}: the start position`);
  }
}
