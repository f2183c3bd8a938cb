/**
 * Lesson 6, "Writing a Server": everything the lesson computes for one seed.
 *
 * One call gives the figures behind every table the lesson prints: the olcum server's
 * declaration at each level, the handshake at each level, the twelve tasks at each level, the
 * second run (tasks from seed + 1 on the same world), and the runs with `kayit_yaz` added to the
 * allowlist. The notebook, the CLI and the tests all read this.
 *
 * @remarks Source: reference lesson 004.
 */
import { ALL_LEVELS, declare, type Level, type ServerDeclaration } from "../../sim/declaration";
import { NO_APPROVAL, readByMcpDefaults } from "../../sim/client";
import type { DroppedTool } from "../../sim/negotiation";
import { LESSON_HANDSHAKES, WIDE_HANDSHAKES } from "../../world/handshakes";
import {
  handshakeRow,
  openSession,
  openSharedSession,
  runTasks,
  type HandshakeRow,
  type RunRow,
} from "../../world/runTasks";
import { ALLOWLIST, KNOWN_VERSIONS, SERVER_FACTS } from "../../world/servers";
import type { Subscribers } from "../../world/subscribers";
import { drawTasks, withExpectedAnswers, type TaskWithAnswer } from "../../world/tasks";
import { createWorld, type World } from "../../world/world";

/**
 * The approval gate's two readings of a tool that says nothing about side effects: `passes` is
 * the course's (lesson 5: a tool with no `annotations` declares nothing and passes), `mcp` reads
 * the missing `readOnlyHint` by MCP's default, false: the tool may write (2026-07-28
 * `schema.mdx`, `ToolAnnotations`).
 */
export type SilenceReading = "passes" | "mcp";

/** The tasks at one level on the wide allowlist, no approval, under one reading of silence. */
export interface GateReadingRow {
  level: Level;
  reading: SilenceReading;
  /** Calls the chains reached, sent or refused in the client. */
  calls: number;
  /** `tools/call` requests that left the client (the handshake's requests not included). */
  sent: number;
  blocked: number;
  written: number;
  completed: number;
  /** The tools whose calls the gate held, in the order first held. */
  held: string[];
}

/** A run on the wide allowlist, with the approval answer it ran with. */
export interface WideRow extends RunRow {
  approval: boolean;
}

/**
 * The (level, approval) pairs of the wide-allowlist table.
 *
 * @remarks Source: reference lesson 004, last table.
 */
export const WIDE_CASES: readonly (readonly [Level, boolean])[] = [
  [1, false],
  [2, false],
  [2, true],
];

/**
 * The server whose declaration the first table shows.
 *
 * @remarks Source: reference lesson 004, first table.
 */
export const SHOWN_SERVER = "olcum";

/**
 * The tool of {@link SHOWN_SERVER} the first table shows.
 *
 * @remarks Source: reference lesson 004, first table.
 */
export const SHOWN_TOOL = "sayac_oku";

/**
 * The shown server's declaration at each level (0–3), indexed by level: `declare` of
 * {@link SHOWN_SERVER}'s facts, which no seed changes, made once when this module loads and
 * frozen through (every seed's result holds these same objects).
 */
export const SHOWN_DECLARATIONS: readonly ServerDeclaration[] = Object.freeze(
  ALL_LEVELS.map((level) => {
    const declaration = declare(
      SERVER_FACTS.find((s) => s.name === SHOWN_SERVER)!,
      level,
    );
    for (const face of Object.values(declaration.tools)) Object.freeze(face);
    Object.freeze(declaration.tools);
    return Object.freeze(declaration);
  }),
);

/**
 * The names of the tools negotiated at the full level under the lesson's policy, sorted; made once
 * when this module loads and never changed (each result gets a copy of its own).
 */
const AGREED_AT_FULL: readonly string[] = Object.freeze(
  [...LESSON_HANDSHAKES[3].decision.negotiated.keys()].sort(),
);

/** Everything lesson 6 computes for one seed. */
export interface WritingAServerResult {
  seed: number;
  world: World;
  subscribers: Subscribers;
  tasks: TaskWithAnswer[];
  /** The shown server's declaration at levels 0–3 ({@link SHOWN_DECLARATIONS}, frozen). */
  declarations: ServerDeclaration[];
  /** The handshake at levels 0–3. */
  handshake: HandshakeRow[];
  /** Which tools each level drops, and why (levels 0–3). */
  dropped: (readonly DroppedTool[])[];
  /** Names of the tools negotiated at the full level, sorted. */
  negotiatedAtFull: string[];
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
 * Negotiation reads only what the servers declare, and no seed changes that: the handshake at
 * each level, under the lesson's policy and the wide one, was measured once for every seed, each
 * on a fresh envelope (`LESSON_HANDSHAKES`, `WIDE_HANDSHAKES`), and every run starts from a copy
 * of its handshake's envelope, calling this world's handlers. The shown server's declarations
 * are as seed-free, made once too ({@link SHOWN_DECLARATIONS}). Every run still sends and counts
 * each of its messages.
 *
 * @param seed the world seed, an integer from 0 to 2^53 − 1; the second run draws its tasks
 *   from seed + 1, as the reference does.
 * @throws RangeError for a seed that is not an integer from 0 to 2^53 − 1.
 */
export function simulateWritingAServer(seed: number): WritingAServerResult {
  const world = createWorld(seed); // checks the seed
  // At most 2^53, which a number still holds exactly (task seeds past 2^53 − 1 become bigint).
  const secondSeed = seed + 1;
  const tasks = withExpectedAnswers(drawTasks(seed), world);
  const secondTasks = withExpectedAnswers(drawTasks(secondSeed), world);
  const declarations: ServerDeclaration[] = [];
  const handshake: HandshakeRow[] = [];
  const dropped: (readonly DroppedTool[])[] = [];
  const runs: RunRow[] = [];
  const secondRuns: RunRow[] = [];
  for (const level of ALL_LEVELS) {
    const shared = LESSON_HANDSHAKES[level];
    declarations.push(SHOWN_DECLARATIONS[level]);
    handshake.push(shared.row);
    dropped.push(shared.decision.dropped);
    const opened = openSharedSession(world, shared);
    runs.push(runTasks(world, level, { tasks, negotiated: opened }));
    secondRuns.push(runTasks(world, level, { tasks: secondTasks, negotiated: opened }));
  }
  const wide: WideRow[] = [];
  for (const [level, approval] of WIDE_CASES) {
    const run = runTasks(world, level, { approval, tasks, handshake: WIDE_HANDSHAKES[level] });
    wide.push(Object.assign(run, { approval }));
  }
  return {
    seed,
    world,
    subscribers: world.subscribers,
    tasks,
    declarations,
    handshake,
    dropped,
    negotiatedAtFull: [...AGREED_AT_FULL],
    runs,
    secondRun: { seed: secondSeed, tasks: secondTasks, runs: secondRuns },
    wide,
  };
}

/**
 * The wide allowlist at levels 0–3 without approval, each level under both readings of silence
 * (`passes`, then `mcp`): the gate table's runs. Computed on demand, apart from
 * {@link simulateWritingAServer}, so that a sweep, which reads the reference tables only, does not
 * pay for these eight runs on every seed.
 */
export function gateReadings(result: WritingAServerResult): GateReadingRow[] {
  return ALL_LEVELS.flatMap((level) =>
    (["passes", "mcp"] as const).map((reading) =>
      gateRun(result.world, result.tasks, level, reading),
    ),
  );
}

/**
 * The tasks at one level on the wide allowlist, without approval, the approval gate reading a
 * tool that declares no side effect either way as `reading` says: under `mcp` such a tool counts as
 * one that may write, so the gate holds it as it holds a declared side effect.
 */
export function gateRun(
  world: World,
  tasks: readonly TaskWithAnswer[],
  level: Level,
  reading: SilenceReading,
): GateReadingRow {
  const handshake = WIDE_HANDSHAKES[level];
  const opened = openSharedSession(world, handshake);
  const session = {
    ...opened,
    session: reading === "passes" ? opened.session : readByMcpDefaults(opened.session),
  };
  const run = runTasks(world, level, { tasks, negotiated: session });
  const { calls, blocked, written, completed } = run;
  const suffix = `: ${NO_APPROVAL}`;
  const held = Object.keys(run.failures)
    .filter((key) => key.endsWith(suffix))
    .map((key) => key.slice(0, -suffix.length));
  const sent = run.request - handshake.row.request;
  return { level, reading, calls, sent, blocked, written, completed, held };
}

/** A level-3 handshake row and run row, under some policy. */
export interface LevelThree {
  handshake: HandshakeRow;
  run: RunRow;
}

/**
 * Level 3 with the allowlist and no version rule (every server known at the version it declares),
 * as a client that follows 2026-07-28's SHOULD NOT on acting on `serverInfo` would decide: what
 * the lesson sets beside the course's client.
 */
export function withoutVersionRule(result: WritingAServerResult): LevelThree {
  return levelThree(
    result,
    Object.fromEntries(result.world.servers.map((s) => [s.name, s.version])),
  );
}

/**
 * Exercise 2's run: level 3 again, with a client that knows `kayit` at the version it declares.
 *
 * @returns the handshake row and the run row of that level under that policy.
 */
export function knowingKayit(result: WritingAServerResult): LevelThree {
  const declared = result.world.servers.find((s) => s.name === "kayit")!.version;
  return levelThree(result, { ...KNOWN_VERSIONS, kayit: declared });
}

/** Level 3 of the first run's tasks under the lesson's allowlist and the given known versions. */
function levelThree(
  result: WritingAServerResult,
  knownVersions: Record<string, number>,
): LevelThree {
  const opened = openSession(result.world, 3, { policy: { allowlist: ALLOWLIST, knownVersions } });
  return {
    handshake: handshakeRow(3, opened),
    run: runTasks(result.world, 3, { negotiated: opened, tasks: result.tasks }),
  };
}

/**
 * What each of the twelve tasks costs at a level, in envelope tokens: each task run alone on a copy
 * of the level's handshake, less the handshake's own tokens, so that the handshake and the tasks
 * sum to the twelve-task table's row.
 */
export function taskTokens(result: WritingAServerResult, level: Level): number[] {
  const shared = LESSON_HANDSHAKES[level];
  return result.tasks.map(
    (task) =>
      runTasks(result.world, level, {
        tasks: [task],
        negotiated: openSharedSession(result.world, shared),
      }).tokens - shared.row.tokens,
  );
}

/**
 * Which of the twelve tasks complete on the wide allowlist at a level, with or without approval:
 * each task run alone from the level's wide handshake, as the wide table's rows run them together.
 */
export function wideCompleted(
  result: WritingAServerResult,
  level: Level,
  approval: boolean,
): boolean[] {
  return result.tasks.map(
    (task) =>
      runTasks(result.world, level, { approval, tasks: [task], handshake: WIDE_HANDSHAKES[level] })
        .completed === 1,
  );
}
