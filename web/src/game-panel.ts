// The game page's side panel and hands: the title, status, result, dice, roll form, drops,
// actions, invitation, move list and seed, drawn from the state.

import type { Color, Game, HistoryEntry, Trampled } from "./api";
import type { ClockView } from "./clocks";
import { escapeHtml } from "./dice";
import type { FenBoard } from "./fen";
import type { GameState } from "./game-state";
import { dropGroups } from "./moves";
import { renderMoveList } from "./movelist";
import { actionsMarkup, diceBoxMarkup, offersMarkup, resultMarkup, rollOptionsMarkup, seedMarkup } from "./panel";
import { pieceIcon, roleOfLetter } from "./pieces";
import { materialTally } from "./material";
import { loadInvite } from "./storage";
import { notifyButtonMarkup, pageTitle } from "./turn-alert";

export class GamePanel {
  constructor(
    private readonly state: GameState,
    private readonly el: Record<string, HTMLElement>,
    private readonly id: string,
    private readonly clocks: ClockView,
  ) {}

  renderPanel(): void {
    const g = this.state.latest;
    if (!g) return;
    this.el.title.textContent = g.name;
    this.el.blurb.textContent = this.state.facts?.summary ?? "";
    (this.el.rulesLink as HTMLAnchorElement).href = `/rules/${encodeURIComponent(g.variant)}`;
    document.title = pageTitle(g);
    // while the beast walks, the result waits for the end of its walk
    this.el.status.textContent = this.state.animating ? "The beast moves…" : this.statusText(g);
    this.el.status.dataset.owed = g.owed;
    this.el.oddsToggle.hidden = g.trample_odds === null && g.beast_kind === null;
    if (this.state.animating) this.el.result.hidden = true;
    else this.renderResult(g);
    if (!this.state.animating) {
      const lastRoll = [...g.history].reverse().find((h) => h.kind === "roll");
      this.el.dice.hidden = !lastRoll;
      if (lastRoll) this.showDice(lastRoll, false, lastRoll.trampled);
    }
    this.renderRollForm(g);
    this.renderDrops();
    (this.el.moveForm as HTMLFormElement).hidden = !g.you || g.status === "over";
    this.renderActions(g);
    this.renderInvite(g);
    renderMoveList(this.el.moves, g, this.state.viewIndex);
    this.renderSeed(g);
    this.clocks.update(g);
    this.clocks.label(g, this.state.flipped());
  }
  statusText(g: Game): string {
    const text = this.turnText(g);
    const unstarted = g.status === "playing" && g.clock !== null && !g.history.some((h) => h.kind !== "roll");
    return unstarted ? `${text} The clocks start after White's first move.` : text;
  }
  turnText(g: Game): string {
    if (g.status === "over") return "The game is over.";
    if (g.status === "waiting") return "Waiting for the other player to join.";
    const side = g.to_move === "white" ? "White" : "Black";
    const mine = g.you === "both" || g.you === g.to_move;
    if (g.owed === "roll") return mine || g.you ? "Roll the dice and enter what they show." : "Waiting for the dice.";
    if (mine) return g.you === "both" ? `${side} to move.` : "Your move.";
    if (g.players[g.to_move] === "engine") return `${side} (engine) is thinking…`;
    return `${side} to move.`;
  }
  renderResult(g: Game): void {
    const markup = resultMarkup(g);
    this.el.result.hidden = markup === null;
    if (markup !== null) this.el.result.innerHTML = markup;
  }
  showDice(roll: HistoryEntry, rolling: boolean, trampled: Trampled[] = []): void {
    this.el.dice.hidden = false;
    this.el.dice.innerHTML = diceBoxMarkup(roll, rolling, trampled, this.state.roles(), this.state.flipped());
    this.el.dice.classList.toggle("rolling", rolling);
  }
  renderRollForm(g: Game): void {
    const form = this.el.rollForm;
    form.hidden = !(g.owed === "roll" && g.dice === "physical" && !!g.you);
    const select = form.querySelector(".roll-pick") as HTMLSelectElement;
    if (!form.hidden && select.dataset.ply !== String(g.ply)) {
      select.innerHTML = rollOptionsMarkup(g);
      select.dataset.ply = String(g.ply);
    }
  }
  renderDrops(): void {
    const g = this.state.latest;
    const el = this.el.drops;
    if (!g || !this.state.interactive()) {
      el.innerHTML = "";
      return;
    }
    const groups = dropGroups(g.legal);
    const color = g.to_move === "white";
    el.innerHTML = [...groups.entries()]
      .map(([letter, turns]) => {
        const role = roleOfLetter(letter, this.state.roles());
        const kind = turns[0].kind;
        const label = kind === "crown" ? "Crown a berserker" : kind === "placement" ? "Place your king" : "Drop";
        const active = this.state.selection?.kind === "drop" && this.state.selection.letter === letter;
        return `<button type="button" class="drop-choice${active ? " active" : ""}" data-drop="${letter}">${
          role ? pieceIcon(role, color, 30) : letter
        }<span>${label}</span></button>`;
      })
      .join("");
  }
  renderActions(g: Game): void {
    this.el.actions.innerHTML = actionsMarkup(g, this.state.confirmResign) + notifyButtonMarkup(g);
    this.el.offers.innerHTML = offersMarkup(g);
  }
  renderInvite(g: Game): void {
    const el = this.el.invite;
    const invite = loadInvite(this.id);
    if (!invite || g.status !== "waiting") {
      el.hidden = true;
      return;
    }
    const link = `${location.origin}/game/${encodeURIComponent(this.id)}?invite=${encodeURIComponent(invite)}`;
    el.hidden = false;
    if (el.dataset.link === link) return;
    el.dataset.link = link;
    el.innerHTML = `<p>Send this link to your friend:</p>
      <div class="invite-row"><input class="invite-link" readonly value="${escapeHtml(link)}">
      <button type="button" class="copy">Copy</button></div>`;
    const input = el.querySelector(".invite-link") as HTMLInputElement;
    el.querySelector(".copy")!.addEventListener("click", async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(link);
      } catch {
        document.execCommand?.("copy");
      }
      (el.querySelector(".copy") as HTMLElement).textContent = "Copied";
    });
  }
  renderSeed(g: Game): void {
    this.el.seed.innerHTML = seedMarkup(g);
  }
  renderHands(g: Game, board: FenBoard): void {
    const hands: Record<Color, string[]> = { white: [], black: [] };
    if (this.state.hasHands()) {
      if (g.hands && this.state.viewIndex === null) {
        hands.white = g.hands.white;
        hands.black = g.hands.black;
      } else {
        for (const c of board.hand) (c === c.toUpperCase() ? hands.white : hands.black).push(c.toUpperCase());
      }
    }
    const bottom: Color = this.state.flipped() ? "black" : "white";
    const top: Color = bottom === "white" ? "black" : "white";
    const droppable = this.state.interactive() && !this.state.frame ? dropGroups(g.legal) : new Map();
    const draw = (el: HTMLElement, color: Color) => {
      const letters = hands[color];
      el.hidden = !this.state.hasHands();
      el.innerHTML = letters.length
        ? letters
            .map((l) => {
              const role = roleOfLetter(l, this.state.roles());
              if (!role) return "";
              const icon = pieceIcon(role, color === "white", 34);
              if (color !== g.to_move || !droppable.has(l)) return `<span class="hand-piece" data-letter="${l}">${icon}</span>`;
              const active = this.state.selection?.kind === "drop" && this.state.selection.letter === l ? " active" : "";
              return `<button type="button" class="hand-piece droppable${active}" data-letter="${l}" data-drop="${l}" title="drop this ${role}">${icon}</button>`;
            })
            .join("")
        : `<span class="hand-empty">${color} hand empty</span>`;
    };
    draw(this.el.topHand, top);
    draw(this.el.bottomHand, bottom);
    this.renderTally(g, top, bottom);
  }
  /** Beside each player: the opponent's pieces gone (captured, or trampled) and the lead in points. */
  renderTally(g: Game, top: Color, bottom: Color): void {
    const entries = this.state.viewIndex ?? g.history.length;
    const tally = materialTally(g, this.state.roles(), this.state.hasHands(), entries);
    for (const [bar, color] of [
      [this.el.topBar, top],
      [this.el.bottomBar, bottom],
    ] as const) {
      const el = bar.querySelector(".tally") as HTMLElement;
      const other: Color = color === "white" ? "black" : "white";
      const icons = tally.lost[other]
        .map((l) => {
          const role = roleOfLetter(l.letter, this.state.roles());
          if (!role) return "";
          const how = l.by === "trample" ? "trampled" : "captured";
          return `<span class="gone ${how}" data-letter="${l.letter}" title="${other} ${role}, ${how}">${pieceIcon(role, other === "white", 20)}</span>`;
        })
        .join("");
      const lead = tally.lead[color];
      el.dataset.lead = String(lead);
      el.dataset.gone = String(tally.lost[other].length);
      el.innerHTML = icons + (lead > 0 ? `<span class="lead">+${lead}</span>` : "");
    }
  }}
