/**
 * The eight malformed calls over the real wire: `direct` in-process, `raw` and `validating` each
 * through a real `mcp-course serve fleet --path …` process and the real client.
 *
 * Source: seed document 000, the probe table; issue 5 §4 ("the eight malformed calls over the real
 * paths"). The counterpart of `probeMalformedCalls` (`fleet/malformed.ts`), with the same calls
 * (`MALFORMED_CALLS`) and the same row shape, so the two tables can be held side by side. The
 * simulator gives each call a fresh connection; here one server per path takes the eight calls in
 * order (a real start costs far more than the calls, and the fleet's handlers keep no state
 * between calls, so no call's outcome depends on another's: a test holds every row equal to the
 * simulator's).
 */
import { generateFleet } from "../fleet/generator";
import { MALFORMED_CALLS, type MalformedRow } from "../fleet/malformed";
import { callDirect, type PathName, type ToolCall, type ToolOutcome } from "../fleet/paths";
import { createFleetHandlers } from "../fleet/tools";
import { WireConnection } from "./connection";

/** The calls, in order, on one fresh real server on `path`, which is closed afterwards. */
async function callOnServer(seed: number, path: Exclude<PathName, "direct">, calls: readonly ToolCall[]): Promise<ToolOutcome[]> {
  const connection = await WireConnection.open({ server: "fleet", level: 3, seed, path });
  try {
    const outcomes: ToolOutcome[] = [];
    for (const call of calls) outcomes.push(await connection.callTool(call));
    return outcomes;
  } finally {
    await connection.close();
  }
}

/**
 * Sends every call in `MALFORMED_CALLS` down every path: `direct` in-process, `raw` and
 * `validating` each to one real server (both servers run at once).
 *
 * @param seed the fleet's seed (the servers generate the same fleet).
 * @returns one row per call, in `MALFORMED_CALLS` order, as `probeMalformedCalls` returns them.
 * @throws Error when `dist/` is not built or a server does not start.
 */
export async function probeMalformedCallsOverWire(seed: number): Promise<MalformedRow[]> {
  const handlers = createFleetHandlers(generateFleet(seed));
  const calls = MALFORMED_CALLS.map(({ call }) => call);
  const [raw, validating] = await Promise.all([callOnServer(seed, "raw", calls), callOnServer(seed, "validating", calls)]);
  return MALFORMED_CALLS.map(({ label, call }, k) => ({ label, call, outcomes: { direct: callDirect(handlers, call), raw: raw[k], validating: validating[k] } }));
}
