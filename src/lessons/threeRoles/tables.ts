/**
 * Lesson 1, "Three Roles": each printed table as text, no line wider than the page: the seed's
 * tasks, the traced task call by call, and what each server and the host see.
 */
import type { Fields, Value } from "../../sim/values";
import { resultKey } from "../../world/runTasks";
import type { Origin, TaskTrace } from "../../world/taskTrace";
import { formatTextTable } from "../textTable";
import type { ThreeRolesResult } from "./simulate";
import type { ThreeRolesWire } from "./wire";
import { formatWireTranscript } from "../transcriptText";
import { isTranscriptLine } from "../../wireClient/lineExchange";

/** A value as the tables write it: JSON's way for numbers, text and flags (`true`). */
const text = (value: Value): string => (typeof value === "string" ? value : JSON.stringify(value));

/** An answer's fields as `key value` pairs: `onceki 18514, simdiki 18551, tip isyeri`. */
export function answerText(answer: Fields): string {
  return Object.entries(answer)
    .map(([key, value]) => `${key} ${text(value)}`)
    .join(", ");
}

/** What a task asks about: its region for a region task, else its subscriber. */
export function aboutOf(trace: TaskTrace): string {
  return trace.task.type === "region" ? trace.task.region : trace.task.subscriber;
}

/** A traced task's result as `key value`, from its last answer (`tutar 554`, `yazildi true`). */
export function resultText(trace: TaskTrace): string {
  const last = trace.calls.at(-1)?.answer ?? {};
  const key = resultKey(last);
  return key === undefined ? "-" : `${key} ${text(last[key])}`;
}

/**
 * The seed's tasks, one row each: number (from 1), type, what it asks about, the servers its
 * calls reach, and its result.
 */
export function formatSeedTasks(result: ThreeRolesResult): string {
  const rows = result.traces.map((trace, k) => [
    k + 1,
    trace.task.type,
    aboutOf(trace),
    [...new Set(trace.calls.map((call) => call.server))].join(", "),
    resultText(trace),
  ]);
  return formatTextTable(["task", "type", "about", "servers", "result"], rows);
}

/** Where the host found a value, as the trace table writes it: `the task`, `answer 2 (olcum)`. */
function foundIn(origin: Origin): string {
  return origin.kind === "task" ? "the task" : `answer ${origin.step} (${origin.server})`;
}

/**
 * The traced task call by call: for each call its step, tool and server, then one row per
 * argument (its value, where the host found it, and the two servers when it crossed from one to
 * another), then the call's answer.
 */
export function formatTracedTask(result: ThreeRolesResult): string {
  const trace = result.traces[result.traced];
  const header = ["step", "tool", "server", "argument", "value", "found in", "crosses"];
  const rows: string[][] = [];
  /** After how many rows each call's answer is written, and the answer. */
  const answers: { after: number; answer: string }[] = [];
  for (const call of trace.calls) {
    const head = [String(call.step), call.tool, call.server];
    if (call.arguments.length === 0) rows.push([...head, "-", "", "", ""]);
    call.arguments.forEach(({ field, value, origin }, k) => {
      const crosses =
        origin.kind === "answer" && origin.server !== call.server
          ? `${origin.server} → ${call.server}`
          : "";
      rows.push([...(k === 0 ? head : ["", "", ""]), field, text(value), foundIn(origin), crosses]);
    });
    answers.push({ after: rows.length, answer: answerText(call.answer) });
  }
  const [top, ...lines] = formatTextTable(header, rows).split("\n");
  // An answer is a line of its own: `answer` under the arguments, its fields under the values.
  const label = "answer".padEnd(top.indexOf("value") - top.indexOf("argument"));
  const lead = " ".repeat(top.indexOf("argument"));
  const out = [top];
  lines.forEach((line, r) => {
    out.push(line);
    for (const { after, answer } of answers) if (after === r + 1) out.push(lead + label + answer);
  });
  return out.join("\n");
}

/**
 * What each server sees of the run, and the host: tools offered, calls answered (the host: made),
 * tasks reached, tasks served alone, and the argument values received (the host: sent), by where
 * the host found them.
 */
export function formatServerViews(result: ThreeRolesResult): string {
  const header = [
    "",
    "tools",
    "calls",
    "tasks",
    "alone",
    "argument values",
    "from task",
    "from itself",
    "from another",
  ];
  const total = (values: Record<string, number>) =>
    Object.values(values).reduce((sum, n) => sum + n, 0);
  const rows = result.views.map((view) => [
    view.server,
    view.tools,
    view.calls,
    view.tasks,
    view.alone,
    total(view.values),
    view.values.task,
    view.values["same server"],
    view.values["other server"],
  ]);
  const { host } = result;
  rows.push([
    "host",
    host.tools,
    host.calls,
    host.tasks,
    "-",
    total(host.values),
    host.values.task,
    host.values["same server"],
    host.values["other server"],
  ]);
  return formatTextTable(header, rows);
}

/**
 * Section 6's exchange as printed: {@link formatWireTranscript}'s lines with every `_meta` folded
 * and no byte sizes (nothing in the lesson reads them), then the first request's `_meta` unfolded,
 * one member a line, as it crossed.
 */
export function formatWireCalls(wire: ThreeRolesWire): string {
  const lines = formatWireTranscript(wire.transcript, [], { outcome: false, elideMeta: true })
    .split("\n")
    .map((line) => line.replace(/^(client → server|server → client) \(\d+ bytes\)$/, "$1"));
  const first = wire.transcript.steps
    .filter(isTranscriptLine)
    .find((step) => step.from === "client");
  if (first === undefined) throw new Error("the transcript holds no line from the client");
  const request = JSON.parse(first.line) as {
    params: { _meta: Record<string, unknown> };
  };
  const members = Object.entries(request.params._meta).map(
    ([key, value]) => `    ${JSON.stringify(key)}: ${JSON.stringify(value)}`,
  );
  return [...lines, "", "id 1's _meta, unfolded:", "  {", members.join(",\n"), "  }"].join("\n");
}
