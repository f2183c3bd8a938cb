// The world's one prompt has one text, served by the real tarife server and counted by the simulator: it names the amount the tarife tool charges, and refuses arguments it cannot use.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CHARGE_PROMPT_LISTING, chargePrompt } from "../../src/server/prompts";
import {
  CHARGE_PROMPT,
  CHARGE_PROMPT_ARGUMENTS,
  CHARGE_PROMPT_DESCRIPTION,
  chargePromptText,
  PromptArgumentError,
} from "../../src/world/prompts";
import { charge } from "../../src/world/tariff";

test("the text names the consumption, the amount the tarife tool charges, the type and the tariff", () => {
  for (const [m3, tip] of [
    ["0", "mesken"],
    ["23", "mesken"],
    ["50", "isyeri"],
    ["69", undefined],
  ] as const) {
    const text = chargePromptText(tip === undefined ? { m3 } : { m3, tip });
    const type = tip ?? "mesken";
    assert.ok(
      text.startsWith(
        `Explain how ${m3} m³ of water comes to ${charge(Number(m3), type)} for a subscriber of type ${type}. `,
      ),
      text,
    );
    assert.match(
      text,
      /The tariff: the first 10 m³ cost 4 each, up to 25 m³ cost 7 each, up to 40 m³ cost 11 each, every m³ above 40 costs 16, and a business \(isyeri\) pays 2 times the household amount\.$/,
    );
  }
});

test("arguments it cannot use are refused with a sentence naming them", () => {
  assert.throws(() => chargePromptText(undefined), PromptArgumentError);
  assert.throws(() => chargePromptText({ tip: "mesken" }), {
    message: "m3: required, a whole number of cubic metres, got null",
  });
  assert.throws(() => chargePromptText({ m3: "2.5" }), /m3: required, a whole number of cubic metres, got "2.5"/);
  assert.throws(() => chargePromptText({ m3: "3", tip: "bogus" }), /tip: expected one of mesken, isyeri, got "bogus"/);
});

test("the server's listing and result are the world's facts and text", () => {
  assert.equal(CHARGE_PROMPT_LISTING.name, CHARGE_PROMPT);
  assert.equal(CHARGE_PROMPT_LISTING.description, CHARGE_PROMPT_DESCRIPTION);
  assert.deepEqual(
    CHARGE_PROMPT_LISTING.arguments,
    CHARGE_PROMPT_ARGUMENTS.map((a) => ({ ...a })),
  );
  assert.deepEqual(
    CHARGE_PROMPT_ARGUMENTS.map(({ name, required }) => [name, required]),
    [
      ["m3", true],
      ["tip", false],
    ],
  );
  const args = { m3: "33", tip: "isyeri" };
  assert.deepEqual(chargePrompt(args), {
    description: CHARGE_PROMPT_DESCRIPTION,
    messages: [{ role: "user", content: { type: "text", text: chargePromptText(args) } }],
  });
});
