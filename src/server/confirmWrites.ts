/**
 * `serve --confirm-writes`: a tool with a side effect asks the user to confirm before it runs, as a
 * multi round-trip request (2026-07-28 `basic/patterns/mrtr.mdx`). Opt-in; without it nothing here
 * runs and every served server behaves as before.
 *
 * The flow, as the page's "Basic Workflow" has it: the first `tools/call` of a side-effect tool
 * (those of `SIDE_EFFECT_HINTS`, `declarations.ts`: `kayit_yaz`) is answered with an
 * `InputRequiredResult` (`resultType: "input_required"`) holding one form-mode
 * `elicitation/create` request under the key {@link CONFIRM_KEY} (2026-07-28
 * `client/elicitation.mdx`) and a `requestState`; the client asks its user, then retries the call
 * with a new id, `inputResponses` (the `ElicitResult` under the same key) and the `requestState`
 * echoed. An accepted `confirm: true` runs the tool; a decline or cancel answers a complete result
 * with `isError: true` and writes nothing, as does `confirm: false`; anything else (no answer, a
 * state that does not match the call) asks again, as "Error Handling" asks ("SHOULD respond with a new InputRequiredResult
 * … rather than returning an error").
 *
 * The state binds the confirmation to the call: the tool's name and a digest of its arguments
 * ("an identifier for the originating request, e.g. the method name and a digest of its salient
 * parameters", "Server Requirements" 5). It is neither keyed nor integrity-protected, so any client
 * can compute the state of any call and skip the question by answering `accept` itself. That grants
 * nothing the client could not get anyway: the computed state is the one this server would issue,
 * and what authorizes the write is the client's own `accept` (the question guards the user inside
 * their own client, not the server); any other state only makes the server ask again. So tampering
 * can cause "nothing worse than request failure", the one case in which "Server Requirements" 4 lets
 * a server omit integrity protection. Only the 2026-07-28 era asks: a 2025-11-25 server would send
 * `elicitation/create` as a request of its own, which this option does not do.
 */
import { createHash } from "node:crypto";
import {
  inputRequired,
  inputResponse,
  type CallToolResult,
  type ElicitRequestFormParams,
  type InputRequiredResult,
} from "@modelcontextprotocol/server";
import { SIDE_EFFECT_HINTS } from "./declarations";

/** The key of the one input request, in `inputRequests` and in the retry's `inputResponses`. */
export const CONFIRM_KEY = "confirm";

/** The form the user fills: one required boolean, `confirm` (a flat object of primitives, as form mode requires). */
export const CONFIRM_SCHEMA: ElicitRequestFormParams["requestedSchema"] = {
  type: "object",
  properties: { confirm: { type: "boolean" } },
  required: ["confirm"],
};

/** What a call's multi-round-trip fields hold, as the SDK lifts them off the request. */
export interface RetryFields {
  /** `ctx.mcpReq.inputResponses`: the retry's answers by key, unvalidated. */
  inputResponses: Record<string, unknown> | undefined;
  /** `ctx.mcpReq.requestState()`: the echoed state, raw (no verify hook is configured). */
  requestState: unknown;
}

/**
 * The `requestState` of a call: `<tool>:<16 hex digits of SHA-256 over its arguments' JSON>`, the
 * same for the same call and different for any other.
 */
export function confirmationState(name: string, args: Readonly<Record<string, unknown>>): string {
  const digest = createHash("sha256").update(JSON.stringify(args)).digest("hex").slice(0, 16);
  return `${name}:${digest}`;
}

/** The question the user sees: what will be written where. */
function question(name: string, args: Readonly<Record<string, unknown>>): string {
  return `${name} will write ${JSON.stringify(args.deger)} into ${String(args.sutun)} of subscriber ${String(args.abone)}. Write it?`;
}

/**
 * What the confirmation gate answers for one `tools/call` in the 2026-07-28 era: `undefined` to run
 * the tool (no side effect, or the user accepted with `confirm: true`), an `InputRequiredResult`
 * asking for the confirmation, or a complete `isError` result when the user declined or cancelled.
 */
export function confirmGate(
  name: string,
  args: Readonly<Record<string, unknown>>,
  retry: RetryFields,
): InputRequiredResult | CallToolResult | undefined {
  if (!(name in SIDE_EFFECT_HINTS)) return undefined;
  const state = confirmationState(name, args);
  const answer = inputResponse(retry.inputResponses, CONFIRM_KEY);
  if (answer.kind === "elicit" && retry.requestState === state) {
    const confirm = answer.content?.confirm;
    if (answer.action === "accept" && confirm === true) return undefined;
    if (answer.action !== "accept" || confirm === false) {
      const said = answer.action === "accept" ? "confirm: false" : answer.action;
      const text = `Not written: the user answered ${said}.`;
      return { content: [{ type: "text", text }], isError: true };
    }
  }
  return inputRequired({
    inputRequests: {
      [CONFIRM_KEY]: inputRequired.elicit({
        mode: "form",
        message: question(name, args),
        requestedSchema: CONFIRM_SCHEMA,
      }),
    },
    requestState: state,
  });
}
