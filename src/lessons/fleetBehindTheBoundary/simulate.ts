/**
 * Lesson 8, "The Fleet behind the Boundary": everything the lesson prints, for one seed.
 *
 * Pure: the same seed gives an equal result. The lesson's tables (`tables.ts`), its JSON
 * (`json.ts`) and its computed prose (`prose.ts`) all read this one object.
 */
import { AGENT_POLICIES } from "../../fleet/agents";
import { DEVICE_MODELS, LOW_HOURS } from "../../fleet/catalog";
import { FleetClient } from "../../fleet/client";
import { findCondition } from "../../fleet/conditions";
import { generateFleet, type Fleet } from "../../fleet/generator";
import { solveTask, type TaskTruth } from "../../fleet/groundTruth";
import { probeMalformedCalls, type MalformedRow } from "../../fleet/malformed";
import { cappedRun, runMatrix, type AgentRunRecord } from "../../fleet/run";
import { createFleetServer, FLEET_POLICY, runFleetChain, type FleetLevelRow } from "../../fleet/server";
import { ALL_LEVELS } from "../../sim/declaration";
import type { EnvelopeCounts } from "../../sim/envelope";
import { createWorld } from "../../world/world";
import { LESSON_POLICY } from "../../world/servers";

/** Devices per model: all, and under 500 operating hours. */
export interface ModelSummary {
  model: string;
  prefix: string;
  devices: number;
  lowHours: number;
}

/** Everything lesson 8 shows for one seed. */
export interface FleetLessonResult {
  seed: number;
  fleet: Fleet;
  models: ModelSummary[];
  truth: TaskTruth;
  /** The fleet beside the three lesson-6 servers, at each level, with a client that knows the fleet. */
  levels: FleetLevelRow[];
  /** The same, with lesson 6's client, which knows nothing of the fleet. */
  lessonClientLevels: FleetLevelRow[];
  malformed: MalformedRow[];
  /** Every condition × policy, conditions outermost. */
  matrix: AgentRunRecord[];
  /** The lesson-6 servers on a remote transport (each of their requests is two round trips). */
  remoteServers: string[];
  /** What a connection to a protocol path costs before its first call: the handshake alone. */
  handshake: EnvelopeCounts;
  /** Per policy, the calls of each turn on `direct` (the answer's own turn not included). */
  turnSizes: Record<string, number[]>;
}

/** The calls of each turn a policy sends on `direct` (its answer's turn not included). */
function turnSizesOf(fleet: Fleet, policy: (typeof AGENT_POLICIES)[number]): number[] {
  const client = new FleetClient(fleet, findCondition("direct")!);
  const run = cappedRun(policy);
  const sizes: number[] = [];
  let step = run.next([]);
  while (!step.done) {
    sizes.push(step.value.length);
    step = run.next(step.value.map((call) => client.callTool(call)));
  }
  return sizes;
}

/**
 * Simulates lesson 8 for a seed: the fleet, its ground truth, the fleet as a fourth server at
 * four levels, the eight malformed calls on three paths, and the condition matrix.
 *
 * @param seed an integer from 0 to 2^53 − 1; the lesson-6 servers come from the same seed.
 * @throws RangeError for any other seed.
 */
export function simulateFleetLesson(seed: number): FleetLessonResult {
  const fleet = generateFleet(seed);
  const truth = solveTask(fleet);
  const world = createWorld(seed).servers;
  const servers = [...world, createFleetServer(fleet)];
  const models = DEVICE_MODELS.map(({ name, prefix }) => {
    const own = fleet.devices.filter((d) => d.model === name);
    return { model: name, prefix, devices: own.length, lowHours: own.filter((d) => d.operating_hours < LOW_HOURS).length };
  });
  return {
    seed,
    fleet,
    models,
    truth,
    levels: ALL_LEVELS.map((level) => runFleetChain(servers, level, FLEET_POLICY)),
    lessonClientLevels: ALL_LEVELS.map((level) => runFleetChain(servers, level, LESSON_POLICY)),
    malformed: probeMalformedCalls(fleet),
    matrix: runMatrix(fleet, truth),
    remoteServers: world.filter((server) => server.transport === "remote").map((server) => server.name),
    handshake: new FleetClient(fleet, findCondition("raw")!).stats().envelope,
    turnSizes: Object.fromEntries(AGENT_POLICIES.map((policy) => [policy.name, turnSizesOf(fleet, policy)])),
  };
}
