/**
 * The one prompt the world has, tarife's `bedel_aciklamasi` (explain a charge), as MCP's
 * `prompts/list` entry and `prompts/get` result.
 *
 * Its description, arguments and text are `world/prompts.ts`'s, the same text the simulator
 * counts; this module only writes them as MCP's `Prompt` and `GetPromptResult`. This module
 * builds prompts; it serves nothing.
 */
import type { GetPromptResult, Prompt } from "@modelcontextprotocol/server";
import {
  CHARGE_PROMPT,
  CHARGE_PROMPT_ARGUMENTS,
  CHARGE_PROMPT_DESCRIPTION,
  chargePromptText,
} from "../world/prompts";

export { CHARGE_PROMPT, PromptArgumentError } from "../world/prompts";

/** How `prompts/list` lists it: `m3` required (whole m³), `tip` optional (`mesken` by default). */
export const CHARGE_PROMPT_LISTING: Prompt = {
  name: CHARGE_PROMPT,
  description: CHARGE_PROMPT_DESCRIPTION,
  arguments: CHARGE_PROMPT_ARGUMENTS.map(({ name, description, required }) => ({
    name,
    description,
    required,
  })),
};

/**
 * The `prompts/get` result for {@link CHARGE_PROMPT}: one `user` message whose text is
 * `chargePromptText(args)` (`world/prompts.ts`).
 *
 * @param args MCP prompt arguments (strings): `m3` plain decimal digits, `tip` `mesken` or
 *   `isyeri`.
 * @throws PromptArgumentError when `m3` is missing or not a whole number of m³, or `tip` is
 *   another word.
 */
export function chargePrompt(args: Readonly<Record<string, string>> | undefined): GetPromptResult {
  return {
    description: CHARGE_PROMPT_DESCRIPTION,
    messages: [{ role: "user", content: { type: "text", text: chargePromptText(args) } }],
  };
}
