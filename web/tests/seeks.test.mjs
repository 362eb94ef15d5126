// Seeks in the browser: one player posts a seek from the home page, another accepts it
// there, and both pages arrive in the game with their seats; quick pairing brings two
// players waiting for the same game together; a spectator sees the count in the lobby.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE_URL, clickRandomMove, launch, newPage, random, registerThroughApi, screenshot } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const suffix = String(Date.now() % 100000);

async function player(name) {
  const p = await newPage(browser);
  await p.page.goto(`${BASE_URL}/account`);
  await registerThroughApi(p.page, `${name}${suffix}`);
  await p.page.goto(`${BASE_URL}/`);
  await p.page.waitForSelector("form.seek-form");
  return p;
}

const boardReady = (page) => page.waitForFunction(() => document.querySelector("svg.board")?.dataset.ready === "true");

test("a seek posted, accepted from the list, and the game played by both", { timeout: 180000 }, async () => {
  const alice = await player("sally");
  const bob = await player("sid");
  const watcher = await newPage(browser);
  try {
    await alice.page.selectOption('form.seek-form select[name="variant"]', "behemoth");
    await alice.page.selectOption('form.seek-form select[name="time"]', "600000+5000");
    await alice.page.selectOption('form.seek-form select[name="color"]', "white");
    await alice.page.check('form.seek-form input[name="rated"]');
    await alice.page.click("button.post-seek");
    await alice.page.waitForSelector(".seeks li.yours .seek-cancel");
    assert.match(await alice.page.textContent(".seek-status"), /posted/);

    // bob's list shows it within a refresh
    await bob.page.waitForFunction((name) => document.querySelector(".seeks")?.textContent.includes(name), `sally${suffix}`);
    const row = await bob.page.textContent(".seeks li.seek");
    assert.match(row, /Behemoth Chess · 10 \+ 5 · rated · sally\d+ plays white/);
    await screenshot(bob.page, "seeks-list");
    await Promise.all([bob.page.waitForURL(/\/game\/[^/?]+$/), bob.page.click(".seeks li.seek .seek-accept")]);
    const gameUrl = bob.page.url();

    // alice's page notices within a few seconds and goes to the same game, seated
    await alice.page.waitForURL(gameUrl, { timeout: 15000 });
    for (const { page } of [alice, bob]) {
      await page.waitForSelector("svg.board rect.sq");
      await page.waitForFunction(() => document.querySelector(".game-players")?.textContent.includes("Rated"));
    }
    await boardReady(alice.page);
    await clickRandomMove(alice.page, random(7));
    await bob.page.waitForFunction(() => document.querySelectorAll(".movelist button.san").length >= 1);
    await boardReady(bob.page);
    assert.match(await bob.page.title(), /^Your turn/);

    // a spectator is counted in the lobby
    await watcher.page.goto(gameUrl);
    await watcher.page.waitForSelector("svg.board rect.sq");
    const viewer = await newPage(browser);
    await viewer.page.goto(`${BASE_URL}/`);
    await viewer.page.waitForFunction(
      (id) => document.querySelector(`.games a[data-game="${id}"]`)?.textContent.includes("1 watching"),
      gameUrl.split("/").pop(),
      { timeout: 15000 },
    );
    await viewer.context.close();
    assert.deepEqual([...alice.problems, ...bob.problems, ...watcher.problems], []);
  } finally {
    await alice.context.close();
    await bob.context.close();
    await watcher.context.close();
  }
});

test("quick pairing brings two players together", { timeout: 120000 }, async () => {
  const carol = await player("cora");
  const dave = await player("dave");
  try {
    for (const { page } of [carol, dave]) {
      await page.selectOption('form.seek-form select[name="variant"]', "wildebeest");
      await page.selectOption('form.seek-form select[name="time"]', "180000+2000");
    }
    await carol.page.click("button.quick-pairing");
    await carol.page.waitForSelector(".seeks li.yours");
    assert.match(await carol.page.textContent(".seek-status"), /Nobody is waiting/);
    await Promise.all([dave.page.waitForURL(/\/game\/[^/?]+$/), dave.page.click("button.quick-pairing")]);
    await carol.page.waitForURL(dave.page.url(), { timeout: 15000 });
    for (const { page } of [carol, dave]) {
      await page.waitForSelector("svg.board rect.sq");
      assert.match(await page.textContent(".game-players"), new RegExp(`cora${suffix}[\\s\\S]*dave${suffix}|dave${suffix}[\\s\\S]*cora${suffix}`));
    }
    // exactly one of the two has a move to make
    await Promise.any([carol, dave].map(({ page }) => page.waitForFunction(() => document.title.startsWith("Your turn"))));
    const ready = await Promise.all(
      [carol, dave].map(({ page }) => page.evaluate(() => document.title.startsWith("Your turn"))),
    );
    assert.equal(ready.filter(Boolean).length, 1, ready.join(","));
    await screenshot(carol.page, "quick-pairing-game");
    assert.deepEqual([...carol.problems, ...dave.problems], []);
  } finally {
    await carol.context.close();
    await dave.context.close();
  }
});
