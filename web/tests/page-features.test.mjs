// The game page's other ways in and out: typed moves, keyboard squares, dragging, replay,
// a draw agreed, the PGN, physical dice with the beast's path, trample odds, a phone screen.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE_URL, boardState, clickRandomMove, createGame, launch, moveList, newPage, random, screenshot } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A test on a fresh page that must end with no error in the page or its console. */
function pageTest(name, timeout, ...rest) {
  const body = rest.pop();
  const viewport = rest[0];
  test(name, { timeout }, async () => {
    const { context, page, problems } = await newPage(browser, viewport);
    try {
      await body(page);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

const pieceOn = (page, square) =>
  page.$eval("svg.board", (svg, sq) => {
    const g = svg.querySelector(`g.piece:not(.trampled):not(.beast)[data-piece-square="${sq}"]`);
    return g ? `${g.dataset.white === "true" ? "white" : "black"} ${g.dataset.role}` : null;
  }, square);

async function waitPly(page, ply) {
  await page.waitForFunction((p) => Number(document.querySelector("svg.board").dataset.ply) >= p, ply, {
    timeout: 15000,
  });
  await page.waitForFunction(() => document.querySelector("svg.board").dataset.animating === "false");
}

/** Waits for an element that may be there for only a moment (a frame of an animation). */
async function glimpse(page, selector) {
  await page.waitForFunction((sel) => !!document.querySelector(sel), selector, { timeout: 5000, polling: 20 });
}

async function centre(page, square) {
  const box = await page.locator(`svg.board rect[data-square="${square}"]`).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

pageTest("typed, keyboard and dragged moves, replay, a takeback, an agreed draw, the PGN", 120000, async (page) => {
  await createGame(page, { variant: "chess", opponent: "local" });
  await page.fill(".move-text", "e4");
  await page.press(".move-text", "Enter");
  await waitPly(page, 1);
  assert.equal(await pieceOn(page, "e4"), "white pawn");

  await page.focus("svg.board");
  await page.keyboard.press("ArrowUp"); // the cursor appears on e2
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await waitPly(page, 2);
  assert.equal(await pieceOn(page, "e5"), "black pawn");

  const from = await centre(page, "g1");
  const to = await centre(page, "f3");
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await waitPly(page, 3);
  assert.equal(await pieceOn(page, "f3"), "white knight");
  assert.deepEqual(await moveList(page), ["e4", "e5", "Nf3"]);

  await page.click('.movelist button.san[data-index="1"]');
  assert.equal(await pieceOn(page, "e5"), null, "replay shows the position after 1. e4");
  assert.equal(await pieceOn(page, "g1"), "white knight");
  await page.click('[data-nav="first"]');
  assert.equal(await pieceOn(page, "e2"), "white pawn", "replay reaches the start");
  await page.click('[data-nav="last"]');
  assert.equal(await pieceOn(page, "f3"), "white knight");

  await page.click('button[data-action="take-back-here"]');
  await page.waitForFunction(() => document.querySelector("svg.board").dataset.ply === "2");
  assert.deepEqual(await moveList(page), ["e4", "e5"], "the takeback undid 2. Nf3");
  assert.equal(await pieceOn(page, "g1"), "white knight");
  await page.fill(".move-text", "Nf3");
  await page.press(".move-text", "Enter");
  await waitPly(page, 3);

  await page.click('button[data-action="draw-here"]');
  await page.waitForSelector(".result:not([hidden])");
  assert.match(await page.textContent(".result"), /1\/2-1\/2/);
  const href = await page.$eval("a.pgn", (a) => a.href);
  const pgn = await (await page.request.get(href)).text();
  assert.match(pgn, /1\. e4 e5 2\. Nf3/);
  assert.match(pgn, /1\/2-1\/2/);
});

pageTest("physical dice: the roll typed in, the beast's path and trample shown, trample odds", 120000, async (page) => {
  await createGame(page, { variant: "behemoth", opponent: "local", dice: "physical" });
  assert.equal(await pieceOn(page, "d4"), null);
  assert.ok(await page.$('svg.board g.beast[data-piece-square="d4"]'), "the Behemoth starts on d4");

  await page.fill(".move-text", "e2e4");
  await page.press(".move-text", "Enter");
  await page.waitForSelector(".roll-form:not([hidden])");
  const offered = await page.$$eval(".roll-pick option", (os) => os.map((o) => o.value).filter(Boolean));
  assert.equal(offered.length, 32, "a Behemoth roll has 32 outcomes to pick from");
  await page.fill(".roll-text", "7 4");
  await page.click('.roll-form button[type="submit"]');
  // the walk is animated square by square, the trampled pieces shown as they go
  await glimpse(page, ".dice-view.rolling");
  await glimpse(page, 'svg.board g.beast[data-piece-square="d2"]');
  await glimpse(page, 'svg.board g.trampled[data-piece-square="d2"][data-role="pawn"]');
  await glimpse(page, 'svg.board g.beast[data-piece-square="d1"]');
  await waitPly(page, 2);
  for (const sq of ["d2", "d1", "d8"]) assert.equal(await pieceOn(page, sq), null, `${sq} was trampled`);
  assert.ok(await page.$('svg.board g.beast[data-piece-square="d8"]'), "the Behemoth stops on d8");
  assert.match(await page.textContent(".dice-view"), /Trampled/);

  await page.check(".odds-box");
  const shaded = await page.$$eval("svg.board rect.odds", (rs) => rs.map((r) => Number(r.dataset.odds)));
  assert.ok(shaded.length > 0 && shaded.every((p) => p > 0 && p <= 1), "trample odds shade the board");
  await screenshot(page, "behemoth-trample-odds");
});

pageTest("a phone-sized screen fits the board and the move box", 60000, { width: 390, height: 844 }, async (page) => {
  await createGame(page, { variant: "battle-chieftain", opponent: "local" });
  const box = await page.locator("svg.board").boundingBox();
  assert.ok(box.width <= 390 && box.width > 300, `the board is ${box.width}px wide on a 390px screen`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
  assert.equal(await page.$$eval("svg.board rect.sq.hole", (r) => r.length), 26, "26 holes drawn");
  assert.ok((await page.$$("svg.board rect.sq.dest")).length > 0, "the king placement squares are offered");
  await screenshot(page, "battle-chieftain-phone");
  assert.equal((await boardState(page)).ply, 0);
});

pageTest("Behemoth Loop: trampled pieces go to the hand and are dropped from it", 120000, async (page) => {
  await createGame(page, { variant: "behemoth-loop", opponent: "local", dice: "physical" });
  const turn = async (text, ply) => {
    await page.fill(".move-text", text);
    await page.press(".move-text", "Enter");
    await page.waitForSelector(".roll-form:not([hidden])");
    return ply;
  };
  const roll = async (text, ply) => {
    await page.fill(".roll-text", text);
    await page.click('.roll-form button[type="submit"]');
    await waitPly(page, ply);
  };
  await turn("e4", 1);
  await roll("7 4", 2); // south 4 from d4: d3, d2, d1, d8
  const hand = await page.$$eval('.hand[data-side="bottom"] .hand-piece', (els) => els.map((e) => e.dataset.letter));
  assert.deepEqual(hand.sort(), ["P", "Q"], "White's trampled pawn and queen are in White's hand");
  await turn("e5", 3);
  await roll("2 1", 4); // north 1 from d8 wraps to d1
  await page.click('.hand[data-side="bottom"] button.hand-piece[data-drop="Q"]');
  await page.waitForSelector('svg.board rect.sq.dest[data-square="d3"]');
  await page.click('svg.board rect[data-square="d3"]');
  await page.waitForSelector(".roll-form:not([hidden])");
  assert.equal(await pieceOn(page, "d3"), "white queen");
  assert.deepEqual((await moveList(page)).slice(-1), ["Q@d3"]);
});

pageTest("promotion: the chooser offers every piece and plays the one picked; resigning", 120000, async (page) => {
  await createGame(page, { variant: "chess", opponent: "local" });
  const setup = ["a4", "b5", "axb5", "a6", "bxa6", "Bb7", "axb7", "Nc6"];
  for (const [i, san] of setup.entries()) {
    await page.fill(".move-text", san);
    await page.press(".move-text", "Enter");
    await waitPly(page, i + 1);
  }
  await page.click('svg.board rect[data-square="b7"]');
  await page.click('svg.board rect[data-square="a8"]');
  await page.waitForSelector(".modal:not([hidden])");
  const offered = await page.$$eval(".modal .choice span", (els) => els.map((e) => e.textContent));
  assert.deepEqual(offered.sort(), ["bxa8=B", "bxa8=N", "bxa8=Q", "bxa8=R"]);
  await screenshot(page, "promotion-chooser");
  await page.click('.modal .choice[data-uci="b7a8n"]');
  await waitPly(page, 9);
  assert.equal(await pieceOn(page, "a8"), "white knight");
  assert.deepEqual((await moveList(page)).slice(-1), ["bxa8=N"]);
  await page.click('button[data-action="resign"]');
  await page.click('button[data-action="resign-confirmed"]');
  await page.waitForSelector(".result:not([hidden])");
  assert.match(await page.textContent(".result"), /1-0 White wins — resignation/, "Black, on move, resigned");
});

pageTest("a spectator's page follows the game live and reconnects after the socket drops", 60000, async (page) => {
  const sockets = [];
  await page.routeWebSocket(/\/ws/, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  const created = await (
    await page.request.post(`${BASE_URL}/api/games`, { data: { variant: "chess", opponent: "local" } })
  ).json();
  const play = (turn, ply) =>
    page.request.post(`${BASE_URL}/api/games/${created.id}/turn`, {
      data: { token: created.seats.white, turn, ply },
    });
  await page.goto(`${BASE_URL}/game/${created.id}?watch`);
  await page.waitForSelector("svg.board rect.sq");
  assert.equal(await page.$$eval("svg.board rect.sq.movable", (r) => r.length), 0, "a spectator cannot move");
  assert.ok((await play("e2e4", 0)).ok());
  await waitPly(page, 1);
  sockets[0].close();
  for (let i = 0; i < 100 && sockets.length < 2; i++) await page.waitForTimeout(100);
  assert.ok(sockets.length >= 2, "the page opened a new socket after the drop");
  assert.ok((await play("e7e5", 1)).ok());
  await waitPly(page, 2);
  assert.equal(await pieceOn(page, "e5"), "black pawn");
});

pageTest("against the engine, a takeback is granted at once", 60000, async (page) => {
  await createGame(page, { variant: "chess" });
  for (const [i, san] of ["e4", "d4"].entries()) {
    await page.waitForFunction(() => document.querySelector("svg.board").dataset.ready === "true");
    await page.fill(".move-text", san);
    await page.press(".move-text", "Enter");
    await waitPly(page, 2 * i + 1);
  }
  await page.waitForFunction(() => document.querySelector("svg.board").dataset.ready === "true");
  const before = await moveList(page);
  assert.equal(before.length, 4);
  await page.click('button[data-action="offer-takeback"]');
  await page.waitForFunction(() => document.querySelectorAll(".movelist button.san").length === 2);
  assert.deepEqual(await moveList(page), before.slice(0, 2), "2. d4 and the engine's reply are undone");
  await page.waitForFunction(() => document.querySelector("svg.board").dataset.ready === "true");
  assert.equal(await pieceOn(page, "d2"), "white pawn");
});

pageTest("the clock of the side to move counts down between updates, from White's first move", 60000, async (page) => {
  await createGame(page, { variant: "wildebeest", opponent: "local", clock: "60000+0" });
  const read = (color) => page.textContent(`.player-bar[data-color="${color}"] .clock`);
  const seconds = (text) => {
    const [m, s] = text.split(":");
    return Number(m) * 60 + Number(s);
  };
  assert.equal(seconds(await read("white")), 60, "no clock runs before White's first move");
  await page.waitForFunction(() => document.querySelector("svg.board").dataset.ready === "true");
  await clickRandomMove(page, random(3));
  const start = seconds(await read("black"));
  assert.ok(start > 55 && start <= 60, `Black starts with ${start} s`);
  await page.waitForTimeout(2200);
  const later = seconds(await read("black"));
  assert.ok(later <= start - 1.5 && later >= start - 4, `Black's clock went from ${start} to ${later} s`);
  assert.equal(seconds(await read("white")), 60, "White's clock stands still");
  assert.ok(await page.$('.player-bar[data-color="black"] .clock.running'));
});

pageTest("rule options from the home page reach the game: the Juggernaut starts on a chosen square", 60000, async (page) => {
  await page.goto(`${BASE_URL}/`);
  await page.waitForSelector('select.variant option[value="juggernaut"]', { state: "attached" });
  await page.click(".more summary");
  await page.selectOption("select.variant", "juggernaut");
  await page.check('input[name="opponent"][value="local"]');
  assert.ok(await page.isHidden("label.level"), "no engine level for a game at one screen");
  await page.selectOption('select[name="rule:juggernaut-edge"]', "reroll");
  await page.selectOption('select[name="rule:juggernaut-start"]', "(a square)");
  await page.fill('input[name="square:juggernaut-start"]', "f6");
  await Promise.all([page.waitForURL(/\/game\//), page.click("button.create")]);
  await page.waitForSelector('svg.board g.beast[data-piece-square="f6"][data-role="juggernaut"]');
  const id = new URL(page.url()).pathname.split("/").pop();
  const game = await (await page.request.get(`${BASE_URL}/api/games/${id}`)).json();
  assert.equal(game.rules["juggernaut-edge"], "reroll");
  assert.equal(game.rules["juggernaut-start"], "f6");
});
