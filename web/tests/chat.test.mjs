// A game's chat in three browsers: two players talk in their room, markup arrives as text,
// a spectator sees only the spectators' room and writes there once logged in, and a reader
// can mute an author or switch the chat off.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE_URL, createGame, launch, newPage, screenshot, registerThroughApi } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const chatLines = (page) =>
  page.$$eval(".chat-line", (items) =>
    items.map((li) => `${li.querySelector(".chat-author").textContent}: ${li.querySelector(".chat-text").textContent}`),
  );

async function say(page, text) {
  await page.fill(".chat-input", text);
  await page.click('.chat-form button[type="submit"]');
}

test("players chat, markup stays text, spectators have their own room, mute and off", { timeout: 120000 }, async () => {
  const alice = await newPage(browser);
  const bob = await newPage(browser);
  const carol = await newPage(browser);
  try {
    await createGame(alice.page, { variant: "chess", opponent: "friend", color: "white" });
    await alice.page.waitForSelector(".invite:not([hidden]) .invite-link");
    const link = await alice.page.$eval(".invite-link", (el) => el.value);
    await bob.page.goto(link);
    await bob.page.waitForURL((url) => !url.searchParams.has("invite"));
    await bob.page.waitForSelector(".chat-input");
    const gameUrl = `${BASE_URL}${new URL(bob.page.url()).pathname}`;

    const markup = `<img src=x onerror="window.pwned=1"> <b>bold</b> & co`;
    await say(alice.page, "good luck");
    await say(alice.page, markup);
    await bob.page.waitForFunction(() => document.querySelectorAll(".chat-line").length === 2);
    assert.deepEqual(await chatLines(bob.page), ["white: good luck", `white: ${markup}`]);
    assert.equal(await bob.page.$$eval(".chat-lines img, .chat-lines b", (els) => els.length), 0, "no markup was made");
    assert.equal(await bob.page.evaluate(() => window.pwned), undefined, "no script ran");
    await say(bob.page, "thanks, you too");
    await alice.page.waitForFunction(() => document.querySelectorAll(".chat-line").length === 3);
    await screenshot(alice.page, "chat-players");

    // a spectator reads the spectators' room only, and writes there once logged in
    await carol.page.goto(gameUrl);
    await carol.page.waitForSelector(".chat-note:not([hidden]) a[href='/account']");
    assert.equal(await carol.page.$eval(".chat-input", (el) => el.disabled), true);
    assert.deepEqual(await chatLines(carol.page), [], "the players' lines are theirs");
    await registerThroughApi(carol.page, "carol");
    await carol.page.reload();
    await carol.page.waitForFunction(() => document.querySelector(".chat-input")?.disabled === false);
    await say(carol.page, "nice opening");
    await carol.page.waitForFunction(() => document.querySelectorAll(".chat-line").length === 1);
    assert.deepEqual(await chatLines(carol.page), ["carol: nice opening"]);
    await screenshot(carol.page, "chat-spectator");
    await say(alice.page, "still here");
    await bob.page.waitForFunction(() => document.querySelectorAll(".chat-line").length === 4);
    assert.ok(!(await chatLines(bob.page)).some((l) => l.startsWith("carol")), "the players do not see the spectators");

    // mute an author by the name, then switch the chat off; both survive a reload
    await bob.page.click('.chat-author[data-author="white"]');
    assert.deepEqual(await chatLines(bob.page), [
      "white: (muted)",
      "white: (muted)",
      "black: thanks, you too",
      "white: (muted)",
    ]);
    await bob.page.check(".chat-off");
    await bob.page.reload();
    await bob.page.waitForSelector(".chat-off");
    assert.equal(await bob.page.$eval(".chat-off", (el) => el.checked), true);
    assert.equal(await bob.page.$eval(".chat-lines", (el) => el.hidden), true);
    await bob.page.uncheck(".chat-off");
    await bob.page.waitForFunction(() => document.querySelectorAll(".chat-line").length === 4);
    assert.equal((await chatLines(bob.page))[0], "white: (muted)");

    for (const p of [alice, bob, carol]) assert.deepEqual(p.problems, []);
  } finally {
    for (const p of [alice, bob, carol]) await p.context.close();
  }
});
