// A socket's update applied to the game it holds: the history keeps its first `keep`
// entries and gains `added`, the changed fields replace the old ones, the rest stays.

import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./load.mjs";

const { applyUpdate } = await load("game-state");

const entry = (ply, uci) => ({ ply, uci, san: uci, color: null, kind: "move", path: [], trampled: [], fen: `f${ply}` });

test("an update after a move appends its entries and replaces what changed", () => {
  const game = { id: "g", version: 3, ply: 2, fen: "f2", board: { files: 8 }, history: [entry(1, "e2e4"), entry(2, "e7e5")] };
  const next = applyUpdate(game, { version: 4, keep: 2, added: [entry(3, "g1f3")], ply: 3, fen: "f3" });
  assert.deepEqual(next.history.map((h) => h.uci), ["e2e4", "e7e5", "g1f3"]);
  assert.equal(next.version, 4);
  assert.equal(next.fen, "f3");
  assert.deepEqual(next.board, { files: 8 }, "what an update does not carry stays");
  assert.equal("keep" in next || "added" in next, false);
  assert.equal(game.history.length, 2, "the game it was applied to is unchanged");
});

test("an update after a takeback keeps fewer entries", () => {
  const game = { version: 7, ply: 2, history: [entry(1, "e2e4"), entry(2, "e7e5")] };
  const next = applyUpdate(game, { version: 8, keep: 1, added: [], ply: 1 });
  assert.deepEqual(next.history.map((h) => h.uci), ["e2e4"]);
});
