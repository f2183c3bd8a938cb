/**
 * What `serve` serves, whatever carries it: from the options, the world (`createWorld`) or the
 * fleet (`generateFleet`) for the seed, the served server at the level (`servedServers.ts`), and a
 * factory of SDK servers for it: our stock `Server` (`mcpServer.ts`), or for the fleet's
 * `high-level` path the SDK's own `McpServer` (`highLevelFleet.ts`). The stdio transport builds one
 * server per connection and the HTTP handler one per request; both take the factory from here, so
 * both serve the same declarations, levels, paths and seed.
 */
import type { McpServer, Server } from "@modelcontextprotocol/server";
import { generateFleet } from "../fleet/generator";
import type { Level } from "../sim/declaration";
import { DEFAULT_SEED } from "../sim/seed";
import { createWorld } from "../world/world";
import { COURSE_STATE_KEY } from "../protocol/requestState";
import { NO_FAULT, type ServeFault } from "./faults";
import { createHighLevelFleetServer } from "./highLevelFleet";
import { createMcpServer, type CallHooks } from "./mcpServer";
import type { ServeEra } from "./names";
import { fleetServed, worldServed, type ServedPath, type ServerName } from "./servedServers";

/** What to serve. Defaults: level 3 (`full`), {@link DEFAULT_SEED}, no fault, path `validating`. */
export interface ServeOptions {
  server: ServerName;
  level?: Level;
  /** World seed (olcum, tarife, kayit) or fleet seed (fleet): an integer from 0 to 2^53 − 1. */
  seed?: number;
  fault?: ServeFault;
  /** Fleet only: which of the simulator's JSON-RPC paths answers `tools/call`, or `high-level` (no fault). */
  path?: ServedPath;
  /** The eras answered (`serve --era`; `requestScreen.ts` says how a one-era process answers the other): default `both`. */
  era?: ServeEra;
  /** `--confirm-writes`: a side-effect tool asks the user to confirm first, in the 2026-07-28 era (`confirmWrites.ts`). World servers only. */
  confirmWrites?: boolean;
  /** The key `--confirm-writes` signs its `requestState` with, default `COURSE_STATE_KEY` (`confirmWrites.ts`). */
  stateKey?: string;
}

/** The served server, settled: the options with their defaults, and how to build an SDK server for it. */
export interface ServedFactory {
  level: Level;
  seed: number;
  fault: ServeFault;
  /** The fleet's path; null for the world's servers. */
  path: ServedPath | null;
  /**
   * A new SDK server for one connection (stdio) or one request (HTTP).
   *
   * @param hooks what runs around each `tools/call` (faults, the log); the `high-level` path takes none.
   * @param revision the revision the connection or request speaks, read when a handler needs it.
   * @param supported the revisions the process accepts (`supportedRevisions` of its era).
   */
  create(
    hooks: CallHooks,
    revision: () => string | undefined,
    supported: readonly string[],
  ): Server | McpServer;
}

/**
 * Settles `options` and builds the world or fleet once; every server the factory makes shares it.
 *
 * @throws RangeError for a bad seed (from `createWorld` / `generateFleet`), or the `high-level`
 *   path with a fault or at level 0, before anything is served.
 */
export function servedFactory(options: ServeOptions): ServedFactory {
  const level = options.level ?? 3;
  const seed = options.seed ?? DEFAULT_SEED;
  const fault = options.fault ?? NO_FAULT;
  const path = options.server === "fleet" ? (options.path ?? "validating") : null;
  if (path === "high-level" && fault.kind !== "none")
    throw new RangeError("the high-level fleet server takes no fault");
  const fleet = path !== null ? generateFleet(seed) : undefined;
  if (path === "high-level") {
    createHighLevelFleetServer(fleet!, level); // a bad level throws here
    return { level, seed, fault, path, create: () => createHighLevelFleetServer(fleet!, level) };
  }
  const confirmWrites = options.confirmWrites
    ? { key: options.stateKey ?? COURSE_STATE_KEY }
    : undefined;
  const served =
    path === null
      ? worldServed(createWorld(seed), options.server, level)
      : fleetServed(fleet!, path, level);
  return {
    level,
    seed,
    fault,
    path,
    create: (hooks, revision, supported) =>
      createMcpServer(served, hooks, revision, supported, confirmWrites),
  };
}
