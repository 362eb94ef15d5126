// Reading FEN boards for drawing: every board size, the beast, hands and Battle Chieftain's holes.

import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./load.mjs";

const { parseFenBoard, sanctuarySquares } = await load("fen");

test("the Behemoth's `*` is the beast, not a piece", () => {
  const b = parseFenBoard("rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 8, 8);
  assert.equal(b.beast, "d4");
  assert.equal(b.pieces.size, 32);
  assert.deepEqual(b.pieces.get("e1"), { letter: "K", white: true });
  assert.deepEqual(b.pieces.get("d8"), { letter: "Q", white: false });
});

test("Wildebeest's 11x10 board with the two-digit empty count", () => {
  const b = parseFenBoard("rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1", 11, 10);
  assert.equal(b.pieces.size, 44);
  assert.deepEqual(b.pieces.get("k1"), { letter: "R", white: true });
  assert.deepEqual(b.pieces.get("e10"), { letter: "W", white: false });
  assert.deepEqual(b.pieces.get("g1"), { letter: "W", white: true });
  assert.equal(b.beast, null);
});

test("Battle Chieftain counts holes in its rank strings and keeps the kings in hand", () => {
  const fen = "bbbbbbbbbb/10/10/10/10/10/10/10/10/10/BBBBBBBBBB[Kk] w ABCDEFGHIJabcdefghij - 0 1";
  const b = parseFenBoard(fen, 10, 11);
  assert.equal(b.pieces.size, 20);
  assert.deepEqual(b.pieces.get("j11"), { letter: "B", white: false });
  assert.deepEqual(b.hand, ["K", "k"]);
  assert.equal(sanctuarySquares(fen, 11).size, 20);
  const later = sanctuarySquares("b9/10/10/10/10/10/10/10/10/1K8/B9 b Aa - 4 3", 11);
  assert.deepEqual([...later].sort(), ["a1", "a11"]);
  assert.equal(sanctuarySquares("10/10/10/10/10/10/10/10/10/10/10 w - - 0 1", 11).size, 0);
});

test("Behemoth Loop hands, promoted markers", () => {
  const b = parseFenBoard("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR[Qpp] w KQkq - 0 1", 8, 8);
  assert.deepEqual(b.hand, ["Q", "p", "p"]);
  assert.deepEqual(b.pieces.get("d1"), { letter: "Q", white: true });
  assert.deepEqual(b.pieces.get("e1"), { letter: "K", white: true });
});

test("a board that does not fit its shape is refused", () => {
  assert.equal(parseFenBoard("8/8/8/8/8/8/8/8 w - - 0 1", 8, 10), null, "too few ranks");
  assert.equal(parseFenBoard("9/8/8/8/8/8/8/8 w - - 0 1", 8, 8), null, "a rank too long");
  assert.equal(parseFenBoard("7/8/8/8/8/8/8/8 w - - 0 1", 8, 8), null, "a rank too short");
  assert.equal(parseFenBoard("8/8/8/8/8/8/8/7$ w - - 0 1", 8, 8), null, "a stray character");
});
