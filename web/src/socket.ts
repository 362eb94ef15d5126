// The game's WebSocket: the whole game on connect, then one update per change, applied to
// the game held here; on a gap in the versions it asks for the whole game again. Reconnects
// with a growing pause after a drop.

import type { ChatLine, Game } from "./api";
import { applyUpdate } from "./game-state";
import type { ServerMessage } from "./generated/contract";

export class GameSocket {
  private socket: WebSocket | null = null;
  private delay = 500;
  private closed = false;
  /** The game as this socket's messages made it. */
  private game: Game | null = null;
  /** Whether this connection has been announced live: on its first whole game, not on
   * `open`, because the server subscribes a socket to changes and chat before it sends that
   * game, and a chat line said between `open` and the subscription would be in neither the
   * page's `GET /chat` nor the socket. */
  private announced = false;

  constructor(
    private readonly url: string,
    private readonly onState: (game: Game) => void,
    private readonly onError: (message: string) => void,
    private readonly onLive: (live: boolean) => void,
    private readonly onChat: (line: ChatLine) => void = () => {},
  ) {}

  open(): void {
    if (this.closed) return;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    this.announced = false;
    socket.addEventListener("open", () => {
      this.delay = 500;
    });
    socket.addEventListener("message", (event) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      this.receive(socket, message);
    });
    socket.addEventListener("close", () => {
      this.onLive(false);
      if (this.socket !== socket || this.closed) return;
      this.game = null;
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 10000);
    });
  }

  private receive(socket: WebSocket, message: ServerMessage): void {
    if (message.type === "state") {
      this.game = message.game;
      this.onState(message.game);
      if (!this.announced) {
        this.announced = true;
        this.onLive(true);
      }
    } else if (message.type === "update") {
      const update = message.update;
      if (!this.game || update.version <= this.game.version) return;
      if (update.version !== this.game.version + 1) {
        // A change was missed: the whole game replaces what is held.
        this.game = null;
        socket.send(JSON.stringify({ type: "state" }));
        return;
      }
      this.game = applyUpdate(this.game, update);
      this.onState(this.game);
    } else if (message.type === "error") {
      this.onError(message.error);
    } else if (message.type === "chat") {
      this.onChat(message.line);
    }
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }
}
