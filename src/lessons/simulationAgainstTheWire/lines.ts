/**
 * Lesson 9's real lines: a scripted 2025-11-25 exchange with a real fleet server, for a message
 * the lesson discusses but the SDK's client never lets it print.
 *
 * - `cancelled`: on `serve fleet --fault slow`, after the opening (one note in the transcript), a
 *   call to the slow tool that gets no answer within the client's timeout, the
 *   `notifications/cancelled` the SDK's client sends for it over stdio (its `reason` as that
 *   client writes it), and the next call, answered; no answer to the cancelled request came.
 *
 * The three refusals of a `serve fleet` process (an `inputSchema` failure, an unknown tool, a call
 * with no `name`) are lesson 8's real lines (`runFleetLines`), which the lesson points back to
 * rather than running again.
 *
 * @remarks Source: 2025-11-25 `basic/utilities/cancellation.mdx`; 2026-07-28
 * `basic/patterns/cancellation.mdx` ("Transport-Specific Cancellation": over stdio the client MUST
 * send `notifications/cancelled`; servers SHOULD NOT send a response for a cancelled request);
 * `@modelcontextprotocol/client` 2.4.0 (`reason: String(error)` of its `REQUEST_TIMEOUT`).
 */
import { LATENCY_MICROS } from "../../fleet/conditions";
import { LineExchange, type Transcript } from "../../wireClient/lineExchange";
import { openLegacySession } from "../../wireClient/legacyOpening";
import { serverArgs } from "../../wireClient/serveCommand";

/**
 * The exchange, its opening (`initialize`, its answer, `notifications/initialized`) replaced by
 * one note that says it was sent.
 */
export interface FleetLines {
  cancelled: Transcript;
}

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
  return { cancelled: await cancelledLines(seed, timeoutMs, slowMs) };
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
