/**
 * Lesson 9's real lines: scripted exchanges with a real fleet server, for what the lesson
 * discusses but the SDK's client never lets it print.
 *
 * - `cancelled`: on `serve fleet --fault slow`, after a 2025-11-25 opening (one note in the
 *   transcript), a call to the slow tool that gets no answer within the client's timeout, the
 *   `notifications/cancelled` the SDK's client sends for it over stdio (its `reason` as that
 *   client writes it), and the next call, answered; no answer to the cancelled request came.
 * - `cancelledHttp`: the same slow call in 2026-07-28 over Streamable HTTP (`serve … --http`),
 *   carrying a `progressToken` so that the server answers with an SSE stream; after its first
 *   event the client closes the stream (in HTTP/1.1, its connection) and sends nothing else; then
 *   the next call, answered on a new connection. The server's log names the calls it ran.
 *
 * The three refusals of a `serve fleet` process (an `inputSchema` failure, an unknown tool, a call
 * with no `name`) are lesson 8's real lines (`runFleetLines`), which the lesson points back to
 * rather than running again.
 *
 * @remarks Source: 2025-11-25 `basic/utilities/cancellation.mdx`; 2026-07-28
 * `basic/patterns/cancellation.mdx` ("Transport-Specific Cancellation": over stdio the client MUST
 * send `notifications/cancelled`; over Streamable HTTP closing the SSE response stream is the
 * cancellation, and no notification is expected; servers SHOULD NOT send a response for a
 * cancelled request); 2026-07-28 `basic/transports/streamable-http.mdx`, "Cancellation";
 * `@modelcontextprotocol/client` 2.4.0 (`reason: String(error)` of its `REQUEST_TIMEOUT`).
 */
import { LATENCY_MICROS } from "../../fleet/conditions";
import { parseEvents } from "../../protocol/serverLog";
import { meteredFetch, type HttpExchangeText } from "../../wireClient/httpFetch";
import { serveOverHttp } from "../../wireClient/httpServe";
import { LineExchange, type Transcript } from "../../wireClient/lineExchange";
import { openLegacySession } from "../../wireClient/legacyOpening";
import { describeServe, serverArgs } from "../../wireClient/serveCommand";
import { statelessPostHeaders } from "../../wireClient/statelessPost";
import { TrafficMeter } from "../../wireClient/trafficCounts";
import { requestMeta } from "../../wireClient/transcripts";
import { maskedHttpMessage } from "../httpText";

/**
 * The exchange, its opening (`initialize`, its answer, `notifications/initialized`) replaced by
 * one note that says it was sent.
 */
export interface FleetLines {
  cancelled: Transcript;
  cancelledHttp: HttpCancellation;
}

/** The slow call cancelled over Streamable HTTP in 2026-07-28, as it crossed. */
export interface HttpCancellation {
  /** The command that started the server, as a reader would type it. */
  command: string;
  /**
   * The slow call's POST and its answer up to the close: the header block and the first SSE
   * event. The port masked and `Date` left out (`httpText.ts`).
   */
  cancelled: HttpExchangeText;
  /** The next call's POST and its answer, masked the same way. */
  next: HttpExchangeText;
  /** TCP connections the client opened: one per call, the first closed by the cancellation. */
  connections: number;
  /** The tools the server's log has a `call` line for, in order. */
  loggedCalls: string[];
}

/** The progress token of the slow call over HTTP: with one, the server answers with an SSE stream. */
export const HTTP_PROGRESS_TOKEN = "slow-1";

/**
 * How long the slow tool sleeps in the cancellation transcript, ms: lesson 8's own 3 s, not scaled
 * (`LATENCY_MICROS.slowTool`). The scripted client still gives up at the agents' scaled timeout;
 * what the sleep must leave is time for the cancellation to reach the server before the sleep
 * ends. At the agents' scaled 600 ms, a server process left without CPU on a loaded machine once
 * woke to find its timer and the cancellation both due, ran the timer first, and answered.
 */
export const CANCELLED_SLOW_MS = LATENCY_MICROS.slowTool / 1000;

/** How many lines a 2025-11-25 opening writes: `initialize`, its answer, `notifications/initialized`. */
const OPENING_LINES = 3;

/** Opens a 2025-11-25 session on a new `serve` process with `args`, and notes that it did. */
async function opened(args: readonly string[]): Promise<LineExchange> {
  const exchange = new LineExchange(args);
  await openLegacySession(exchange);
  exchange.note("client", "opened a 2025-11-25 session (initialize, its result, initialized)");
  return exchange;
}

/** The transcript of an exchange from the note standing for its opening. */
function afterOpening(exchange: LineExchange, outcome: string): Transcript {
  const whole = exchange.transcript("legacy", outcome);
  return { ...whole, steps: whole.steps.slice(OPENING_LINES) };
}

/**
 * Runs the exchange on a new process (see the module comment).
 *
 * @param seed the fleet's seed, passed to the servers as `--seed`.
 * @param timeoutMs how long the scripted client waits for the slow call before it cancels; it
 *   must be shorter than `slowMs`.
 * @param slowMs how long the slow tool sleeps (`--slow-ms`).
 * @throws Error when the server answers the cancelled request.
 */
export async function fleetLines(
  seed: number,
  timeoutMs: number,
  slowMs: number,
): Promise<FleetLines> {
  if (timeoutMs >= slowMs) throw new RangeError("the timeout must be shorter than the sleep");
  const [cancelled, cancelledHttp] = await Promise.all([
    cancelledLines(seed, timeoutMs, slowMs),
    cancelledOverHttp(seed, slowMs),
  ]);
  return { cancelled, cancelledHttp };
}

/** A call to the slow tool, given up on and cancelled, then the next call, on `serve fleet --fault slow`. */
async function cancelledLines(
  seed: number,
  timeoutMs: number,
  slowMs: number,
): Promise<Transcript> {
  const args = serverArgs({ server: "fleet", seed, fault: "slow", slowMs });
  const exchange = await opened(args);
  const slow = { name: "top_devices", arguments: { field: "risk_score", limit: 3 } };
  exchange.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: slow });
  await new Promise((resolve) => setTimeout(resolve, timeoutMs));
  exchange.note("client", "no answer within its timeout: gives up on id 1");
  const reason = "SdkError: Request timed out";
  exchange.send({
    jsonrpc: "2.0",
    method: "notifications/cancelled",
    params: { requestId: 1, reason },
  });
  // Past the sleep: an answer to id 1, had the server sent one, would come before id 2's.
  await new Promise((resolve) => setTimeout(resolve, slowMs));
  exchange.send({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "count_devices", arguments: {} },
  });
  const next = await exchange.read();
  await exchange.close("done");
  if (next.id !== 2) throw new Error(`the cancelled request was answered: ${JSON.stringify(next)}`);
  return afterOpening(exchange, "no answer to id 1 ever came; id 2 was answered");
}

/** The slow call and the next one, as `tools/call` requests in 2026-07-28 (`_meta` in each). */
function httpCalls(): [string, string] {
  const meta = requestMeta();
  return [
    JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: {
        name: "top_devices",
        arguments: { field: "risk_score", limit: 3 },
        _meta: { progressToken: HTTP_PROGRESS_TOKEN, ...meta },
      },
    }),
    JSON.stringify({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "count_devices", arguments: {}, _meta: meta },
    }),
  ];
}

/**
 * The slow call over Streamable HTTP, cancelled by closing its stream (see the module comment).
 * The progress notifications come at a third of the sleep each; the client closes the stream as
 * soon as the first event has come, a third of `slowMs` before the second, and POSTs the next
 * call once the whole sleep is over, so that a call the server had gone on with would be in its
 * log. Nothing printed depends on the timing.
 *
 * @throws Error when the answer is not an SSE stream opening with the first progress
 *   notification, when the server ran the cancelled call's tool, or when the next call is not
 *   answered.
 */
async function cancelledOverHttp(seed: number, slowMs: number): Promise<HttpCancellation> {
  const spec = { server: "fleet" as const, seed, fault: "slow" as const, slowMs };
  const served = await serveOverHttp(spec);
  const exchanges: HttpExchangeText[] = [];
  const meter = new TrafficMeter();
  const metered = meteredFetch(meter, "keep-alive", (exchange) => exchanges.push(exchange));
  const [slow, next] = httpCalls();
  const started = performance.now();
  let answer: string;
  try {
    const abort = new AbortController();
    const response = await metered.fetch(served.url, {
      method: "POST",
      headers: statelessPostHeaders(slow),
      body: slow,
      signal: abort.signal,
    });
    const reader = response.body!.getReader();
    let text = "";
    while (!text.includes("\n\n")) {
      const { value, done } = await reader.read();
      if (done) break;
      text += Buffer.from(value).toString("utf8");
    }
    abort.abort(); // closes the stream: in HTTP/1.1, the connection that carries it
    await reader.cancel().catch(() => {});
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, started + slowMs - performance.now())),
    );
    const second = await metered.fetch(served.url, {
      method: "POST",
      headers: statelessPostHeaders(next),
      body: next,
    });
    answer = await second.text();
  } finally {
    await metered.close();
    await served.stop();
  }
  const loggedCalls = parseEvents(served.stderr())
    .filter((event) => event.event === "call")
    .map((event) => String(event.tool));
  const [cancelled, answered] = exchanges;
  const first = /^data: (.*)$/m.exec(cancelled?.response.content ?? "")?.[1];
  if (
    first === undefined ||
    (JSON.parse(first) as { method?: string }).method !== "notifications/progress"
  )
    throw new Error(
      `the slow call's stream did not open with progress: ${JSON.stringify(cancelled)}`,
    );
  if (cancelled.response.content.split("\n\n").length !== 2)
    throw new Error(`more than one event came before the close: ${cancelled.response.content}`);
  if (loggedCalls.includes("top_devices"))
    throw new Error(`the server ran the cancelled call: ${loggedCalls.join(", ")}`);
  if (answered === undefined || (JSON.parse(answer) as { id?: unknown }).id !== 2)
    throw new Error(`the next call was not answered: ${answer}`);
  const masked = (exchange: HttpExchangeText): HttpExchangeText => ({
    request: maskedHttpMessage(exchange.request),
    response: maskedHttpMessage(exchange.response),
  });
  return {
    command: `${describeServe(spec)} --http --port 0`,
    cancelled: masked(cancelled),
    next: masked(answered),
    connections: meter.counts().http?.connections ?? 0,
    loggedCalls,
  };
}
