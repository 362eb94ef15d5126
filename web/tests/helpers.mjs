// Shared pieces of the browser tests: Debian's Chromium through playwright-core, a seeded
// random mover that plays through the page by clicking squares, and screenshots.

import { chromium } from "playwright-core";
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

export const BASE_URL = process.env.MENAGERIE_URL ?? "http://127.0.0.1:8080";
export const ARTIFACTS = process.env.MENAGERIE_ARTIFACTS ?? "../target/browser-screenshots";
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

export async function launch() {
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-dev-shm-usage",
    ],
  });
}

export async function newPage(browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console error: ${m.text()}`);
  });
  return { context, page, problems };
}

export async function screenshot(page, name) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** A small seeded generator, so a failing game can be replayed click for click. */
export function random(seed) {
  let state = seed >>> 0 || 1;
  return (n) => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state % n;
  };
}

/** Creates a game from the home page's form and waits for the game page. */
export async function createGame(
  page,
  { variant, opponent = "engine", level = "1", color = "white", dice = null, clock = null },
) {
  await page.goto(`${BASE_URL}/`);
  await page.waitForSelector(`select.variant option[value="${variant}"]`, { state: "attached" });
  await page.click(".more summary");
  await page.selectOption("select.variant", variant);
  await page.check(`input[name="opponent"][value="${opponent}"]`);
  await page.check(`input[name="color"][value="${color}"]`);
  if (dice) await page.check(`input[name="dice"][value="${dice}"]`);
  if (clock) await page.selectOption('select[name="clock"]', clock);
  await page.$eval('input[name="level"]', (el, v) => {
    el.value = v;
  }, level);
  await Promise.all([
    page.waitForURL(/\/game\/[^/?]+/),
    opponent === "engine" ? page.click(".play-engine") : page.click("button.create"),
  ]);
  await page.waitForSelector("svg.board rect.sq");
}

export const boardState = (page) =>
  page.$eval("svg.board", (svg) => ({
    ply: Number(svg.dataset.ply),
    ready: svg.dataset.ready === "true",
    owed: svg.dataset.owed,
  }));

export const isOver = (page) => page.$eval(".result", (el) => !el.hidden);

/** Waits until the page is ready for this player's move, or the game is over. */
export async function waitForTurn(page, timeout = 90000) {
  await page.waitForFunction(
    () => {
      const svg = document.querySelector("svg.board");
      const result = document.querySelector(".result");
      return (result && !result.hidden) || (svg && svg.dataset.ready === "true");
    },
    null,
    { timeout, polling: 100 },
  );
  return !(await isOver(page));
}

/** Makes one random legal move by clicking squares (and the promotion chooser if it opens). */
export async function clickRandomMove(page, pick) {
  const before = (await boardState(page)).ply;
  const preselected = await page.$$("svg.board rect.sq.dest");
  if (preselected.length === 0) {
    const movable = await page.$$eval("svg.board rect.sq.movable", (els) => els.map((e) => e.dataset.square));
    if (movable.length === 0) throw new Error("the page is ready but shows nothing to move");
    const from = movable[pick(movable.length)];
    await page.click(`svg.board rect[data-square="${from}"]`);
    await page.waitForSelector("svg.board rect.sq.dest", { timeout: 5000 });
  }
  const dests = await page.$$eval("svg.board rect.sq.dest", (els) => els.map((e) => e.dataset.square));
  const to = dests[pick(dests.length)];
  await page.click(`svg.board rect[data-square="${to}"]`);
  const modal = await page.$(".modal:not([hidden]) .choice");
  if (modal) await modal.click();
  await page.waitForFunction(
    (ply) => {
      const svg = document.querySelector("svg.board");
      const result = document.querySelector(".result");
      return (result && !result.hidden) || Number(svg.dataset.ply) > ply;
    },
    before,
    { timeout: 30000, polling: 100 },
  );
}

/** The SAN texts of the move list, in order. */
export const moveList = (page) => page.$$eval(".movelist button.san", (els) => els.map((e) => e.textContent));

/**
 * One browser for a test file, and `pageTest(name, viewport, body, expected)`: a test on a
 * fresh page (`body(page, context)`) that must end with no error in the page or its console
 * but those containing one of `expected` (errors it causes on purpose, such as a 404).
 */
export function pageTests() {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });
  return (name, viewport, body, expected = []) => {
    test(name, { timeout: 120000 }, async () => {
      const { context, page, problems } = await newPage(browser, viewport);
      try {
        await body(page, context);
        assert.deepEqual(
          problems.filter((p) => !expected.some((e) => p.includes(e))),
          [],
        );
      } finally {
        await context.close();
      }
    });
  };
}

/** Registers an account from `page` (open on this server) through the API; the page is then
 * logged in as `name`. */
export async function registerThroughApi(page, name, password = `${name}'s password`) {
  const status = await page.evaluate(async ([name, password]) => {
    const r = await fetch("/api/account/register", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name, password }),
    });
    return r.status;
  }, [name, password]);
  if (status !== 201) throw new Error(`registering ${name}: status ${status}`);
}

/** A server of the test's own (`MENAGERIE_BIN serve`) on `dataDir`, for a test that stops
 * and starts it; `port` 0 takes a free one. `stop()` kills it at once (SIGKILL). */
export async function startServer(dataDir, port = 0) {
  const bin = process.env.MENAGERIE_BIN;
  if (!bin) throw new Error("MENAGERIE_BIN is not set (scripts/browser-test sets it)");
  const server = spawn(bin, ["serve", "--addr", `127.0.0.1:${port}`, "--data-dir", dataDir, "--web-dir", "dist"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${log}`)), 30000);
    server.stderr.on("data", (chunk) => {
      log += chunk;
      const found = /listening on (http:\/\/[0-9.:]+)/.exec(log);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    server.on("exit", (code) => reject(new Error(`the server stopped (${code}):\n${log}`)));
  });
  return {
    url,
    port: Number(new URL(url).port),
    stop: () =>
      new Promise((resolve) => {
        if (server.exitCode !== null || server.signalCode !== null) return resolve();
        server.once("exit", resolve);
        server.kill("SIGKILL");
      }),
  };
}
