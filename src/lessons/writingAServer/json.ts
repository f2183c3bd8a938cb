/**
 * Lesson 6 as one JSON object: what `mcp-course simulate --json` prints and `data/` keeps.
 *
 * Keys (order free for readers; fixed here so the output is byte-stable):
 * `seed`; `subscribers` keyed `A001`–`A060`, each `{bolge, tip, onceki, simdiki}`; `tasks`, 12 ×
 * `{type, subscriber, region, expected}`; `handshake`, 4 × `{level, negotiated, dropped, request,
 * response, tokens, round_trips}`; `runs`, 4 run rows; `second_run`, `{seed, runs}`; `wide`, 3 run
 * rows with `approval`. A run row is `{level, negotiated, calls, failed, completed, blocked,
 * written, request, response, tokens, round_trips}`.
 */
import type { RunRow } from "../../world/run";
import type { WritingAServerResult } from "./simulate";

/** A run row as JSON. */
export type RunRowJson = Omit<RunRow, "notification" | "failures" | "tokensByKind">;

/** The JSON shape of lesson 6; see the module comment. */
export interface WritingAServerJson {
  seed: number;
  subscribers: WritingAServerResult["subscribers"];
  tasks: WritingAServerResult["tasks"];
  handshake: WritingAServerResult["handshake"];
  runs: RunRowJson[];
  second_run: { seed: number; runs: RunRowJson[] };
  wide: (RunRowJson & { approval: boolean })[];
}

const row = ({ level, negotiated, calls, failed, completed, blocked, written, request, response, tokens, round_trips }: RunRow): RunRowJson => ({
  level, negotiated, calls, failed, completed, blocked, written, request, response, tokens, round_trips,
});

/**
 * Lesson 6's figures as a JSON-ready object.
 *
 * Here, as in `simulateWritingAServer` and the world's per-seed arrays, arrays are built with
 * loops rather than `map`: V8's `map` gives packed arrays until it optimizes the caller and holey
 * ones after, and code that has seen one kind stops and recompiles when the other comes, which
 * cost the first 2,000 seeds of a process about a fifth of their time (bench/simulateRound.ts).
 */
export function writingAServerJson(result: WritingAServerResult): WritingAServerJson {
  const tasks: WritingAServerJson["tasks"] = [];
  for (const { type, subscriber, region, expected } of result.tasks) tasks.push({ type, subscriber, region, expected });
  const runs: RunRowJson[] = [];
  for (const run of result.runs) runs.push(row(run));
  const secondRuns: RunRowJson[] = [];
  for (const run of result.secondRun.runs) secondRuns.push(row(run));
  const wide: WritingAServerJson["wide"] = [];
  for (const run of result.wide) wide.push(Object.assign(row(run), { approval: run.approval }));
  return { seed: result.seed, subscribers: result.subscribers, tasks, handshake: result.handshake, runs, second_run: { seed: result.secondRun.seed, runs: secondRuns }, wide };
}
