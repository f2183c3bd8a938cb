/**
 * The one prompt the world has: tarife's `bedel_aciklamasi` (explain a charge).
 *
 * Source: reference lesson 004, "Handler and Declaration" (`bedel_aciklamasi` on tarife, by name
 * only). Its arguments and wording are this project's choice; the amount comes from the same
 * `charge` the `tarife` handler uses, and the tier sentence from the same constants. This module
 * builds prompts; it serves nothing.
 */
import type { GetPromptResult, Prompt } from "@modelcontextprotocol/server";
import { ABOVE_TOP_TIER, COMMERCIAL_FACTOR, TIERS, charge } from "../world/tariff";
import { SUBSCRIBER_TYPES } from "../world/subscribers";

/** The prompt's name. Source: reference lesson 004. */
export const CHARGE_PROMPT = "bedel_aciklamasi";

/** How `prompts/list` lists it: `m3` required (whole m³), `tip` optional (`mesken` by default). */
export const CHARGE_PROMPT_LISTING: Prompt = {
  name: CHARGE_PROMPT,
  description: "Explain how a water charge is computed from the tariff's tiers.",
  arguments: [
    { name: "m3", description: "Consumption in whole cubic metres.", required: true },
    {
      name: "tip",
      description: "Subscriber type: mesken (household, the default) or isyeri (business).",
      required: false,
    },
  ],
};

/** A prompt argument that cannot be used; the server answers it with −32602. */
export class PromptArgumentError extends Error {}

/** The tariff in one sentence, from `world/tariff.ts`'s constants. */
function tierSentence(): string {
  let lower = 0;
  const bands = TIERS.map(([upper, price]) => {
    const band = `${lower === 0 ? "the first" : "up to"} ${upper} m³ cost ${price} each`;
    lower = upper;
    return band;
  });
  return `${bands.join(", ")}, every m³ above ${lower} costs ${ABOVE_TOP_TIER}, and a business (isyeri) pays ${COMMERCIAL_FACTOR} times the household amount`;
}

/**
 * The `prompts/get` result for {@link CHARGE_PROMPT}: one user message asking to explain the
 * charge for `m3` m³, with the tariff and the amount (`tutar`) it comes to.
 *
 * @param args MCP prompt arguments (strings): `m3` plain decimal digits, `tip` `mesken` or `isyeri`.
 * @throws PromptArgumentError when `m3` is missing or not a whole number of m³, or `tip` is another word.
 */
export function chargePrompt(args: Readonly<Record<string, string>> | undefined): GetPromptResult {
  const m3Text = args?.m3;
  if (m3Text === undefined || !/^[0-9]{1,15}$/.test(m3Text))
    throw new PromptArgumentError(
      `m3: required, a whole number of cubic metres, got ${JSON.stringify(m3Text ?? null)}`,
    );
  const m3 = Number(m3Text);
  const tip = args?.tip ?? "mesken";
  if (!(SUBSCRIBER_TYPES as readonly string[]).includes(tip))
    throw new PromptArgumentError(
      `tip: expected one of ${SUBSCRIBER_TYPES.join(", ")}, got ${JSON.stringify(tip)}`,
    );
  const text =
    `Explain how ${m3} m³ of water comes to ${charge(m3, tip)} for a subscriber of type ${tip}. ` +
    `The tariff: ${tierSentence()}.`;
  return {
    description: CHARGE_PROMPT_LISTING.description,
    messages: [{ role: "user", content: { type: "text", text } }],
  };
}
