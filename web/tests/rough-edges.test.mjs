// The rough edges of issue 18 part 3, each as a player meets it: takebacks against the engine
// with dice, a game that does not exist, the board fitting the window with hands, the lobby,
// focus and the keyboard cursor, the seed line, roll arrows on a turned board, the
// Juggernaut's heat map, clocks before the first move, a draw offer, the engine levels and
// the coordinates on a phone.

import assert from "node:assert/strict";
import { BASE_URL, DESKTOP, PHONE, createGame, pageTests, screenshot } from "./helpers.mjs";

const pageTest = pageTests();

async function waitPly(page, ply) {
  await page.waitForFunction((p) => Number(document.querySelector("svg.board").dataset.ply) >= p, ply, {
    timeout: 30000,
  });
  await page.waitForFunction(() => document.querySelector("svg.board").dataset.animating === "false");
}

async function typeMove(page, move) {
  await page.waitForFunction(() => document.querySelector("svg.board")?.dataset.ready === "true", null, {
    timeout: 30000,
  });
  await page.fill(".move-text", move);
  await page.press(".move-text", "Enter");
}

/** Creates a game through the API from inside the page (for filling the lobby quickly). */
const createByApi = (page, body) =>
  page.evaluate(async (b) => {
    const r = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(b) });
    return r.json();
  }, body);

pageTest("take back against the engine: explained with the server's dice, granted with physical dice", DESKTOP, async (page) => {
  // The server's dice are not seeded here, and now and then they trample a king in the first
  // rolls: that game is over, with nothing to take back, so a new one is started.
  for (let attempt = 1; ; attempt++) {
    await createGame(page, { variant: "behemoth", opponent: "engine", level: "1" });
    await typeMove(page, "e2e4");
    await waitPly(page, 2);
    await page.waitForSelector('.takeback-note, [data-action="rematch"]');
    if ((await page.$(".takeback-note")) !== null) break;
    assert.ok(attempt < 5, "five games in a row ended by the dice within two plies");
  }
  assert.equal(await page.$('[data-action="offer-takeback"]'), null, "no button that does nothing");
  assert.match(await page.textContent(".takeback-note"), /next/);
  await screenshot(page, "takeback-note-behemoth");

  await createGame(page, { variant: "behemoth", opponent: "engine", level: "1", dice: "physical" });
  await typeMove(page, "e2e4");
  await waitPly(page, 1);
  await page.click('[data-action="offer-takeback"]');
  await page.waitForFunction(() => document.querySelector("svg.board").dataset.ply === "0");
  assert.equal(await page.$(".takeback-note"), null);
});

for (const [label, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
]) {
  pageTest(`a game that does not exist says so, without a board (${label})`, viewport, async (page) => {
    await page.goto(`${BASE_URL}/game/doesnotexist`);
    await page.waitForSelector(".missing h1");
    assert.equal(await page.textContent(".missing h1"), "No such game");
    assert.equal(await page.$("svg.board"), null);
    assert.equal(await page.$(".conn"), null, "no live dot");
    assert.ok(await page.$('.missing a[href="/"]'));
    await screenshot(page, `no-such-game-${label}`);
  }, ["404 (Not Found)"]);

  pageTest(`Behemoth Loop: the board, hands, bars and tools all fit the window (${label})`, viewport, async (page) => {
    await createGame(page, { variant: "behemoth-loop", opponent: "local" });
    // fill both hands as a long game would, to see that the board makes room for them
    await page.evaluate(() => {
      for (const hand of document.querySelectorAll(".hand"))
        hand.innerHTML = '<span class="hand-piece"><svg width="34" height="34"></svg></span>'.repeat(14);
      window.dispatchEvent(new Event("resize"));
    });
    const bottoms = await page.evaluate(() =>
      [".board-wrap", '.hand[data-side="bottom"]', '.player-bar[data-side="bottom"]', ".board-tools"].map(
        (sel) => document.querySelector(sel).getBoundingClientRect().bottom,
      ),
    );
    for (const bottom of bottoms) assert.ok(bottom <= viewport.height, `${bottom} is below ${viewport.height}`);
    const size = await page.$eval("svg.board", (svg) => svg.getBoundingClientRect().width);
    assert.ok(size > viewport.width * 0.25, `the board is still a fair size (${size})`);
    await screenshot(page, `behemoth-loop-fits-${label}`);
  });
}

pageTest("the lobby filters by variant, pages, and says where each game stands", DESKTOP, async (page) => {
  await page.goto(`${BASE_URL}/`);
  const made = [];
  for (let i = 0; i < 12; i++) made.push(await createByApi(page, { variant: "wildebeest", opponent: "local" }));
  const played = await createByApi(page, { variant: "juggernaut", opponent: "local" });
  // The juggernaut starts on a random square, which may block any one move: play a legal one.
  const status = await page.evaluate(async ({ id, token, turn }) => {
    const reply = await fetch(`/api/games/${id}/turn`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ turn, ply: 0 }),
    });
    return reply.status;
  }, { id: played.id, token: played.seats.white, turn: played.game.legal[0].uci });
  assert.equal(status, 200, "White's first move is played");
  await page.reload();
  await page.waitForSelector('ul.games[data-status="playing"] li a');
  await page.selectOption(".lobby-variant", "juggernaut");
  await page.waitForFunction(
    (id) => {
      const rows = [...document.querySelectorAll('ul.games[data-status="playing"] li a')];
      return rows.length > 0 && rows.every((a) => a.textContent.includes("Juggernaut")) && rows.some((a) => a.dataset.game === id);
    },
    played.id,
  );
  const row = await page.textContent(`a[data-game="${played.id}"]`);
  assert.match(row, /move 1, Black to play/);
  assert.doesNotMatch(row, /ply/);
  await page.selectOption(".lobby-variant", "wildebeest");
  await page.waitForFunction(() => {
    const rows = [...document.querySelectorAll('ul.games[data-status="playing"] li a')];
    return rows.length === 10 && rows.every((a) => a.textContent.includes("Wildebeest"));
  });
  assert.match(await page.textContent('ul.games[data-status="playing"] li a'), /no move yet/);
  await page.click('.more-games[data-status="playing"]');
  await page.waitForFunction(() => document.querySelectorAll('ul.games[data-status="playing"] li a').length >= 12);
  const shown = await page.$$eval('ul.games[data-status="playing"] li a', (as) => as.map((a) => a.dataset.game));
  for (const g of made) assert.ok(shown.includes(g.id), `${g.id} is listed after "Show more"`);
  await screenshot(page, "lobby-filtered");
});

pageTest("focus outlines only from the keyboard; no dashed cursor after a click", DESKTOP, async (page) => {
  await createGame(page, { variant: "chess", opponent: "local" });
  await page.click('svg.board rect[data-square="e2"]');
  await page.click('svg.board rect[data-square="e4"]');
  await waitPly(page, 1);
  const afterClicks = await page.$eval("svg.board", (svg) => ({
    focused: document.activeElement === svg,
    outline: getComputedStyle(svg).outlineStyle,
    cursor: !!svg.querySelector("rect.cursor"),
  }));
  assert.deepEqual(afterClicks, { focused: true, outline: "none", cursor: false });
  await page.keyboard.press("ArrowUp");
  const afterKeys = await page.$eval("svg.board", (svg) => ({
    cursor: !!svg.querySelector("rect.cursor"),
    outline: getComputedStyle(svg).outlineStyle,
  }));
  assert.deepEqual(afterKeys, { cursor: true, outline: "solid" });
});

pageTest("the seed line breaks only inside the hashes; roll arrows turn with the board (phone)", PHONE, async (page) => {
  await createGame(page, { variant: "behemoth", opponent: "local" });
  await typeMove(page, "e2e4");
  await waitPly(page, 2);
  const splitWords = await page.$eval(".seed", (seed) => {
    const split = [];
    const walker = document.createTreeWalker(seed, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest("code")) continue;
      const text = node.textContent;
      for (const m of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        if (range.getClientRects().length > 1) split.push(m[0]);
      }
    }
    return split;
  });
  assert.deepEqual(splitWords, []);
  const arrow = () => page.$eval(".roll-meaning", (el) => el.textContent.match(/[↑↓←→↖↘↗↙]/)[0]);
  const before = await arrow();
  await page.click(".flip");
  const turned = { "↑": "↓", "↓": "↑", "←": "→", "→": "←", "↖": "↘", "↘": "↖", "↗": "↙", "↙": "↗" };
  assert.equal(await arrow(), turned[before]);
  await screenshot(page, "behemoth-flipped-phone");
});

pageTest("Juggernaut's heat map: the teleport's chance said once, not over every square", DESKTOP, async (page) => {
  await createGame(page, { variant: "juggernaut", opponent: "local" });
  await page.check(".odds-box");
  await page.waitForSelector("svg.board rect.odds");
  const { squares, labels } = await page.$eval("svg.board", (svg) => ({
    squares: svg.querySelectorAll("rect.odds").length,
    labels: [...svg.querySelectorAll(".odds-label")].map((t) => t.textContent),
  }));
  assert.ok(labels.length < squares / 2, `${labels.length} labels for ${squares} squares`);
  const note = await page.textContent(".odds-note");
  assert.match(note, /Every unlabelled square: [\d.]+%.*teleport/);
  const shared = note.match(/([\d.]+%)/)[1];
  assert.ok(!labels.includes(shared), `no square repeats ${shared}`);
  await screenshot(page, "juggernaut-heat-map");
});

pageTest("clocks start after White's first move", DESKTOP, async (page) => {
  await createGame(page, { variant: "chess", opponent: "local", clock: "60000+0" });
  assert.equal(await page.$(".clock.running"), null);
  assert.match(await page.textContent(".status"), /clocks start after White's first move/);
  await page.waitForTimeout(1500);
  assert.deepEqual(await page.$$eval(".clock", (els) => els.map((e) => e.textContent)), ["1:00", "1:00"]);
  await typeMove(page, "e4");
  await waitPly(page, 1);
  await page.waitForSelector('.player-bar[data-color="black"] .clock.running');
});

pageTest("a draw offer is a banner with the answer buttons at the top of the panel", DESKTOP, async (page, context) => {
  await createGame(page, { variant: "chess", opponent: "friend" });
  const link = await page.inputValue(".invite-link");
  const guest = await context.browser().newContext({ viewport: DESKTOP });
  try {
    const other = await guest.newPage();
    await other.goto(link);
    await page.waitForSelector('.status:text("Your move.")', { timeout: 15000 });
    await typeMove(page, "e4");
    await page.click('[data-action="offer-draw"]');
    await other.waitForSelector('.incoming-offer[data-offer="draw"]');
    const box = await other.locator('.incoming-offer [data-action="accept-draw"]').boundingBox();
    assert.ok(box && box.y + box.height <= DESKTOP.height, "the answer is above the fold");
    await screenshot(other, "draw-offer");
    await other.click('.incoming-offer [data-action="accept-draw"]');
    await page.waitForSelector(".result:not([hidden])");
    assert.match(await page.textContent(".result"), /Draw/);
  } finally {
    await guest.close();
  }
});

pageTest("the engine level starts at the server's default and each level says what it is", DESKTOP, async (page) => {
  await page.goto(`${BASE_URL}/`);
  await page.click(".more summary");
  await page.waitForSelector(".level-list li", { state: "attached" }); // the levels come from /api/levels
  assert.equal(await page.inputValue('input[name="level"]'), "3");
  const about = [];
  for (let level = 1; level <= 8; level++) {
    await page.$eval('input[name="level"]', (el, v) => {
      el.value = v;
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }, String(level));
    about.push(await page.textContent(".level-about"));
  }
  assert.equal(new Set(about).size, 8, "eight different descriptions");
  assert.match(about[4], /measured about 2100 Elo/, "level 5's rating as docs/engine.md measures it");
  assert.match(about[7], /measured about 2420 Elo/, "level 8's rating, measured at its think time");
});

pageTest("coordinates are legible on a phone and drawn above the pieces", PHONE, async (page) => {
  await createGame(page, { variant: "wildebeest", opponent: "local" });
  const coords = await page.$eval("svg.board", (svg) => {
    const texts = [...svg.querySelectorAll("text.coord")];
    const lastPiece = [...svg.children].map((c) => c.matches("g.piece")).lastIndexOf(true);
    const group = [...svg.children].indexOf(texts[0].parentElement);
    const ten = texts.find((t) => t.textContent === "10");
    return {
      heights: texts.map((t) => t.getBoundingClientRect().height),
      above: group > lastPiece,
      ten: ten && getComputedStyle(ten).stroke,
    };
  });
  assert.ok(Math.min(...coords.heights) >= 9, `coordinates ${Math.min(...coords.heights)}px tall`);
  assert.ok(coords.above, "the coordinates are drawn after the pieces");
  assert.notEqual(coords.ten, "none", "'10' has a halo that keeps it readable over a piece");
  await screenshot(page, "wildebeest-phone");
});
