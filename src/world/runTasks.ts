/**
 * The run: the world's twelve tasks, solved through the client at one declaration level.
 *
 * Source: reference lesson 004, "The Count at Four Levels", `run`, and assumptions IM6–IM7. For
 * each task the client starts from what the task names (`abone`, `bolge`) and the column to write
 * (`sutun: "bedel"`), then walks the task's chain: before each call, `deger` (the value to write)
 * is set to the result so far; an error cuts the chain; a success adds its fields to the state
 * and may become the new result (`yazildi`, else `tutar`, else `m3`, else `abone`). A task is
 * completed when the final result equals the expected answer.
 *
 * The simulator's runs walk each chain through `callTool` ({@link runTask}); {@link taskChain}
 * gives the same chain one step at a time, for the real client over stdio.
 *
 * Every run owns its {@link Envelope}; runs share nothing and can interleave.
 */
import { callTool, NO_APPROVAL, NOT_DECLARED, type Session } from "../sim/client";
import type { Level } from "../sim/declaration";
import { Envelope, type MessageKind } from "../sim/envelope";
import {
  bindHandlers,
  negotiate,
  type NegotiatedTool,
  type ClientPolicy,
  type Negotiation,
} from "../sim/negotiation";
import { pyEquals, type Fields, type Value } from "../sim/values";
import { HANDLER_ERRORS } from "./handlers";
import { handshakeCounts, type Handshake, type HandshakeRow } from "./handshakes";
import { LESSON_POLICY, SERVER_FACTS, WORLD_WORDS } from "./servers";
import {
  CHAINS,
  drawTasks,
  RECORD_COLUMN,
  withExpectedAnswers,
  type TaskType,
  type TaskWithAnswer,
} from "./tasks";
import type { World } from "./world";

export { RECORD_COLUMN } from "./tasks";
export { handshakeCounts, type HandshakeRow } from "./handshakes";

/**
 * The answer keys whose value becomes a task's result, the first one an answer holds winning:
 * `yazildi`, else `tutar`, else `m3`, else `abone`. Source: reference lesson 004, `run`
 * (`y.get("yazildi", y.get("tutar", …))`).
 */
export const RESULT_KEYS = ["yazildi", "tutar", "m3", "abone"] as const;

/**
 * The key of `answer` whose value becomes the task's result ({@link RESULT_KEYS}), or
 * `undefined` when the answer holds none of them (the result so far stands).
 */
export function resultKey(answer: Fields): (typeof RESULT_KEYS)[number] | undefined {
  for (const key of RESULT_KEYS) if (answer[key] !== undefined) return key;
  return undefined;
}

/** The value a successful answer leaves as the task's result ({@link resultKey}), else `previous`. */
function resultOf(answer: Fields, previous: Value): Value {
  const key = resultKey(answer);
  return key === undefined ? previous : answer[key];
}

/** {@link CHAINS} by task type, as a map: a type that is not one of its keys (`constructor`, say) finds nothing. */
const CHAIN_OF: ReadonlyMap<string, readonly string[]> = new Map(Object.entries(CHAINS));

/**
 * The chain of a task type: `CHAINS[type]`.
 *
 * @throws RangeError for a type that is not one of {@link CHAINS}' keys.
 */
export function chainOf(type: TaskType): readonly string[] {
  const chain = CHAIN_OF.get(type);
  if (chain === undefined) throw new RangeError(`no chain for task type '${String(type)}'`);
  return chain;
}

/** Options of a run; every one defaults to the reference's. */
export interface RunOptions {
  /** Allowlist and known versions; default the lesson's ({@link LESSON_POLICY}). */
  policy?: ClientPolicy;
  /** Whether calls with a declared side effect are approved; default false. */
  approval?: boolean;
  /** Seed of the tasks; default the world's seed. The reference's second run uses seed + 1. */
  taskSeed?: bigint | number;
  /** The tasks with their answers, already drawn from `taskSeed` (saves drawing them again for every level). */
  tasks?: readonly TaskWithAnswer[];
  /**
   * Start from a copy of this negotiated session instead of negotiating again (negotiation is a
   * pure function of servers, level and policy, so the counts are the same). Its level must be
   * the run's level; its policy replaces `policy`; its negotiated tools call the handlers of the world
   * it was opened on, which should be the run's world.
   */
  negotiated?: OpenedSession;
  /**
   * Start from this handshake, done once for every world (`LESSON_HANDSHAKES`, `world/handshakes.ts`),
   * as from `negotiated`; it comes before `negotiated`.
   */
  handshake?: Handshake;
}

/** A session after negotiation, with the level and policy it was negotiated at. */
export interface OpenedSession {
  level: Level;
  policy: ClientPolicy;
  session: Session;
  negotiation: Negotiation;
  /** The negotiated tools, by name, with their handlers (`session.negotiated`). */
  tools: ReadonlyMap<string, NegotiatedTool>;
}

/** What one task did: calls made, calls failed, calls blocked for approval, records written. */
export interface TaskOutcome {
  calls: number;
  failed: number;
  blocked: number;
  written: number;
  completed: boolean;
  /** The final result of the chain (`null` if no step produced one). */
  result: Value;
  /** The step that cut the chain, and its error; undefined when every step succeeded. */
  failure: { tool: string; hata: string } | undefined;
}

/** A run's counts: tools negotiated, the tasks' calls and outcomes, and the whole envelope. */
export interface RunRow {
  level: Level;
  negotiated: number;
  calls: number;
  failed: number;
  completed: number;
  blocked: number;
  written: number;
  request: number;
  response: number;
  notification: number;
  tokens: number;
  round_trips: number;
  /** Failed calls by `"tool: error"`, e.g. `{"kayit_yaz: arac bildirilmedi": 3}`. */
  failures: Record<string, number>;
  /** `tokens` split by message kind (they sum to it), to set beside real bytes per kind (lesson 9). */
  tokensByKind: Record<MessageKind, number>;
}

/**
 * The counted columns of a lesson-6 run (the reference's run table and `simulate --json`'s `runs`):
 * what lesson 6 compares when it says two runs print "the same row", and what a sweep counts.
 */
export const RUN_COUNTS = [
  "negotiated",
  "calls",
  "failed",
  "completed",
  "blocked",
  "written",
  "request",
  "response",
  "tokens",
  "round_trips",
] as const satisfies readonly (keyof RunRow)[];

/** Whether two runs print the same row ({@link RUN_COUNTS}). */
export const sameRunRow = (a: RunRow, b: RunRow): boolean =>
  RUN_COUNTS.every((key) => a[key] === b[key]);

/**
 * Negotiates at a level and returns a session ready to call tools, with the handshake already
 * counted on the session's own envelope.
 */
export function openSession(world: World, level: Level, options: RunOptions = {}): OpenedSession {
  const envelope = new Envelope(WORLD_WORDS);
  const policy = options.policy ?? LESSON_POLICY;
  const negotiation = negotiate(world.servers, level, policy, envelope);
  const { negotiated } = negotiation;
  return {
    level,
    policy,
    session: { envelope, negotiated, approval: options.approval ?? false },
    negotiation,
    tools: negotiated,
  };
}

/**
 * A session on `world` from a handshake done once for all seeds (see `handshakes.ts`): the same
 * counts and decision as {@link openSession} at the handshake's level and policy, with this
 * world's handlers bound to the negotiated tools and nothing negotiated again.
 *
 * @param world a world whose servers have the facts the handshake was made on (every world does).
 * @param approval whether calls with a declared side effect are approved; default false.
 */
export function openSharedSession(
  world: World,
  handshake: Handshake,
  approval = false,
): OpenedSession {
  const { level, policy, decision, envelope, calls } = handshake;
  const negotiation = bindHandlers(world.servers, decision, calls);
  const { negotiated } = negotiation;
  return {
    level,
    policy,
    session: { envelope: envelope.clone(), negotiated, approval },
    negotiation,
    tools: negotiated,
  };
}

/** The handshake alone at one level: a fresh envelope, negotiation, and its counts. */
export function measureHandshake(
  world: World,
  level: Level,
  policy: ClientPolicy = LESSON_POLICY,
): HandshakeRow {
  return handshakeRow(level, openSession(world, level, { policy }));
}

/** The handshake row of a session that has negotiated and not yet called anything. */
export function handshakeRow(level: Level, { session, negotiation }: OpenedSession): HandshakeRow {
  return handshakeCounts(level, negotiation, session.envelope);
}

/** One step of a task's chain by name: the tool to call, and the client's state to read its fields from. */
export interface ChainCall {
  name: string;
  /** The client's state by name: the chain's values when the step was given (a new object). */
  state: Fields;
}

/**
 * A task's chain in progress by name, driven like a generator: `next()` starts it, `next(answer)`
 * hands back the answer to the call it last gave; each step is the next call, and the last one
 * (`done`) the task's outcome.
 */
export interface TaskChain {
  next(answer?: Fields): IteratorResult<ChainCall, TaskOutcome>;
}

/**
 * One task's chain, one step at a time: a {@link TaskWalk} driven like a generator. Each answer
 * (a handler's fields, or `{hata}` from the client or the handler) goes in by name, and each call
 * comes out with a copy of the state. The real client over stdio drives it asynchronously
 * (`wireClient/tasks.ts`); the simulator walks the same {@link TaskWalk} directly ({@link runTask}).
 *
 * @param task the task, with its expected answer (see `withExpectedAnswers`).
 */
export function taskChain(task: TaskWithAnswer): TaskChain {
  const walk = new TaskWalk(task);
  let started = false;
  return {
    next(answer?: Fields): IteratorResult<ChainCall, TaskOutcome> {
      if (started || answer !== undefined) walk.answer(answer ?? {});
      started = true;
      const name = walk.nextTool();
      if (name === undefined) return { done: true, value: walk.outcome() };
      return { done: false, value: { name, state: { ...walk.state } } };
    },
  };
}

/**
 * A task's chain, walked one call at a time: {@link nextTool} gives the tool of the next call (the
 * client fills it from {@link state}), {@link answer} takes the answer to it, and {@link outcome}
 * tells what the task did once the chain is over. The walk calls nothing and counts nothing: the
 * simulator drives it ({@link runTask}), and so does the real client over stdio (through
 * {@link taskChain}). One chain, two drivers.
 */
export class TaskWalk {
  /**
   * The client's state, by name: what the task names (`abone`, `bolge`), the column to write
   * (`sutun`), `deger` (set before every call to the result so far), and what each successful
   * answer adds (`onceki`, `simdiki`, `tip`, `m3`, `tutar`, `yazildi`).
   */
  readonly state: Fields;
  private readonly tools: readonly string[];
  private calls = 0;
  private failed = 0;
  private blocked = 0;
  private written = 0;
  private result: Value = null;
  private failure: TaskOutcome["failure"] = undefined;

  /** Sets out on `task`'s chain: nothing called yet, nothing known but what the task names. */
  constructor(private readonly task: TaskWithAnswer) {
    this.tools = chainOf(task.type);
    this.state = { abone: task.subscriber, bolge: task.region, sutun: RECORD_COLUMN };
  }

  /** The tool of the next call; `undefined` once every call is made or one has failed. */
  nextTool(): string | undefined {
    if (this.failure !== undefined || this.calls === this.tools.length) return undefined;
    this.state.deger = this.result;
    return this.tools[this.calls];
  }

  /**
   * Takes the answer to the call {@link nextTool} gave: an error ends the chain, anything else
   * joins the state.
   */
  answer(answer: Fields): void {
    const tool = this.tools[this.calls];
    this.calls += 1;
    if (answer.hata !== undefined) {
      this.failed += 1;
      if (answer.hata === NO_APPROVAL) this.blocked += 1;
      this.failure = { tool, hata: String(answer.hata) };
      return;
    }
    Object.assign(this.state, answer);
    if (answer.yazildi === true) this.written += 1;
    this.result = resultOf(answer, this.result);
  }

  /** What the task did: its calls and failures, records written, and whether it was completed. */
  outcome(): TaskOutcome {
    const { calls, failed, blocked, written, result, failure } = this;
    const completed = pyEquals(result, this.task.expected);
    return { calls, failed, blocked, written, completed, result, failure };
  }
}

/**
 * Walks one task's chain ({@link TaskWalk}) through the simulated client's call ({@link callTool}),
 * on any session: each call goes out with the declared fields found in the state, and its answer
 * comes back into the state.
 *
 * @param session the run's session (its envelope gains the calls that reach the wire).
 * @param task the task, with its expected answer.
 */
export function runTask(session: Session, task: TaskWithAnswer): TaskOutcome {
  const walk = new TaskWalk(task);
  for (let tool = walk.nextTool(); tool !== undefined; tool = walk.nextTool()) {
    walk.answer(callTool(session, tool, walk.state));
  }
  return walk.outcome();
}

/** The counts of a run's tasks: their calls and outcomes summed, and failures by `"tool: error"`. */
export type TaskTally = Pick<
  RunRow,
  "calls" | "failed" | "completed" | "blocked" | "written" | "failures"
>;

/**
 * Sums task outcomes as a run row counts them: shared by {@link runTasks} and the real client's
 * run (`wireClient/tasks.ts`). `completed` counts completed tasks; `failures` counts each
 * failure as `"tool: error"`, in the order first seen.
 */
export function tallyTasks(outcomes: Iterable<TaskOutcome>): TaskTally {
  const tally: TaskTally = {
    calls: 0,
    failed: 0,
    completed: 0,
    blocked: 0,
    written: 0,
    failures: {},
  };
  for (const outcome of outcomes) {
    tally.calls += outcome.calls;
    tally.failed += outcome.failed;
    tally.blocked += outcome.blocked;
    tally.written += outcome.written;
    if (outcome.completed) tally.completed += 1;
    if (outcome.failure) {
      const key = failureKey(outcome.failure.tool, outcome.failure.hata);
      tally.failures[key] = (tally.failures[key] ?? 0) + 1;
    }
  }
  return tally;
}

/**
 * The key `"tool: error"` of every failure a run of the world can count, written once: each of the
 * world's tools with each error the client ({@link NOT_DECLARED}, {@link NO_APPROVAL}) or a handler
 * ({@link HANDLER_ERRORS}) gives. Writing each key anew, for every failure, cost a tenth of a seed:
 * the new text has to be hashed before it can name a property.
 */
const FAILURE_KEYS: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(
  SERVER_FACTS.flatMap(({ tools }) => tools).map(({ name }) => [
    name,
    new Map(
      [NOT_DECLARED, NO_APPROVAL, ...HANDLER_ERRORS].map((hata) => [hata, `${name}: ${hata}`]),
    ),
  ]),
);

/** A failure's key in {@link RunRow}'s `failures`: `"tool: error"`, from {@link FAILURE_KEYS} when it is there. */
function failureKey(tool: string, hata: string): string {
  return FAILURE_KEYS.get(tool)?.get(hata) ?? `${tool}: ${hata}`;
}

/**
 * The session a run calls on: from `handshake`, else a copy of `negotiated` (its counts, and its
 * negotiated tools with their handlers), else a fresh negotiation; with the run's approval answer.
 */
function runSession(world: World, level: Level, options: RunOptions): OpenedSession {
  const approval = options.approval ?? false;
  if (options.handshake !== undefined) return openSharedSession(world, options.handshake, approval);
  if (options.negotiated === undefined) return openSession(world, level, options);
  const { session } = options.negotiated;
  return {
    ...options.negotiated,
    session: { ...session, envelope: session.envelope.clone(), approval },
  };
}

/**
 * The twelve tasks at one level: negotiation (or a copy of one, see `handshake` and `negotiated`),
 * then every task's chain ({@link runTask}), on one envelope.
 *
 * @throws RangeError when `handshake` or `negotiated` is of another level.
 * @returns the run's counts; `completed` counts tasks whose result equals the expected answer.
 */
export function runTasks(world: World, level: Level, options: RunOptions = {}): RunRow {
  const opened = runSession(world, level, options);
  if (opened.level !== level)
    throw new RangeError(`a session negotiated at level ${opened.level} cannot run level ${level}`);
  const { session } = opened;
  const tasks =
    options.tasks ?? withExpectedAnswers(drawTasks(options.taskSeed ?? world.seed), world);
  const { calls, failed, completed, blocked, written, failures } = tallyTasks(
    tasks.map((task) => runTask(session, task)),
  );
  const { request, response, notification, tokens, round_trips } = session.envelope.counts();
  const tokensByKind = session.envelope.tokensByKind();
  return {
    level,
    negotiated: opened.tools.size,
    calls,
    failed,
    completed,
    blocked,
    written,
    request,
    response,
    notification,
    tokens,
    round_trips,
    failures,
    tokensByKind,
  };
}
