// The game's socket announces itself live (which makes the page read the chat) only once the
// server has sent the whole game, since the server subscribes the socket to chat before that
// message and not before `open`.

import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./load.mjs";

/** A WebSocket the test drives: it records listeners and fires them on request. */
class FakeSocket {
  static made = [];
  constructor(url) {
    this.url = url;
    this.listeners = {};
    this.sent = [];
    FakeSocket.made.push(this);
  }
  addEventListener(kind, listener) {
    (this.listeners[kind] ??= []).push(listener);
  }
  send(text) {
    this.sent.push(text);
  }
  close() {
    this.fire("close");
  }
  fire(kind, event = {}) {
    for (const listener of this.listeners[kind] ?? []) listener(event);
  }
}
globalThis.WebSocket = FakeSocket;

const { GameSocket } = await load("socket");

const stateMessage = (version) => ({ data: JSON.stringify({ type: "state", game: { id: "g", version, history: [] } }) });

test("live is announced on the first whole game, not on open", () => {
  const live = [];
  const states = [];
  const socket = new GameSocket("ws://x/g", (game) => states.push(game.version), () => {}, (on) => live.push(on));
  socket.open();
  const fake = FakeSocket.made.at(-1);
  fake.fire("open");
  assert.deepEqual(live, [], "open alone does not announce");
  fake.fire("message", stateMessage(1));
  assert.deepEqual(live, [true]);
  assert.deepEqual(states, [1]);
  fake.fire("message", stateMessage(2));
  assert.deepEqual(live, [true], "a later whole game does not announce again");
  socket.close();
  assert.deepEqual(live, [true, false]);
});

test("after a drop the new connection is announced again on its first whole game", async () => {
  const live = [];
  const socket = new GameSocket("ws://x/g", () => {}, () => {}, (on) => live.push(on));
  socket.open();
  const first = FakeSocket.made.at(-1);
  first.fire("open");
  first.fire("message", stateMessage(1));
  first.fire("close");
  assert.deepEqual(live, [true, false]);
  await new Promise((resolve) => setTimeout(resolve, 600));
  const second = FakeSocket.made.at(-1);
  assert.notEqual(second, first, "the socket reconnected");
  second.fire("open");
  assert.deepEqual(live, [true, false]);
  second.fire("message", stateMessage(2));
  assert.deepEqual(live, [true, false, true]);
  socket.close();
});
