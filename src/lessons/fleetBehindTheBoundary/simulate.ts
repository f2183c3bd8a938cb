/**
 * Lesson 8, "The Fleet behind the Boundary": everything the lesson prints, for one seed.
 *
 * Pure: the same seed gives an equal result. The lesson's tables (`tables.ts`), its JSON
 * (`json.ts`) and its computed prose (`prose.ts`) all read this one object.
 */
import { AGENT_POLICIES, coveredHours, THOROUGH, type Band } from "../../fleet/agents";
import { DEVICE_MODELS, LOW_HOURS } from "../../fleet/catalog";
import { FleetClient } from "../../fleet/client";
import { CONDITIONS, findCondition } from "../../fleet/conditions";
import { generateFleet, type Fleet } from "../../fleet/generator";
import { solveTask, type TaskTruth } from "../../fleet/groundTruth";
import { probeMalformedCalls, type MalformedRow } from "../../fleet/malformed";
import { cappedRun, runMatrix, type AgentRunRecord } from "../../fleet/runAgents";
import {
  createFleetServer,
  FLEET_POLICY,
  runFleetChain,
  type FleetLevelRow,
} from "../../fleet/server";
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
  /** The same handshake in bytes: each message's JSON and its newline. */
  handshakeBytes: number;
  /** Per policy, the calls of each turn on `direct` (the answer's own turn not included). */
  turnSizes: Record<string, number[]>;
  /** The thorough agent's turns on `direct`, band by band (its answer's turn not included). */
  thoroughTurns: BandTurn[];
  /** Per condition under which the thorough agent had a call fail, what it read, in order. */
  failureTexts: FailureTexts[];
}

/** What the thorough agent read on its failed calls under one condition. */
export interface FailureTexts {
  condition: string;
  /** Each text a failed call came back with, in order of first appearance, and how many calls. */
  texts: { text: string; calls: number }[];
}

/** A band the thorough agent paged, and whether it held more devices than a page shows. */
export interface PagedBand extends Band {
  /** More devices matched than one page holds (10 rows): the agent halves the band and pages it again. */
  crowded: boolean;
  /** How many devices the band holds (its page's `total_matching`). */
  devices: number;
}

/** A device the thorough agent has read in full: its downtime and hours. */
export interface ReadDevice {
  /** The device's id, as `top_devices` lists it. */
  device_id: string;
  /** Its downtime, minutes (the page's `downtime_min`). */
  downtime: number;
  /** Its hours in service (the page ranked by hours' `operating_hours`). */
  hours: number;
}

/** One turn of the thorough agent: its calls, the bands they paged, and the hours read so far. */
export interface BandTurn {
  calls: number;
  /** The bands paged in this turn, two calls each; empty for the opening and closing turns. */
  bands: PagedBand[];
  /**
   * After this turn, the hours from 0 that the bands read in full cover without a gap
   * (`coveredHours`, as the agent's stop test counts them).
   */
  covered: number;
  /** After this turn, the device with the best rate the agent has read, if any. */
  best?: ReadDevice;
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

/** A `top_devices` page as the thorough agent reads it. */
interface TopPage {
  total_matching: number;
  returned: number;
  devices: Record<string, unknown>[];
}

/**
 * The thorough agent's turns on `direct`: each `top_devices` page ranked by downtime with hour
 * bounds stands for one band (its page ranked by hours comes beside it), and a band is crowded
 * when its page says more devices matched than it returned.
 */
function thoroughTurnsOf(fleet: Fleet): BandTurn[] {
  const client = new FleetClient(fleet, findCondition("direct")!);
  const run = cappedRun(THOROUGH);
  const turns: BandTurn[] = [];
  const read: Band[] = [];
  let best: ReadDevice | undefined;
  let step = run.next([]);
  while (!step.done) {
    const outcomes = step.value.map((call) => client.callTool(call));
    const bands: PagedBand[] = [];
    step.value.forEach((call, k) => {
      const args = call.arguments as Record<string, unknown>;
      if (
        call.name !== "top_devices" ||
        args.field !== "downtime_min" ||
        typeof args.min_hours !== "number"
      )
        return;
      const page = JSON.parse(outcomes[k].text) as TopPage;
      const band = { min: args.min_hours, max: Number(args.max_hours) };
      const crowded = page.total_matching > page.returned && band.max - band.min > 1;
      bands.push({ ...band, crowded, devices: page.total_matching });
      if (crowded) return;
      read.push(band);
      // The page by hours follows the page by downtime: the same devices when the band fits.
      const byHours = JSON.parse(outcomes[k + 1].text) as TopPage;
      const hours = new Map(
        byHours.devices.map((d) => [String(d.device_id), Number(d.operating_hours)]),
      );
      for (const d of page.devices) {
        const seen = {
          device_id: String(d.device_id),
          downtime: Number(d.downtime_min),
          hours: hours.get(String(d.device_id)) ?? band.max,
        };
        if (!best || seen.downtime * best.hours > best.downtime * seen.hours) best = seen;
      }
    });
    turns.push({ calls: step.value.length, bands, covered: coveredHours(read), best });
    step = run.next(outcomes);
  }
  return turns;
}

/**
 * The condition matrix ({@link runMatrix}), and from the same runs the texts of the thorough
 * agent's failed calls, per condition that had one, with how many calls had each.
 */
function matrixAndFailures(
  fleet: Fleet,
  truth: TaskTruth,
): { matrix: AgentRunRecord[]; failureTexts: FailureTexts[] } {
  const failed = new Map<string, Map<string, number>>(); // condition → text → calls
  const matrix = runMatrix(fleet, truth, CONDITIONS, AGENT_POLICIES, (condition, policy, o) => {
    if (policy !== THOROUGH || !o.isError) return;
    const texts = failed.get(condition.name) ?? new Map<string, number>();
    failed.set(condition.name, texts.set(o.text, (texts.get(o.text) ?? 0) + 1));
  });
  const failureTexts = [...failed].map(([condition, texts]) => ({
    condition,
    texts: [...texts].map(([text, calls]) => ({ text, calls })),
  }));
  return { matrix, failureTexts };
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
    return {
      model: name,
      prefix,
      devices: own.length,
      lowHours: own.filter((d) => d.operating_hours < LOW_HOURS).length,
    };
  });
  const { matrix, failureTexts } = matrixAndFailures(fleet, truth);
  const opening = new FleetClient(fleet, findCondition("raw")!).stats();
  return {
    seed,
    fleet,
    models,
    truth,
    levels: ALL_LEVELS.map((level) => runFleetChain(servers, level, FLEET_POLICY)),
    lessonClientLevels: ALL_LEVELS.map((level) => runFleetChain(servers, level, LESSON_POLICY)),
    malformed: probeMalformedCalls(fleet),
    matrix,
    remoteServers: world
      .filter((server) => server.transport === "remote")
      .map((server) => server.name),
    handshake: opening.envelope,
    handshakeBytes: opening.bytes,
    turnSizes: Object.fromEntries(
      AGENT_POLICIES.map((policy) => [policy.name, turnSizesOf(fleet, policy)]),
    ),
    thoroughTurns: thoroughTurnsOf(fleet),
    failureTexts,
  };
}
