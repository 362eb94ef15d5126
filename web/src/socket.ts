// The game's WebSocket: state messages in, reconnecting with a growing pause after a drop.

import type { Game } from "./api";

export class GameSocket {
  private socket: WebSocket | null = null;
  private delay = 500;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly onState: (game: Game) => void,
    private readonly onError: (message: string) => void,
    private readonly onLive: (live: boolean) => void,
  ) {}

  open(): void {
    if (this.closed) return;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.delay = 500;
      this.onLive(true);
    });
    socket.addEventListener("message", (event) => {
      let message: { type?: string; game?: Game; error?: string };
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.type === "state" && message.game) this.onState(message.game);
      else if (message.type === "error" && message.error) this.onError(message.error);
    });
    socket.addEventListener("close", () => {
      this.onLive(false);
      if (this.socket !== socket || this.closed) return;
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 10000);
    });
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }
}
