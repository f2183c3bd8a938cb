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
 * The chain keeps its values by the world's key numbers (`Key`, `world/keys.ts`), and the
 * simulator's runs call through `callWorldTool` (`call.ts`); {@link taskChain} gives the same chain
 * by name, for the real client over stdio and lesson 7's client.
 *
 * Every run owns its {@link Envelope}; runs share nothing and can interleave.
 */
import { callTool, NO_APPROVAL, NOT_DECLARED, type Session } from "../sim/client";
import type { Level } from "../sim/declaration";
import { Envelope, type MessageKind } from "../sim/envelope";
import { fieldsOf, valuesOf, type Values } from "../sim/keys";
import { bindHandlers, negotiate, type ClientPolicy, type Decision, type Negotiation } from "../sim/negotiation";
import { pyEquals, type Fields, type Value } from "../sim/values";
import { callWorldTool, worldTool, type WorldSession, type WorldTool } from "./call";
import { HANDLER_ERRORS } from "./handlers";
import type { WorldHandshake } from "./handshakes";
import { Key, noWorldValues, WORLD_KEYS } from "./keys";
import { LESSON_POLICY, SERVER_FACTS, WORLD_WORDS } from "./servers";
import { CHAINS, drawTasks, RECORD_COLUMN, withExpectedAnswers, type TaskType, type TaskWithAnswer } from "./tasks";
import type { World } from "./world";

export { RECORD_COLUMN } from "./tasks";

/**
 * The value a successful answer leaves as the task's result: `yazildi`, else `tutar`, else `m3`,
 * else `abone`, else the previous result. Source: reference lesson 004, `run`
 * (`y.get("yazildi", y.get("tutar", …))`).
 */
function resultOf(answer: Values, previous: Value): Value {
  const yazildi = answer[Key.yazildi];
  if (yazildi !== undefined) return yazildi;
  const tutar = answer[Key.tutar];
  if (tutar !== undefined) return tutar;
  const m3 = answer[Key.m3];
  if (m3 !== undefined) return m3;
  const abone = answer[Key.abone];
  if (abone !== undefined) return abone;
  return previous;
}

/**
 * The chain of a task type: `CHAINS[type]`.
 *
 * @throws RangeError for a type that is not one of {@link CHAINS}' keys.
 */
export function chainOf(type: TaskType): readonly string[] {
  const chain = Object.hasOwn(CHAINS, type) ? CHAINS[type] : undefined;
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
   * the run's level; its policy replaces `policy`.
   */
  negotiated?: OpenedSession;
  /**
   * Start from this handshake, done once for every world (`LESSON_HANDSHAKES`, `world/handshakes.ts`),
   * as from `negotiated`; it comes before `negotiated`.
   */
  handshake?: WorldHandshake;
}

/** A session after negotiation, with the level and policy it was negotiated at. */
export interface OpenedSession {
  level: Level;
  policy: ClientPolicy;
  session: Session;
  negotiation: Negotiation;
  /** The agreed tools as lesson 6's simulated client calls them (`worldTool`), by name. */
  tools: ReadonlyMap<string, WorldTool>;
}

/** The handshake of one level: tools agreed and dropped, and what negotiation cost. */
export interface HandshakeRow {
  level: Level;
  negotiated: number;
  dropped: number;
  request: number;
  response: number;
  tokens: number;
  round_trips: number;
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

/** A run's counts: tools agreed, the tasks' calls and outcomes, and the whole envelope. */
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
 * Negotiates at a level and returns a session ready to call tools, with the handshake already
 * counted on the session's own envelope.
 */
export function openSession(world: World, level: Level, options: RunOptions = {}): OpenedSession {
  const envelope = new Envelope(WORLD_WORDS, WORLD_KEYS);
  const policy = options.policy ?? LESSON_POLICY;
  const negotiation = negotiate(world.servers, level, policy, envelope);
  const tools = new Map<string, WorldTool>();
  for (const [name, tool] of negotiation.agreed) tools.set(name, worldTool(tool));
  return { level, policy, session: { envelope, agreed: negotiation.agreed, approval: options.approval ?? false }, negotiation, tools };
}

/**
 * A session on `world` from a handshake done once for all seeds (see `handshakes.ts`): the same
 * counts and decision as {@link openSession} at the handshake's level and policy, with this
 * world's handlers bound to the agreed tools and nothing negotiated again.
 *
 * @param world a world whose servers have the facts the handshake was made on (every world does).
 * @param approval whether calls with a declared side effect are approved; default false.
 */
export function openSharedSession(world: World, handshake: WorldHandshake, approval = false): OpenedSession {
  const { level, policy, decision, envelope, calls, tools } = handshake;
  const negotiation = bindHandlers(world.servers, decision, calls);
  return { level, policy, session: { envelope: envelope.clone(), agreed: negotiation.agreed, approval }, negotiation, tools };
}

/** The handshake alone at one level: a fresh envelope, negotiation, and its counts. */
export function measureHandshake(world: World, level: Level, policy: ClientPolicy = LESSON_POLICY): HandshakeRow {
  return handshakeRow(level, openSession(world, level, { policy }));
}

/** The handshake row of a session that has negotiated and not yet called anything. */
export function handshakeRow(level: Level, { session, negotiation }: OpenedSession): HandshakeRow {
  return handshakeCounts(level, negotiation, session.envelope);
}

/**
 * A handshake row from its parts: the tools the decision agreed and dropped, and the counts of the
 * envelope the handshake was counted on (as {@link handshakeRow}).
 */
export function handshakeCounts(level: Level, decision: Pick<Decision, "agreed" | "dropped">, envelope: Envelope): HandshakeRow {
  const { request, response, tokens, round_trips } = envelope.counts();
  return { level, negotiated: decision.agreed.size, dropped: decision.dropped.length, request, response, tokens, round_trips };
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
 * One task's chain by name: a {@link TaskWalk} that takes each answer by name (a handler's fields,
 * or `{hata}` from the client or the handler; a key that is no world key is dropped) and gives
 * each call with the state by name. The real client over stdio drives it asynchronously
 * (`wireClient/tasks.ts`), lesson 7's client through `callTool` ({@link runTask}); the
 * simulator's runs walk the same {@link TaskWalk} by key number ({@link runWorldTask}).
 *
 * @param task the task, with its expected answer (see `withExpectedAnswers`).
 */
export function taskChain(task: TaskWithAnswer): TaskChain {
  const walk = new TaskWalk().start(task);
  let started = false;
  return {
    next(answer?: Fields): IteratorResult<ChainCall, TaskOutcome> {
      if (started || answer !== undefined) walk.answer(valuesOf(WORLD_KEYS, answer ?? {}));
      started = true;
      const name = walk.nextTool();
      if (name === undefined) return { done: true, value: walk.outcome() };
      return { done: false, value: { name, state: fieldsOf(WORLD_KEYS, walk.state) } };
    },
  };
}

/**
 * A task's chain, walked one call at a time: {@link start} sets out on a task, {@link nextTool}
 * gives the tool of the next call (the client fills it from {@link state}), {@link answer} takes
 * the answer to it, and {@link outcome} tells what the task did once the chain is over. The walk
 * calls nothing and counts nothing: the simulator drives it ({@link runWorldTask}), and so does
 * the real client over stdio (through {@link taskChain}). One chain, two drivers; one walk can
 * walk one task after another.
 */
export class TaskWalk {
  /**
   * The client's values by key number (`Key`): what the task names (`abone`, `bolge`), the column
   * to write (`sutun`), `deger` (set before every call to the result so far), and what each
   * successful answer adds.
   */
  readonly state: Values = noWorldValues();
  private task: TaskWithAnswer | undefined = undefined;
  private tools: readonly string[] = [];
  private calls = 0;
  private failed = 0;
  private blocked = 0;
  private written = 0;
  private result: Value = null;
  private failure: TaskOutcome["failure"] = undefined;

  /** Sets out on `task`'s chain: nothing called yet, nothing known but what the task names. */
  start(task: TaskWithAnswer): this {
    this.task = task;
    this.tools = chainOf(task.type);
    this.calls = this.failed = this.blocked = this.written = 0;
    this.result = null;
    this.failure = undefined;
    for (let key = 0; key < this.state.length; key++) this.state[key] = undefined;
    this.state[Key.abone] = task.subscriber;
    this.state[Key.bolge] = task.region;
    this.state[Key.sutun] = RECORD_COLUMN;
    return this;
  }

  /** The tool of the next call; `undefined` once every call is made or one has failed. */
  nextTool(): string | undefined {
    if (this.failure !== undefined || this.calls === this.tools.length) return undefined;
    this.state[Key.deger] = this.result;
    return this.tools[this.calls];
  }

  /**
   * Takes the answer to the call {@link nextTool} gave: an error ends the chain, anything else
   * joins the state.
   */
  answer(answer: Values): void {
    const tool = this.tools[this.calls];
    this.calls += 1;
    const hata = answer[Key.hata];
    if (hata !== undefined) {
      this.failed += 1;
      if (hata === NO_APPROVAL) this.blocked += 1;
      this.failure = { tool, hata: String(hata) };
      return;
    }
    for (let key = 0; key < answer.length; key++) {
      if (answer[key] !== undefined) this.state[key] = answer[key];
    }
    if (answer[Key.yazildi] === true) this.written += 1;
    this.result = resultOf(answer, this.result);
  }

  /** What the task did: its calls and failures, records written, and whether it was completed. */
  outcome(): TaskOutcome {
    const { calls, failed, blocked, written, result, failure } = this;
    const completed = this.task !== undefined && pyEquals(result, this.task.expected);
    return { calls, failed, blocked, written, completed, result, failure };
  }
}

/**
 * Walks one task's chain ({@link TaskWalk}) through the simulated client, by key number
 * (`callWorldTool`).
 *
 * @param session the run's session (its envelope gains the calls that reach the wire).
 * @param task the task, with its expected answer (see `withExpectedAnswers`).
 * @param walk the walk to walk it with; default a new one (a run walks all its tasks with one).
 */
export function runWorldTask(
  session: WorldSession,
  task: TaskWithAnswer,
  walk: TaskWalk = new TaskWalk(),
): TaskOutcome {
  walk.start(task);
  for (let tool = walk.nextTool(); tool !== undefined; tool = walk.nextTool()) {
    walk.answer(callWorldTool(session, tool, walk.state));
  }
  return walk.outcome();
}

/**
 * Walks one task's chain by name ({@link taskChain}) through the simulated client's call by name
 * (`callTool`), on any session: lesson 7's client runs lesson 6's tasks so.
 *
 * @param session the run's session (its envelope gains the calls that reach the wire).
 * @param task the task, with its expected answer (see `withExpectedAnswers`).
 */
export function runTask(session: Session, task: TaskWithAnswer): TaskOutcome {
  const chain = taskChain(task);
  let step = chain.next();
  while (!step.done) step = chain.next(callTool(session, step.value.name, step.value.state));
  return step.value;
}

/**
 * The key `"tool: error"` of every failure a run of the world can count, written once: each of
 * the world's tools with each error the client ({@link NOT_DECLARED}, {@link NO_APPROVAL}) or a
 * handler ({@link HANDLER_ERRORS}) gives. Writing the key anew for each failure, and having the
 * runtime intern it as a property name, cost several per cent of a seed (bench/simulateRound.ts).
 */
const FAILURE_KEYS: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(
  SERVER_FACTS.flatMap(({ tools }) => tools).map(({ name }) => [
    name,
    new Map([NOT_DECLARED, NO_APPROVAL, ...HANDLER_ERRORS].map((hata) => [hata, `${name}: ${hata}`])),
  ]),
);

/** A failure's key in {@link RunRow}'s `failures`: `"tool: error"` (from {@link FAILURE_KEYS} when it is there). */
function failureKey(tool: string, hata: string): string {
  return FAILURE_KEYS.get(tool)?.get(hata) ?? `${tool}: ${hata}`;
}

/** The counts of a run's tasks: their calls and outcomes summed, and failures by `"tool: error"`. */
export type TaskTally = Pick<RunRow, "calls" | "failed" | "completed" | "blocked" | "written" | "failures">;

/**
 * Sums task outcomes as a run row counts them: shared by {@link runTasks} and the real client's
 * run (`wireClient/tasks.ts`). `completed` counts completed tasks; `failures` counts each
 * failure as `"tool: error"`, in the order first seen.
 */
export function tallyTasks(outcomes: Iterable<TaskOutcome>): TaskTally {
  const tally = emptyTally();
  for (const outcome of outcomes) addOutcome(tally, outcome);
  return tally;
}

/** A tally of no tasks: every count 0, no failures (a new object). */
function emptyTally(): TaskTally {
  return { calls: 0, failed: 0, completed: 0, blocked: 0, written: 0, failures: {} };
}

/** Adds one task's outcome to `tally`, as {@link tallyTasks} sums them. */
function addOutcome(tally: TaskTally, outcome: TaskOutcome): void {
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

/** What a run starts from: a negotiated session's level, its counts so far and its tools by key number. */
function startOf({ level, session, tools }: OpenedSession): Pick<WorldHandshake, "level" | "envelope" | "tools"> {
  return { level, envelope: session.envelope, tools };
}

/**
 * The twelve tasks at one level: negotiation (or a copy of one, see `handshake` and `negotiated`),
 * then every task's chain by key number ({@link runWorldTask}), on one envelope.
 *
 * @throws RangeError when `handshake` or `negotiated` is of another level.
 * @returns the run's counts; `completed` counts tasks whose result equals the expected answer.
 */
export function runTasks(world: World, level: Level, options: RunOptions = {}): RunRow {
  const opened = options.handshake ?? startOf(options.negotiated ?? openSession(world, level, options));
  if (opened.level !== level) throw new RangeError(`a session negotiated at level ${opened.level} cannot run level ${level}`);
  const session: WorldSession = { envelope: opened.envelope.clone(), tools: opened.tools, world, approval: options.approval ?? false };
  const tasks = options.tasks ?? withExpectedAnswers(drawTasks(options.taskSeed ?? world.seed), world);
  const tally = emptyTally(); // summed task by task, as tallyTasks sums a list of outcomes
  const walk = new TaskWalk();
  for (let i = 0; i < tasks.length; i++) addOutcome(tally, runWorldTask(session, tasks[i], walk));
  const { calls, failed, completed, blocked, written, failures } = tally;
  const { request, response, notification, tokens, round_trips } = session.envelope.counts();
  const tokensByKind = session.envelope.tokensByKind();
  return { level, negotiated: opened.tools.size, calls, failed, completed, blocked, written, request, response, notification, tokens, round_trips, failures, tokensByKind };
}

