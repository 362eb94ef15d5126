// The game page, /game/ID?seat=TOKEN: lays the page out, takes each new state of the game
// from the server (fetch, WebSocket, replies) and sends the player's turns and actions. The
// state, the animation, the input and the side panel live in their own modules.

import { api, ApiError, freshEntropy, type Color, type Game, type LegalTurn } from "./api";
import { Animation } from "./animation";
import { BoardView, formatOdds, sharedOdds, type BoardScene } from "./board";
import { GameChat } from "./chat";
import { ClockView } from "./clocks";
import { sanctuarySquares, type FenBoard } from "./fen";
import { GamePanel } from "./game-panel";
import { GameState } from "./game-state";
import { GameInput } from "./input";
import { destinations, initialSelection, movableSquares } from "./moves";
import { escapeHtml } from "./dice";
import { boardAfter, entrySquares } from "./replay";
import { GameSocket } from "./socket";
import { Sounds } from "./sounds";
import { materialTally } from "./material";
import { askRematch } from "./rematch";
import { askToNotify, notifyTurn } from "./turn-alert";
import { rememberToken } from "./storage";
import { accountApi, watchGamePlayers } from "./players";

export class GamePage {
  private readonly state = new GameState();
  private board!: BoardView;
  private clocks!: ClockView;
  private panel!: GamePanel;
  private input!: GameInput;
  private animation!: Animation;
  private socket: GameSocket | null = null;
  private readonly sounds = new Sounds();
  private el: Record<string, HTMLElement> = {};

  constructor(
    private readonly root: HTMLElement,
    private readonly id: string,
    private token: string | null,
  ) {}

  async start(invite: string | null): Promise<void> {
    this.layout();
    if (invite && !this.token) await this.join(invite);
    else if (!this.token) await this.seatOfAccount();
    try {
      const [game, variants] = await Promise.all([api.game(this.id, this.token ?? undefined), api.variants()]);
      this.state.facts = variants.find((v) => v.id === game.variant) ?? null;
      this.accept(game, "fetch");
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) {
        this.showMissing();
        return;
      }
      this.showError(e);
    }
    const chat = new GameChat(this.root.querySelector(".chat")!, this.id, this.token);
    this.socket = new GameSocket(
      api.wsUrl(this.id, this.token ?? undefined),
      (game) => this.accept(game, "socket"),
      (message) => this.showError(new Error(message)),
      (live) => {
        this.el.conn.classList.toggle("offline", !live);
        // lines said while the socket was away are read again
        if (live) void chat.load();
      },
      (line) => chat.hear(line),
    );
    this.socket.open();
    window.setInterval(() => this.clocks.tick(), 200);
    window.addEventListener("resize", () => this.fitBoard());
  }
  async join(invite: string): Promise<void> {
    try {
      const reply = await api.join(this.id, invite, freshEntropy());
      this.token = reply.token;
      const kept = rememberToken(this.id, reply.seat, reply.token);
      const url = new URL(location.href);
      url.searchParams.delete("invite");
      // The seat token stays out of the address bar unless this browser cannot keep it.
      if (!kept) url.searchParams.set("seat", reply.token);
      history.replaceState(null, "", url.toString());
    } catch (e) {
      this.showError(e);
    }
  }
  /** Without a token in this browser, the seat of the logged-in account, if it sits here (a
   * game started from a seek, or one begun in another browser). */
  async seatOfAccount(): Promise<void> {
    const { account } = await accountApi.session().catch(() => ({ account: null }));
    if (!account) return;
    const players = await accountApi.players(this.id).catch(() => null);
    const sits = players && [players.accounts.white, players.accounts.black].some((a) => a?.name === account.name);
    if (!sits) return;
    const seat = await accountApi.seat(this.id).catch(() => null);
    if (!seat) return;
    this.token = seat.token;
    rememberToken(this.id, seat.seat, seat.token);
  }
  /** No board, no controls, no live dot: only what happened and where to go. */
  showMissing(): void {
    document.title = "No such game · Menagerie";
    this.root.innerHTML = `
      <section class="missing">
        <h1>No such game</h1>
        <p>There is no game <code>${escapeHtml(this.id)}</code> on this server. The link may be
          mistyped or cut short.</p>
        <p><a class="big" href="/">Start a new game</a></p>
      </section>`;
  }
  layout(): void {
    this.root.innerHTML = `
      <div class="game-layout">
        <section class="board-col">
          <div class="player-bar" data-side="top"><span class="tally"></span></div>
          <div class="hand" data-side="top"></div>
          <div class="board-wrap"></div>
          <div class="hand" data-side="bottom"></div>
          <div class="player-bar" data-side="bottom"><span class="tally"></span></div>
          <div class="board-tools">
            <button type="button" data-nav="first" title="Start (Home)">«</button>
            <button type="button" data-nav="prev" title="Back (←)">‹</button>
            <button type="button" data-nav="next" title="Forward (→)">›</button>
            <button type="button" data-nav="last" title="Now (End)">»</button>
            <button type="button" class="flip" title="Turn the board">⇅ Flip</button>
            <button type="button" class="mute" aria-pressed="false" title="Sounds on or off">🔊 Sound</button>
            <label class="odds-toggle" hidden><input type="checkbox" class="odds-box"> Trample odds</label>
            <span class="odds-note" hidden></span>
          </div>
        </section>
        <aside class="side">
          <div class="headline"><h2 class="title"></h2><span class="conn" title="live updates">●</span></div>
          <div class="status" role="status" aria-live="polite"></div>
          <div class="offers"></div>
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
          <section class="chat"></section>
          <details class="about"><summary>How this game works</summary><p class="blurb"></p>
            <p><a class="rules-link" href="/">The full rules, with diagrams</a></p>
            <p>Click or drag a piece, type a move, or use the arrow keys and Enter on the board.</p></details>
          <div class="seed"></div>
          <p><a class="pgn" download>Download PGN</a>
            <a class="review-link" hidden>Review with the engine</a>
            <a class="analyse-link" hidden>Analyse</a></p>
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
      offers: q(".offers"),
      invite: q(".invite"),
      error: q(".error"),
      moves: q(".movelist"),
      seed: q(".seed"),
      blurb: q(".about .blurb"),
      rulesLink: q(".about .rules-link"),
      pgn: q(".pgn"),
      modal: q(".modal"),
      oddsToggle: q(".odds-toggle"),
      oddsNote: q(".odds-note"),
    };
    watchGamePlayers(this.root, this.id);
    this.board = new BoardView(this.el.boardWrap, {
      onSquare: (sq) => this.input.clickSquare(sq),
      onDrag: (from, to) => this.input.dragMove(from, to),
      onRightButton: () => this.input.cancelPremove(),
    });
    this.clocks = new ClockView(this.el.topBar, this.el.bottomBar, () => this.sounds.play("low-time"));
    const mute = q(".mute");
    const showMute = () => {
      mute.textContent = this.sounds.muted ? "🔇 Muted" : "🔊 Sound";
      mute.setAttribute("aria-pressed", String(this.sounds.muted));
    };
    showMute();
    mute.addEventListener("click", () => {
      this.sounds.setMuted(!this.sounds.muted);
      showMute();
    });
    this.panel = new GamePanel(this.state, this.el, this.id, this.clocks);
    this.input = new GameInput(this.state, this.el, {
      play: (turn) => this.play(turn),
      renderBoard: () => this.renderBoard(),
      renderDrops: () => this.panel.renderDrops(),
      navigate: (where) => this.navigate(where),
      showError: (e) => this.showError(e),
    });
    this.animation = new Animation(this.state, {
      render: () => this.render(),
      renderBoard: () => this.renderBoard(),
      renderPanel: () => {
        this.panel.renderPanel();
        this.fitBoard();
      },
      showDice: (roll, rolling, trampled) => this.panel.showDice(roll, rolling, trampled),
    });
    this.placeRollForm();
    (this.el.pgn as HTMLAnchorElement).href = api.pgnUrl(this.id);
    (this.el.pgn as HTMLAnchorElement).download = `menagerie-${this.id}.pgn`;
    this.board.svg.addEventListener("keydown", (e) => this.input.boardKey(e));
    document.addEventListener("keydown", (e) => this.input.pageKey(e));
    this.root.querySelectorAll<HTMLButtonElement>("[data-nav]").forEach((b) =>
      b.addEventListener("click", () => this.navigate(b.dataset.nav!)),
    );
    q(".flip").addEventListener("click", () => {
      this.state.flipOverride = !this.state.flipped();
      this.render();
    });
    (q(".odds-box") as HTMLInputElement).addEventListener("change", (e) => {
      this.state.showOdds = (e.target as HTMLInputElement).checked;
      this.renderBoard();
    });
    this.el.moveForm.addEventListener("submit", (e) => {
      e.preventDefault();
      this.input.typedMove();
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
    for (const el of [this.el.actions, this.el.offers])
      el.addEventListener("click", (e) => {
        if ((e.target as HTMLElement).closest(".notify-turn")) {
          void askToNotify().then(() => this.panel.renderActions(this.state.latest!));
          return;
        }
        const target = (e.target as HTMLElement).closest<HTMLButtonElement>("button[data-action]");
        if (target) void this.act(target.dataset.action!);
      });
    const pickDrop = (e: Event) => {
      const target = (e.target as HTMLElement).closest<HTMLButtonElement>("button[data-drop]");
      if (!target || !this.state.interactive()) return;
      const letter = target.dataset.drop!;
      this.state.selection =
        this.state.selection?.kind === "drop" && this.state.selection.letter === letter ? null : { kind: "drop", letter };
      this.renderBoard();
      this.panel.renderDrops();
    };
    for (const el of [this.el.drops, this.el.topHand, this.el.bottomHand]) el.addEventListener("click", pickDrop);
    q(".cancel").addEventListener("click", () => this.input.closeChoice(null));
    this.el.modal.addEventListener("click", (e) => {
      const target = (e.target as HTMLElement).closest<HTMLButtonElement>("button[data-uci]");
      if (!target) return;
      const turn = this.state.latest?.legal.find((t) => t.uci === target.dataset.uci) ?? null;
      this.input.closeChoice(turn);
    });
  }
  accept(game: Game, source: "fetch" | "socket" | "turn" | "action"): void {
    const current = this.state.latest;
    if (current && source === "turn" && game.ply < current.ply) return;
    if (current && current.ply !== game.ply) {
      this.state.selection = null;
      this.state.premoveFrom = null;
    }
    const entered = !current || current.ply !== game.ply;
    if (current) this.soundFor(current, game);
    notifyTurn(current, game);
    // the opponent accepted this player's rematch offer: both go to the new game
    if (current?.next_game === null && game.next_game !== null && game.you && this.token)
      void askRematch(game, this.token).catch((e) => this.showError(e));
    this.state.latest = game;
    this.clocks.update(game);
    if (entered || !this.state.selection) this.state.selection = initialSelection(game.legal);
    if (!this.state.displayed) {
      this.state.displayed = game;
      this.render();
      return;
    }
    if (!this.state.animating) void this.animation.catchUp();
    else {
      this.panel.renderPanel();
      this.fitBoard();
    }
    if (this.state.premove) queueMicrotask(() => this.playPremove());
  }
  /** One sound for what happened between two states: a trample over a capture over a move. */
  soundFor(before: Game, after: Game): void {
    const known = before.history.length;
    if (after.history.length <= known || before.id !== after.id) return;
    const added = after.history.slice(known);
    if (added.some((h) => h.kind === "roll" && h.trampled.length > 0)) this.sounds.play("trample");
    else if (!added.some((h) => h.kind === "move")) return;
    else {
      const roles = this.state.roles();
      const hands = this.state.hasHands();
      const gone = (g: Game, n: number) => {
        const t = materialTally(g, roles, hands, n);
        return t.lost.white.length + t.lost.black.length;
      };
      const captured = gone(after, after.history.length) > gone(after, known);
      this.sounds.play(captured ? "capture" : "move");
    }
  }
  render(): void {
    const reviewLink = this.root.querySelector(".review-link") as HTMLAnchorElement;
    reviewLink.hidden = this.state.latest?.status !== "over";
    reviewLink.href = `/review/${encodeURIComponent(this.id)}`;
    const analyseLink = this.root.querySelector(".analyse-link") as HTMLAnchorElement;
    analyseLink.hidden = reviewLink.hidden;
    analyseLink.href = `/analysis?game=${encodeURIComponent(this.id)}`;
    this.renderBoard();
    this.panel.renderPanel();
    this.fitBoard();
    if (this.state.premove) queueMicrotask(() => this.playPremove());
  }
  /** The premove, once this player is to move: played if a legal turn matches it, else dropped. */
  playPremove(): void {
    const p = this.state.premove;
    const g = this.state.latest;
    if (!p || !g || !this.state.interactive() || g.to_move !== g.you || this.state.frame) return;
    this.state.premove = null;
    const turns = g.legal.filter((t) => t.from === p.from && t.to === p.to && t.kind !== "crown");
    // a premoved pawn reaching the last rank becomes a queen where it may
    const turn = turns.find((t) => t.promotion?.toUpperCase() === "Q") ?? turns[0];
    if (turn) void this.play(turn);
    else this.renderBoard();
  }
  renderBoard(): void {
    const g = this.state.animating && this.state.displayed ? this.state.displayed : this.state.latest;
    if (!g) return;
    const live = this.state.viewIndex === null;
    let board: FenBoard | null;
    let lastMove: string[] = [];
    let path: string[] = [];
    let trampled: BoardScene["trampled"] = [];
    let trampling: string | null = null;
    if (this.state.frame) {
      board = this.state.frame.board;
      path = this.state.frame.path;
      trampled = this.state.frame.trampled;
      trampling = this.state.frame.trampling;
    } else {
      const index = live ? g.history.length : this.state.viewIndex!;
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
    const canMove = this.state.interactive() && !this.state.frame;
    const legal = canMove ? g.legal : [];
    const premoving = live && this.state.canPremove();
    const premove = this.state.premove;
    const odds = this.state.showOdds && live && !this.state.frame ? g.trample_odds : null;
    const beast = board.beast ?? (live && !this.state.frame ? g.beast : null);
    const scene: BoardScene = {
      roles: this.state.roles(),
      shape: g.board,
      pieces: board.pieces,
      beast,
      beastKind: g.beast_kind,
      flipped: this.state.flipped(),
      lastMove,
      selected: premoving
        ? this.state.premoveFrom
        : this.state.selection?.kind === "square"
          ? this.state.selection.square
          : null,
      destinations: destinations(legal, this.state.selection),
      movable: premoving ? this.state.ownSquares() : movableSquares(legal),
      premove: premove ? [premove.from, premove.to] : [],
      cursor: this.state.cursor,
      odds,
      path,
      trampled,
      trampling,
      sanctuary: g.board.sanctuary ? sanctuarySquares(this.state.fenShown(g), g.board.ranks) : null,
    };
    this.board.render(scene);
    const shared = odds ? sharedOdds(odds) : null;
    this.el.oddsNote.hidden = shared === null;
    if (shared !== null)
      this.el.oddsNote.textContent = `Every unlabelled square: ${formatOdds(shared)}${
        g.beast_kind === "juggernaut" ? " (the Juggernaut's teleport)" : ""
      }`;
    this.board.svg.dataset.ply = String(g.ply);
    this.board.svg.dataset.owed = g.owed;
    this.board.svg.dataset.ready = String(canMove);
    this.board.svg.dataset.premove = premove ? `${premove.from}${premove.to}` : "";
    this.board.svg.dataset.animating = String(this.state.animating);
    this.panel.renderHands(g, board);
    this.fitBoard();
  }
  /**
   * On a phone the side panel is below the board, out of reach: the physical dice's entry then
   * sits under the board's tools, where the board makes room for it.
   */
  placeRollForm(): void {
    const narrow = window.matchMedia("(max-width: 820px)");
    const place = () => {
      const form = this.el.rollForm;
      if (narrow.matches) this.root.querySelector(".board-tools")!.after(form);
      else this.el.drops.before(form);
      form.classList.toggle("under-board", narrow.matches);
      this.fitBoard();
    };
    narrow.addEventListener("change", place);
    place();
  }
  /** Shrinks the board so that it, the hands, the player bars and the tools all fit the window. */
  fitBoard(): void {
    const wrap = this.el.boardWrap;
    const col = wrap.parentElement;
    if (!col) return;
    const aspect = Number(wrap.style.getPropertyValue("--aspect")) || 1;
    let others = 0;
    for (const child of col.children) if (child !== wrap) others += (child as HTMLElement).offsetHeight;
    const gap = parseFloat(getComputedStyle(col).rowGap) || 0;
    const top = col.getBoundingClientRect().top + window.scrollY;
    const available = window.innerHeight - top - others - gap * (col.children.length - 1) - 8;
    wrap.style.maxWidth = `min(100%, ${Math.max(220, available * aspect).toFixed(0)}px)`;
  }
  async play(turn: LegalTurn): Promise<void> {
    const g = this.state.latest;
    if (!g || !this.token) return;
    this.state.pending = true;
    this.state.selection = null;
    this.hideError();
    this.renderBoard();
    try {
      const reply = await api.turn(this.id, this.token, turn.uci, g.ply);
      this.state.pending = false;
      this.accept(reply, "turn");
    } catch (e) {
      this.state.pending = false;
      this.showError(e);
      if (e instanceof ApiError && e.status === 409) await this.refresh();
    }
    this.render();
  }
  async enterRoll(): Promise<void> {
    const g = this.state.latest;
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
  async act(action: string): Promise<void> {
    const g = this.state.latest;
    const token = this.token;
    if (!token || !g) return;
    this.state.confirmResign = action === "resign";
    if (action === "resign") {
      this.panel.renderActions(g);
      return;
    }
    if (action === "resign-confirmed") action = "resign";
    this.hideError();
    try {
      if (action === "rematch") {
        if (!(await askRematch(g, token))) await this.refresh();
      } else if (action === "take-back-here" || action === "draw-here") {
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
  async refresh(): Promise<void> {
    try {
      this.accept(await api.game(this.id, this.token ?? undefined), "fetch");
    } catch (e) {
      this.showError(e);
    }
  }
  navigate(where: string): void {
    const g = this.state.latest;
    if (!g) return;
    const total = g.history.length;
    const now = this.state.viewIndex ?? total;
    const next = where === "first" ? 0 : where === "prev" ? now - 1 : where === "next" ? now + 1 : total;
    this.showIndex(next);
  }
  showIndex(index: number): void {
    const g = this.state.latest;
    if (!g) return;
    const clamped = Math.max(0, Math.min(g.history.length, index));
    this.state.viewIndex = clamped === g.history.length ? null : clamped;
    this.state.selection = this.state.viewIndex === null ? initialSelection(g.legal) : null;
    this.render();
  }
  showError(e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    this.el.error.hidden = false;
    this.el.error.textContent = message;
  }
  hideError(): void {
    this.el.error.hidden = true;
  }}
