// The board editor's FEN writing: placements read and written back unchanged in every board
// family, and the castling or unmoved-berserker rights kept only where they still fit.

import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./load.mjs";

const { parseFenBoard } = await load("fen");
const { writePlacement, possibleRights } = await load("board-editor");

const STARTS = [
  ["rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR", 8, 8, false],
  ["rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR[QRp]", 8, 8, true],
  ["rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR", 11, 10, false],
  ["bbbbbbbbbb/10/10/10/10/10/10/10/10/10/BBBBBBBBBB[Kk]", 10, 11, true],
  ["4k3/8/8/3*4/8/8/8/4K3", 8, 8, false],
];

test("a placement is written back as it was read", () => {
  for (const [placement, files, ranks, hands] of STARTS) {
    const board = parseFenBoard(`${placement} w - - 0 1`, files, ranks);
    assert.ok(board, placement);
    assert.equal(writePlacement(board, files, ranks, hands), placement);
  }
});

test("castling rights go with the king or the rook that moved", () => {
  const start = parseFenBoard("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 8, 8);
  const edited = parseFenBoard("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", 8, 8);
  assert.equal(possibleRights("KQkq", start, start, 8, 8), "KQkq");
  assert.equal(possibleRights("KQkq", edited, start, 8, 8), "q");
  assert.equal(possibleRights("-", edited, start, 8, 8), "-");
  const wild = "rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1";
  const wildStart = parseFenBoard(wild, 11, 10);
  const noQueensideRook = parseFenBoard(wild.replace("RNBBQKWCCNR", "1NBBQKWCCNR"), 11, 10);
  assert.equal(possibleRights("KQkq", noQueensideRook, wildStart, 11, 10), "Kkq");
});

test("Battle Chieftain keeps the files of berserkers still at home", () => {
  const start = parseFenBoard("bbbbbbbbbb/10/10/10/10/10/10/10/10/10/BBBBBBBBBB[Kk] w ABCDEFGHIJabcdefghij - 0 1", 10, 11);
  const moved = parseFenBoard("1bbbbbbbbb/b9/10/10/10/10/10/10/10/B9/1BBBBBBBBB[Kk] w ABCDEFGHIJabcdefghij - 0 1", 10, 11);
  assert.equal(possibleRights("ABCDEFGHIJabcdefghij", moved, start, 10, 11), "BCDEFGHIJbcdefghij");
});
