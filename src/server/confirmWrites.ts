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
 * with `isError: true` and writes nothing, as does `confirm: false`; a retry without a usable
 * answer asks again, as "Error Handling" asks ("SHOULD respond with a new InputRequiredResult …
 * rather than returning an error").
 *
 * The state binds the confirmation to the call and is signed. It holds the tool's name and a
 * digest of its arguments ("an identifier for the originating request, e.g. the method name and a
 * digest of its salient parameters", "Server Requirements" 5), then a tag: an HMAC-SHA256 of both
 * under the server's key (a keyed hash: only the key's holder can make or check the tag). The state
 * decides a write, so, as "Server Requirements" 4 asks, its integrity is protected and a state that
 * fails verification is rejected: the server's `requestState.verify` hook (`verifyConfirmationState`,
 * `protocol/requestState.ts`) throws, and the SDK answers the request with error -32602. A
 * well-signed state presented on another call (other arguments) is refused the same way, with the
 * same error ({@link refuseState}), as "Server Requirements" 5 asks ("rejecting state presented on
 * a request that does not match", a SHOULD). Neither a
 * principal (none is established, over stdio or HTTP here) nor an expiry (a course server reads no
 * clock) is in the state: those two SHOULDs are not met, and a state can be replayed, harmless only
 * because `kayit_yaz` is idempotent.
 * Only the 2026-07-28 era asks: a 2025-11-25 server would send `elicitation/create` as a request of
 * its own, which this option does not do.
 *
 * The SDK's `createRequestStateCodec` signs the same way with an expiry read from the wall clock,
 * so its states differ on every run; the lessons print real states, byte for byte, so the course
 * signs its own (docs/sdk-gaps.md#request-state-codec-reads-the-clock).
 */
import {
  inputRequired,
  inputResponse,
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type ElicitRequestFormParams,
  type InputRequiredResult,
} from "@modelcontextprotocol/server";
import { confirmationState } from "../protocol/requestState";
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
  /** `ctx.mcpReq.requestState()`: the echoed state, its tag verified (`protocol/requestState.ts`). */
  requestState: unknown;
}

/**
 * The error for a state this call may not use: the SDK's own answer to a state its `verify` hook
 * rejects (-32602, `Invalid or expired requestState`, `data.reason` `invalid_request_state`), so a
 * forged state and another call's state get the same line.
 */
export function refuseState(): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid or expired requestState", {
    reason: "invalid_request_state",
  });
}

/** The question the user sees: what will be written where. */
function question(name: string, args: Readonly<Record<string, unknown>>): string {
  return `${name} will write ${JSON.stringify(args.deger)} into ${String(args.sutun)} of subscriber ${String(args.abone)}. Write it?`;
}

/**
 * What the confirmation gate answers for one `tools/call` in the 2026-07-28 era: `undefined` to run
 * the tool (no side effect, or the user accepted with `confirm: true`), an `InputRequiredResult`
 * asking for the confirmation, or a complete `isError` result when the user declined or cancelled.
 * `key` signs the state; the SDK has verified an echoed one before the handler runs.
 *
 * @throws ProtocolError ({@link refuseState}) when the retry echoes a state that is not this call's:
 *   one issued for other arguments, or (had the SDK not refused it first) one whose tag is wrong.
 */
export function confirmGate(
  name: string,
  args: Readonly<Record<string, unknown>>,
  retry: RetryFields,
  key: string,
): InputRequiredResult | CallToolResult | undefined {
  if (!(name in SIDE_EFFECT_HINTS)) return undefined;
  const state = confirmationState(name, args, key);
  if (retry.requestState !== undefined && retry.requestState !== state) throw refuseState();
  const answer = inputResponse(retry.inputResponses, CONFIRM_KEY);
  if (answer.kind === "elicit" && retry.requestState !== undefined) {
    const confirm = answer.content?.confirm;
    if (answer.action === "accept" && confirm === true) return undefined;
    if (answer.action !== "accept" || confirm === false) {
      const said = answer.action === "accept" ? "confirm: false" : answer.action;
      const text = `Not written: the user answered ${said}. Do not retry unless the user asks.`;
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
