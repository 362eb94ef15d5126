// After a game, a rematch: between two browsers one offers and the other accepts, and both
// pages move to the new game with the colours swapped; against the engine it starts at once.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createGame, launch, newPage, screenshot } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const gameId = (page) => new URL(page.url()).pathname.split("/").pop();
const flipped = (page) => page.$eval("svg.board", (s) => s.dataset.flipped);

async function resign(page) {
  await page.click('button[data-action="resign"]');
  await page.click('button[data-action="resign-confirmed"]');
  await page.waitForSelector(".result:not([hidden])");
}

test("two players: one offers a rematch, the other accepts, both change colour", { timeout: 120000 }, async () => {
  const alice = await newPage(browser);
  const bob = await newPage(browser);
  try {
    await createGame(alice.page, { variant: "chess", opponent: "friend", color: "white" });
    await alice.page.waitForSelector(".invite:not([hidden]) .invite-link");
    const link = await alice.page.$eval(".invite-link", (el) => el.value);
    await bob.page.goto(link);
    await bob.page.waitForURL((url) => !url.searchParams.has("invite"));
    await bob.page.waitForSelector('button[data-action="resign"]');
    const first = gameId(alice.page);
    await resign(bob.page);
    await alice.page.waitForSelector(".result:not([hidden])");

    await alice.page.click('button[data-action="rematch"]');
    await alice.page.waitForSelector(".rematch-note");
    assert.equal(gameId(alice.page), first, "an offer alone leaves the page where it is");
    await bob.page.waitForSelector('.incoming-offer[data-offer="rematch"]');
    assert.equal(await bob.page.$$eval('button[data-action="rematch"]', (els) => els.length), 1, "one way to accept");
    await screenshot(bob.page, "rematch-offered");
    await bob.page.click('.incoming-offer button[data-action="rematch"]');

    for (const page of [alice.page, bob.page]) {
      await page.waitForURL((url) => !url.pathname.endsWith(`/${first}`));
      await page.waitForSelector("svg.board rect.sq");
    }
    assert.equal(gameId(alice.page), gameId(bob.page), "both pages are in the same rematch");
    assert.ok(!alice.page.url().includes("seat=") && !bob.page.url().includes("seat="), "the seat tokens stay in storage");
    assert.equal(await flipped(alice.page), "true", "Alice, White before, plays Black");
    assert.equal(await flipped(bob.page), "false", "Bob, Black before, plays White");
    await bob.page.waitForFunction(() => document.querySelector("svg.board")?.dataset.ready === "true");
    assert.match(await bob.page.textContent(".status"), /Your move/);

    // the old game now points its watchers at the rematch
    const watcher = await newPage(browser);
    try {
      await watcher.page.goto(alice.page.url().replace(gameId(alice.page), first));
      // the page draws the link once the game has arrived
      await watcher.page.waitForSelector(".rematch-link");
      const href = await watcher.page.$eval(".rematch-link", (a) => a.getAttribute("href"));
      assert.equal(href, `/game/${gameId(alice.page)}`);
    } finally {
      await watcher.context.close();
    }
    assert.deepEqual(alice.problems, []);
    assert.deepEqual(bob.problems, []);
  } finally {
    await alice.context.close();
    await bob.context.close();
  }
});

test("against the engine the rematch starts at once, colours swapped", { timeout: 120000 }, async () => {
  const { page, context, problems } = await newPage(browser);
  try {
    await createGame(page, { variant: "chess", opponent: "engine", color: "white" });
    const first = gameId(page);
    await resign(page);
    await page.click('button[data-action="rematch"]');
    // The click and the old game's update may both lead to the new game; waitForURL fails
    // when the second navigation aborts the first (it did once in CI), a polled check does not.
    await page.waitForFunction((id) => !location.pathname.endsWith(`/${id}`), first);
    await page.waitForSelector("svg.board rect.sq");
    assert.equal(await flipped(page), "true", "White before, Black now");
    // the engine, now White, moves first
    await page.waitForFunction(() => Number(document.querySelector("svg.board")?.dataset.ply) >= 1, null, {
      timeout: 30000,
    });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
