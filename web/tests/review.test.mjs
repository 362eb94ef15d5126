// The post-game review (issue 18 part 2): a finished Behemoth game reviewed by the engine,
// its evaluation graph, the luck of every roll and the verdict, each as the server computed
// it (crates/server/src/review.rs checks the luck values against its own search of every
// roll), reached from the game page's "Review" link, at the desktop and phone sizes.

import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { DESKTOP, PHONE, BASE_URL, pageTests, screenshot } from "./helpers.mjs";

const pageTest = pageTests();
const SHOTS = process.env.MENAGERIE_SHOTS;

/** Plays `moves` first-legal moves of a Behemoth game at one screen through the API, then
 * resigns; returns the game's id. */
async function finishedBehemothGame(page, moves) {
  await page.goto(`${BASE_URL}/`);
  return page.evaluate(async (n) => {
    const post = async (path, body, token) => {
      const r = await fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return r.json();
    };
    const created = await post("/api/games", { variant: "behemoth", opponent: "local" });
    const token = created.seats.white;
    let game = created.game;
    for (let i = 0; i < n && game.status === "playing" && game.legal.length; i++) {
      // a different legal move each turn, so the game moves on
      const next = await post(`/api/games/${created.id}/turn`, { token, turn: game.legal[i % game.legal.length].uci, ply: game.ply }, token);
      if (next.error) throw new Error(`turn ${i}: ${next.error}`);
      game = next;
    }
    if (game.status === "playing") await post(`/api/games/${created.id}/action`, { action: "resign" }, token);
    return created.id;
  }, moves);
}

const pawns = (cp) => {
  const v = cp / 100;
  const t = Math.abs(v).toFixed(1);
  return v >= 0.05 ? `+${t}` : v <= -0.05 ? `−${t}` : "0.0";
};

for (const [label, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
  pageTest(`a finished Behemoth game's review shows each roll's luck and the verdict (${label})`, viewport, async (page) => {
    const id = await finishedBehemothGame(page, 16);
    await page.goto(`${BASE_URL}/game/${id}`);
    const link = page.locator(".review-link");
    await link.waitFor({ state: "visible", timeout: 30000 });
    await Promise.all([page.waitForURL(/\/review\//), link.click()]);
    await page.waitForSelector(".verdict", { timeout: 60000 });

    const review = await page.evaluate(async (gameId) => (await fetch(`/api/games/${gameId}/review`)).json(), id);
    const rolls = review.entries.filter((e) => e.kind === "roll");
    // a trampled king can end a game early: one roll is enough to check
    assert.ok(rolls.length >= 1, `rolls reviewed: ${rolls.length}`);
    assert.equal(await page.textContent(".verdict"), review.verdict);
    const total = rolls.reduce((sum, e) => sum + e.luck, 0);
    assert.ok(Math.abs(total - review.luck_white) < 1e-6);
    assert.match(review.verdict, /^The dice (gave (White|Black) \+\d+\.\d pawns in all|favoured neither side)\.$/);
    if (Math.abs(total) >= 5)
      assert.ok(review.verdict.includes(`${total > 0 ? "White" : "Black"} +${Math.abs(total / 100).toFixed(1)}`));

    // every roll's luck as the list shows it, and one bar per roll
    const shown = await page.$$eval(".review-moves li.roll .luck", (els) => els.map((e) => e.textContent));
    assert.deepEqual(shown, rolls.map((e) => pawns(e.luck)));
    assert.equal(await page.locator(".luck-graph .luck-bar").count(), rolls.length);
    assert.equal(await page.locator(".eval-graph .mark").count(), review.entries.filter((e) => e.judgement).length);
    const counted = await page.$$eval('.judgements tr[data-side] td', (tds) => tds.map((td) => Number(td.textContent)));
    const j = review.judgements;
    assert.deepEqual(counted, [j.white.inaccuracies, j.white.mistakes, j.white.blunders, j.black.inaccuracies, j.black.mistakes, j.black.blunders]);

    // stepping to a roll shows its luck in words and draws that position
    const firstRoll = rolls[0];
    await page.click(`.review-moves li[data-ply="${firstRoll.ply}"]`);
    assert.match(await page.textContent(".review-now"), new RegExp(`${pawns(firstRoll.luck).replace("+", "\\+")} for White`));
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.locator(".review-moves li.current").getAttribute("data-ply"), String(firstRoll.ply + 1));
    assert.ok(await page.locator(".review-board svg.board").isVisible());
    await screenshot(page, `review-behemoth-${label}`);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/review-behemoth-${label}.png`, fullPage: true });
    }
  });
}

pageTest("a game still on has no review yet", DESKTOP, async (page) => {
  await page.goto(`${BASE_URL}/`);
  const id = await page.evaluate(async () => {
    const r = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ variant: "chess", opponent: "local" }) });
    return (await r.json()).id;
  });
  await page.goto(`${BASE_URL}/review/${id}`);
  await page.waitForSelector(".missing .error");
  assert.match(await page.textContent(".missing .error"), /not over/);
  assert.equal(await page.locator(".review-link, .verdict").count(), 0);
}, ["409"]);
