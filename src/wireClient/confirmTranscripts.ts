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
 * scripted: the answer is the function's argument.
 */
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
 * One confirmation on a fresh `serve kayit --confirm-writes` process: the call (id 1), the
 * `input_required` answer, the retry (id 2) with the answer and the state, the complete result.
 *
 * @throws Error when the first answer is not `input_required` with a `requestState`, or the
 *   retry's is not `complete`.
 */
export async function confirmedWrite(answer: ConfirmAnswer): Promise<Transcript> {
  const exchange = new LineExchange(serverArgs({ server: "kayit", confirmWrites: true }));
  const params = { ...CONFIRMED_CALL, _meta: elicitingMeta() };
  exchange.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params });
  const asked = await exchange.read();
  const state: unknown = asked.result?.requestState;
  const key = Object.keys(asked.result?.inputRequests ?? {})[0];
  if (asked.result?.resultType !== "input_required" || typeof state !== "string" || !key)
    throw new Error(`kayit_yaz did not ask for input: ${JSON.stringify(asked)}`);
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
