/**
 * The fleet as a fourth server in the lesson-6 simulator.
 *
 * The fleet server has its own name, version and transport, so the four
 * declaration levels (`sim/declaration.ts`), the allowlist and known versions
 * (`sim/negotiation.ts`), the client's call (`sim/client.ts`) and the envelope apply to it as to
 * `olcum`, `tarife` and `kayit`. At level 0 the client knows no fields, so calls go out empty:
 * `count_devices` answers for the whole fleet and `top_devices` fails for want of `field`.
 */
import type { Fleet } from "./generator";
import { FLEET_SERVER_NAME, FLEET_VERSION } from "./paths";
import { createFleetHandlers, FLEET_TOOL_DEFINITIONS, FLEET_TOOL_NAMES } from "./tools";
import { callTool, NO_APPROVAL, type Session } from "../sim/client";
import type { Level } from "../sim/declaration";
import { Envelope } from "../sim/envelope";
import { negotiate, type ClientPolicy } from "../sim/negotiation";
import type { WorldServer } from "../sim/server";
import type { Fields, Value } from "../sim/values";
import { ALLOWLIST, KNOWN_VERSIONS } from "../world/servers";

/**
 * A client policy that knows the fleet: lesson 6's allowlist plus the three fleet tools, and
 * lesson 6's known versions plus `fleet` at {@link FLEET_VERSION}. Lesson 6's own policy knows
 * neither, so it drops the fleet server: at levels 0–2 by allowlist, at level 3 by version.
 */
export const FLEET_POLICY: ClientPolicy = {
  allowlist: [...ALLOWLIST, ...FLEET_TOOL_NAMES],
  knownVersions: { ...KNOWN_VERSIONS, [FLEET_SERVER_NAME]: FLEET_VERSION },
};

/**
 * The fleet server for the simulator: local transport (a stdio child process), version
 * {@link FLEET_VERSION}, three read-only tools whose fields are their schemas' property names,
 * and one resource, `cihaz_listesi` (Turkish for "device list"). A handler's throw becomes
 * `{hata: message}` (`hata`, "error"), the simulator's error result.
 */
export function createFleetServer(fleet: Fleet): WorldServer {
  const handlers = createFleetHandlers(fleet);
  return {
    name: FLEET_SERVER_NAME,
    version: FLEET_VERSION,
    transport: "local",
    tools: FLEET_TOOL_DEFINITIONS.map((tool) => ({
      name: tool.name,
      handler: (args: Fields): Fields => {
        try {
          return handlers[tool.name as keyof typeof handlers](args);
        } catch (error) {
          return { hata: (error as Error).message };
        }
      },
      fields: Object.keys(tool.inputSchema.properties as object),
      sideEffect: false,
    })),
    resources: ["cihaz_listesi"],
    prompts: [],
  };
}

/** The chain the level table runs: count, rank, fetch the top device. */
export const FLEET_CHAIN = ["count_devices", "top_devices", "get_device"] as const;

/** The values the client starts from: the task's threshold, the field to rank, a full page. */
export const FLEET_STATE: Readonly<Fields> = { max_hours: 500, field: "downtime_min", limit: 10 };

/** One level of the fleet chain: negotiation, the three calls, and the envelope. */
export interface FleetLevelRow {
  level: Level;
  /** Tools negotiated and dropped, across all servers negotiated. */
  negotiated: number;
  dropped: number;
  calls: number;
  failed: number;
  /** What `count_devices` answered (`null` if it failed). */
  count: Value;
  /** The device `get_device` fetched (`null` if the chain did not get there). */
  fetched: Value;
  /** The first failure as `"tool: error"`, or null. */
  failure: string | null;
  request: number;
  response: number;
  tokens: number;
  round_trips: number;
}

/** What walking {@link FLEET_CHAIN} did: calls, failures, the count and the device fetched. */
export interface FleetChainOutcome {
  calls: number;
  failed: number;
  /** Calls stopped at the approval gate (the fleet's tools declare no side effect, so 0 unless a policy says otherwise). */
  blocked: number;
  /** What `count_devices` answered (`null` if it failed). */
  count: Value;
  /** The device `get_device` fetched (`null` if the chain did not get there). */
  fetched: Value;
  /** The call that cut the chain, and its error; undefined when every call succeeded. */
  failure: { tool: string; hata: string } | undefined;
}

/**
 * Walks {@link FLEET_CHAIN} through the client from {@link FLEET_STATE}: after `top_devices`,
 * `device_id` is the first row's. An error cuts the chain, as in lesson 6.
 *
 * @param session a negotiated session; its envelope gains the calls that reach the wire.
 */
export function walkFleetChain(session: Session): FleetChainOutcome {
  const state: Fields = { ...FLEET_STATE };
  const outcome: FleetChainOutcome = {
    calls: 0,
    failed: 0,
    blocked: 0,
    count: null,
    fetched: null,
    failure: undefined,
  };
  for (const name of FLEET_CHAIN) {
    const answer = callTool(session, name, state);
    outcome.calls += 1;
    if (answer.hata !== undefined) {
      outcome.failed += 1;
      if (answer.hata === NO_APPROVAL) outcome.blocked += 1;
      outcome.failure = { tool: name, hata: String(answer.hata) };
      break;
    }
    if (name === "count_devices") outcome.count = answer.count;
    if (name === "top_devices") {
      state.device_id = (answer.devices as readonly Fields[])[0]?.device_id ?? null;
    }
    if (name === "get_device") outcome.fetched = answer.device_id;
  }
  return outcome;
}

/** Negotiates with `servers` at `level` on a fresh envelope, then walks {@link FLEET_CHAIN}. */
export function runFleetChain(
  servers: readonly WorldServer[],
  level: Level,
  policy: ClientPolicy = FLEET_POLICY,
): FleetLevelRow {
  const envelope = new Envelope();
  const negotiation = negotiate(servers, level, policy, envelope);
  const session = { envelope, negotiated: negotiation.negotiated, approval: false };
  const { calls, failed, count, fetched, failure } = walkFleetChain(session);
  const { request, response, tokens, round_trips } = envelope.counts();
  return {
    level,
    negotiated: negotiation.negotiated.size,
    dropped: negotiation.dropped.length,
    calls,
    failed,
    count,
    fetched,
    failure: failure ? `${failure.tool}: ${failure.hata}` : null,
    request,
    response,
    tokens,
    round_trips,
  };
}
