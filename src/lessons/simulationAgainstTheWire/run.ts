/**
 * Lesson 9's measurements: the simulator's runs and the same runs over the real wire, side by side.
 *
 * Source: issue 5 §4, issue 11 §5. Lesson 6's twelve tasks at each level, in each protocol era
 * (2025-11-25 and 2026-07-28), lesson 8's eight malformed calls and its agents under each
 * condition, each once in the simulator and once against real `mcp-course serve` processes
 * through the SDK's client over stdio (`src/wireClient/`).
 * This module only gathers: every comparison is made by the client's own functions, and nothing
 * here talks to a server directly. Wall times are measured but no table prints them, so the
 * lesson's export stays byte-identical from run to run; `npm run bench` reports the times.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_ROOT } from "../../packageRoot";
import { ALL_LEVELS, type Level } from "../../sim/declaration";
import { generateFleet } from "../../fleet/generator";
import { probeMalformedCalls, type MalformedRow } from "../../fleet/malformed";
import { compareAgentRuns, WIRE_TIME_SCALE, wireSetup, type AgentComparison } from "../../wireClient/agents";
import { CONDITIONS, findCondition, type Condition } from "../../fleet/conditions";
import { probeMalformedCallsOverWire } from "../../wireClient/malformed";
import { compareTaskRuns, runWireTasks, type LevelComparison } from "../../wireClient/tasks";
import { PROTOCOL_ERAS } from "../../sim/eras";
import { compareEraLevel, simulateEraTasks, type EraLevel } from "./eras";

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
  /** The eight malformed calls: as the simulator answers them, and as the real servers do. */
  malformed: { simulated: MalformedRow[]; wire: MalformedRow[] };
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
  const manifest = JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };
  const pin = (name: string) => {
    const version = manifest.dependencies[name];
    if (!version || !/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`${name} is not pinned to an exact version in package.json`);
    return version;
  };
  return { server: pin("@modelcontextprotocol/server"), client: pin("@modelcontextprotocol/client") };
}

/** A step of the run, for a progress line; the notebook passes none. */
export type WireProgress = (step: string) => void;

/**
 * How many wire runs go at once. Each run is mostly a server's start-up, which is CPU work in the
 * child; three keep two cores busy without starving any call. This project's choice.
 */
export const WIRE_CONCURRENCY = 3;

/** Runs `work` on every item, at most `width` at a time, and returns the results in item order. */
async function inPool<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
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
 * Runs lesson 9 for one seed: starts and stops every server it needs (about forty processes),
 * {@link WIRE_CONCURRENCY} runs at a time. Runs are independent — each has its own server
 * processes — so running them side by side changes no count. The slow condition runs last and
 * alone: its healthy calls share a timeout of a few hundred milliseconds, which no busy neighbour
 * should be able to exceed.
 *
 * @param seed the world's and the fleet's seed, an integer from 0 to 2^53 − 1.
 * @param progress called with a short description as each part starts.
 * @throws Error when `dist/` is not built (the servers run from it) or a server does not start.
 */
export async function runWireLesson(seed: number, progress: WireProgress = () => {}): Promise<WireLessonResult> {
  const alone = CONDITIONS.filter((condition) => condition.fault === "slow");
  const shared = CONDITIONS.filter((condition) => !alone.includes(condition));
  type Job =
    | { kind: "level"; level: Level }
    | { kind: "stateless"; level: Level }
    | { kind: "malformed" }
    | { kind: "agents"; condition: Condition };
  const jobs: Job[] = [
    ...ALL_LEVELS.map((level): Job => ({ kind: "level", level })),
    ...ALL_LEVELS.map((level): Job => ({ kind: "stateless", level })),
    { kind: "malformed" },
    ...shared.map((condition): Job => ({ kind: "agents", condition })),
  ];
  const done = await inPool(jobs, WIRE_CONCURRENCY, async (job) => {
    if (job.kind === "level") {
      progress(`lesson 6's tasks at level ${job.level}, three servers`);
      return { job, levels: await compareTaskRuns(seed, [job.level]) };
    }
    if (job.kind === "stateless") {
      progress(`lesson 6's tasks at level ${job.level}, three servers, stateless`);
      return { job, stateless: await runWireTasks(seed, job.level, { era: "stateless" }) };
    }
    if (job.kind === "malformed") {
      progress("the eight malformed calls on the raw and validating servers");
      return { job, wire: await probeMalformedCallsOverWire(seed) };
    }
    progress(`both agents under ${job.condition.name}`);
    return { job, agents: await compareAgentRuns(seed, [job.condition]) };
  });
  const agentsByCondition = new Map<string, AgentComparison[]>();
  for (const entry of done) if (entry.job.kind === "agents") agentsByCondition.set(entry.job.condition.name, entry.agents!);
  for (const condition of alone) {
    progress(`both agents under ${condition.name}, alone`);
    agentsByCondition.set(condition.name, await compareAgentRuns(seed, [condition]));
  }
  const levels = done.flatMap((entry) => entry.levels ?? []);
  const wire = done.find((entry) => entry.wire)!.wire!;
  const stateless = done.flatMap((entry) => (entry.stateless ? [entry.stateless] : []));
  const eras = PROTOCOL_ERAS.flatMap((era) =>
    ALL_LEVELS.map((level) => {
      const real = era === "legacy" ? levels.find((row) => row.level === level)!.real : stateless.find((row) => row.level === level)!;
      return compareEraLevel(era, level, simulateEraTasks(seed, level, era), real);
    }),
  );
  const slow = wireSetup(findCondition("slow")!, seed);
  return {
    seed,
    levels,
    eras,
    sdk: sdkVersions(),
    malformed: { simulated: probeMalformedCalls(generateFleet(seed)), wire },
    agents: CONDITIONS.flatMap((condition) => agentsByCondition.get(condition.name)!),
    scale: WIRE_TIME_SCALE,
    timeoutMs: slow.options.timeoutMs!,
    slowMs: slow.spec!.slowMs!,
  };
}
