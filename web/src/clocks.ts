// The two clocks: the server's readings, counted down locally between updates.

import type { Color, Game } from "./api";

export class ClockView {
  private reading: { white: number; black: number; running: Color | null; at: number } | null = null;
  private bottomColor: Color = "white";
  /** The seats this browser plays, whose low time is announced, and which were announced. */
  private mine: Color[] = [];
  private warned = new Set<Color>();

  constructor(
    private readonly top: HTMLElement,
    private readonly bottom: HTMLElement,
    private readonly onLowTime: () => void = () => undefined,
  ) {}

  update(game: Game): void {
    const c = game.clock;
    this.reading =
      c && game.status !== "over" ? { white: c.white_ms, black: c.black_ms, running: c.running, at: performance.now() } : c
        ? { white: c.white_ms, black: c.black_ms, running: null, at: performance.now() }
        : null;
    this.tick();
  }

  /** The player bars: who sits where, and whether it is them. */
  label(game: Game, flipped: boolean): void {
    this.bottomColor = flipped ? "black" : "white";
    this.mine = game.you === "both" ? ["white", "black"] : game.you ? [game.you] : [];
    const topColor: Color = this.bottomColor === "white" ? "black" : "white";
    for (const [el, color] of [
      [this.top, topColor],
      [this.bottom, this.bottomColor],
    ] as const) {
      const who = game.players[color] === "engine" ? "engine" : game.you === color ? "you" : "human";
      const waiting = game.status === "waiting" && game.you !== color && game.players[color] !== "engine";
      const name = el.querySelector(".who") ?? el.appendChild(Object.assign(document.createElement("span"), { className: "who" }));
      name.textContent = `${color === "white" ? "White" : "Black"} · ${waiting ? "waiting for a player" : who}`;
      el.classList.toggle("to-move", game.status === "playing" && game.to_move === color);
      el.dataset.color = color;
      if (!el.querySelector(".clock")) el.appendChild(Object.assign(document.createElement("span"), { className: "clock" }));
    }
    this.tick();
  }

  tick(): void {
    for (const [el, color] of [
      [this.top, this.bottomColor === "white" ? "black" : "white"],
      [this.bottom, this.bottomColor],
    ] as const) {
      const clock = el.querySelector(".clock") as HTMLElement | null;
      if (!clock) continue;
      if (!this.reading) {
        clock.hidden = true;
        continue;
      }
      clock.hidden = false;
      let ms = this.reading[color];
      if (this.reading.running === color) ms -= performance.now() - this.reading.at;
      clock.textContent = formatClock(ms);
      clock.classList.toggle("running", this.reading.running === color);
      const low = ms < LOW_MS;
      clock.classList.toggle("low", low);
      // once per game and side: a player's own clock running below the line
      if (low && this.reading.running === color && this.mine.includes(color) && !this.warned.has(color)) {
        this.warned.add(color);
        this.onLowTime();
      }
    }
  }
}

/** Below this a clock is shown red and its player hears a warning. */
export const LOW_MS = 20000;

export function formatClock(ms: number): string {
  const clamped = Math.max(0, ms);
  // correspondence: days and hours, then hours and minutes
  const hours = Math.floor(clamped / 3600000);
  if (hours >= 24) return `${Math.floor(hours / 24)} d ${hours % 24} h`;
  if (hours >= 1) return `${hours} h ${String(Math.floor((clamped % 3600000) / 60000)).padStart(2, "0")} min`;
  const total = Math.floor(clamped / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  if (clamped < 10000) return `0:0${seconds}.${Math.floor((clamped % 1000) / 100)}`;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}
