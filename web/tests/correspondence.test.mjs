// A correspondence game from the home page: days per move on the clocks, the game on the
// player's list with their turn first, and "Your turn" in the tab's title; and a game
// between two players that goes on after its server is killed and started again.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  BASE_URL,
  clickRandomMove,
  createGame,
  launch,
  newPage,
  random,
  registerThroughApi,
  screenshot,
  startServer,
  waitForTurn,
} from "./helpers.mjs";

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
    await registerThroughApi(page, "dora");
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

test("a correspondence game goes on after its server is killed and started again", { timeout: 180000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "menagerie-restart-"));
  let server = await startServer(dataDir);
  const alice = await newPage(browser);
  const bob = await newPage(browser);
  const moves = (page) => page.$$eval(".movelist button.san", (els) => els.length);
  try {
    for (const [{ page }, name] of [
      [alice, "rhea"],
      [bob, "remo"],
    ]) {
      await page.goto(`${server.url}/account`);
      await registerThroughApi(page, name);
    }
    const created = await alice.page.evaluate(async () => {
      const r = await fetch("/api/games", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ variant: "chess", opponent: "friend", color: "white", days_per_move: 2 }),
      });
      return r.json();
    });
    await bob.page.goto(`${server.url}/game/${created.id}?invite=${created.invite}`);
    await bob.page.waitForURL((url) => !url.searchParams.has("invite"));
    // alice's browser kept no token: the page asks for her account's seat
    await alice.page.goto(`${server.url}/game/${created.id}`);
    assert.ok(await waitForTurn(alice.page));
    await clickRandomMove(alice.page, random(3));
    await bob.page.waitForFunction(() => document.querySelectorAll(".movelist button.san").length === 1);

    await server.stop();
    await alice.page.waitForSelector(".conn.offline", { state: "attached" });
    server = await startServer(dataDir, server.port);

    // bob's page finds the server again and plays on; alice's page hears of it
    assert.ok(await waitForTurn(bob.page, 30000));
    await clickRandomMove(bob.page, random(4));
    await alice.page.waitForFunction(() => document.querySelectorAll(".movelist button.san").length === 2, null, {
      timeout: 30000,
    });
    assert.match(await alice.page.title(), /^Your turn/);
    const clocks = await alice.page.$$eval(".clock:not([hidden])", (els) => els.map((e) => e.textContent));
    assert.ok(clocks.some((c) => /(2 d 0 h|1 d 23 h)/.test(c)), `alice has two days again: ${clocks.join(" | ")}`);
    await alice.page.reload();
    assert.ok(await waitForTurn(alice.page));
    assert.equal(await moves(alice.page), 2);
    await alice.page.goto(`${server.url}/my-games`);
    await alice.page.waitForSelector(".my-game.your-turn");
    await screenshot(alice.page, "correspondence-after-restart");
    // the only errors: the sockets that found no server while it was down
    const unexpected = [...alice.problems, ...bob.problems].filter((p) => !/WebSocket|ERR_CONNECTION_REFUSED/.test(p));
    assert.deepEqual(unexpected, []);
  } finally {
    await alice.context.close();
    await bob.context.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
