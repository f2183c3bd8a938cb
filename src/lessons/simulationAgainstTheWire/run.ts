/**
 * Lesson 9's measurements: the simulator's runs and the same runs over the real wire, side by side.
 *
 * Source: issue 5 §4. Lesson 6's twelve tasks at each level, lesson 8's eight malformed calls and
 * its agents under each condition, each once in the simulator and once against real
 * `mcp-course serve` processes through the SDK's client over stdio (`src/client/wire*.ts`).
 * This module only gathers: every comparison is made by the client's own functions, and nothing
 * here talks to a server directly. Wall times are measured but no table prints them, so the
 * lesson's export stays byte-identical from run to run; `npm run bench` reports the times.
 */
import { ALL_LEVELS, type Level } from "../../sim/declaration";
import { generateFleet } from "../../fleet/generator";
import { probeMalformedCalls, type MalformedRow } from "../../fleet/malformed";
import { compareAgentRuns, WIRE_TIME_SCALE, wireSetup, type AgentComparison } from "../../client/wireAgents";
import { findCondition } from "../../fleet/conditions";
import { probeMalformedCallsOverWire } from "../../client/wireMalformed";
import { bytesBesideTokens, bytesByMethod, compareTaskRuns, type KindRow, type LevelComparison, type MethodRow } from "../../client/wireTasks";

/** One level's messages by kind: the simulator's messages and tokens beside the wire's messages and bytes. */
export interface LevelKinds {
  level: Level;
  rows: KindRow[];
}

/** Everything lesson 9 prints, for one seed. */
export interface WireLessonResult {
  seed: number;
  /** Lesson 6's run at each level, simulated and real. */
  levels: LevelComparison[];
  /** Per level, messages and tokens (simulator) beside messages and bytes (wire), by kind. */
  kinds: LevelKinds[];
  /** The wire's traffic at the full level, by MCP method. */
  methods: MethodRow[];
  /** The eight malformed calls: as the simulator answers them, and as the real servers do. */
  malformed: { simulated: MalformedRow[]; wire: MalformedRow[] };
  /** Each condition × policy of lesson 8, simulated and real. */
  agents: AgentComparison[];
  /** Real time per unit of the seed's time for the slow fault and the client's timeout (see `WIRE_TIME_SCALE`). */
  scale: number;
  /** The real client's timeout per `tools/call` in the agents' runs, ms (the seed's 1.5 s × `scale`). */
  timeoutMs: number;
  /** How long the slow fault's `top_devices` sleeps, ms (the seed's 3 s × `scale`). */
  slowMs: number;
}

/** A step of the run, for a progress line; the notebook passes none. */
export type WireProgress = (step: string) => void;

/**
 * Runs lesson 9 for one seed: starts and stops every server it needs (about 35 processes, a few
 * seconds in all, most of it the scaled-down timeouts of the faults).
 *
 * @param seed the world's and the fleet's seed, an integer from 0 to 2^53 − 1.
 * @param progress called before each of the four parts with a short description.
 * @throws Error when `dist/` is not built (the servers run from it) or a server does not start.
 */
export async function runWireLesson(seed: number, progress: WireProgress = () => {}): Promise<WireLessonResult> {
  progress("lesson 6's tasks at four levels, three servers each");
  const levels = await compareTaskRuns(seed, ALL_LEVELS);
  const kinds = levels.map((comparison) => ({ level: comparison.level, rows: bytesBesideTokens(seed, comparison) }));
  const full = levels[levels.length - 1];
  progress("the eight malformed calls on the raw and validating servers");
  const simulated = probeMalformedCalls(generateFleet(seed));
  const wire = await probeMalformedCallsOverWire(seed);
  progress("two agents under nine conditions");
  const agents = await compareAgentRuns(seed);
  const slow = wireSetup(findCondition("slow")!, seed);
  return {
    seed,
    levels,
    kinds,
    methods: bytesByMethod(full.real.traffic),
    malformed: { simulated, wire },
    agents,
    scale: WIRE_TIME_SCALE,
    timeoutMs: slow.options.timeoutMs!,
    slowMs: slow.spec!.slowMs!,
  };
}
