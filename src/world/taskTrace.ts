/**
 * A task's calls as the host makes them, with no client policy: which server answers each call,
 * and where the host found each argument it sends, in the task itself or in an earlier answer
 * (and then of which server).
 *
 * The host is the one place where a task's values meet. It starts from what the task names, fills
 * each call's arguments from what it holds, and keeps every answer; a value that one server
 * produced reaches another server only because the host put it into a later request. This module
 * walks the same chain as every run of the course (`TaskWalk`, `runTasks.ts`) and fills each call
 * as the simulated client does (`callArguments`), but calls the handlers directly: every tool may
 * be called, no call is refused, and nothing is counted in tokens or round trips.
 *
 * It is not a client: it holds no policy, no envelope and no transport.
 */
import { callArguments } from "../sim/client";
import type { ServerFacts, ServerTool } from "../sim/server";
import type { Fields, Value } from "../sim/values";
import { resultKey, TaskWalk, type TaskOutcome } from "./runTasks";
import { drawTasks, withExpectedAnswers, type TaskWithAnswer } from "./tasks";
import type { World } from "./world";

/**
 * Where the host found a value it sends: in the task (`kind: "task"`: what the task names, the
 * record's column, and the empty result before any answer), or in the answer to an earlier call
 * of the same task (`kind: "answer"`, with that call's step, tool and server).
 */
export type Origin =
  { kind: "task" } | { kind: "answer"; step: number; tool: string; server: string };

/** The origin of every value the host holds before its first call. */
const FROM_TASK: Origin = Object.freeze({ kind: "task" });

/** One argument of a call: its field, its value, and where the host found the value. */
export interface TracedArgument {
  field: string;
  value: Value;
  origin: Origin;
}

/** One call of a task: the tool, the server that answers it, the arguments and the answer. */
export interface TracedCall {
  /** The call's place in the chain: 1 for the first. */
  step: number;
  tool: string;
  /** The name of the server that offers the tool and answers the call. */
  server: string;
  /** The tool's fields found in what the host holds, in the tool's field order. */
  arguments: TracedArgument[];
  /** The handler's answer: its result fields, or `{hata}` (an error). */
  answer: Fields;
}

/** A task, its calls in order, and what the task did (its outcome, as every run tallies it). */
export interface TaskTrace {
  task: TaskWithAnswer;
  calls: TracedCall[];
  outcome: TaskOutcome;
}

/**
 * The server that offers a tool, and the tool as that server holds it.
 *
 * @throws RangeError when no server of `servers` offers a tool of that name.
 */
function findTool(servers: World["servers"], name: string): { server: string; tool: ServerTool } {
  for (const server of servers) {
    const tool = server.tools.find((candidate) => candidate.name === name);
    if (tool !== undefined) return { server: server.name, tool };
  }
  throw new RangeError(`no server of the world offers a tool named '${name}'`);
}

/**
 * Walks one task's chain as the host does, recording where each argument came from. The host
 * holds what the task names; before each call it takes the tool's fields from what it holds; it
 * adds each answer to what it holds, noting which call gave each value. `deger`, the value a
 * record writes, is the task's result so far, so it comes from the last answer that gave one.
 *
 * @param world the seed's world: its servers answer the calls, with their handlers.
 * @param task a task with its expected answer (`withExpectedAnswers`).
 * @returns the calls in chain order (the chain stops at an error, as in every run), and the
 *   task's outcome.
 */
export function traceTask(world: World, task: TaskWithAnswer): TaskTrace {
  // The chain, and what the host holds (`walk.state`): at first, what the task names.
  const walk = new TaskWalk(task);
  const origins = new Map<string, Origin>();
  for (const field of [...Object.keys(walk.state), "deger"]) origins.set(field, FROM_TASK);
  const calls: TracedCall[] = [];
  for (let name = walk.nextTool(); name !== undefined; name = walk.nextTool()) {
    const { server, tool } = findTool(world.servers, name);
    // The tool's fields, taken from what the host holds; the server's handler answers.
    const args = callArguments(tool.fields, walk.state);
    const answer = tool.handler(args);
    const step = calls.length + 1;
    calls.push({
      step,
      tool: name,
      server,
      arguments: Object.keys(args).map((field) => ({
        field,
        value: args[field],
        origin: origins.get(field) ?? FROM_TASK,
      })),
      answer,
    });
    walk.answer(answer); // the host keeps the answer
    const origin: Origin = { kind: "answer", step, tool: name, server };
    for (const field of Object.keys(answer)) origins.set(field, origin);
    if (resultKey(answer) !== undefined) origins.set("deger", origin);
  }
  return { task, calls, outcome: walk.outcome() };
}

/**
 * Every task of a run, traced ({@link traceTask}).
 *
 * @param tasks the tasks with their answers; by default the twelve the world's own seed draws.
 */
export function traceTasks(
  world: World,
  tasks: readonly TaskWithAnswer[] = withExpectedAnswers(drawTasks(world.seed), world),
): TaskTrace[] {
  return tasks.map((task) => traceTask(world, task));
}

/** The servers a traced task calls, each once, in the order of their first call. */
export function serversOf(trace: TaskTrace): string[] {
  return [...new Set(trace.calls.map((call) => call.server))];
}

/**
 * Where an argument came from, seen from the server that receives it: `task` (the host held it
 * before any call), `same server` (an earlier answer of the server that receives it now), or
 * `other server` (an answer of another server).
 */
export type Source = "task" | "same server" | "other server";

/** {@link Source} of an argument of a call to `server`. */
export function sourceOf(argument: TracedArgument, server: string): Source {
  if (argument.origin.kind === "task") return "task";
  return argument.origin.server === server ? "same server" : "other server";
}

/** Argument values counted by {@link Source}. */
export type ValuesBySource = Record<Source, number>;

/** What one server receives of a run's traced tasks. */
export interface ServerView {
  server: string;
  /** Tools it offers. */
  tools: number;
  /** Calls it answers. */
  calls: number;
  /** Tasks with at least one call to it. */
  tasks: number;
  /** Tasks all of whose calls it answers: the tasks it serves alone. */
  alone: number;
  /** The argument values it receives, by where the host found each ({@link Source}). */
  values: ValuesBySource;
}

/**
 * What each server receives of the traced tasks, one row per server in `servers`' order (a
 * server no call reached has zeros).
 *
 * @param servers the world's servers (facts suffice: names and tools).
 */
export function serverViews(
  servers: readonly ServerFacts[],
  traces: readonly TaskTrace[],
): ServerView[] {
  return servers.map(({ name, tools }) => {
    const view: ServerView = {
      server: name,
      tools: tools.length,
      calls: 0,
      tasks: 0,
      alone: 0,
      values: { task: 0, "same server": 0, "other server": 0 },
    };
    for (const trace of traces) {
      const mine = trace.calls.filter((call) => call.server === name);
      if (mine.length === 0) continue;
      view.tasks += 1;
      if (mine.length === trace.calls.length) view.alone += 1;
      view.calls += mine.length;
      for (const call of mine)
        for (const argument of call.arguments) view.values[sourceOf(argument, name)] += 1;
    }
    return view;
  });
}

/** A value one server produced that the host sent to another server. */
export interface CrossedValue {
  /** The task's place in the traces (0 for the first). */
  task: number;
  /** The step of the call that carried it to `to`. */
  step: number;
  field: string;
  value: Value;
  /** The server whose answer held the value. */
  from: string;
  /** The server that received it as an argument. */
  to: string;
}

/** Every value that crossed from one server to another, by task, step and field order. */
export function crossings(traces: readonly TaskTrace[]): CrossedValue[] {
  const found: CrossedValue[] = [];
  traces.forEach((trace, task) => {
    for (const call of trace.calls)
      for (const argument of call.arguments)
        if (argument.origin.kind === "answer" && argument.origin.server !== call.server)
          found.push({
            task,
            step: call.step,
            field: argument.field,
            value: argument.value,
            from: argument.origin.server,
            to: call.server,
          });
  });
  return found;
}

/** The host's side of a message: what sends the requests and reads the responses. */
export const HOST = "host";

/** Who sent a message and who received it: {@link HOST} or a server's name. */
export interface MessageEnds {
  from: string;
  to: string;
}

/**
 * The messages of a traced task, in order: each call is a request from the host (through its
 * client for that server) to the server, and the server's response back to the host.
 */
export function messagesOf(trace: TaskTrace): MessageEnds[] {
  return trace.calls.flatMap((call) => [
    { from: HOST, to: call.server },
    { from: call.server, to: HOST },
  ]);
}
