/**
 * A scripted session of each real server, in-process, over in-memory streams: what the build runs
 * in the server's bundle before it stores V8's code cache for it (`src/build/bundle.ts`), so the
 * cache holds the code a start compiles, not only the bundle's top level.
 *
 * Each server gets two sessions, one per era: the legacy handshake (or, stateless,
 * `server/discover` with each request's `_meta`), `tools/list`, `resources/list` and
 * `prompts/list`; the fleet also gets one call of each tool and one refused call (the validating
 * path's error), as a client's first calls would be. What the servers answer is discarded; nothing is written to the
 * process's stdout or stderr, and nothing outlives the call.
 */
import { PassThrough } from "node:stream";
import { PROTOCOL_VERSION } from "../fleet/protocol";
import {
  CLIENT_CAPABILITIES_KEY,
  PROTOCOL_VERSION_KEY,
  STATELESS_REVISION,
} from "../protocol/revisions";
import { SERVER_NAMES } from "./names";
import { serve } from "./stdioServer";

/** A request line. */
function request(id: number, method: string, params: Record<string, unknown> = {}): string {
  return JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n";
}

/** The session every server gets: the handshake, then each list. */
const OPENING = [
  request(1, "initialize", {
    protocolVersion: PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: "mcp-course-build", version: "0" },
  }),
  JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n",
  request(2, "tools/list"),
  request(3, "resources/list"),
  request(4, "prompts/list"),
];

/** The fleet's calls: one per tool, and arguments the validating path refuses. */
const FLEET_CALLS = [
  request(5, "tools/call", { name: "count_devices", arguments: { max_hours: 500 } }),
  request(6, "tools/call", {
    name: "top_devices",
    arguments: { field: "downtime_min", limit: 10, max_hours: 500 },
  }),
  request(7, "tools/call", { name: "get_device", arguments: { device_id: "RP2-001" } }),
  request(8, "tools/call", { name: "top_devices", arguments: { field: "rate", limit: 50 } }),
];

/** A legacy line as the stateless era sends it: the same request with `_meta` in its params. */
function stateless(line: string): string {
  const message = JSON.parse(line) as { id?: number; params?: Record<string, unknown> };
  if (message.id === undefined) return "";
  const meta = { [PROTOCOL_VERSION_KEY]: STATELESS_REVISION, [CLIENT_CAPABILITIES_KEY]: {} };
  return JSON.stringify({ ...message, params: { ...message.params, _meta: meta } }) + "\n";
}

/** The stateless session: `server/discover` in place of the handshake, every request with `_meta`. */
const STATELESS_OPENING = [
  stateless(request(1, "server/discover")),
  ...OPENING.slice(2).map(stateless),
];

/** Runs each server's sessions to their end (see the module comment). */
export async function warmUp(): Promise<void> {
  for (const server of SERVER_NAMES) {
    const calls = server === "fleet" ? FLEET_CALLS : [];
    for (const lines of [
      [...OPENING, ...calls],
      [...STATELESS_OPENING, ...calls.map(stateless)],
    ]) {
      const input = new PassThrough();
      const output = new PassThrough();
      output.resume();
      const served = serve(
        { server },
        { input, output, log: () => {}, exit: () => {}, onStopSignal: () => {} },
      );
      input.end(lines.join(""));
      await served;
    }
  }
}
