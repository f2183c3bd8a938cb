/**
 * The world's one prompt, `bedel_aciklamasi` (explain a charge) on `tarife`: its description, its
 * arguments and the text it fills in.
 *
 * One place for both sides: the real `tarife` server lists and serves it (`server/prompts.ts`),
 * and the simulator counts the same text (`world/primitives.ts`).
 *
 * Source: reference lesson 004, "Handler and Declaration" (`bedel_aciklamasi` on tarife, by name
 * only). Its arguments and wording are this project's choice; the amount comes from the same
 * `charge` the `tarife` handler uses, and the tier sentence from the same constants. This module
 * builds text; it serves and counts nothing.
 */
import { SUBSCRIBER_TYPES } from "./subscribers";
import { ABOVE_TOP_TIER, COMMERCIAL_FACTOR, TIERS, charge } from "./tariff";

/** The prompt's name. Source: reference lesson 004, `SERVERS`. */
export const CHARGE_PROMPT = "bedel_aciklamasi";

/** What the prompt is for, as `prompts/list` and `prompts/get` describe it. */
export const CHARGE_PROMPT_DESCRIPTION =
  "Explain how a water charge is computed from the tariff's tiers.";

/** One argument a prompt takes, as MCP's `PromptArgument` describes it. */
export interface PromptArgumentFacts {
  name: string;
  description: string;
  /** Whether a `prompts/get` must give it. */
  required: boolean;
}

/** The prompt's arguments: `m3` required (whole m³), `tip` optional (`mesken` by default). */
export const CHARGE_PROMPT_ARGUMENTS: readonly PromptArgumentFacts[] = Object.freeze([
  Object.freeze({ name: "m3", description: "Consumption in whole cubic metres.", required: true }),
  Object.freeze({
    name: "tip",
    description: "Subscriber type: mesken (household, the default) or isyeri (business).",
    required: false,
  }),
]);

/** A prompt argument that cannot be used; a server answers it with −32602. */
export class PromptArgumentError extends Error {}

/** The tariff in one sentence, from `world/tariff.ts`'s constants. */
function tierSentence(): string {
  let lower = 0;
  const bands = TIERS.map(([upper, price]) => {
    const band = `${lower === 0 ? "the first" : "up to"} ${upper} m³ cost ${price} each`;
    lower = upper;
    return band;
  });
  return (
    `${bands.join(", ")}, every m³ above ${lower} costs ${ABOVE_TOP_TIER}, ` +
    `and a business (isyeri) pays ${COMMERCIAL_FACTOR} times the household amount`
  );
}

/**
 * The text {@link CHARGE_PROMPT} fills in: a request to explain the charge for `m3` m³, with the
 * amount (`tutar`) it comes to and the tariff.
 *
 * @param args prompt arguments, as MCP sends them (strings): `m3` plain decimal digits, `tip`
 *   `mesken` or `isyeri` (default `mesken`).
 * @throws PromptArgumentError when `m3` is missing or not a whole number of m³, or `tip` is
 *   another word.
 */
export function chargePromptText(args: Readonly<Record<string, string>> | undefined): string {
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
  return (
    `Explain how ${m3} m³ of water comes to ${charge(m3, tip)} for a subscriber of type ${tip}. ` +
    `The tariff: ${tierSentence()}.`
  );
}
