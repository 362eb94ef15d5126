// A roll as the page shows it: its faces read from the roll's text, its meaning as the
// server sent it.

import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./load.mjs";

const { describeRoll, diceMarkup } = await load("dice");

test("a roll shows its faces and the meaning the server sent", () => {
  assert.deepEqual(describeRoll({ san: "7 4", meaning: "S ↓, 4 steps" }), {
    faces: ["7", "4"],
    meaning: "S ↓, 4 steps",
  });
  assert.deepEqual(describeRoll({ san: " 10 e5 ", meaning: "teleports to e5" }).faces, ["10", "e5"]);
  assert.equal(describeRoll({ san: "3", meaning: null }).meaning, "");
});

test("the dice markup escapes what it shows", () => {
  const html = diceMarkup({ faces: ["<1>"], meaning: "a & b" });
  assert.ok(html.includes('<span class="die">&#60;1&#62;</span>'), html);
  assert.ok(html.includes("a &#38; b"), html);
});
