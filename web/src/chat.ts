// The game page's chat (docs/api.md, `/api/games/ID/chat`): players talk in their room, spectators in
// theirs. Lines come from GET /chat when the socket connects and then from the socket; they
// are drawn as text, never as markup. The chat can be switched off, and an author muted by
// clicking their name; both choices are remembered in this browser.

import { api, type ChatLine, type ChatRoom } from "./api";
import { accountApi } from "./players";

const OFF_KEY = "menagerie.chat.off";
const MUTED_KEY = "menagerie.chat.muted";
/** The server's limit on a line, in characters. */
const MAX_CHARS = 140;

function readMuted(): Set<string> {
  try {
    const names: unknown = JSON.parse(localStorage.getItem(MUTED_KEY) ?? "[]");
    return new Set(Array.isArray(names) ? names.map(String) : []);
  } catch {
    return new Set();
  }
}

function remember(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // a browser without storage forgets the choice on reload
  }
}

export class GameChat {
  private readonly lines = new Map<number, ChatLine>();
  private readonly muted = readMuted();
  private off: boolean;
  private readonly list: HTMLOListElement;
  private readonly form: HTMLFormElement;
  private readonly input: HTMLInputElement;
  private readonly note: HTMLElement;

  constructor(
    root: HTMLElement,
    private readonly id: string,
    private readonly token: string | null,
  ) {
    let off = false;
    try {
      off = localStorage.getItem(OFF_KEY) === "1";
    } catch {
      off = false;
    }
    this.off = off;
    root.innerHTML = `
      <div class="chat-head"><h3>${this.room === "players" ? "Chat with your opponent" : "Spectators' chat"}</h3>
        <label class="chat-off-label"><input type="checkbox" class="chat-off"> Chat off</label></div>
      <ol class="chat-lines" aria-live="polite"></ol>
      <form class="chat-form">
        <input class="chat-input" maxlength="${MAX_CHARS}" autocomplete="off" aria-label="chat line">
        <button type="submit">Send</button>
      </form>
      <div class="chat-note" hidden></div>`;
    this.list = root.querySelector(".chat-lines")!;
    this.form = root.querySelector(".chat-form")!;
    this.input = root.querySelector(".chat-input")!;
    this.note = root.querySelector(".chat-note")!;
    const offBox = root.querySelector(".chat-off") as HTMLInputElement;
    offBox.checked = this.off;
    offBox.addEventListener("change", () => {
      this.off = offBox.checked;
      remember(OFF_KEY, this.off ? "1" : null);
      this.render();
    });
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      void this.send();
    });
    this.list.addEventListener("click", (e) => {
      const author = (e.target as HTMLElement).closest<HTMLButtonElement>("button.chat-author");
      if (author) this.toggleMute(author.dataset.author!);
    });
    this.render();
  }

  /** A player talks with the opponent; everyone else is a spectator. */
  get room(): ChatRoom {
    return this.token ? "players" : "spectators";
  }

  /** Reads the room's lines again: on every (re)connection of the socket. */
  async load(): Promise<void> {
    try {
      for (const line of await api.chat(this.id, this.room, this.token ?? undefined)) this.lines.set(line.seq, line);
      this.render();
    } catch (e) {
      this.showNote(e instanceof Error ? e.message : String(e));
    }
    if (this.room === "spectators") await this.checkAccount();
  }

  /** A line from the socket; a line of the other room is not this page's to show. */
  hear(line: ChatLine): void {
    if (line.room !== this.room || this.lines.has(line.seq)) return;
    this.lines.set(line.seq, line);
    this.render();
  }

  private async checkAccount(): Promise<void> {
    try {
      const { account } = await accountApi.session();
      this.input.disabled = !account;
      this.input.placeholder = account ? "Say something" : "";
      if (!account) this.showNote('<a href="/account">Log in</a> to write in the spectators\' chat.', true);
    } catch {
      // the note stays as it is; sending will say what is wrong
    }
  }

  private async send(): Promise<void> {
    const text = this.input.value.trim();
    if (!text) return;
    try {
      this.hear(await api.say(this.id, this.room, text, this.token ?? undefined));
      this.input.value = "";
      this.note.hidden = true;
    } catch (e) {
      this.showNote(e instanceof Error ? e.message : String(e));
    }
  }

  private toggleMute(author: string): void {
    if (this.muted.has(author)) this.muted.delete(author);
    else this.muted.add(author);
    remember(MUTED_KEY, JSON.stringify([...this.muted]));
    this.render();
  }

  /** `message` is the page's own markup when `trusted`, else text. */
  private showNote(message: string, trusted = false): void {
    this.note.hidden = false;
    if (trusted) this.note.innerHTML = message;
    else this.note.textContent = message;
  }

  private render(): void {
    this.list.hidden = this.off;
    this.form.hidden = this.off;
    if (this.input.placeholder === "" && this.room === "players") this.input.placeholder = "Say something";
    this.list.replaceChildren(
      ...[...this.lines.values()]
        .sort((a, b) => a.seq - b.seq)
        .map((line) => this.lineItem(line)),
    );
    this.list.scrollTop = this.list.scrollHeight;
  }

  private lineItem(line: ChatLine): HTMLLIElement {
    const item = document.createElement("li");
    item.className = "chat-line";
    const author = document.createElement("button");
    author.type = "button";
    author.className = "chat-author";
    author.dataset.author = line.author;
    author.textContent = line.author;
    const muted = this.muted.has(line.author);
    author.title = muted ? `show ${line.author}'s lines again` : `mute ${line.author}`;
    const text = document.createElement("span");
    text.className = "chat-text";
    text.textContent = muted ? "(muted)" : line.text;
    item.classList.toggle("muted", muted);
    item.append(author, text);
    return item;
  }
}
