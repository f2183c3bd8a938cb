/**
 * Lesson 9's measurements: the simulator's runs and the same runs over the real wire, side by side,
 * and what the wire shows that the simulator did not build.
 *
 * Lesson 6's twelve tasks at each level, in each protocol era (2025-11-25 and 2026-07-28), lesson
 * 8's eight malformed calls and its agents under each condition, each once in the simulator and
 * once against real `mcp-course serve` processes through the SDK's client over stdio
 * (`src/wireClient/`). On the same processes, no more started: the tasks again under the wide
 * allowlist, gated once by MCP's defaults and once by the reference's rule; each server's
 * resources and prompts listed where it declares them (lesson 7's discovery, 2025-11-25). One more
 * process: the fleet built on the SDK's high-level `McpServer`, for its `tools/list` and the eight
 * calls; two more for the real lines a scripted client prints (`lines.ts`).
 * This module only gathers: every comparison is made by the client's own functions, and nothing
 * here talks to a server directly. No table prints a wall time, so the export stays the same
 * from run to run.
 *
 * @remarks Source: the course's own design: a simulation is believed only as far as a real wire
 * confirms it, so lesson 9 reruns lessons 6–8 over stdio in both revisions (2025-11-25
 * `basic/lifecycle.mdx`, 2026-07-28 `basic/index.mdx`) and prints counts and bytes, never time.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_ROOT } from "../../packageRoot";
import { ALL_LEVELS, type Level } from "../../sim/declaration";
import { generateFleet } from "../../fleet/generator";
import { probeMalformedCalls, type MalformedRow } from "../../fleet/malformed";
import {
  compareAgentRuns,
  WIRE_TIME_SCALE,
  wireSetup,
  type AgentComparison,
} from "../../wireClient/agents";
import { CONDITIONS, findCondition, type Condition } from "../../fleet/conditions";
import { interruptible } from "../../wireClient/interruptible";
import { probeFleetServersOverWire } from "../../wireClient/malformed";
import {
  compareTaskRuns,
  runWireTasks,
  type LevelComparison,
  type WireRunRow,
  type WireWalk,
} from "../../wireClient/tasks";
import type { ToolOutcome } from "../../fleet/paths";
import { createFleetServer } from "../../fleet/server";
import { knownDiscover } from "../../server/knownDiscover";
import { ERA_REVISIONS, PROTOCOL_ERAS } from "../../sim/eras";
import { noTraffic } from "../../wireClient/trafficCounts";
import { runTasks } from "../../world/runTasks";
import { SERVER_FACTS, WIDE_POLICY } from "../../world/servers";
import { createWorld } from "../../world/world";
import { compareEraLevel, simulateEraTasks, type EraLevel } from "./eras";
import {
  gateReadings,
  simulateWritingAServer,
  type GateReadingRow,
} from "../writingAServer/simulate";
import { CANCELLED_SLOW_MS, fleetLines, type FleetLines } from "./lines";
import { structuredLines } from "./structured";
import type { Transcript } from "../../wireClient/lineExchange";
import {
  checkDiscovery,
  compareToolLists,
  gateLevel,
  type DiscoveryCheck,
  type GateLevel,
  type ToolListDiff,
} from "./independent";

/** Each world server's discovery in 2025-11-25, from the full level's run (its opening, then the lists it sent last). */
function worldDiscovery(run: WireRunRow): DiscoveryCheck[] {
  return SERVER_FACTS.map((facts) => {
    const part = run.servers.find((server) => server.server === facts.name)!;
    const rest = run.rest?.find((server) => server.server === facts.name)?.traffic ?? noTraffic();
    return checkDiscovery("legacy", ERA_REVISIONS.legacy, facts, part.traffic, rest);
  });
}

/** Everything lesson 9 prints, for one seed. */
export interface WireLessonResult {
  seed: number;
  /** Lesson 6's run at each level, simulated and real (2025-11-25). */
  levels: LevelComparison[];
  /**
   * Each era (2025-11-25, then 2026-07-28) at each level: lesson 7's client beside the real one,
   * messages and tokens beside messages and bytes, by kind and by method.
   */
  eras: EraLevel[];
  /**
   * The eight malformed calls: as the simulator answers them, as the real servers do, and as the
   * fleet built on the SDK's `McpServer` does (`highLevel`, in `MALFORMED_CALLS` order).
   */
  malformed: { simulated: MalformedRow[]; wire: MalformedRow[]; highLevel: ToolOutcome[] };
  /** Each fleet tool as our validating server lists it beside the SDK's high-level server. */
  declarations: ToolListDiff[];
  /** Per level (2025-11-25): the tasks under the wide allowlist, gated by each rule, beside the simulator. */
  gates: GateLevel[];
  /** Lesson 6's gate table for the same seed, the simulator's: what {@link gates} is held to. */
  lessonSixGates: GateReadingRow[];
  /** Lesson 7's discovery per server in 2025-11-25, simulated and on the wire: the world's, then the fleet's. */
  discovery: DiscoveryCheck[];
  /** Real lines of a scripted exchange with a slow fleet server: a cancelled call. */
  lines: FleetLines;
  /**
   * Real lines of the structured-results server (`structuredServer.ts`), in 2026-07-28:
   * `tools/list`, then `tools/call` of `tuketim_oku` for `A001` and for `A002`.
   */
  structured: Transcript;
  /** Each condition × policy of lesson 8, simulated and real. */
  agents: AgentComparison[];
  /** The exact versions of the official SDK's packages the servers and the client are built on. */
  sdk: { server: string; client: string };
  /** Real time per unit of the seed's time for the slow fault and the client's timeout (see `WIRE_TIME_SCALE`). */
  scale: number;
  /** The real client's timeout per `tools/call` in the agents' runs, ms (the seed's 1.5 s × `scale`). */
  timeoutMs: number;
  /** How long the slow fault's `top_devices` sleeps, ms (the seed's 3 s × `scale`). */
  slowMs: number;
}

/** The SDK packages' versions as this package pins them (`package.json`, exact pins). */
export function sdkVersions(): { server: string; client: string } {
  const manifest = JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  const pin = (name: string) => {
    const version = manifest.dependencies[name];
    if (!version || !/^\d+\.\d+\.\d+$/.test(version))
      throw new Error(`${name} is not pinned to an exact version in package.json`);
    return version;
  };
  return {
    server: pin("@modelcontextprotocol/server"),
    client: pin("@modelcontextprotocol/client"),
  };
}

/** A step of the run, for a progress line; the notebook passes none. */
export type WireProgress = (step: string) => void;

/**
 * How many wire runs go at once. Each run is mostly a server's start-up, which is CPU work in the
 * child; three keep two cores busy without starving any call. This project's choice.
 */
export const WIRE_CONCURRENCY = 3;

/** Runs `work` on every item, at most `width` at a time, and returns the results in item order. */
async function inPool<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

/**
 * The further walks of each legacy level run: the wide allowlist (`kayit_yaz` allowed), no
 * approval, first under MCP's defaults and then under the reference's rule. MCP's gate sends no
 * call to a tool not marked read-only, so it writes nothing, and the reference's walk meets the
 * world as it was.
 */
export const GATE_WALKS: readonly WireWalk[] = [
  { policy: WIDE_POLICY, gate: "specification" },
  { policy: WIDE_POLICY, gate: "reference" },
];

/**
 * Runs lesson 9 for one seed: starts and stops every server it needs (about forty processes),
 * {@link WIRE_CONCURRENCY} runs at a time. Runs are independent — each has its own server
 * processes — so running them side by side changes no count. Unterminated stray output goes
 * first: every one of its calls waits out the client's timeout whatever the load (no response
 * can be read), so its waiting overlaps the other runs' work. The slow condition runs last and
 * alone: its healthy calls share a timeout of a few hundred milliseconds, which no busy neighbour
 * should be able to exceed.
 *
 * An interrupt (SIGINT) in a kernel stops the run as a whole (`interruptible`): its servers are
 * killed, no other starts, and the run rejects with one line.
 *
 * @param seed the world's and the fleet's seed, an integer from 0 to 2^53 − 1.
 * @param progress called with a short description as each part starts.
 * @throws Error when `dist/` is not built (the servers run from it) or a server does not start;
 *   RunInterrupted when interrupted in a kernel.
 */
export function runWireLesson(
  seed: number,
  progress: WireProgress = () => {},
): Promise<WireLessonResult> {
  return interruptible(() => wireLesson(seed, progress));
}

/** {@link runWireLesson}'s run. */
async function wireLesson(seed: number, progress: WireProgress): Promise<WireLessonResult> {
  const alone = CONDITIONS.filter((condition) => condition.fault === "slow");
  const waiting = CONDITIONS.filter((condition) => condition.fault === "stdout-unterminated");
  const shared = CONDITIONS.filter(
    (condition) => !alone.includes(condition) && !waiting.includes(condition),
  );
  type Job =
    | { kind: "level"; level: Level }
    | { kind: "stateless"; level: Level }
    | { kind: "malformed" }
    | { kind: "agents"; condition: Condition };
  const jobs: Job[] = [
    ...waiting.map((condition): Job => ({ kind: "agents", condition })),
    ...ALL_LEVELS.map((level): Job => ({ kind: "level", level })),
    ...ALL_LEVELS.map((level): Job => ({ kind: "stateless", level })),
    { kind: "malformed" },
    ...shared.map((condition): Job => ({ kind: "agents", condition })),
  ];
  const slow = wireSetup(findCondition("slow")!, seed);
  const done = await inPool(jobs, WIRE_CONCURRENCY, async (job) => {
    if (job.kind === "level") {
      progress(`lesson 6's tasks at level ${job.level}, three servers`);
      return {
        job,
        levels: await compareTaskRuns(seed, [job.level], {
          gate: "reference",
          walks: GATE_WALKS,
          // Lesson 7's discovery is compared in 2025-11-25, on the full level's processes.
          listRest: job.level === 3,
        }),
      };
    }
    if (job.kind === "stateless") {
      progress(`lesson 6's tasks at level ${job.level}, three servers, stateless`);
      return {
        job,
        stateless: await runWireTasks(seed, job.level, {
          era: "stateless",
          discover: knownDiscover,
          gate: "reference",
        }),
      };
    }
    if (job.kind === "malformed") {
      progress("the eight malformed calls on the raw, validating and high-level servers");
      const [probe, lines, structured] = await Promise.all([
        probeFleetServersOverWire(seed),
        fleetLines(seed, slow.options.timeoutMs!, CANCELLED_SLOW_MS),
        structuredLines(),
      ]);
      return { job, probe, lines, structured };
    }
    progress(`both agents under ${job.condition.name}`);
    return { job, agents: await compareAgentRuns(seed, [job.condition]) };
  });
  const agentsByCondition = new Map<string, AgentComparison[]>();
  for (const entry of done)
    if (entry.job.kind === "agents") agentsByCondition.set(entry.job.condition.name, entry.agents!);
  for (const condition of alone) {
    progress(`both agents under ${condition.name}, alone`);
    agentsByCondition.set(condition.name, await compareAgentRuns(seed, [condition]));
  }
  const levels = done.flatMap((entry) => entry.levels ?? []);
  const probe = done.find((entry) => entry.probe)!.probe!;
  const stateless = done.flatMap((entry) => (entry.stateless ? [entry.stateless] : []));
  const eras = PROTOCOL_ERAS.flatMap((era) =>
    ALL_LEVELS.map((level) => {
      const real =
        era === "legacy"
          ? levels.find((row) => row.level === level)!.real
          : stateless.find((row) => row.level === level)!;
      return compareEraLevel(era, level, simulateEraTasks(seed, level, era), real);
    }),
  );
  const fleet = generateFleet(seed);
  const world = createWorld(seed);
  const discovery = [
    ...worldDiscovery(levels.find((row) => row.level === 3)!.real),
    checkDiscovery(
      "legacy",
      ERA_REVISIONS.legacy,
      createFleetServer(fleet),
      probe.servers.validating!.opening,
      probe.servers.validating!.rest ?? noTraffic(),
    ),
  ];
  return {
    seed,
    levels,
    eras,
    sdk: sdkVersions(),
    malformed: {
      simulated: probeMalformedCalls(fleet),
      wire: probe.rows,
      highLevel: probe.servers["high-level"]!.outcomes,
    },
    declarations: compareToolLists(
      probe.servers.validating!.listed,
      probe.servers["high-level"]!.listed,
    ),
    gates: levels.map(({ level, real }) =>
      gateLevel(real, runTasks(world, level, { policy: WIDE_POLICY })),
    ),
    lessonSixGates: gateReadings(simulateWritingAServer(seed)),
    discovery,
    lines: done.find((entry) => entry.lines)!.lines!,
    structured: done.find((entry) => entry.structured)!.structured!,
    agents: CONDITIONS.flatMap((condition) => agentsByCondition.get(condition.name)!),
    scale: WIRE_TIME_SCALE,
    timeoutMs: slow.options.timeoutMs!,
    slowMs: slow.spec!.slowMs!,
  };
}
