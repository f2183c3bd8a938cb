/**
 * The reference's round-trip rule held against the wire.
 *
 * The reference lesson charges a request one round trip on a local transport and two on a remote
 * one (reference lesson 004, IM4; `REMOTE_ROUND_TRIPS`, `sim/envelope.ts`), and calls `olcum`
 * local and `tarife` and `kayit` remote (`SERVER_FACTS`, `world/servers.ts`). Here lesson 6's
 * twelve tasks run for real at each level, in both eras: the local server over stdio, the remote
 * ones over Streamable HTTP on loopback (`mcp-course serve … --http`), and the client counts what
 * crossed, server by server. Each level runs three ways:
 * - `per-request`: a new TCP connection for every HTTP request (`Connection: close`);
 * - `keep-alive`: one connection reused, requests strictly one after another (`httpFetch.ts`), so
 *   how many connections are opened never depends on timing;
 * - `simulator`: the reference's accounting, from the simulator's own run (`requestsByServer`).
 * The wire runs gate calls by the reference's rule (`GateRule` `reference`), as the simulator
 * does, under the same policy (the reference's by default, `OPEN_POLICY` for every call), so both
 * make the same calls.
 *
 * What counts as a round trip on the wire, for the client waiting on it:
 * - stdio: one per request (the client writes a line and waits for the answering line); a
 *   notification waits for nothing and costs none;
 * - HTTP: one per HTTP request (a request and its response), plus one per TCP connection opened,
 *   for TCP's handshake (RFC 9293 §3.5: the client's SYN, the server's SYN-ACK, and only then can
 *   the request go). Every client message is its own POST (2026-07-28
 *   `basic/transports/streamable-http.mdx`, "Sending Messages to the Server"), so over HTTP a
 *   notification, answered `202 Accepted`, costs a round trip too, unlike on stdio.
 *
 * So the doubled round trip holds exactly where each request opens its own connection (`per-request`:
 * 2 per HTTP request), and not in keep-alive's steady state, where one connection serves every
 * request (1 per HTTP request, plus 1 for the run). ({@link doubled} tells which a row is.)
 *
 * Every figure is a count: the same seed gives the same result on every run (no timing is in it;
 * the header fields that vary have a fixed length: `httpFetch.ts`), so a lesson can print it.
 */
import { ALL_LEVELS, type Level } from "../sim/declaration";
import type { ClientPolicy } from "../sim/negotiation";
import { requestsByServer } from "../world/requestsByServer";
import { SERVER_FACTS } from "../world/servers";
import { createWorld } from "../world/world";
import { WireConnection, type WireClientOptions } from "./connection";
import type { SpokenEra } from "./era";
import type { HttpConnectionMode } from "./httpFetch";
import { httpServers, type HttpServers } from "./httpServe";
import { runWireTasks } from "./tasks";
import type { TrafficCounts } from "./trafficCounts";

/** The three ways a level is counted, in table order. */
export type RoundTripWay = HttpConnectionMode | "simulator";

/** The ways of {@link RoundTripWay}, in the order the module comment gives them. */
export const ROUND_TRIP_WAYS: readonly RoundTripWay[] = ["per-request", "keep-alive", "simulator"];

/** One server's part of a run, counted one way. */
export interface ServerTrips {
  server: string;
  /** How the client reached it: `stdio` or `http` on the wire; the simulator's `local` or `remote`. */
  transport: "stdio" | "http" | "local" | "remote";
  /** JSON-RPC requests the client sent it. */
  requests: number;
  /** JSON-RPC notifications the client sent it (the simulator's run sends none). */
  notifications: number;
  /** HTTP requests (every POST, and a GET where the client opens one); null off HTTP. */
  httpRequests: number | null;
  /** TCP connections opened; null off HTTP. */
  connections: number | null;
  /** Round trips, as the module comment counts them (the simulator: as its envelope counts them). */
  roundTrips: number;
  /**
   * Bytes both ways: on stdio the lines, newlines included; over HTTP everything on the sockets,
   * header blocks and bodies. Null for the simulator, which counts tokens, not bytes.
   */
  bytes: number | null;
  /**
   * The JSON-RPC messages' bytes both ways, each as a stdio line would carry it (its JSON and a
   * newline): on stdio the same figure as {@link bytes}; over HTTP what the same messages would
   * cost without HTTP. Null for the simulator.
   */
  messageBytes: number | null;
  /** The HTTP header blocks' bytes both ways (start lines and fields); null off HTTP. */
  headerBytes: number | null;
}

/** One level counted one way (for the wire, in one era), server by server in negotiation order. */
export interface RoundTripRun {
  level: Level;
  way: RoundTripWay;
  /** The era the client spoke; null for the simulator, whose accounting knows no era. */
  era: SpokenEra | null;
  servers: ServerTrips[];
}

/** Options of {@link measureRoundTrips}. */
export interface RoundTripOptions {
  /**
   * Each server's `server/discover` result, for the stateless era (for our servers the server's
   * `knownDiscover`, passed in by whoever holds both ends, as `WireRunOptions.discover`).
   */
  discover: WireClientOptions["discover"];
  /** The levels to run; default all four. */
  levels?: readonly Level[];
  /** The eras the wire runs speak; default both. */
  eras?: readonly SpokenEra[];
  /**
   * The client's allowlist and known versions, for the wire runs and the simulator's alike;
   * default the reference's (`LESSON_POLICY`). `OPEN_POLICY` lets every call of the tasks out.
   */
  policy?: ClientPolicy;
  /** Whether calls to a tool with a declared side effect are approved; default false. */
  approval?: boolean;
  /**
   * The pool the remote servers are started in (`httpServe.ts`), when the caller keeps it to use
   * the same processes before or after, and closes it itself. Default: a pool of the run's own,
   * closed before it returns.
   */
  servers?: HttpServers;
}

/** Whether a server is remote in the reference's world, and so served over HTTP here. */
function isRemote(server: string): boolean {
  return SERVER_FACTS.some((facts) => facts.name === server && facts.transport === "remote");
}

/** A server's wire traffic as a {@link ServerTrips} row (see the module comment for round trips). */
export function wireTrips(server: string, traffic: TrafficCounts): ServerTrips {
  const requests = traffic.sent.byKind.request.messages;
  const notifications = traffic.sent.byKind.notification.messages;
  const messageBytes = traffic.sent.total.bytes + traffic.received.total.bytes;
  const http = traffic.http;
  if (http === undefined)
    return {
      server,
      transport: "stdio",
      requests,
      notifications,
      httpRequests: null,
      connections: null,
      roundTrips: requests,
      bytes: messageBytes,
      messageBytes,
      headerBytes: null,
    };
  const { sent, received } = http.total;
  return {
    server,
    transport: "http",
    requests,
    notifications,
    httpRequests: http.total.exchanges,
    connections: http.connections,
    roundTrips: http.total.exchanges + http.connections,
    bytes: sent.headerBytes + sent.bodyBytes + received.headerBytes + received.bodyBytes,
    messageBytes,
    headerBytes: sent.headerBytes + received.headerBytes,
  };
}

/**
 * Whether a row pays the reference's doubled round trip: two round trips for each HTTP request.
 * False off HTTP (and for the simulator, whose rule it is, not a measure of it).
 */
export function doubled(row: ServerTrips): boolean {
  return row.httpRequests !== null && row.roundTrips === 2 * row.httpRequests;
}

/**
 * Lesson 6's twelve tasks at each level, in each era, counted three ways (see the module
 * comment): for each level, the wire runs (era by era, `per-request` then `keep-alive`), then the
 * simulator's.
 *
 * Starts one `serve --http` process per remote server and level, shared by the level's wire runs
 * (in `options.servers` when given, which the caller then ends), and one stdio process per run for
 * the local server; ends the others before it returns.
 *
 * @param seed the world's seed, an integer from 0 to 2^53 − 1.
 * @throws RangeError for a level or era that is not one; Error when `dist/` is not built, a
 *   server does not start, or the stateless era is asked for without `discover`.
 */
export async function measureRoundTrips(
  seed: number,
  options: RoundTripOptions,
): Promise<RoundTripRun[]> {
  const levels = options.levels ?? ALL_LEVELS;
  const eras = options.eras ?? (["legacy", "stateless"] as const);
  for (const level of levels)
    if (!ALL_LEVELS.includes(level)) throw new RangeError(`no declaration level ${String(level)}`);
  for (const era of eras)
    if (era !== "legacy" && era !== "stateless")
      throw new RangeError(`no era ${String(era)}: legacy or stateless`);
  const world = createWorld(seed);
  const servers = options.servers ?? httpServers();
  const { policy, approval } = options;
  const runs: RoundTripRun[] = [];
  try {
    for (const level of levels) {
      for (const era of eras)
        for (const way of ["per-request", "keep-alive"] as const) {
          const row = await runWireTasks(seed, level, {
            era,
            discover: options.discover,
            policy,
            approval,
            gate: "reference",
            open: (spec, connection) =>
              isRemote(spec.server)
                ? servers.open(spec, { ...connection, httpConnection: way })
                : WireConnection.open(spec, connection),
          });
          const parts = row.servers.map((part) => wireTrips(part.server, part.traffic));
          runs.push({ level, way, era, servers: parts });
        }
      const simulated = requestsByServer(world, level, { policy, approval }).map(
        ({ server, transport, requests, roundTrips }): ServerTrips => ({
          server,
          transport,
          requests,
          notifications: 0,
          httpRequests: null,
          connections: null,
          roundTrips,
          bytes: null,
          messageBytes: null,
          headerBytes: null,
        }),
      );
      runs.push({ level, way: "simulator", era: null, servers: simulated });
    }
  } finally {
    if (options.servers === undefined) await servers.close();
  }
  return runs;
}
