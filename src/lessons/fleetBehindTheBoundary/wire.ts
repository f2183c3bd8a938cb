/**
 * Lesson 8's one real exchange: a `mcp-course serve fleet` process (the `validating` path, the
 * official SDK's server underneath), spoken to line by line in revision 2025-11-25, after the
 * opening exchange that revision requires. Three `tools/call` requests, one per way a call can be
 * wrong: arguments the tool's `inputSchema` refuses, a tool the server does not have, and a
 * request that does not fit the `CallToolRequest` schema (no `name`). Nothing is timed, so a seed
 * gives the same bytes. These are the course's only real lines of the three refusals: lesson 9
 * points back to them rather than running a second copy of the exchange.
 *
 * @remarks Source: 2025-11-25 and 2026-07-28 `server/tools.mdx`, "Error Handling" (the protocol
 * errors: an unknown tool, a request failing the `CallToolRequest` schema; the tool execution
 * errors: input validation errors among them).
 */
import { MALFORMED_CALLS } from "../../fleet/malformed";
import { LineExchange, type Transcript } from "../../wireClient/lineExchange";
import { openLegacySession } from "../../wireClient/legacyOpening";
import { interruptible } from "../../wireClient/interruptible";
import { describeServe, serverArgs, type ServeSpec } from "../../wireClient/serveCommand";
import type { HttpExchangeText } from "../../wireClient/httpFetch";
import { serveOverHttp } from "../../wireClient/httpServe";
import { postStateless } from "../../wireClient/statelessPost";
import { requestMeta } from "../../wireClient/transcripts";
import { isEventStream, maskedHttpMessage } from "../httpText";

/** The labels of the malformed calls the exchange sends, before the call with no `name`. */
const SENT = ["limit as a string", "unknown tool"] as const;

/**
 * Starts `mcp-course serve fleet --seed <seed>`, opens a 2025-11-25 session, sends the three
 * calls one at a time (each answer read before the next call), then closes stdin.
 *
 * An interrupt (SIGINT) in a kernel stops the run as a whole (`interruptible`): its server is
 * killed and the run rejects with one line.
 *
 * @returns the transcript of the three calls, after a note standing for the opening.
 * @throws Error when the server closes its stdout before answering, answers out of order, or does
 *   not agree on 2025-11-25 (`openLegacySession`).
 * @throws RunInterrupted when interrupted in a kernel.
 */
export function runFleetLines(seed: number): Promise<Transcript> {
  return interruptible(() => fleetLines(seed));
}

/**
 * Starts `mcp-course serve` for `spec`, opens a 2025-11-25 session and notes it, lets `talk`
 * exchange its lines, then closes stdin.
 *
 * @param talk sends and reads after the opening; returns the transcript's outcome sentence.
 * @returns the transcript from the note on (the opening's own lines left out).
 */
async function afterOpening(
  spec: ServeSpec,
  talk: (exchange: LineExchange) => Promise<string>,
): Promise<Transcript> {
  const exchange = new LineExchange(serverArgs(spec));
  let shown: Transcript["steps"];
  let outcome: string;
  try {
    await openLegacySession(exchange);
    const from = exchange.steps.length;
    exchange.note("client", "opened a 2025-11-25 session (initialize, its result, initialized)");
    outcome = await talk(exchange);
    shown = exchange.steps.slice(from);
  } finally {
    await exchange.close("done");
  }
  return { ...exchange.transcript("legacy", outcome), steps: shown };
}

/** {@link runFleetLines}'s run. */
function fleetLines(seed: number): Promise<Transcript> {
  return afterOpening({ server: "fleet", seed }, async (exchange) => {
    const answers: string[] = [];
    const params = [
      ...SENT.map((label) => MALFORMED_CALLS.find((call) => call.label === label)!.call),
      { arguments: { field: "downtime_min" } },
    ];
    for (const [k, each] of params.entries()) {
      const id = k + 1;
      exchange.send({ jsonrpc: "2.0", id, method: "tools/call", params: each });
      const answer = await exchange.read();
      if (answer.id !== id) throw new Error(`call ${id} was answered with id ${String(answer.id)}`);
      answers.push(
        "error" in answer
          ? `a JSON-RPC error ${String(answer.error.code)}`
          : `a result with isError ${String(answer.result?.isError === true)}`,
      );
    }
    return answers.join(", then ");
  });
}

/** The delay, in ms, of the slow call shown on the wire: the fault's 3 s, shortened so the cell runs fast. */
export const SLOW_WIRE_MS = 300;

/** The progress token the shown slow call carries. */
const PROGRESS_TOKEN = "slow-1";

/**
 * Lesson 8's slow call on a real wire: `mcp-course serve fleet --fault slow` (its delay shortened to
 * {@link SLOW_WIRE_MS} ms), a 2025-11-25 session, then the shortcut agent's first call,
 * `top_devices` ranking raw downtime under 500 hours in one row, with `_meta.progressToken`. The
 * server sends its progress notifications (a fixed number, `SLOW_PROGRESS_STEPS`, not timed), then
 * the result; every line is read and shown, so a seed gives the same bytes.
 *
 * @remarks Source: 2025-11-25 `basic/utilities/progress.mdx` and 2026-07-28
 * `basic/patterns/progress.mdx` (a request's `_meta.progressToken`; `notifications/progress` with
 * `progressToken`, `progress`, `total`, `message`).
 * @throws Error when the server closes its stdout before answering, or answers another id.
 * @throws RunInterrupted when interrupted in a kernel.
 */
export function runSlowLines(seed: number): Promise<Transcript> {
  return interruptible(() => slowLines(seed));
}

/** The slow server both runs speak to: `fleet` with `--fault slow`, its wait {@link SLOW_WIRE_MS}. */
function slowSpec(seed: number): ServeSpec {
  return { server: "fleet", seed, fault: "slow", slowMs: SLOW_WIRE_MS };
}

/** The shown slow call's name and arguments: the shortcut agent's first call. */
const SLOW_CALL = {
  name: "top_devices",
  arguments: { field: "downtime_min", max_hours: 500, limit: 1 },
} as const;

/** {@link runSlowLines}'s run. */
function slowLines(seed: number): Promise<Transcript> {
  const spec = slowSpec(seed);
  return afterOpening(spec, async (exchange) => {
    let notifications = 0;
    exchange.send({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { ...SLOW_CALL, _meta: { progressToken: PROGRESS_TOKEN } },
    });
    for (;;) {
      const message = await exchange.read();
      if (message.method === "notifications/progress") notifications += 1;
      else if (message.id === 1) break;
      else throw new Error(`the slow call was answered with ${JSON.stringify(message)}`);
    }
    return `${notifications} progress notifications, then the result`;
  });
}

/** Lesson 8's slow call over Streamable HTTP, as it crossed ({@link runSlowHttp}). */
export interface SlowHttpCall {
  /** The command that started the server, as a reader would type it. */
  command: string;
  /** The POST and its answer, the port masked and `Date` left out (`httpText.ts`). */
  exchange: HttpExchangeText;
  /** The JSON-RPC messages of the answer's SSE body, one per `data:` line, in order. */
  messages: Record<string, unknown>[];
  /** Bytes of those messages' JSON, as each `data:` line carries it. */
  jsonBytes: number;
}

/**
 * The same slow call as {@link runSlowLines}, in revision 2026-07-28 over Streamable HTTP:
 * `mcp-course serve fleet --fault slow --http` (its delay {@link SLOW_WIRE_MS} ms), and one POST
 * sent by hand (`postStateless`, with the headers a 2026-07-28 request needs with no session),
 * carrying in `_meta` the real client's version, identity and capabilities (`requestMeta`) beside
 * the progress token. The server answers with an SSE stream:
 * its progress notifications, then the response. Nothing is timed, so a seed gives the same
 * events; only how the server's runtime groups them into chunks varies, which is why the lesson
 * counts the body without its chunked coding (`shownBodyBytes` in `httpText.ts`).
 *
 * An interrupt (SIGINT) in a kernel stops the run as a whole (`interruptible`): its server is
 * killed and the run rejects with one line.
 *
 * @remarks Source: 2026-07-28 `basic/transports/streamable-http.mdx`, "Sending Messages" (the
 * `Accept` header; a request is answered with one JSON object or an SSE stream), "Receiving
 * Messages" (notifications before the final response, which SHOULD end the stream), "Request
 * Metadata" (the headers).
 * @throws Error when the answer is not an SSE stream, or its last message is not the response.
 * @throws RunInterrupted when interrupted in a kernel.
 */
export function runSlowHttp(seed: number): Promise<SlowHttpCall> {
  return interruptible(() => slowHttp(seed));
}

/** {@link runSlowHttp}'s run. */
async function slowHttp(seed: number): Promise<SlowHttpCall> {
  const spec = slowSpec(seed);
  const served = await serveOverHttp(spec);
  let crossed: HttpExchangeText;
  try {
    crossed = await postStateless(
      served.url,
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { ...SLOW_CALL, _meta: { progressToken: PROGRESS_TOKEN, ...requestMeta() } },
      }),
    );
  } finally {
    await served.stop();
  }
  if (!isEventStream(crossed.response))
    throw new Error(
      `the slow call was not answered with an SSE stream: ${JSON.stringify(crossed)}`,
    );
  const data = [...crossed.response.content.matchAll(/^data: (.*)$/gm)].map((match) => match[1]);
  const messages = data.map((line) => JSON.parse(line) as Record<string, unknown>);
  if (messages.at(-1)?.id !== 1)
    throw new Error(`the stream did not end with the response: ${crossed.response.content}`);
  return {
    command: `${describeServe(spec)} --http --port 0`,
    exchange: {
      request: maskedHttpMessage(crossed.request),
      response: maskedHttpMessage(crossed.response),
    },
    messages,
    jsonBytes: data.reduce((sum, line) => sum + Buffer.byteLength(line), 0),
  };
}
