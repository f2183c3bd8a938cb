/**
 * Lesson 1, "Three Roles": what the lesson computes for one seed, with no client policy. The seed's
 * twelve tasks are traced call by call (`traceTasks`, `world/taskTrace.ts`): which server answers
 * each call, and where the host found each argument. Then each server's view of the run, and the
 * host's. Pure: the same seed gives an equal result, and nothing is kept between calls.
 */
import {
  crossings,
  HOST,
  messagesOf,
  serversOf,
  serverViews,
  traceTasks,
  type CrossedValue,
  type ServerView,
  type TaskTrace,
  type ValuesBySource,
} from "../../world/taskTrace";
import { drawTasks, withExpectedAnswers, type TaskWithAnswer } from "../../world/tasks";
import { createWorld } from "../../world/world";

/** One server as the lesson lists it: its name and its tools' names. */
export interface ServerTools {
  server: string;
  tools: string[];
}

/** What the host sees of the run, beside what each server sees. */
export interface HostView {
  /** The tools of every server, which the host can reach through its clients. */
  tools: number;
  /** The calls it makes: every call of every task. */
  calls: number;
  /** The tasks it holds: all of them. */
  tasks: number;
  /** Tasks whose calls reach two or more servers. */
  spanning: number;
  /** Every argument value it sends, by where it found it (the servers' values summed). */
  values: ValuesBySource;
  /** Messages of all the calls: one request and one response each. */
  messages: number;
  /** Messages sent from one server to another server. */
  serverToServer: number;
}

/** Everything lesson 1 computes for one seed: plain data, the same for the same seed. */
export interface ThreeRolesResult {
  /** The seed the world and the tasks were drawn from. */
  seed: number;
  /** How many subscribers the world holds. */
  subscribers: number;
  /** The servers and their tools, in the world's order (olcum, tarife, kayit). */
  servers: ServerTools[];
  /** The seed's twelve tasks with their expected answers, in drawn order. */
  tasks: TaskWithAnswer[];
  /** Each task traced call by call, in the order of `tasks`. */
  traces: TaskTrace[];
  /** The index in `traces` of the task the lesson follows: the first record task. */
  traced: number;
  /** What each server receives, in the order of `servers`. */
  views: ServerView[];
  /** What the host sees. */
  host: HostView;
  /** Every value the host carried from one server to another. */
  crossings: CrossedValue[];
}

/**
 * Draws one seed's world and tasks, traces every task with no client policy, and counts what
 * each server and the host see.
 *
 * @param seed an integer from 0 to 2^53 − 1.
 * @throws RangeError for any other seed.
 */
export function simulateThreeRoles(seed: number): ThreeRolesResult {
  const world = createWorld(seed);
  const tasks = withExpectedAnswers(drawTasks(seed), world);
  const traces = traceTasks(world, tasks);
  const views = serverViews(world.servers, traces);
  const messages = traces.flatMap(messagesOf);
  const isServer = (end: string) => end !== HOST;
  const sum = (pick: (view: ServerView) => number) =>
    views.reduce((total, view) => total + pick(view), 0);
  return {
    seed,
    subscribers: Object.keys(world.subscribers).length,
    servers: world.servers.map(({ name, tools }) => ({
      server: name,
      tools: tools.map((tool) => tool.name),
    })),
    tasks,
    traces,
    traced: tasks.findIndex((task) => task.type === "record"),
    views,
    host: {
      tools: sum((view) => view.tools),
      calls: traces.reduce((total, trace) => total + trace.calls.length, 0),
      tasks: traces.length,
      spanning: traces.filter((trace) => serversOf(trace).length >= 2).length,
      values: {
        task: sum((view) => view.values.task),
        "same server": sum((view) => view.values["same server"]),
        "other server": sum((view) => view.values["other server"]),
      },
      messages: messages.length,
      serverToServer: messages.filter(({ from, to }) => isServer(from) && isServer(to)).length,
    },
    crossings: crossings(traces),
  };
}
