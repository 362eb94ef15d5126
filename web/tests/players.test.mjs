// Accounts and ratings in the browser: two players register, log out and in again, play a
// rated game through the invitation link, and both see the rating change at its end; the
// profile and the leaderboard show it too.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE_URL, clickRandomMove, launch, newPage, random, screenshot } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Fills and sends one of the account page's forms. */
async function send(page, form, values) {
  for (const [name, value] of Object.entries(values)) await page.fill(`form.${form} input[name="${name}"]`, value);
  await page.click(`form.${form} button[type="submit"]`);
}

async function register(page, name, password) {
  await page.goto(`${BASE_URL}/account`);
  await page.waitForSelector("form.register");
  await send(page, "register", { name, password });
  await page.waitForSelector(".logged-in .account-name");
  assert.equal(await page.textContent(".account-name"), name);
}

test("register, log in and a rated game's rating change", { timeout: 5 * 60 * 1000 }, async () => {
  const suffix = String(Date.now() % 100000);
  const [aliceName, bobName] = [`alice${suffix}`, `bob${suffix}`];
  const alice = await newPage(browser);
  const bob = await newPage(browser);
  try {
    await register(alice.page, aliceName, "alice's password");
    await register(bob.page, bobName, "bob's password");

    // Out and in again; a wrong password is refused on the page.
    await alice.page.click("button.logout");
    await alice.page.waitForSelector("form.login");
    await send(alice.page, "login", { name: aliceName, password: "not the password" });
    await alice.page.waitForSelector("form.login .error:not([hidden])");
    assert.match(await alice.page.textContent("form.login .error"), /wrong name or password/);
    await send(alice.page, "login", { name: aliceName.toUpperCase(), password: "alice's password" });
    await alice.page.waitForSelector(".logged-in .account-name");
    await screenshot(alice.page, "account-logged-in");

    // A rated game with a friend.
    await alice.page.goto(`${BASE_URL}/`);
    await alice.page.waitForSelector('select.variant option[value="chess"]', { state: "attached" });
    await alice.page.click(".more summary");
    await alice.page.selectOption("select.variant", "chess");
    await alice.page.check('input[name="opponent"][value="friend"]');
    await alice.page.check('input[name="color"][value="white"]');
    await alice.page.check('input[name="rated"]');
    await Promise.all([alice.page.waitForURL(/\/game\/[^/?]+/), alice.page.click("button.create")]);
    await alice.page.waitForSelector(".invite:not([hidden]) .invite-link");
    const link = await alice.page.$eval(".invite-link", (el) => el.value);
    await bob.page.goto(link);
    await bob.page.waitForURL((url) => !url.searchParams.has("invite"));
    await bob.page.waitForSelector("svg.board rect.sq");
    await alice.page.waitForFunction((name) => document.querySelector(".game-players")?.textContent.includes(name), bobName);
    assert.match(await alice.page.textContent(".game-players"), /Rated/);

    await alice.page.waitForFunction(() => document.querySelector("svg.board")?.dataset.ready === "true");
    await clickRandomMove(alice.page, random(5));
    await bob.page.waitForFunction(() => document.querySelector("svg.board")?.dataset.ready === "true");
    await bob.page.click('button[data-action="resign"]');
    await bob.page.click('button[data-action="resign-confirmed"]');
    for (const { page } of [alice, bob]) {
      await page.waitForSelector(".result:not([hidden])");
      await page.waitForSelector(".game-players .rating-change");
      const changes = await page.$$eval(".game-players .rating-change", (els) => els.map((e) => e.textContent));
      assert.equal(changes.length, 2, changes.join(" | "));
      assert.match(changes[0], /1500 → 1[6-7]\d\d \(\+\d+\)/, "White won");
      assert.match(changes[1], /1500 → 1[3-4]\d\d \(-\d+\)/, "Black lost");
    }
    await screenshot(alice.page, "rated-game-rating-change");

    await alice.page.goto(`${BASE_URL}/player/${aliceName}`);
    await alice.page.waitForSelector("table.ratings");
    assert.match(await alice.page.textContent("table.ratings"), /chess/);
    await alice.page.waitForSelector("svg.rating-graph circle");
    assert.match(await alice.page.textContent("table.recent-games"), new RegExp(`${bobName}.*1-0.*rated`));
    await alice.page.goto(`${BASE_URL}/leaderboard/chess`);
    await alice.page.waitForSelector("table.leaderboard");
    const names = await alice.page.$$eval("table.leaderboard td:nth-child(2)", (els) => els.map((e) => e.textContent));
    assert.ok(names.indexOf(aliceName) >= 0 && names.indexOf(aliceName) < names.indexOf(bobName), names.join(","));
    // The one error the console saw is the wrong password's 401.
    assert.deepEqual(
      [...alice.problems, ...bob.problems].filter((p) => !/status of 401/.test(p)),
      [],
    );
    assert.equal(alice.problems.length, 1, alice.problems.join("\n"));
  } finally {
    await alice.context.close();
    await bob.context.close();
  }
});
