// A correspondence game from the home page: days per move on the clocks, the game on the
// player's list with their turn first, and "Your turn" in the tab's title.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE_URL, clickRandomMove, createGame, launch, newPage, random, screenshot } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test("three days per move against the engine, listed in my games", { timeout: 120000 }, async () => {
  const { page, context, problems } = await newPage(browser);
  try {
    await page.goto(`${BASE_URL}/account`);
    const registered = await page.evaluate(async () => {
      const r = await fetch("/api/account/register", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "dora", password: "dora's password" }),
      });
      return r.status;
    });
    assert.equal(registered, 201);
    await createGame(page, { variant: "chess", opponent: "engine", color: "white", clock: "days:3" });
    await page.waitForFunction(() => document.querySelector("svg.board")?.dataset.ready === "true");
    assert.match(await page.title(), /^Your turn · Chess/);
    const clocks = await page.$$eval(".clock:not([hidden])", (els) => els.map((e) => e.textContent));
    assert.deepEqual(clocks, ["3 d 0 h", "3 d 0 h"], "both sides have three days");
    const id = new URL(page.url()).pathname.split("/").pop();
    await clickRandomMove(page, random(5));
    // the engine answers; the turn is White's again, with three whole days
    await page.waitForFunction(() => Number(document.querySelector("svg.board")?.dataset.ply) >= 2, null, {
      timeout: 30000,
    });
    await page.goto(`${BASE_URL}/my-games`);
    await page.waitForSelector(".my-game");
    const first = await page.$eval(".my-game", (li) => ({
      href: li.querySelector("a").getAttribute("href"),
      turn: li.classList.contains("your-turn"),
      state: li.querySelector(".my-game-state").textContent,
    }));
    assert.equal(first.href, `/game/${id}`);
    assert.equal(first.turn, true);
    assert.match(first.state, /your turn, (3 d 0 h|2 d 23 h) left/);
    assert.match(await page.title(), /^\(1\) My games/);
    await screenshot(page, "my-games");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
