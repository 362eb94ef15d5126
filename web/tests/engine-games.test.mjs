// Issue 6 "Must show": in each variant family a game against the engine, played through the
// page by clicking squares, to a result or 30 moves.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import {
  boardState,
  clickRandomMove,
  createGame,
  isOver,
  launch,
  moveList,
  newPage,
  random,
  screenshot,
  waitForTurn,
} from "./helpers.mjs";

const FAMILIES = ["chess", "behemoth", "juggernaut", "behemoth-loop", "battle-chieftain", "wildebeest"];
const MOVES = Number(process.env.MENAGERIE_BROWSER_MOVES ?? 30);
const DICE = new Set(["behemoth", "juggernaut", "behemoth-loop"]);

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

for (const [index, variant] of FAMILIES.entries()) {
  test(`${variant}: a game against the engine through the page`, { timeout: 15 * 60 * 1000 }, async () => {
    const { context, page, problems } = await newPage(browser);
    try {
      await createGame(page, { variant });
      const commitment = DICE.has(variant) ? await page.textContent(".seed .commitment") : null;
      if (DICE.has(variant)) assert.match(commitment ?? "", /^[0-9a-f]{64}$/, "the seed commitment is shown at the start");
      const pick = random(1000 + index);
      let moves = 0;
      while (moves < MOVES && (await waitForTurn(page))) {
        await clickRandomMove(page, pick);
        moves += 1;
        if (moves === 1) await screenshot(page, `${variant}-first-move`);
      }
      await waitForTurn(page).catch(() => {});
      await page.waitForFunction(() => document.querySelector("svg.board").dataset.animating === "false");
      const over = await isOver(page);
      const state = await boardState(page);
      const sans = await moveList(page);
      await screenshot(page, `${variant}-end`);
      assert.ok(moves > 0, "at least one move was made through the page");
      assert.ok(over || moves === MOVES, `${variant}: neither a result nor ${MOVES} moves (made ${moves})`);
      assert.ok(sans.length >= moves, `the move list shows ${sans.length} turns after ${moves} of ours`);
      assert.ok(state.ply >= moves, `the board is at ply ${state.ply} after ${moves} moves`);
      if (over) {
        const text = await page.textContent(".result");
        assert.match(text ?? "", /1-0|0-1|1\/2-1\/2/);
        if (DICE.has(variant)) {
          const seed = await page.textContent(".seed .seed-value");
          assert.match(seed ?? "", /^\d+$/, "the seed is shown at the end");
          const hash = createHash("sha256").update(seed).digest("hex");
          assert.equal(hash, commitment, "the seed shown at the end is the one committed at the start");
        }
      }
      const errorShown = await page.$eval(".error", (el) => (el.hidden ? "" : el.textContent));
      assert.equal(errorShown, "", "the page shows no error");
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}
