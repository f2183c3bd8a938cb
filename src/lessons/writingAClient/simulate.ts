/**
 * Lesson 7, "Writing a Client": everything the lesson computes for one seed.
 *
 * The servers are lesson 6's three (`olcum`, `tarife`, `kayit`) and the fleet server, which this
 * lesson introduces (lesson 8 studies it further), all from the same seed; the client's policy is
 * `FLEET_POLICY` (lesson 6's allowlist and known versions, plus the fleet's three tools and its
 * version), which the lesson prints in full; the level is 3 (full), the level at which lesson 6
 * drops `kayit` for its version. Pure: the same seed gives an equal result. Tables, prose and the
 * notebook read it.
 *
 * @remarks Source: the last section of the reference lesson ("Next Step"), which announces this
 * lesson; the fleet task joins lesson 6's twelve so that discovery is counted against four
 * servers; the lesson stands on lesson 6 alone, so a reader needs no later lesson to follow it.
 */
import {
  createFleetServer,
  FLEET_POLICY,
  walkFleetChain,
  type FleetChainOutcome,
} from "../../fleet/server";
import { generateFleet, type Device, type Fleet } from "../../fleet/generator";
import type { Level } from "../../sim/declaration";
import { Envelope } from "../../sim/envelope";
import { knowingOwnVersions, type ClientPolicy } from "../../sim/negotiation";
import type { WorldServer } from "../../sim/server";
import { createWorld, type World } from "../../world/world";
import {
  discoverServer,
  measureDiscovery,
  type DiscoveryRow,
  type SentMessage,
} from "../../simulatedClient/discovery";
import { dropVisibility, type DropVisibilityRow } from "../../simulatedClient/drops";
import { runReportedClient, type ReportedRun } from "../../simulatedClient/reporting";
import { connectClient } from "../../simulatedClient/connect";
import {
  discoveryGrowth,
  openedSessions,
  runClient,
  type ClientRun,
  type ClientSetup,
  type GrowthRow,
  type OpenedSessions,
} from "../../simulatedClient/session";
import { clientTasks, type ClientTask } from "../../simulatedClient/tasks";
import { prefixToolNames, type PrefixedTool } from "./toolNames";

/**
 * The level lesson 7 runs at: 3 (full), the level at which `kayit` is dropped.
 *
 * @remarks Source: the reference lesson, "Handler and Declaration".
 */
export const CLIENT_LEVEL: Level = 3;

/**
 * The server dropped silently at {@link CLIENT_LEVEL}.
 *
 * @remarks Source: the reference lesson, "Handler and Declaration".
 */
export const DROPPED_SERVER = "kayit";

/** A kept server on the same (remote) transport as the dropped one: exercise 5's. */
export const KEPT_SERVER = "tarife";

/** The keys of section 2's two fleet servers: the same software at two sites, one tool list. */
export const FLEET_SITES = ["fleet-north", "fleet-south"] as const;

/**
 * Lesson 7's three 2026-07-28 clients (the stateless era, `server/discover` first): discovery
 * before every task; once, the tasks running within the results' `ttlMs` (0 ms apart); and kept
 * for `ttlMs`, the tasks ten minutes apart (`DEFAULT_TASK_SPACING_MS`).
 */
export interface CurrentRuns {
  perTask: ClientRun;
  once: ClientRun;
  cached: ClientRun;
}

/**
 * Lesson 7's three 2026-07-28 clients for a host that trusts its servers' hints: the same runs as
 * {@link CurrentRuns} without the version rule (each server's own version known), the allowlist kept.
 */
export type McpHostRuns = CurrentRuns;

/**
 * Lesson 7's two 2025-11-25 clients for a host that trusts its servers' hints: per task and per
 * session, as {@link WritingAClientResult.perTask} and `perSession` without the version rule.
 */
export interface McpHostSessionRuns {
  perTask: ClientRun;
  perSession: ClientRun;
  /** The sessions each mode opened, by transport (local: server processes started over stdio). */
  sessions: { perTask: OpenedSessions; perSession: OpenedSessions };
}

/** Everything lesson 7 computes for one seed. */
export interface WritingAClientResult {
  seed: number;
  world: World;
  fleet: Fleet;
  /** olcum, tarife, kayit, fleet. */
  servers: readonly WorldServer[];
  level: Level;
  policy: ClientPolicy;
  /** The twelve lesson-6 tasks, then the fleet task. */
  tasks: ClientTask[];
  /** The fleet task's chain walked once on its own session at {@link CLIENT_LEVEL}. */
  fleetChain: FleetChainOutcome;
  /** The device the fleet task should fetch: the most downtime under 500 operating hours. */
  fleetAnswer: Device;
  /** Each server's discovery messages, as sent on a fresh envelope, by server name. */
  transcripts: Record<string, SentMessage[]>;
  /** Each server's discovery cost on its own, in server order. */
  discovery: DiscoveryRow[];
  /** The same in 2026-07-28: each server's discovery, `server/discover` first, on its own. */
  currentDiscovery: DiscoveryRow[];
  /** All tasks in 2026-07-28: per task, once, and cached for `ttlMs`, with the version rule. */
  current: CurrentRuns;
  /** The same three runs for a host that trusts its servers' hints: no version rule ({@link withoutVersionRule}). */
  mcpHost: McpHostRuns;
  /** The host that trusts its servers' hints in 2025-11-25: per task and per session. */
  mcpHostSessions: McpHostSessionRuns;
  /** Two fleet servers with one tool list, their names prefixed by the host's keys. */
  collision: PrefixedTool[];
  /** All tasks, discovery before every task. */
  perTask: ClientRun;
  /** All tasks, discovery once. */
  perSession: ClientRun;
  /** The sessions each mode opened, by transport (local: server processes started over stdio). */
  sessions: { perTask: OpenedSessions; perSession: OpenedSessions };
  /** Both modes over the first N tasks, N = 1 … all. */
  growth: GrowthRow[];
  /** Per server, after the per-session run: listed, kept, calls, reached the wire, ended in the client. */
  visibility: DropVisibilityRow[];
  /** The silent and the reporting client over the same run. */
  silent: ReportedRun;
  reporting: ReportedRun;
}

/**
 * Runs lesson 7 for a seed.
 *
 * @param seed an integer from 0 to 2^53 − 1; the world, its tasks and the fleet all come from it.
 * @throws RangeError for any other seed.
 */
export function simulateWritingAClient(seed: number): WritingAClientResult {
  const world = createWorld(seed); // checks the seed
  const fleet = generateFleet(seed);
  const servers = [...world.servers, createFleetServer(fleet)];
  const policy = FLEET_POLICY;
  const setup: ClientSetup = { servers, level: CLIENT_LEVEL, policy };
  const tasks = clientTasks(world, fleet);
  const perTask = runClient(setup, tasks, "per-task");
  const perSession = runClient(setup, tasks, "per-session");
  const stateless: ClientSetup = { ...setup, era: "stateless", discover: true };
  const once = runClient({ ...stateless, taskSpacingMs: 0 }, tasks, "cached");
  const current: CurrentRuns = {
    perTask: runClient(stateless, tasks, "per-task"),
    once,
    cached: runClient(stateless, tasks, "cached"),
  };
  const mcp: ClientSetup = { ...stateless, policy: knowingOwnVersions(policy, servers) };
  const mcpHost: McpHostRuns = {
    perTask: runClient(mcp, tasks, "per-task"),
    once: runClient({ ...mcp, taskSpacingMs: 0 }, tasks, "cached"),
    cached: runClient(mcp, tasks, "cached"),
  };
  const mcpLegacy: ClientSetup = { ...setup, policy: mcp.policy };
  const mcpPerTask = runClient(mcpLegacy, tasks, "per-task");
  const mcpPerSession = runClient(mcpLegacy, tasks, "per-session");
  const mcpHostSessions: McpHostSessionRuns = {
    perTask: mcpPerTask,
    perSession: mcpPerSession,
    sessions: {
      perTask: openedSessions(mcpPerTask.sent),
      perSession: openedSessions(mcpPerSession.sent),
    },
  };
  const fleetServer = servers[servers.length - 1]!;
  const collision = prefixToolNames(
    FLEET_SITES.map((key) => ({
      key,
      serverInfoName: fleetServer.name,
      tools: fleetServer.tools.map((t) => t.name),
    })),
  );
  const fleetTask = tasks[tasks.length - 1];
  if (fleetTask?.kind !== "fleet") throw new Error("the last client task is the fleet task");
  const fleetAnswer = fleet.byId.get(fleetTask.expected);
  if (!fleetAnswer) throw new Error(`the fleet has no device ${fleetTask.expected}`);
  const fleetChain = walkFleetChain(
    connectClient(servers, CLIENT_LEVEL, policy, new Envelope()).caller,
  );
  return {
    seed,
    world,
    fleet,
    servers,
    level: CLIENT_LEVEL,
    policy,
    tasks,
    fleetChain,
    fleetAnswer,
    transcripts: Object.fromEntries(
      servers.map((server) => [server.name, discoverServer(server, new Envelope())]),
    ),
    discovery: servers.map((server) => measureDiscovery(server)),
    currentDiscovery: servers.map((server) =>
      measureDiscovery(server, { era: "stateless", discover: true }),
    ),
    current,
    mcpHost,
    mcpHostSessions,
    collision,
    perTask,
    perSession,
    sessions: {
      perTask: openedSessions(perTask.sent),
      perSession: openedSessions(perSession.sent),
    },
    growth: discoveryGrowth(setup, tasks),
    visibility: dropVisibility(servers, perSession.negotiation, tasks, perSession.outcomes),
    silent: runReportedClient(setup, tasks, "silent"),
    reporting: runReportedClient(setup, tasks, "reporting"),
  };
}
