// Matching what a player clicks or types against the server's legal list.

import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./load.mjs";

const { matchTyped, dropGroups, initialSelection, movableSquares, destinations } = await load("moves");

const turn = (uci, san, from, to, extra = {}) => ({ uci, san, from, to, drop: null, promotion: null, kind: "move", ...extra });
const chess = [
  turn("e2e4", "e4", "e2", "e4"),
  turn("g1f3", "Nf3", "g1", "f3"),
  turn("e1g1", "O-O", "e1", "g1", { kind: "castle" }),
  turn("b7a8q", "bxa8=Q+", "b7", "a8", { kind: "promotion", promotion: "Q" }),
  turn("b7a8n", "bxa8=N", "b7", "a8", { kind: "promotion", promotion: "N" }),
  turn("b2c3", "bxc3", "b2", "c3"),
  turn("f1c4", "Bc4", "f1", "c4"),
];

test("typed moves: coordinates, SAN, and SAN without its marks", () => {
  assert.deepEqual(matchTyped(chess, "e2e4").map((t) => t.uci), ["e2e4"]);
  assert.deepEqual(matchTyped(chess, "E2E4").map((t) => t.uci), ["e2e4"]);
  assert.deepEqual(matchTyped(chess, "Nf3").map((t) => t.uci), ["g1f3"]);
  assert.deepEqual(matchTyped(chess, "0-0").map((t) => t.uci), ["e1g1"]);
  assert.deepEqual(matchTyped(chess, "bxa8=Q").map((t) => t.uci), ["b7a8q"]);
  assert.deepEqual(matchTyped(chess, "bc3").map((t) => t.uci), ["b2c3"], "a pawn capture without x");
  assert.deepEqual(matchTyped(chess, "Bc4").map((t) => t.uci), ["f1c4"], "upper case keeps the bishop");
  assert.deepEqual(matchTyped(chess, "Nf6"), []);
  assert.deepEqual(matchTyped(chess, "  "), []);
});

test("Wildebeest's tenth rank is not read as castling", () => {
  const legal = [turn("e9e10w", "e10=W", "e9", "e10", { promotion: "W" })];
  assert.deepEqual(matchTyped(legal, "e9e10w").map((t) => t.uci), ["e9e10w"]);
  assert.deepEqual(matchTyped(legal, "e10W").map((t) => t.uci), ["e9e10w"]);
});

test("placing a king needs no pick; crowning is a from-less turn too", () => {
  const place = ["b2", "d2"].map((sq) => turn(`K@${sq}`, `K@${sq}`, null, sq, { kind: "drop", drop: "K" }));
  assert.deepEqual(initialSelection(place), { kind: "drop", letter: "K" });
  assert.deepEqual([...destinations(place, initialSelection(place))].sort(), ["b2", "d2"]);
  const crown = [turn("K@c1", "K@c1", "c1", "c1", { kind: "crown" })];
  assert.equal(movableSquares(crown).size, 0, "the crowned berserker's square is not a move's start");
  assert.deepEqual([...dropGroups(crown).keys()], ["K"]);
  assert.deepEqual(initialSelection(chess), null);
});
