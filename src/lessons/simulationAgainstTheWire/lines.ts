/**
 * Lesson 9's real lines: two scripted 2025-11-25 exchanges with real fleet servers, for the
 * messages the lesson discusses but the SDK's client never lets it print.
 *
 * - `refusals`: on `serve fleet` (the `validating` path), after the opening (one note in the
 *   transcript), three calls the server refuses: one whose arguments fail the tool's `inputSchema`
 *   (a tool execution error, a result with `isError: true`), one with no `name` (a `tools/call`
 *   that does not fit its request's shape: a protocol error in every revision) and one to a tool
 *   the server does not have (a protocol error, −32602 as in 2025-11-25's example).
 * - `cancelled`: on `serve fleet --fault slow`, a call to the slow tool that gets no answer within
 *   the client's timeout, the `notifications/cancelled` the SDK's client sends for it over stdio
 *   (its `reason` as that client writes it), and the next call, answered; no answer to the
 *   cancelled request ever comes.
 *
 * @remarks Source: 2025-11-25 and 2026-07-28 `server/tools.mdx` ("Error Handling"); 2026-07-28
 * `basic/patterns/cancellation.mdx` ("Transport-Specific Cancellation": over stdio the client MUST
 * send `notifications/cancelled`; servers SHOULD not send a response for a cancelled request);
 * `@modelcontextprotocol/client` 2.4.0 (`reason: String(error)` of its `REQUEST_TIMEOUT`).
 */
import { MALFORMED_CALLS } from "../../fleet/malformed";
import { LineExchange, type Transcript } from "../../wireClient/lineExchange";
import { openLegacySession } from "../../wireClient/legacyOpening";
import { serverArgs } from "../../wireClient/serveCommand";

/**
 * The two exchanges, each with its opening (`initialize`, its answer, `notifications/initialized`)
 * replaced by one note that says it was sent.
 */
export interface FleetLines {
  refusals: Transcript;
  cancelled: Transcript;
}

/** How many lines a 2025-11-25 opening writes: `initialize`, its answer, `notifications/initialized`. */
const OPENING_LINES = 3;

/** Opens a 2025-11-25 session on a new `serve` process with `args`, and notes that it did. */
async function opened(args: readonly string[]): Promise<LineExchange> {
  const exchange = new LineExchange(args);
  await openLegacySession(exchange);
  exchange.note("client", "opened a 2025-11-25 session (initialize, its result, initialized)");
  return exchange;
}

/** A malformed call of lesson 8's list, by its label. */
function malformed(label: string) {
  const found = MALFORMED_CALLS.find((entry) => entry.label === label);
  if (!found) throw new Error(`no malformed call "${label}"`);
  return found.call;
}

/** The transcript of an exchange from the note standing for its opening. */
function afterOpening(exchange: LineExchange, outcome: string): Transcript {
  const whole = exchange.transcript("legacy", outcome);
  return { ...whole, steps: whole.steps.slice(OPENING_LINES) };
}

/**
 * Runs both exchanges, one new process each (see the module comment).
 *
 * @param seed the fleet's seed, passed to the servers as `--seed`.
 * @param timeoutMs how long the scripted client waits for the slow call before it cancels; it
 *   must be shorter than `slowMs`.
 * @param slowMs how long the slow tool sleeps (`--slow-ms`).
 * @throws Error when a server answers otherwise than the lesson says: a refusal on another
 *   channel, or an answer to the cancelled request.
 */
export async function fleetLines(
  seed: number,
  timeoutMs: number,
  slowMs: number,
): Promise<FleetLines> {
  if (timeoutMs >= slowMs) throw new RangeError("the timeout must be shorter than the sleep");
  const [refusals, cancelled] = await Promise.all([
    refusalLines(seed),
    cancelledLines(seed, timeoutMs, slowMs),
  ]);
  return { refusals, cancelled };
}

/** Three refusals on `serve fleet --seed <seed>`: an `inputSchema` failure, no `name`, an unknown tool. */
async function refusalLines(seed: number): Promise<Transcript> {
  const exchange = await opened(serverArgs({ server: "fleet", seed }));
  const invalid = malformed("limit as a string");
  exchange.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: invalid });
  const first = await exchange.read();
  exchange.send({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { arguments: invalid.arguments },
  });
  const second = await exchange.read();
  exchange.send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: malformed("unknown tool") });
  const third = await exchange.read();
  await exchange.close("done");
  if (first.result?.isError !== true || !second.error || third.error?.code !== -32602)
    throw new Error(`the fleet refused otherwise: ${JSON.stringify([first, second, third])}`);
  return afterOpening(
    exchange,
    `a result with isError true, then the JSON-RPC errors ${second.error.code} and ${third.error.code}`,
  );
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
