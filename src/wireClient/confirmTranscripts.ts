/**
 * A multi round-trip request on a real wire: `kayit_yaz` on `serve kayit --confirm-writes`
 * (`server/confirmWrites.ts`), spoken to by a scripted client in 2026-07-28, once answered
 * `accept` and once `decline` (2026-07-28 `basic/patterns/mrtr.mdx`, "Basic Workflow";
 * `client/elicitation.mdx`, "Response Actions").
 *
 * The client declares the `elicitation` capability in its `_meta` (a server "MUST NOT send an
 * `inputRequests` that the client has not declared support for", mrtr.mdx "Server Requirements"
 * 7); the retry has a new id, echoes `requestState` exactly and carries the user's answer in
 * `inputResponses` under the key the server chose ("Client Requirements" 1–3). The user is
 * scripted: the answer is the function's argument. A third run plays a forging client, which the
 * server MUST refuse ("Server Requirements" 4); a fourth presents the server's own state on a call
 * with other arguments, which it SHOULD refuse ("Server Requirements" 5), and does, the same way.
 */
import { stateBody } from "../protocol/requestState";
import { LineExchange, type Transcript } from "./lineExchange";
import { serverArgs } from "./serveCommand";
import { requestMeta } from "./transcripts";

/** The call both runs make: lesson 3's, `kayit_yaz` writing 554 into subscriber A044's `bedel`. */
export const CONFIRMED_CALL = {
  name: "kayit_yaz",
  arguments: { abone: "A044", sutun: "bedel", deger: 554 },
} as const;

/** What the scripted user answers: confirm (`accept` with `confirm: true`), or `decline`. */
export type ConfirmAnswer = "accept" | "decline";

/** The `_meta` of every request here: the real client's, with the `elicitation` capability (form mode). */
function elicitingMeta(): Record<string, unknown> {
  return {
    ...requestMeta(),
    "io.modelcontextprotocol/clientCapabilities": { elicitation: {} },
  };
}

/**
 * A fresh `serve kayit --confirm-writes` process, asked the call (id 1): the exchange, the state the
 * server returned and the key of its one input request.
 *
 * @throws Error when the answer is not `input_required` with a `requestState`.
 */
export async function askedToConfirm(): Promise<{
  exchange: LineExchange;
  state: string;
  key: string;
}> {
  const exchange = new LineExchange(serverArgs({ server: "kayit", confirmWrites: true }));
  exchange.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: calledParams() });
  const asked = await exchange.read();
  const state: unknown = asked.result?.requestState;
  const key = Object.keys(asked.result?.inputRequests ?? {})[0];
  if (asked.result?.resultType !== "input_required" || typeof state !== "string" || !key)
    throw new Error(`kayit_yaz did not ask for input: ${JSON.stringify(asked)}`);
  return { exchange, state, key };
}

/** The params of the call: {@link CONFIRMED_CALL} with the eliciting `_meta`. */
function calledParams() {
  return { ...CONFIRMED_CALL, _meta: elicitingMeta() };
}

/**
 * The accepted retry (id 2) of the call: its params with the user's `accept` under the input
 * request's `key` and the server's `state` echoed (2026-07-28 `basic/patterns/mrtr.mdx`).
 */
export function acceptedRetry(key: string, state: string): Record<string, unknown> {
  return {
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: {
      ...calledParams(),
      inputResponses: { [key]: { action: "accept", content: { confirm: true } } },
      requestState: state,
    },
  };
}

/**
 * One confirmation on a fresh `serve kayit --confirm-writes` process: the call (id 1), the
 * `input_required` answer, the retry (id 2) with the answer and the state, the complete result.
 *
 * @throws Error when the first answer is not `input_required` with a `requestState`, or the
 *   retry's is not `complete`.
 */
export async function confirmedWrite(answer: ConfirmAnswer): Promise<Transcript> {
  const { exchange, state, key } = await askedToConfirm();
  const params = calledParams();
  const response =
    answer === "accept" ? { action: "accept", content: { confirm: true } } : { action: "decline" };
  exchange.send({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { ...params, inputResponses: { [key]: response }, requestState: state },
  });
  const done = await exchange.read();
  if (done.result?.resultType !== "complete")
    throw new Error(`the retry did not complete: ${JSON.stringify(done)}`);
  await exchange.close("done");
  return exchange.transcript(
    "stateless",
    done.result.isError === true
      ? `input_required, then ${answer}: isError, nothing written`
      : `input_required, then ${answer}: the record written`,
  );
}

/**
 * A retry (id 2) on a fresh `serve kayit --confirm-writes` process, asked to confirm writing 554:
 * it writes 555 instead, its own answer `accept`, with `requestState` as `stateFor` makes it from
 * the server's state.
 *
 * @throws Error when the first answer is not `input_required`, or the retry is not refused -32602.
 */
async function refusedRetry(
  stateFor: (state: string) => string,
  outcome: string,
): Promise<Transcript> {
  const { exchange, state, key } = await askedToConfirm();
  exchange.send({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: {
      ...calledParams(),
      arguments: { ...CONFIRMED_CALL.arguments, deger: 555 },
      inputResponses: { [key]: { action: "accept", content: { confirm: true } } },
      requestState: stateFor(state),
    },
  });
  const refused = await exchange.read();
  if (refused.error?.code !== -32602)
    throw new Error(`the retry for 555 was not refused: ${JSON.stringify(refused)}`);
  await exchange.close("done");
  return exchange.transcript("stateless", outcome);
}

/**
 * A forging client: asked to confirm writing 554, it retries writing 555 with the state's body
 * rewritten to 555's (the digest a client can compute) and the server's tag kept. The tag does not
 * verify, so the server refuses the retry with error -32602 and writes nothing.
 *
 * @throws Error when the first answer is not `input_required`, or the retry is not refused -32602.
 */
export function forgedWrite(): Promise<Transcript> {
  const forged = stateBody(CONFIRMED_CALL.name, { ...CONFIRMED_CALL.arguments, deger: 555 });
  return refusedRetry(
    (state) => `${forged}.${state.slice(state.lastIndexOf(".") + 1)}`,
    "input_required, then a forged state: error -32602, nothing written",
  );
}

/**
 * A client that echoes the server's state unchanged, well signed, on a retry writing 555 instead of
 * the 554 it was issued for. The tag verifies, but the state's digest is not the call's, so the
 * server refuses the retry with the same error -32602 and writes nothing.
 *
 * @throws Error when the first answer is not `input_required`, or the retry is not refused -32602.
 */
export function mismatchedWrite(): Promise<Transcript> {
  return refusedRetry(
    (state) => state,
    "input_required, then another call's state: error -32602, nothing written",
  );
}
