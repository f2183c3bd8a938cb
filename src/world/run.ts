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
 * Every run owns its {@link Envelope}; runs share nothing and can interleave.
 */
import { callTool, NO_APPROVAL, NOT_DECLARED, type Session } from "../sim/client";
import type { Level } from "../sim/declaration";
import { Envelope, type MessageKind } from "../sim/envelope";
import { bindHandlers, negotiate, type ClientPolicy, type Negotiation } from "../sim/negotiation";
import { pyEquals, type Fields, type Value } from "../sim/values";
import { HANDLER_ERRORS } from "./handlers";
import type { Handshake } from "./handshakes";
import { LESSON_POLICY, SERVER_FACTS, WORLD_WORDS } from "./servers";
import { CHAINS, drawTasks, RECORD_COLUMN, withExpectedAnswers, type TaskWithAnswer } from "./tasks";
import type { World } from "./world";

export { RECORD_COLUMN } from "./tasks";

/**
 * The value a successful answer leaves as the task's result: `yazildi`, else `tutar`, else `m3`,
 * else `abone`, else the previous result. Source: reference lesson 004, `run`
 * (`y.get("yazildi", y.get("tutar", …))`). Handlers never answer `undefined`, so a key is
 * present exactly when its value is defined.
 */
function resultOf(answer: Fields, previous: Value): Value {
  if (answer.yazildi !== undefined) return answer.yazildi;
  if (answer.tutar !== undefined) return answer.tutar;
  if (answer.m3 !== undefined) return answer.m3;
  if (answer.abone !== undefined) return answer.abone;
  return previous;
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
}

/** A session after negotiation, with the level and policy it was negotiated at. */
export interface OpenedSession {
  level: Level;
  policy: ClientPolicy;
  session: Session;
  negotiation: Negotiation;
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
  const envelope = new Envelope(WORLD_WORDS);
  const policy = options.policy ?? LESSON_POLICY;
  const negotiation = negotiate(world.servers, level, policy, envelope);
  return { level, policy, session: { envelope, agreed: negotiation.agreed, approval: options.approval ?? false }, negotiation };
}

/**
 * A session on `world` from a handshake done once for all seeds (see `handshakes.ts`): the same
 * counts and decision as {@link openSession} at the handshake's level and policy, with this
 * world's handlers bound to the agreed tools and nothing negotiated again.
 *
 * @param world a world whose servers have the facts the handshake was made on (every world does).
 * @param approval whether calls with a declared side effect are approved; default false.
 */
export function openSharedSession(world: World, handshake: Handshake, approval = false): OpenedSession {
  const { level, policy, decision, envelope, calls } = handshake;
  const negotiation = bindHandlers(world.servers, decision, calls);
  return { level, policy, session: { envelope: envelope.clone(), agreed: negotiation.agreed, approval }, negotiation };
}

/** The handshake alone at one level: a fresh envelope, negotiation, and its counts. */
export function measureHandshake(world: World, level: Level, policy: ClientPolicy = LESSON_POLICY): HandshakeRow {
  return handshakeRow(level, openSession(world, level, { policy }));
}

/** The handshake row of a session that has negotiated and not yet called anything. */
export function handshakeRow(level: Level, { session, negotiation }: OpenedSession): HandshakeRow {
  const { request, response, tokens, round_trips } = session.envelope.counts();
  return { level, negotiated: negotiation.agreed.size, dropped: negotiation.dropped.length, request, response, tokens, round_trips };
}

/** One step of a task's chain: the tool to call, and the client's state to read its fields from. */
export interface ChainCall {
  name: string;
  /** The chain's live state: read it before resuming the chain (the next step changes it). */
  state: Fields;
}

/**
 * A task's chain in progress, driven like a generator: `next()` starts it, `next(answer)` hands
 * back the answer to the call it last gave; each step is the next call, and the last one (`done`)
 * the task's outcome. A step is valid until the next `next`: the walk reuses it.
 */
export interface TaskChain {
  next(answer?: Fields): IteratorResult<ChainCall, TaskOutcome>;
}

/**
 * One task's chain, as a step-by-step walk that neither calls nor counts: it gives each call
 * (`{name, state}`) and is resumed with the answer (a handler's fields, or `{hata}` from the
 * client or the handler). The simulator drives it synchronously ({@link runTask}); the real
 * client over stdio drives it asynchronously (`wireClient/tasks.ts`). One chain, two drivers.
 *
 * @param task the task, with its expected answer (see `withExpectedAnswers`).
 */
export function taskChain(task: TaskWithAnswer): TaskChain {
  return new TaskWalk(task);
}

/** A slot of a chain's state that no answer has filled yet: it reads as absent (see `gateCall`). */
const UNSET = undefined as unknown as Value;

/**
 * {@link taskChain}'s walk: the counts so far, the result so far, and the client's state. It is
 * itself the call it gives (`name`, `state`); a step stays valid until the next `next`.
 */
class TaskWalk implements TaskChain, ChainCall {
  /** The tool of the call the walk last gave. */
  name = "";
  private readonly tools: readonly string[];
  readonly state: Fields;
  private calls = 0;
  private failed = 0;
  private blocked = 0;
  private written = 0;
  private result: Value = null;
  private failure: TaskOutcome["failure"] = undefined;
  // The step `next` gives while the chain goes on: the walk itself, as the next call.
  private readonly step: IteratorYieldResult<ChainCall>;

  constructor(private readonly task: TaskWithAnswer) {
    this.tools = CHAINS[task.type];
    // What the task names, the column to write, `deger` (set before every call), and a slot for
    // each other key a handler answers (ANSWER_KEYS), unset until an answer fills it.
    this.state = {
      abone: task.subscriber, bolge: task.region, sutun: RECORD_COLUMN, deger: null,
      onceki: UNSET, simdiki: UNSET, tip: UNSET, m3: UNSET, tutar: UNSET, yazildi: UNSET,
    };
    this.step = { done: false, value: this };
  }

  next(answer?: Fields): IteratorResult<ChainCall, TaskOutcome> {
    if (this.calls > 0 || answer !== undefined) {
      // The answer to tools[calls]: an error ends the chain, anything else joins the state.
      const name = this.tools[this.calls];
      this.calls += 1;
      const given = answer ?? {};
      if (given.hata !== undefined) {
        this.failed += 1;
        if (given.hata === NO_APPROVAL) this.blocked += 1;
        this.failure = { tool: name, hata: String(given.hata) };
        return this.finish();
      }
      for (const key in given) this.state[key] = given[key];
      if (given.yazildi === true) this.written += 1;
      this.result = resultOf(given, this.result);
    }
    if (this.calls >= this.tools.length) return this.finish();
    this.state.deger = this.result;
    this.name = this.tools[this.calls];
    return this.step;
  }

  private finish(): IteratorReturnResult<TaskOutcome> {
    const { calls, failed, blocked, written, result, failure } = this;
    const completed = pyEquals(result, this.task.expected);
    return { done: true, value: { calls, failed, blocked, written, completed, result, failure } };
  }
}

/**
 * Walks one task's chain ({@link taskChain}) through the simulated client.
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
  const tally: TaskTally = { calls: 0, failed: 0, completed: 0, blocked: 0, written: 0, failures: {} };
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
 * The twelve tasks at one level: negotiation (or a copy of one, see `negotiated`), then every
 * task's chain, on one envelope.
 *
 * @throws RangeError when `negotiated` was negotiated at another level.
 * @returns the run's counts; `completed` counts tasks whose result equals the expected answer.
 */
export function runTasks(world: World, level: Level, options: RunOptions = {}): RunRow {
  const opened = options.negotiated ?? openSession(world, level, options);
  if (opened.level !== level) throw new RangeError(`a session negotiated at level ${opened.level} cannot run level ${level}`);
  const { negotiation } = opened;
  const session: Session = { envelope: opened.session.envelope.clone(), agreed: negotiation.agreed, approval: options.approval ?? false };
  const tasks = options.tasks ?? withExpectedAnswers(drawTasks(options.taskSeed ?? world.seed), world);
  const outcomes: TaskOutcome[] = []; // a loop, not `map`: see writingAServerJson
  for (let i = 0; i < tasks.length; i++) outcomes.push(runTask(session, tasks[i]));
  const { calls, failed, completed, blocked, written, failures } = tallyTasks(outcomes);
  const { request, response, notification, tokens, round_trips } = session.envelope.counts();
  const tokensByKind = session.envelope.tokensByKind();
  return { level, negotiated: negotiation.agreed.size, calls, failed, completed, blocked, written, request, response, notification, tokens, round_trips, failures, tokensByKind };
}

