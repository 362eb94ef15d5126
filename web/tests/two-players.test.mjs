// Two people in two browser contexts: one creates a friend game, the other opens the
// invitation link, and they play turn about; both pages must show the same game.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  boardState,
  clickRandomMove,
  createGame,
  launch,
  moveList,
  newPage,
  random,
  screenshot,
} from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test("two players through the invitation link", { timeout: 10 * 60 * 1000 }, async () => {
  const alice = await newPage(browser);
  const bob = await newPage(browser, { width: 390, height: 844 });
  try {
    await createGame(alice.page, { variant: "behemoth", opponent: "friend", color: "white" });
    await alice.page.waitForSelector(".invite:not([hidden]) .invite-link");
    const link = await alice.page.$eval(".invite-link", (el) => el.value);
    assert.match(link, /\/game\/[^?]+\?invite=/);
    await screenshot(alice.page, "two-players-invite");

    await bob.page.goto(link);
    await bob.page.waitForURL((url) => !url.searchParams.has("invite"));
    assert.ok(!bob.page.url().includes("seat="), "the seat token is kept out of the address bar");
    assert.ok(!alice.page.url().includes("seat="), "the creator's seat token is kept out of the address bar");
    await bob.page.waitForSelector("svg.board rect.sq");
    assert.equal(await bob.page.$eval("svg.board", (s) => s.dataset.flipped), "true", "Black sees the board flipped");
    // A reload still holds the seat: the token was kept in storage.
    await bob.page.reload();
    await bob.page.waitForSelector("svg.board rect.sq");
    assert.equal(await bob.page.$eval("svg.board", (s) => s.dataset.flipped), "true", "Black still plays after a reload");
    await alice.page.waitForFunction(() => document.querySelector(".invite")?.hidden === true);

    const pick = random(77);
    const players = [alice.page, bob.page];
    for (let turn = 0; turn < 12; turn++) {
      const page = players[turn % 2];
      await page.waitForFunction(
        () =>
          document.querySelector("svg.board")?.dataset.ready === "true" ||
          !document.querySelector(".result")?.hidden,
        null,
        { timeout: 30000 },
      );
      if (!(await page.$eval(".result", (el) => el.hidden))) break;
      await clickRandomMove(page, pick);
    }
    // the page that moved last is ahead until the other hears of the move
    const ply = Math.max((await boardState(alice.page)).ply, (await boardState(bob.page)).ply);
    for (const page of players)
      await page.waitForFunction((p) => Number(document.querySelector("svg.board").dataset.ply) === p, ply, {
        timeout: 15000,
      });
    assert.deepEqual(await moveList(bob.page), await moveList(alice.page), "both pages show the same moves");
    const fenOf = (page) =>
      page.$$eval("svg.board g.piece:not(.trampled)", (els) =>
        els.map((g) => `${g.dataset.pieceSquare}:${g.dataset.role}:${g.dataset.white}`).sort(),
      );
    for (const page of players)
      await page.waitForFunction(() => document.querySelector("svg.board")?.dataset.animating === "false");
    await screenshot(alice.page, "two-players-white");
    await screenshot(bob.page, "two-players-black-phone");
    assert.deepEqual(await fenOf(bob.page), await fenOf(alice.page), "both boards show the same pieces");

    if (await alice.page.$eval(".result", (el) => el.hidden)) {
      // offers go to the other player, who answers them on their own page
      await alice.page.click('button[data-action="offer-draw"]');
      await bob.page.waitForSelector('button[data-action="decline-draw"]');
      await bob.page.click('button[data-action="decline-draw"]');
      await alice.page.waitForSelector('button[data-action="offer-draw"]');
      const before = await moveList(alice.page);
      const whiteMoves = before.filter((_, i) => i % 2 === 0).length;
      await alice.page.click('button[data-action="offer-takeback"]');
      await bob.page.waitForSelector('button[data-action="accept-takeback"]');
      await bob.page.click('button[data-action="accept-takeback"]');
      await alice.page.waitForFunction(
        (n) => document.querySelectorAll(".movelist button.san").length === n,
        2 * (whiteMoves - 1),
      );
      const after = await moveList(alice.page);
      assert.deepEqual(after, before.slice(0, 2 * (whiteMoves - 1)), "White's last move and what followed are undone");
      await bob.page.waitForFunction(
        (n) => document.querySelectorAll(".movelist button.san").length === n,
        after.length,
      );
    }
    assert.deepEqual(alice.problems, []);
    assert.deepEqual(bob.problems, []);
  } finally {
    await alice.context.close();
    await bob.context.close();
  }
});
