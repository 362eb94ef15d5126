// The game page, /game/ID?seat=TOKEN: the board, the move input, the dice, the clocks, the
// offers and the replay, kept current over the WebSocket.

import { api, ApiError, type Color, type Game, type LegalTurn, type Trampled } from "./api";
import { BoardView, type BoardScene } from "./board";
import { blurb } from "./blurbs";
import { ClockView } from "./clocks";
import { escapeHtml } from "./dice";
import { sanctuarySquares, type FenBoard } from "./fen";
import { renderMoveList } from "./movelist";
import { actionsMarkup, diceBoxMarkup, resultMarkup, rollOptionsMarkup, seedMarkup } from "./panel";
import {
  destinations,
  dropGroups,
  dropLetter,
  origin,
  initialSelection,
  matchTyped,
  movableSquares,
  turnsOf,
  type Selection,
} from "./moves";
import { pieceIcon, roleOfLetter } from "./pieces";
import { boardAfter, entrySquares } from "./replay";
import { parseSquare, squareName } from "./squares";
import { GameSocket } from "./socket";
import { loadInvite, rememberToken } from "./storage";

const STEP_MS = 160;

export class GamePage {
  private latest: Game | null = null;
  private displayed: Game | null = null;
  private animating = false;
  private frame: {
    board: FenBoard;
    path: string[];
    trampled: Game["history"][number]["trampled"];
    trampling: string;
  } | null = null;
  private viewIndex: number | null = null;
  private selection: Selection = null;
  private cursor: string | null = null;
  private showOdds = false;
  private flipOverride: boolean | null = null;
  private pending = false;
  private confirmResign = false;
  private board!: BoardView;
  private clocks!: ClockView;
  private socket: GameSocket | null = null;
  private el: Record<string, HTMLElement> = {};
  private choiceResolve: ((turn: LegalTurn | null) => void) | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly id: string,
    private token: string | null,
  ) {}

  async start(invite: string | null): Promise<void> {
    this.layout();
    if (invite && !this.token) await this.join(invite);
    try {
      const game = await api.game(this.id, this.token ?? undefined);
      this.accept(game, "fetch");
    } catch (e) {
      this.showError(e);
      if (e instanceof ApiError && e.status === 404) {
        this.el.status.textContent = "There is no such game.";
        return;
      }
    }
    this.socket = new GameSocket(
      api.wsUrl(this.id, this.token ?? undefined),
      (game) => this.accept(game, "socket"),
      (message) => this.showError(new Error(message)),
      (live) => this.el.conn.classList.toggle("offline", !live),
    );
    this.socket.open();
    window.setInterval(() => this.clocks.tick(), 200);
  }

  private async join(invite: string): Promise<void> {
    try {
      const reply = await api.join(this.id, invite);
      this.token = reply.token;
      rememberToken(this.id, reply.seat, reply.token);
      const url = new URL(location.href);
      url.searchParams.delete("invite");
      url.searchParams.set("seat", reply.token);
      history.replaceState(null, "", url.toString());
    } catch (e) {
      this.showError(e);
    }
  }

  private layout(): void {
    this.root.innerHTML = `
      <div class="game-layout">
        <section class="board-col">
          <div class="player-bar" data-side="top"></div>
          <div class="hand" data-side="top"></div>
          <div class="board-wrap"></div>
          <div class="hand" data-side="bottom"></div>
          <div class="player-bar" data-side="bottom"></div>
          <div class="board-tools">
            <button type="button" data-nav="first" title="Start (Home)">«</button>
            <button type="button" data-nav="prev" title="Back (←)">‹</button>
            <button type="button" data-nav="next" title="Forward (→)">›</button>
            <button type="button" data-nav="last" title="Now (End)">»</button>
            <button type="button" class="flip" title="Turn the board">⇅ Flip</button>
            <label class="odds-toggle" hidden><input type="checkbox" class="odds-box"> Trample odds</label>
          </div>
        </section>
        <aside class="side">
          <div class="headline"><h2 class="title"></h2><span class="conn" title="live updates">●</span></div>
          <div class="status" role="status" aria-live="polite"></div>
          <div class="result" hidden></div>
          <div class="invite" hidden></div>
          <div class="dice-view"></div>
          <form class="roll-form" hidden>
            <label>Dice shown <input class="roll-text" placeholder="e.g. 7 4" autocomplete="off"></label>
            <select class="roll-pick" aria-label="pick a roll"></select>
            <button type="submit">Enter roll</button>
          </form>
          <div class="drops"></div>
          <form class="move-form">
            <input class="move-text" placeholder="Type a move: e2e4, e4, Nf3, K@e2" autocomplete="off"
              aria-label="type a move in coordinate or SAN notation">
            <button type="submit">Play</button>
          </form>
          <div class="actions"></div>
          <div class="error" role="alert" hidden></div>
          <div class="moves-box"><table class="movelist"></table></div>
          <details class="about"><summary>How this game works</summary><p class="blurb"></p>
            <p>Click or drag a piece, type a move, or use the arrow keys and Enter on the board.</p></details>
          <div class="seed"></div>
          <p><a class="pgn" download>Download PGN</a></p>
        </aside>
      </div>
      <div class="modal" hidden><div class="modal-box"><p class="modal-title">Choose</p><div class="choices"></div>
        <button type="button" class="cancel">Cancel</button></div></div>`;
    const q = (sel: string) => this.root.querySelector(sel) as HTMLElement;
    this.el = {
      topBar: q('.player-bar[data-side="top"]'),
      bottomBar: q('.player-bar[data-side="bottom"]'),
      topHand: q('.hand[data-side="top"]'),
      bottomHand: q('.hand[data-side="bottom"]'),
      boardWrap: q(".board-wrap"),
      title: q(".title"),
      conn: q(".conn"),
      status: q(".status"),
      result: q(".result"),
      dice: q(".dice-view"),
      rollForm: q(".roll-form"),
      drops: q(".drops"),
      moveForm: q(".move-form"),
      actions: q(".actions"),
      invite: q(".invite"),
      error: q(".error"),
      moves: q(".movelist"),
      seed: q(".seed"),
      blurb: q(".about .blurb"),
      pgn: q(".pgn"),
      modal: q(".modal"),
      oddsToggle: q(".odds-toggle"),
    };
    this.board = new BoardView(this.el.boardWrap, {
      onSquare: (sq) => this.clickSquare(sq),
      onDrag: (from, to) => this.dragMove(from, to),
    });
    this.clocks = new ClockView(this.el.topBar, this.el.bottomBar);
    (this.el.pgn as HTMLAnchorElement).href = api.pgnUrl(this.id);
    (this.el.pgn as HTMLAnchorElement).download = `menagerie-${this.id}.pgn`;
    this.board.svg.addEventListener("keydown", (e) => this.boardKey(e));
    document.addEventListener("keydown", (e) => this.pageKey(e));
    this.root.querySelectorAll<HTMLButtonElement>("[data-nav]").forEach((b) =>
      b.addEventListener("click", () => this.navigate(b.dataset.nav!)),
    );
    q(".flip").addEventListener("click", () => {
      this.flipOverride = !this.flipped();
      this.render();
    });
    (q(".odds-box") as HTMLInputElement).addEventListener("change", (e) => {
      this.showOdds = (e.target as HTMLInputElement).checked;
      this.renderBoard();
    });
    this.el.moveForm.addEventListener("submit", (e) => {
      e.preventDefault();
      this.typedMove();
    });
    this.el.rollForm.addEventListener("submit", (e) => {
      e.preventDefault();
      this.enterRoll();
    });
    q(".roll-pick").addEventListener("change", (e) => {
      const value = (e.target as HTMLSelectElement).value;
      if (value) (q(".roll-text") as HTMLInputElement).value = value;
    });
    this.el.moves.addEventListener("click", (e) => {
      const target = (e.target as HTMLElement).closest<HTMLElement>("[data-index]");
      if (target) this.showIndex(Number(target.dataset.index));
    });
    this.el.actions.addEventListener("click", (e) => {
      const target = (e.target as HTMLElement).closest<HTMLButtonElement>("button[data-action]");
      if (target) void this.act(target.dataset.action!);
    });
    const pickDrop = (e: Event) => {
      const target = (e.target as HTMLElement).closest<HTMLButtonElement>("button[data-drop]");
      if (!target || !this.interactive()) return;
      const letter = target.dataset.drop!;
      this.selection =
        this.selection?.kind === "drop" && this.selection.letter === letter ? null : { kind: "drop", letter };
      this.renderBoard();
      this.renderDrops();
    };
    for (const el of [this.el.drops, this.el.topHand, this.el.bottomHand]) el.addEventListener("click", pickDrop);
    q(".cancel").addEventListener("click", () => this.closeChoice(null));
    this.el.modal.addEventListener("click", (e) => {
      const target = (e.target as HTMLElement).closest<HTMLButtonElement>("button[data-uci]");
      if (!target) return;
      const turn = this.latest?.legal.find((t) => t.uci === target.dataset.uci) ?? null;
      this.closeChoice(turn);
    });
  }

  // ---- state ---------------------------------------------------------------------------

  private accept(game: Game, source: "fetch" | "socket" | "turn" | "action"): void {
    const current = this.latest;
    if (current && source === "turn" && game.ply < current.ply) return;
    if (current && current.ply !== game.ply) this.selection = null;
    const entered = !current || current.ply !== game.ply;
    this.latest = game;
    this.clocks.update(game);
    if (entered || !this.selection) this.selection = initialSelection(game.legal);
    if (!this.displayed) {
      this.displayed = game;
      this.render();
      return;
    }
    if (!this.animating) void this.catchUp();
    else this.renderPanel();
  }

  /** Plays out, one after another, the rolls that came in since the board was last drawn. */
  private async catchUp(): Promise<void> {
    this.animating = true;
    this.renderBoard();
    this.renderPanel();
    while (this.latest && this.displayed !== this.latest) {
      const from = this.displayed!;
      const to = this.latest;
      const known = from.history.length;
      const continues =
        to.history.length > known &&
        (known === 0 || to.history[known - 1].fen === from.history[known - 1].fen) &&
        this.viewIndex === null;
      if (continues) {
        for (let i = known; i < to.history.length; i++) {
          const entry = to.history[i];
          if (entry.kind === "roll" && entry.path.length > 0) await this.animateRoll(to, i);
        }
      }
      this.displayed = to;
    }
    this.frame = null;
    this.animating = false;
    this.render();
  }

  private async animateRoll(game: Game, index: number): Promise<void> {
    const entry = game.history[index];
    const before = boardAfter(game, index);
    if (!before) return;
    this.showDice(entry.san, game, true);
    await sleep(STEP_MS * 2);
    this.showDice(entry.san, game, false);
    const trampledSoFar: typeof entry.trampled = [];
    for (let step = 0; step < entry.path.length; step++) {
      const sq = entry.path[step];
      const pieces = new Map(before.pieces);
      for (const passed of entry.path.slice(0, step + 1)) pieces.delete(passed);
      for (const t of entry.trampled) if (t.square === sq) trampledSoFar.push(t);
      this.frame = {
        board: { pieces, beast: sq, hand: before.hand },
        path: entry.path.slice(0, step + 1),
        trampled: [...trampledSoFar],
        trampling: sq,
      };
      this.renderBoard();
      await sleep(STEP_MS);
    }
    await sleep(STEP_MS * 2);
  }

  // ---- rendering -----------------------------------------------------------------------

  private flipped(): boolean {
    if (this.flipOverride !== null) return this.flipOverride;
    return this.latest?.you === "black";
  }

  private interactive(): boolean {
    const g = this.latest;
    return (
      !!g &&
      g.owed === "move" &&
      g.legal.length > 0 &&
      this.viewIndex === null &&
      !this.animating &&
      !this.pending
    );
  }

  private render(): void {
    this.renderBoard();
    this.renderPanel();
  }

  private renderBoard(): void {
    const g = this.animating && this.displayed ? this.displayed : this.latest;
    if (!g) return;
    const live = this.viewIndex === null;
    let board: FenBoard | null;
    let lastMove: string[] = [];
    let path: string[] = [];
    let trampled: BoardScene["trampled"] = [];
    let trampling: string | null = null;
    if (this.frame) {
      board = this.frame.board;
      path = this.frame.path;
      trampled = this.frame.trampled;
      trampling = this.frame.trampling;
    } else {
      const index = live ? g.history.length : this.viewIndex!;
      board = boardAfter(g, index);
      const shown = g.history.slice(0, index);
      const lastTurn = [...shown].reverse().find((h) => h.kind !== "roll");
      if (lastTurn) lastMove = entrySquares(lastTurn.uci);
      const last = shown[shown.length - 1];
      if (last && last.kind === "roll") path = last.path;
    }
    if (!board) {
      this.showError(new Error("the position from the server could not be read"));
      return;
    }
    const canMove = this.interactive() && !this.frame;
    const legal = canMove ? g.legal : [];
    const odds = this.showOdds && live && !this.frame ? g.trample_odds : null;
    const beast = board.beast ?? (live && !this.frame ? g.beast : null);
    const scene: BoardScene = {
      variant: g.variant,
      shape: g.board,
      pieces: board.pieces,
      beast,
      beastKind: g.beast_kind,
      flipped: this.flipped(),
      lastMove,
      selected: this.selection?.kind === "square" ? this.selection.square : null,
      destinations: destinations(legal, this.selection),
      movable: movableSquares(legal),
      cursor: this.cursor,
      odds,
      path,
      trampled,
      trampling,
      sanctuary: g.variant.startsWith("battle-chieftain") ? sanctuarySquares(this.fenShown(g), g.board.ranks) : null,
    };
    this.board.render(scene);
    this.board.svg.dataset.ply = String(g.ply);
    this.board.svg.dataset.owed = g.owed;
    this.board.svg.dataset.ready = String(canMove);
    this.board.svg.dataset.animating = String(this.animating);
    this.renderHands(g, board);
  }

  /** The FEN of the position on the board: live, or the replayed one. */
  private fenShown(g: Game): string {
    const index = this.viewIndex ?? g.history.length;
    if (index >= g.history.length) return g.fen;
    if (index === 0) return ""; // the start, before the first turn's FEN: nothing has moved
    return g.history[index - 1].fen;
  }

  private renderHands(g: Game, board: FenBoard): void {
    const hands: Record<Color, string[]> = { white: [], black: [] };
    if (g.variant === "behemoth-loop") {
      if (g.hands && this.viewIndex === null) {
        hands.white = g.hands.white;
        hands.black = g.hands.black;
      } else {
        for (const c of board.hand) (c === c.toUpperCase() ? hands.white : hands.black).push(c.toUpperCase());
      }
    }
    const bottom: Color = this.flipped() ? "black" : "white";
    const top: Color = bottom === "white" ? "black" : "white";
    const droppable = this.interactive() && !this.frame ? dropGroups(g.legal) : new Map();
    const draw = (el: HTMLElement, color: Color) => {
      const letters = hands[color];
      el.hidden = g.variant !== "behemoth-loop";
      el.innerHTML = letters.length
        ? letters
            .map((l) => {
              const role = roleOfLetter(l, g.variant);
              if (!role) return "";
              const icon = pieceIcon(role, color === "white", 34);
              if (color !== g.to_move || !droppable.has(l)) return `<span class="hand-piece" data-letter="${l}">${icon}</span>`;
              const active = this.selection?.kind === "drop" && this.selection.letter === l ? " active" : "";
              return `<button type="button" class="hand-piece droppable${active}" data-letter="${l}" data-drop="${l}" title="drop this ${role}">${icon}</button>`;
            })
            .join("")
        : `<span class="hand-empty">${color} hand empty</span>`;
    };
    draw(this.el.topHand, top);
    draw(this.el.bottomHand, bottom);
  }

  private renderPanel(): void {
    const g = this.latest;
    if (!g) return;
    this.el.title.textContent = g.name;
    this.el.blurb.textContent = blurb(g.variant);
    document.title = `${g.name} · Menagerie`;
    // while the beast walks, the result waits for the end of its walk
    this.el.status.textContent = this.animating ? "The beast moves…" : this.statusText(g);
    this.el.status.dataset.owed = g.owed;
    this.el.oddsToggle.hidden = g.trample_odds === null && g.beast_kind === null;
    if (this.animating) this.el.result.hidden = true;
    else this.renderResult(g);
    if (!this.animating) {
      const lastRoll = [...g.history].reverse().find((h) => h.kind === "roll");
      this.el.dice.hidden = !lastRoll;
      if (lastRoll) this.showDice(lastRoll.san, g, false, lastRoll.trampled);
    }
    this.renderRollForm(g);
    this.renderDrops();
    (this.el.moveForm as HTMLFormElement).hidden = !g.you || g.status === "over";
    this.renderActions(g);
    this.renderInvite(g);
    renderMoveList(this.el.moves, g, this.viewIndex);
    this.renderSeed(g);
    this.clocks.update(g);
    this.clocks.label(g, this.flipped());
  }

  private statusText(g: Game): string {
    if (g.status === "over") return "The game is over.";
    if (g.status === "waiting") return "Waiting for the other player to join.";
    const side = g.to_move === "white" ? "White" : "Black";
    const mine = g.you === "both" || g.you === g.to_move;
    if (g.owed === "roll") return mine || g.you ? "Roll the dice and enter what they show." : "Waiting for the dice.";
    if (mine) return g.you === "both" ? `${side} to move.` : "Your move.";
    if (g.players[g.to_move] === "engine") return `${side} (engine) is thinking…`;
    return `${side} to move.`;
  }

  private renderResult(g: Game): void {
    const markup = resultMarkup(g);
    this.el.result.hidden = markup === null;
    if (markup !== null) this.el.result.innerHTML = markup;
  }

  private showDice(text: string, g: Game, rolling: boolean, trampled: Trampled[] = []): void {
    this.el.dice.hidden = false;
    this.el.dice.innerHTML = diceBoxMarkup(text, g, rolling, trampled);
    this.el.dice.classList.toggle("rolling", rolling);
  }

  private renderRollForm(g: Game): void {
    const form = this.el.rollForm;
    form.hidden = !(g.owed === "roll" && g.dice === "physical" && !!g.you);
    const select = form.querySelector(".roll-pick") as HTMLSelectElement;
    if (!form.hidden && select.dataset.ply !== String(g.ply)) {
      select.innerHTML = rollOptionsMarkup(g);
      select.dataset.ply = String(g.ply);
    }
  }

  private renderDrops(): void {
    const g = this.latest;
    const el = this.el.drops;
    if (!g || !this.interactive()) {
      el.innerHTML = "";
      return;
    }
    const groups = dropGroups(g.legal);
    const color = g.to_move === "white";
    el.innerHTML = [...groups.entries()]
      .map(([letter, turns]) => {
        const role = roleOfLetter(letter, g.variant);
        const kind = turns[0].kind;
        const label =
          kind === "crown"
            ? "Crown a berserker"
            : kind === "placement" || g.variant.startsWith("battle-chieftain")
              ? "Place your king"
              : "Drop";
        const active = this.selection?.kind === "drop" && this.selection.letter === letter;
        return `<button type="button" class="drop-choice${active ? " active" : ""}" data-drop="${letter}">${
          role ? pieceIcon(role, color, 30) : letter
        }<span>${label}</span></button>`;
      })
      .join("");
  }

  private renderActions(g: Game): void {
    this.el.actions.innerHTML = actionsMarkup(g, this.confirmResign);
  }

  private renderInvite(g: Game): void {
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

  private renderSeed(g: Game): void {
    this.el.seed.innerHTML = seedMarkup(g);
  }

  // ---- input ---------------------------------------------------------------------------

  private clickSquare(sq: string): void {
    this.cursor = sq;
    const g = this.latest;
    if (!g || !this.interactive()) {
      this.renderBoard();
      return;
    }
    const sel = this.selection;
    if (sel) {
      const here = turnsOf(g.legal, sel).filter((t) => t.to === sq);
      if (here.length) {
        void this.choose(here);
        return;
      }
    }
    if (movableSquares(g.legal).has(sq)) {
      this.selection = sel?.kind === "square" && sel.square === sq ? initialSelection(g.legal) : { kind: "square", square: sq };
    } else {
      const drops = g.legal.filter((t) => !origin(t) && t.to === sq);
      if (drops.length && new Set(drops.map(dropLetter)).size === 1) {
        void this.choose(drops);
        return;
      }
      this.selection = initialSelection(g.legal);
    }
    this.renderBoard();
    this.renderDrops();
  }

  private dragMove(from: string, to: string): void {
    const g = this.latest;
    if (!g || !this.interactive()) return;
    const here = g.legal.filter((t) => origin(t) === from && t.to === to);
    if (here.length) void this.choose(here);
    else {
      this.selection = { kind: "square", square: from };
      this.renderBoard();
    }
  }

  private async choose(turns: LegalTurn[]): Promise<void> {
    const turn = turns.length === 1 ? turns[0] : await this.askChoice(turns);
    if (turn) await this.play(turn);
    else this.renderBoard();
  }

  private askChoice(turns: LegalTurn[]): Promise<LegalTurn | null> {
    const variant = this.latest?.variant ?? "";
    const white = this.latest?.to_move === "white";
    const promotion = turns.every((t) => t.promotion);
    (this.el.modal.querySelector(".modal-title") as HTMLElement).textContent = promotion
      ? "Promote to"
      : "Which turn?";
    this.el.modal.querySelector(".choices")!.innerHTML = turns
      .map((t) => {
        const role = t.promotion ? roleOfLetter(t.promotion, variant) : null;
        return `<button type="button" class="choice" data-uci="${escapeHtml(t.uci)}" title="${escapeHtml(t.san)}">${
          role ? pieceIcon(role, white, 56) : ""
        }<span>${escapeHtml(t.san)}</span></button>`;
      })
      .join("");
    this.el.modal.hidden = false;
    (this.el.modal.querySelector(".choice") as HTMLElement | null)?.focus();
    return new Promise((resolve) => (this.choiceResolve = resolve));
  }

  private closeChoice(turn: LegalTurn | null): void {
    this.el.modal.hidden = true;
    const resolve = this.choiceResolve;
    this.choiceResolve = null;
    resolve?.(turn);
  }

  private async play(turn: LegalTurn): Promise<void> {
    const g = this.latest;
    if (!g || !this.token) return;
    this.pending = true;
    this.selection = null;
    this.hideError();
    this.renderBoard();
    try {
      const reply = await api.turn(this.id, this.token, turn.uci, g.ply);
      this.pending = false;
      this.accept(reply, "turn");
    } catch (e) {
      this.pending = false;
      this.showError(e);
      if (e instanceof ApiError && e.status === 409) await this.refresh();
    }
    this.render();
  }

  private async enterRoll(): Promise<void> {
    const g = this.latest;
    const input = this.el.rollForm.querySelector(".roll-text") as HTMLInputElement;
    const text = input.value.trim();
    if (!g || !this.token || !text) return;
    this.hideError();
    try {
      const reply = await api.roll(this.id, this.token, text, g.ply);
      input.value = "";
      this.accept(reply, "turn");
    } catch (e) {
      this.showError(e);
      if (e instanceof ApiError && e.status === 409) await this.refresh();
    }
  }

  private typedMove(): void {
    const g = this.latest;
    const input = this.el.moveForm.querySelector(".move-text") as HTMLInputElement;
    if (!g) return;
    if (!this.interactive()) {
      this.showError(new Error(g.owed === "roll" ? "the dice are owed, not a move" : "it is not your move"));
      return;
    }
    const matches = matchTyped(g.legal, input.value);
    if (!matches.length) {
      this.showError(new Error(`no legal turn matches "${input.value.trim()}"`));
      return;
    }
    input.value = "";
    void this.choose(matches);
  }

  private async act(action: string): Promise<void> {
    const g = this.latest;
    const token = this.token;
    if (!token || !g) return;
    this.confirmResign = action === "resign";
    if (action === "resign") {
      this.renderActions(g);
      return;
    }
    if (action === "resign-confirmed") action = "resign";
    this.hideError();
    try {
      if (action === "take-back-here" || action === "draw-here") {
        // at one screen the page asks for one side and answers for the other
        const last = [...g.history].reverse().find((h) => h.kind !== "roll");
        const asker: Color = action === "draw-here" ? g.to_move : (last?.color ?? g.to_move);
        const answerer: Color = asker === "white" ? "black" : "white";
        const [offer, reply] = action === "draw-here" ? ["offer-draw", "accept-draw"] : ["offer-takeback", "accept-takeback"];
        await api.action(this.id, token, offer, asker);
        this.accept(await api.action(this.id, token, reply, answerer), "action");
      } else {
        this.accept(await api.action(this.id, token, action), "action");
      }
    } catch (e) {
      this.showError(e);
      await this.refresh();
    }
  }

  private async refresh(): Promise<void> {
    try {
      this.accept(await api.game(this.id, this.token ?? undefined), "fetch");
    } catch (e) {
      this.showError(e);
    }
  }

  private boardKey(e: KeyboardEvent): void {
    const g = this.latest;
    if (!g) return;
    const { files, ranks } = g.board;
    const current = parseSquare(this.cursor ?? "") ?? { file: Math.floor(files / 2), rank: 1 };
    const flip = this.flipped() ? -1 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [0, flip],
      ArrowDown: [0, -flip],
      ArrowLeft: [-flip, 0],
      ArrowRight: [flip, 0],
    };
    if (e.key in moves) {
      const [df, dr] = moves[e.key];
      const file = Math.min(files - 1, Math.max(0, current.file + (this.cursor ? df : 0)));
      const rank = Math.min(ranks - 1, Math.max(0, current.rank + (this.cursor ? dr : 0)));
      this.cursor = squareName(file, rank);
      this.renderBoard();
      e.preventDefault();
      e.stopPropagation();
    } else if (e.key === "Enter" || e.key === " ") {
      if (this.cursor) this.clickSquare(this.cursor);
      e.preventDefault();
      e.stopPropagation();
    } else if (e.key === "Escape") {
      this.selection = initialSelection(g.legal);
      this.renderBoard();
    }
  }

  private pageKey(e: KeyboardEvent): void {
    if (!this.el.modal.hidden && e.key === "Escape") {
      this.closeChoice(null);
      return;
    }
    const target = e.target as HTMLElement;
    if (target.closest("input, select, textarea, svg")) return;
    const keys: Record<string, string> = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
    if (keys[e.key]) {
      this.navigate(keys[e.key]);
      e.preventDefault();
    }
  }

  private navigate(where: string): void {
    const g = this.latest;
    if (!g) return;
    const total = g.history.length;
    const now = this.viewIndex ?? total;
    const next = where === "first" ? 0 : where === "prev" ? now - 1 : where === "next" ? now + 1 : total;
    this.showIndex(next);
  }

  private showIndex(index: number): void {
    const g = this.latest;
    if (!g) return;
    const clamped = Math.max(0, Math.min(g.history.length, index));
    this.viewIndex = clamped === g.history.length ? null : clamped;
    this.selection = this.viewIndex === null ? initialSelection(g.legal) : null;
    this.render();
  }

  private showError(e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    this.el.error.hidden = false;
    this.el.error.textContent = message;
  }

  private hideError(): void {
    this.el.error.hidden = true;
  }
}


function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
