// The seeks on the home page (docs/api.md, "Seeks"): the open seeks of every player, with
// one click to accept; a form to post a seek or ask for a quick pairing (logged in); and,
// while this player's seeks are open, a watch on them that goes to the game as soon as
// another player takes one up. Asking every few seconds is also what keeps the seeks open:
// when this page is gone, its seeks with a clock lapse.

import { ApiError, type VariantInfo } from "./api";
import type { Seek, SeekRequest } from "./generated/contract";
import { accountApi, el, link } from "./players";
import { rememberToken } from "./storage";
import { TIME_CONTROLS, describeTime, timeControl } from "./time-controls";

const EVERY_MS = 3000;

export class Seeks {
  /** This player's seeks last seen open: when one leaves the list, it may have been taken up. */
  private mine = new Set<string>();
  private loggedIn = false;
  private list!: HTMLElement;
  private status!: HTMLElement;

  constructor(
    private readonly root: HTMLElement,
    private readonly variants: readonly VariantInfo[],
  ) {}

  async start(): Promise<void> {
    this.loggedIn = (await accountApi.session().catch(() => ({ account: null }))).account !== null;
    this.render();
    await this.refresh();
    window.setInterval(() => void this.refresh(), EVERY_MS);
  }

  private render(): void {
    this.root.replaceChildren();
    this.root.append(el("h2", "", "Looking for a game"));
    if (this.loggedIn) this.root.append(this.form());
    else {
      const p = el("p", "seek-login");
      p.append(link("/account", "Log in"), " to post a seek, or to accept one and play its poster.");
      this.root.append(p);
    }
    this.status = el("p", "seek-status");
    this.status.setAttribute("role", "status");
    this.list = el("ul", "seeks");
    this.root.append(this.status, this.list);
    this.list.addEventListener("click", (e) => {
      const button = (e.target as HTMLElement).closest<HTMLButtonElement>("button[data-seek]");
      if (!button) return;
      void (button.dataset.action === "cancel" ? this.cancel(button.dataset.seek!) : this.accept(button.dataset.seek!));
    });
  }

  private form(): HTMLFormElement {
    const form = el("form", "seek-form");
    const select = (name: string, label: string, options: [string, string][]) => {
      const l = el("label", "", `${label} `);
      const s = el("select");
      s.name = name;
      for (const [value, text] of options) {
        const o = el("option", "", text);
        o.value = value;
        s.append(o);
      }
      l.append(s);
      return l;
    };
    form.append(
      select("variant", "Game", this.variants.map((v) => [v.id, v.name])),
      select(
        "time",
        "Time",
        TIME_CONTROLS.filter((t) => t.value).map((t) => [t.value, t.label]),
      ),
      select("color", "Colour", [
        ["random", "random"],
        ["white", "white"],
        ["black", "black"],
      ]),
    );
    const rated = el("label", "", "");
    const box = el("input");
    box.type = "checkbox";
    box.name = "rated";
    rated.append(box, " Rated");
    const quick = el("button", "big quick-pairing", "Quick pairing");
    quick.type = "submit";
    quick.dataset.kind = "quick";
    quick.title = "Play the first player waiting for the same game and time, or wait for one";
    const post = el("button", "post-seek", "Post a seek");
    post.type = "submit";
    post.dataset.kind = "seek";
    form.append(rated, quick, post);
    (form.querySelector('select[name="time"]') as HTMLSelectElement).value = "300000+3000";
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const kind = ((e as SubmitEvent).submitter as HTMLElement | null)?.dataset.kind;
      const data = new FormData(form);
      const request: SeekRequest = {
        variant: String(data.get("variant")),
        color: data.get("color") as SeekRequest["color"],
        rated: data.get("rated") === "on",
        ...timeControl(String(data.get("time"))),
      };
      void this.ask(request, kind === "quick");
    });
    return form;
  }

  private async ask(request: SeekRequest, quick: boolean): Promise<void> {
    this.say("");
    try {
      if (quick) {
        const reply = await accountApi.quickPairing(request);
        if (reply.game) return this.go(reply.game.game, reply.game.seat, reply.game.token);
        if (reply.seek) this.mine.add(reply.seek.id);
        this.say("Nobody is waiting for that game yet: your seek is posted, and the game starts when a player accepts it.");
      } else {
        const seek = await accountApi.postSeek(request);
        this.mine.add(seek.id);
        this.say("Your seek is posted: the game starts when a player accepts it. Stay on this page.");
      }
      await this.refresh();
    } catch (e) {
      this.say((e as Error).message, true);
    }
  }

  private async accept(id: string): Promise<void> {
    try {
      const seat = await accountApi.acceptSeek(id);
      this.go(seat.game, seat.seat, seat.token);
    } catch (e) {
      this.say(e instanceof ApiError && e.status === 410 ? "Too late: that seek is gone." : (e as Error).message, true);
      await this.refresh();
    }
  }

  private async cancel(id: string): Promise<void> {
    try {
      await accountApi.cancelSeek(id);
      this.mine.delete(id);
      this.say("Seek withdrawn.");
    } catch (e) {
      this.say((e as Error).message, true);
    }
    await this.refresh();
  }

  async refresh(): Promise<void> {
    let seeks: Seek[];
    try {
      seeks = await accountApi.seeks();
    } catch (e) {
      this.list.replaceChildren(el("li", "none", `Could not load the seeks: ${(e as Error).message}`));
      return;
    }
    const open = new Set(seeks.filter((s) => s.yours).map((s) => s.id));
    for (const id of this.mine) if (!open.has(id)) await this.followUp(id);
    this.mine = open;
    this.list.replaceChildren(...(seeks.length ? seeks.map((s) => this.row(s)) : [el("li", "none", "Nobody is looking for a game.")]));
  }

  /** One of this player's seeks left the list: if a player took it up, go to the game. */
  private async followUp(id: string): Promise<void> {
    const seek = await accountApi.seek(id).catch(() => null);
    if (!seek?.game) return;
    const seat = await accountApi.seat(seek.game).catch(() => null);
    if (seat) this.go(seat.game, seat.seat, seat.token);
  }

  private go(game: string, seat: "white" | "black", token: string): void {
    const kept = rememberToken(game, seat, token);
    location.href = `/game/${encodeURIComponent(game)}${kept ? "" : `?seat=${encodeURIComponent(token)}`}`;
  }

  private row(s: Seek): HTMLLIElement {
    const item = el("li", s.yours ? "seek yours" : "seek");
    const who = el("span", "seek-player");
    who.append(link(`/player/${encodeURIComponent(s.player)}`, s.player), s.rating !== null ? ` (${s.rating})` : "");
    const rules = Object.entries(s.rules).map(([k, v]) => `${k}=${v}`);
    const what = [s.name, describeTime(s.clock, s.days_per_move), s.rated ? "rated" : "casual"];
    if (s.color !== "random") what.push(`${s.player} plays ${s.color}`);
    if (rules.length) what.push(rules.join(" "));
    item.append(who, el("span", "seek-game", what.join(" · ")));
    const button = el("button", s.yours ? "seek-cancel" : "seek-accept", s.yours ? "Cancel" : "Accept");
    button.type = "button";
    button.dataset.seek = s.id;
    button.dataset.action = s.yours ? "cancel" : "accept";
    button.disabled = !this.loggedIn;
    if (!this.loggedIn) button.title = "Log in to accept";
    item.append(button);
    return item;
  }

  private say(text: string, error = false): void {
    this.status.textContent = text;
    this.status.classList.toggle("error", error);
  }
}
