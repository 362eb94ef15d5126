// The analysis board (issue 18 part 1), one test per variant family: a position typed in
// as a FEN (or pasted as a PGN), the engine's lines streaming in depth by depth with two
// lines (MultiPV), the odds, and in the beast variants the worth of every roll.

import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { BASE_URL, DESKTOP, PHONE, pageTests, screenshot } from "./helpers.mjs";

const test = pageTests();
// The page retries while the analysis it started on its own stops (one per client): the
// browser logs those 429s.
const pageTest = (name, viewport, body, expected = []) => test(name, viewport, body, [...expected, "429"]);
const SHOTS = process.env.MENAGERIE_SHOTS;

async function shot(page, name) {
  await screenshot(page, name);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }
}

/** Opens the board, types `text` for `variant` with two lines, and returns the depths shown
 * one after another until the analysis is done. */
async function analyse(page, variant, text) {
  await page.goto(`${BASE_URL}/analysis`);
  await page.waitForSelector(".analysis-form select[name=variant] option", { state: "attached" });
  await page.selectOption("select[name=variant]", variant);
  await page.selectOption("select[name=lines]", "2");
  await page.fill("textarea[name=position]", text);
  await page.click("button.analyse");
  await page.waitForFunction(() => document.querySelector(".analysis-status")?.textContent.includes("done"), null, {
    timeout: 40000,
  });
  return page.$eval(".lines", (el) => el.dataset.depths.split(" ").map(Number));
}

async function checkLines(page, depths) {
  assert.ok(depths.length >= 2, `depths streamed: ${depths}`);
  assert.ok(depths.every((d, i) => i === 0 || d === depths[i - 1] + 1), `one depth after another: ${depths}`);
  const firsts = await page.$$eval(".lines .line .pv", (els) => els.map((e) => e.textContent.trim().split(/\s+/)[0]));
  assert.equal(firsts.length, 2, "two lines (MultiPV)");
  assert.notEqual(firsts[0], firsts[1], "two different first moves");
  assert.match(await page.textContent(".wdl"), /White wins \d+\.\d% · draw \d+\.\d% ·\s+Black wins \d+\.\d%/);
  const bar = await page.$eval(".eval-white", (el) => parseFloat(el.style.height));
  assert.ok(bar >= 0 && bar <= 100);
}

const startFen = async (page, id) => {
  await page.goto(`${BASE_URL}/`);
  return page.evaluate(async (v) => (await (await fetch("/api/variants")).json()).find((x) => x.id === v).start.fen, id);
};

pageTest("chess: a typed mate in one is found and scored #1", DESKTOP, async (page) => {
  const depths = await analyse(page, "chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  await checkLines(page, depths);
  assert.equal(await page.textContent(".lines .line:first-child .score"), "#1");
  assert.match(await page.textContent(".lines .line:first-child .pv"), /^Ra8#/);
  assert.equal(await page.locator(".roll-table").count(), 0, "no dice in chess");
  await shot(page, "analysis-chess");
});

pageTest("chess: a pasted PGN is analysed from its last position", DESKTOP, async (page) => {
  await analyse(page, "chess", '[Variant "Standard"]\n\n1. e4 e5 2. Nf3 *');
  const fen = await page.$eval(".analysis-board", (el) => el.dataset.fen);
  assert.match(fen, /^rnbqkbnr\/pppp1ppp\/8\/4p3\/4P3\/5N2\/PPPP1PPP\/RNBQKB1R b KQkq - 1 2$/);
});

for (const [variant, rolls] of [["behemoth", 32], ["juggernaut", null]]) {
  pageTest(`${variant}: lines stream and every roll after the best move is worth something`, DESKTOP, async (page) => {
    const depths = await analyse(page, variant, await startFen(page, variant));
    await checkLines(page, depths);
    const rows = await page.locator(".roll-table tr").count() - 1;
    if (rolls) assert.equal(rows, rolls);
    else assert.ok(rows >= 64, `${rows} rolls`);
    const chances = await page.$$eval(".roll-table tr td:nth-child(3)", (tds) => tds.map((td) => parseFloat(td.textContent)));
    const total = chances.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(total - 100) < 1, `chances add up to ${total}%`);
    await shot(page, `analysis-${variant}`);
  });
}

for (const variant of ["behemoth-loop", "battle-chieftain", "wildebeest"]) {
  pageTest(`${variant}: a typed position's lines stream with MultiPV`, variant === "wildebeest" ? PHONE : DESKTOP, async (page) => {
    const depths = await analyse(page, variant, await startFen(page, variant));
    await checkLines(page, depths);
    assert.ok(await page.locator(".analysis-board svg.board").isVisible());
    if (variant === "wildebeest") await shot(page, "analysis-wildebeest-phone");
  });
}

pageTest("a FEN that cannot be read says why", DESKTOP, async (page) => {
  await page.goto(`${BASE_URL}/analysis`);
  await page.waitForSelector(".analysis-status");
  await page.fill("textarea[name=position]", "not a fen");
  await page.click("button.analyse");
  await page.waitForSelector(".analysis .error:not([hidden])");
  assert.ok((await page.textContent(".analysis .error")).length > 3);
}, ["400"]);

pageTest("the board editor sets up a Behemoth Loop position with a hand, and it is analysed", DESKTOP, async (page) => {
  await page.goto(`${BASE_URL}/analysis`);
  await page.waitForSelector(".analysis-form select[name=variant] option", { state: "attached" });
  await page.selectOption("select[name=variant]", "behemoth-loop");
  await page.click("button.edit-position");
  await page.waitForSelector(".board-editor .editor-board rect[data-square='e1']");
  const typed = () => page.inputValue("textarea[name=position]");
  assert.match(await typed(), /^rnbqkbnr\/pppppppp\/8\/8\/3\*4\/8\/PPPPPPPP\/RNBQKBNR\[\] w KQkq - 0 1$/);
  await page.click(".editor-clear");
  assert.equal(await typed(), "8/8/8/8/8/8/8/8[] w - - 0 1", "no king, no rook: no castling");
  const put = async (pick, square) => {
    await page.click(`.palette button${pick}`);
    await page.click(`.editor-board rect[data-square='${square}']`);
  };
  await put("[data-letter='K']", "e1");
  await put("[data-letter='k']", "e8");
  await put("[data-letter='Q']", "d1");
  await put("[data-letter='P']", "a2");
  await put("[data-beast]", "d5");
  await page.click(".palette button[data-letter='n']");
  await page.click(".hand-add");
  await put("[data-letter='P']", "a2"); // the same piece again takes it off
  await page.selectOption(".editor-side", "b");
  assert.equal(await typed(), "4k3/8/8/3*4/8/8/8/3QK3[n] b - - 0 1");
  assert.equal(await page.locator(".hand-pieces button").count(), 1);
  await shot(page, "analysis-editor");
  await page.click("button.analyse");
  await page.waitForFunction(() => document.querySelector(".analysis-status")?.textContent.includes("done"), null, {
    timeout: 40000,
  });
  assert.equal(await page.$eval(".analysis-board", (el) => el.dataset.fen.split(" ").slice(0, 2).join(" ")), "4k3/8/8/3*4/8/8/8/3QK3[n] b");
  assert.ok((await page.locator(".lines .line").count()) >= 1);
});

pageTest("the board editor keeps Battle Chieftain's holes empty", DESKTOP, async (page) => {
  await page.goto(`${BASE_URL}/analysis`);
  await page.waitForSelector(".analysis-form select[name=variant] option", { state: "attached" });
  await page.selectOption("select[name=variant]", "battle-chieftain");
  await page.click("button.edit-position");
  await page.waitForSelector(".board-editor .editor-board rect[data-square]");
  const hole = await page.evaluate(
    async () => (await (await fetch("/api/variants")).json()).find((v) => v.id === "battle-chieftain").start.board.holes[0],
  );
  const before = await page.inputValue("textarea[name=position]");
  assert.match(before, /\[Kk\] w ABCDEFGHIJabcdefghij - 0 1$/);
  await page.click(".palette button[data-letter='B']");
  await page.click(`.editor-board rect[data-square='${hole}']`);
  assert.equal(await page.inputValue("textarea[name=position]"), before, `nothing goes on the hole ${hole}`);
  // a berserker taken off its home square loses its right to stay unmoved
  await page.click(".palette button[data-erase]");
  await page.click(".editor-board rect[data-square='a1']");
  assert.match(await page.inputValue("textarea[name=position]"), /\[Kk\] w BCDEFGHIJabcdefghij - 0 1$/);
});
