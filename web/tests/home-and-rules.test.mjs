// The home page's cards (each variant's start position drawn by the board component, its
// line, one click to play it three ways) and the rules pages (issue 18 parts 6 and 5).

import assert from "node:assert/strict";
import { BASE_URL, DESKTOP, PHONE, pageTests, screenshot } from "./helpers.mjs";

const pageTest = pageTests();

for (const [label, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
]) {
  pageTest(`the home page shows every game as a card with its start position (${label})`, viewport, async (page) => {
    await page.goto(`${BASE_URL}/`);
    const variants = await (await page.request.get(`${BASE_URL}/api/variants`)).json();
    await page.waitForSelector(".card svg.board");
    const cards = await page.$$eval(".card", (els) =>
      els.map((card) => {
        const svg = card.querySelector("svg.board");
        return {
          id: card.dataset.variant,
          title: card.querySelector("h2").textContent,
          line: card.querySelector("p").textContent,
          squares: svg.querySelectorAll("rect.sq").length,
          holes: svg.querySelectorAll("rect.sq.hole").length,
          walls: svg.querySelectorAll("rect.sq.wall-white, rect.sq.wall-black").length,
          pieces: svg.querySelectorAll("g.piece:not(.beast)").length,
          beast: svg.querySelector("g.beast")?.dataset.role ?? null,
          buttons: [...card.querySelectorAll("button[data-opponent]")].map((b) => b.dataset.opponent),
        };
      }),
    );
    assert.deepEqual(
      cards.map((c) => c.id),
      variants.map((v) => v.id),
    );
    for (const [i, v] of variants.entries()) {
      const c = cards[i];
      assert.equal(c.title, v.name);
      assert.equal(c.line, v.summary);
      assert.equal(c.squares, v.start.board.files * v.start.board.ranks, v.id);
      assert.equal(c.holes, v.start.board.holes.length, `${v.id} holes`);
      assert.equal(c.walls, v.start.board.walls.white.length + v.start.board.walls.black.length, `${v.id} walls`);
      assert.equal(c.beast, v.start.beast_kind, `${v.id} beast`);
      assert.ok(c.pieces >= (v.placement ? 8 : 16), `${v.id} has its pieces (${c.pieces})`);
      assert.deepEqual(c.buttons, ["engine", "friend", "local"]);
    }
    assert.ok(cards.some((c) => c.holes > 0) && cards.some((c) => c.walls > 0) && cards.some((c) => c.beast));
    await screenshot(page, `home-${label}`);
  });
}

pageTest("one click on a card plays the engine, invites a friend or plays at one screen", DESKTOP, async (page) => {
  for (const [opponent, check] of [
    ["engine", async () => assert.match(await page.textContent('.player-bar[data-color="black"]'), /engine/)],
    ["friend", async () => assert.ok(await page.isVisible(".invite-link"))],
    ["local", async () => assert.match(await page.textContent(".status"), /White to move/)],
  ]) {
    await page.goto(`${BASE_URL}/`);
    await page.waitForSelector('.card[data-variant="behemoth"] button');
    await Promise.all([
      page.waitForURL(/\/game\/[^/?]+/),
      page.click(`.card[data-variant="behemoth"] button[data-opponent="${opponent}"]`),
    ]);
    await page.waitForSelector("svg.board g.beast");
    await page.waitForFunction(() => document.querySelector(".status").textContent.length > 0);
    await check();
  }
});

for (const [label, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
]) {
  pageTest(`the rules page of Battle Chieftain: its board drawn, every rule, no citations (${label})`, viewport, async (page) => {
    await page.goto(`${BASE_URL}/rules/battle-chieftain`);
    await page.waitForSelector(".rules-page h1");
    assert.equal(await page.textContent(".rules-page h1"), "Battle Chieftain Chess");
    assert.ok((await page.$$("svg.board.diagram rect.sq.wall-white")).length > 0, "the walls are drawn");
    assert.equal((await page.$$(".rules-boards svg.board.diagram")).length, 4, "the four boards, drawn");
    assert.doesNotMatch(await page.textContent(".rules-text"), /```/);
    const text = await page.textContent(".rules-text");
    assert.match(text, /berserker/i);
    assert.doesNotMatch(text, /product decision|\[seed/);
    assert.ok((await page.$$(".rule-options li")).length > 0, "the home-rows option is listed");
    await screenshot(page, `rules-battle-chieftain-${label}`);
  });
}

pageTest("the game page links to its rules; a rules page for no game says so", DESKTOP, async (page) => {
  await page.goto(`${BASE_URL}/`);
  await page.waitForSelector('.card[data-variant="juggernaut"] button');
  await Promise.all([page.waitForURL(/\/game\//), page.click('.card[data-variant="juggernaut"] button[data-opponent="local"]')]);
  await page.click(".about summary");
  await Promise.all([page.waitForURL(/\/rules\/juggernaut$/), page.click(".about .rules-link")]);
  await page.waitForSelector("svg.board.diagram g.beast[data-role=juggernaut]");
  assert.match(await page.textContent(".rules-text"), /teleport/i);
  assert.ok(await page.$('.rules-text a[href="/rules/behemoth"]'), "'as in section 2' links to Behemoth's rules");
  await screenshot(page, "rules-juggernaut");
  await page.goto(`${BASE_URL}/rules/nonesuch`);
  await page.waitForSelector(".missing h1");
  assert.equal(await page.$("svg.board"), null);
});
