/**
 * The eight malformed calls over the real wire: `direct` in-process, `raw` and `validating` each
 * through a real `mcp-course serve fleet --path …` process and the real client.
 *
 * Source: seed document 000, the probe table: the eight malformed calls, here over the real
 * paths. The counterpart of `probeMalformedCalls` (`fleet/malformed.ts`), with the same calls
 * (`MALFORMED_CALLS`) and the same row shape, so the two tables can be held side by side. The
 * simulator gives each call a fresh connection; here one server per path takes the eight calls in
 * order (a real start costs far more than the calls, and the fleet's handlers keep no state
 * between calls, so no call's outcome depends on another's: a test holds every row equal to the
 * simulator's). Beside them, {@link probeFleetServersOverWire} sends the same eight calls to the fleet
 * built on the SDK's high-level `McpServer` (`serve fleet --path high-level`) and keeps what each
 * server's `tools/list` carried on the wire, and what discovering the rest of the validating
 * server costs (lesson 7's `resources/list`, `prompts/list` where its capabilities declare them).
 */
import { generateFleet } from "../fleet/generator";
import { MALFORMED_CALLS, type MalformedRow } from "../fleet/malformed";
import { callDirect, type ToolCall, type ToolOutcome } from "../fleet/paths";
import { createFleetHandlers } from "../fleet/tools";
import { WireConnection } from "./connection";
import type { ServeSpec } from "./serveCommand";
import { subtractTraffic, type TrafficCounts } from "./trafficCounts";

/** A fleet server the probe starts: lesson 8's two paths, and the SDK's high-level build. */
export type ProbedPath = NonNullable<ServeSpec["path"]>;

/** What one fleet server did in the probe. */
export interface ProbedServer {
  /** The eight calls' outcomes, in `MALFORMED_CALLS` order. */
  outcomes: ToolOutcome[];
  /** Its `tools/list` result's tools as they came on the wire (see `WireConnection.wireTools`). */
  listed: unknown[];
  /** Its opening (`initialize`, `notifications/initialized`, `tools/list`), as counted. */
  opening: TrafficCounts;
  /** With `listRest`: its `resources/list` and `prompts/list`, after the calls, as counted. */
  rest: TrafficCounts | undefined;
}

/** The calls, in order, on one fresh real server on `path` (level 3), which is closed afterwards. */
async function callOnServer(
  seed: number,
  path: ProbedPath,
  calls: readonly ToolCall[],
  listRest = false,
): Promise<ProbedServer> {
  const connection = await WireConnection.open({ server: "fleet", level: 3, seed, path });
  try {
    const opening = connection.traffic();
    const outcomes: ToolOutcome[] = [];
    for (const call of calls) outcomes.push(await connection.callTool(call));
    let rest: TrafficCounts | undefined;
    if (listRest) {
      const before = connection.traffic();
      await connection.relistResourcesAndPrompts();
      rest = subtractTraffic(connection.traffic(), before);
    }
    return { outcomes, listed: connection.wireTools, opening, rest };
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
  return (await probeFleetServersOverWire(seed, { highLevel: false })).rows;
}

/** The fleet servers' answers over the wire (see {@link probeFleetServersOverWire}). */
export interface FleetWireProbe {
  /** One row per call, `direct`, `raw` and `validating`, as `probeMalformedCalls` returns them. */
  rows: MalformedRow[];
  /** Each server that was started, by path. */
  servers: Partial<Record<ProbedPath, ProbedServer>>;
}

/**
 * The eight malformed calls on `raw`, `validating` and (unless `highLevel` is false) the
 * `high-level` fleet server, one process each, all three at once; the validating server then
 * lists its resources and prompts where it declares them.
 *
 * @throws Error when `dist/` is not built or a server does not start.
 */
export async function probeFleetServersOverWire(
  seed: number,
  options: { highLevel?: boolean } = {},
): Promise<FleetWireProbe> {
  const handlers = createFleetHandlers(generateFleet(seed));
  const calls = MALFORMED_CALLS.map(({ call }) => call);
  const paths: ProbedPath[] =
    options.highLevel === false ? ["raw", "validating"] : ["raw", "validating", "high-level"];
  const probed = await Promise.all(
    paths.map((path) => callOnServer(seed, path, calls, path === "validating")),
  );
  const servers: FleetWireProbe["servers"] = {};
  paths.forEach((path, k) => (servers[path] = probed[k]));
  const rows = MALFORMED_CALLS.map(({ label, call }, k) => ({
    label,
    call,
    outcomes: {
      direct: callDirect(handlers, call),
      raw: servers.raw!.outcomes[k],
      validating: servers.validating!.outcomes[k],
    },
  }));
  return { rows, servers };
}
