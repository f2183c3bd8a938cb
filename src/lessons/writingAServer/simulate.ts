/**
 * Lesson 6, "Writing a Server": everything the lesson computes for one seed.
 *
 * Source: reference lesson 004. One call gives the figures behind every table the reference
 * prints: the olcum server's declaration at each level, the handshake at each level, the twelve
 * tasks at each level, the second run (tasks from seed + 1 on the same world), and the runs with
 * `kayit_yaz` added to the allowlist. The notebook, the CLI and the tests all read this.
 */
import { ALL_LEVELS, declare, type Level, type ServerDeclaration } from "../../sim/declaration";
import type { ClientPolicy, DroppedTool } from "../../sim/negotiation";
import { handshakeRow, openSession, type OpenedSession, runTasks, type HandshakeRow, type RunRow } from "../../world/run";
import { LESSON_POLICY, WIDE_ALLOWLIST } from "../../world/servers";
import type { Subscribers } from "../../world/subscribers";
import { drawTasks, withExpectedAnswers, type TaskWithAnswer } from "../../world/tasks";
import { createWorld, type World } from "../../world/world";

/** A run on the wide allowlist, with the approval answer it ran with. */
export interface WideRow extends RunRow {
  approval: boolean;
}

/** The (level, approval) pairs of the wide-allowlist table. Source: reference lesson 004, last table. */
export const WIDE_CASES: readonly (readonly [Level, boolean])[] = [
  [1, false],
  [2, false],
  [2, true],
];

/** The server whose declaration the first table shows. Source: reference lesson 004, first table. */
export const SHOWN_SERVER = "olcum";

/** The tool of {@link SHOWN_SERVER} the first table shows. Source: reference lesson 004, first table. */
export const SHOWN_TOOL = "sayac_oku";

/** Everything lesson 6 computes for one seed. */
export interface WritingAServerResult {
  seed: number;
  world: World;
  subscribers: Subscribers;
  tasks: TaskWithAnswer[];
  /** The shown server's declaration at levels 0–3. */
  declarations: ServerDeclaration[];
  /** The handshake at levels 0–3. */
  handshake: HandshakeRow[];
  /** Which tools each level drops, and why (levels 0–3). */
  dropped: (readonly DroppedTool[])[];
  /** Names of the tools agreed at the full level, sorted. */
  agreedAtFull: string[];
  /** The twelve tasks at levels 0–3. */
  runs: RunRow[];
  /** The same world, tasks drawn from seed + 1 (which may be 2^53, still exact as a number). */
  secondRun: { seed: number; tasks: TaskWithAnswer[]; runs: RunRow[] };
  /** The wide allowlist, one row per {@link WIDE_CASES} entry. */
  wide: WideRow[];
}

/**
 * Runs lesson 6 for a seed.
 *
 * @param seed the world seed, an integer from 0 to 2^53 − 1; the second run draws its tasks
 *   from seed + 1, as the reference does.
 * @throws RangeError for a seed that is not an integer from 0 to 2^53 − 1.
 */
export function simulateWritingAServer(seed: number): WritingAServerResult {
  const world = createWorld(seed); // checks the seed
  const secondSeed = BigInt(seed) + 1n;
  const server = world.servers.find((s) => s.name === SHOWN_SERVER)!;
  const tasks = withExpectedAnswers(drawTasks(seed), world);
  const secondTasks = withExpectedAnswers(drawTasks(secondSeed), world);
  const wide: ClientPolicy = { allowlist: WIDE_ALLOWLIST, knownVersions: LESSON_POLICY.knownVersions };
  // Negotiate once per level and policy; every run at that level starts from a copy of it.
  const handshakes = ALL_LEVELS.map((level) => openSession(world, level));
  const wideHandshakes = new Map<Level, OpenedSession>();
  for (const [level] of WIDE_CASES) if (!wideHandshakes.has(level)) wideHandshakes.set(level, openSession(world, level, { policy: wide }));
  return {
    seed,
    world,
    subscribers: world.subscribers,
    tasks,
    declarations: ALL_LEVELS.map((level) => declare(server, level)),
    handshake: ALL_LEVELS.map((level) => handshakeRow(level, handshakes[level])),
    dropped: handshakes.map((opened) => opened.negotiation.dropped),
    agreedAtFull: [...handshakes[3].negotiation.agreed.keys()].sort(),
    runs: ALL_LEVELS.map((level) => runTasks(world, level, { tasks, negotiated: handshakes[level] })),
    secondRun: {
      seed: Number(secondSeed),
      tasks: secondTasks,
      runs: ALL_LEVELS.map((level) => runTasks(world, level, { tasks: secondTasks, negotiated: handshakes[level] })),
    },
    wide: WIDE_CASES.map(([level, approval]) => Object.assign(runTasks(world, level, { approval, tasks, negotiated: wideHandshakes.get(level) }), { approval })),
  };
}
