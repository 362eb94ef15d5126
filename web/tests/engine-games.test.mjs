// Issue 6 "Must show": in each variant family a game against the engine, played through the
// page by clicking squares, to a result or 30 moves.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
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
      assert.ok(over || moves === MOVES, `${variant}: neither a result nor ${MOVES} moves (made ${moves})`);
      assert.ok(sans.length >= moves, `the move list shows ${sans.length} turns after ${moves} of ours`);
      assert.ok(state.ply >= moves, `the board is at ply ${state.ply} after ${moves} moves`);
      if (over) {
        const text = await page.textContent(".result");
        assert.match(text ?? "", /1-0|0-1|1\/2-1\/2/);
        const seed = await page.textContent(".seed");
        if (variant !== "chess" && variant !== "wildebeest" && !variant.startsWith("battle"))
          assert.match(seed ?? "", /Seed: \d+/, "the seed is shown at the end");
      }
      const errorShown = await page.$eval(".error", (el) => (el.hidden ? "" : el.textContent));
      assert.equal(errorShown, "", "the page shows no error");
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}
