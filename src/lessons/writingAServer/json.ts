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
import type { RunRow } from "../../world/runTasks";
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

const row = ({
  level,
  negotiated,
  calls,
  failed,
  completed,
  blocked,
  written,
  request,
  response,
  tokens,
  round_trips,
}: RunRow): RunRowJson => ({
  level,
  negotiated,
  calls,
  failed,
  completed,
  blocked,
  written,
  request,
  response,
  tokens,
  round_trips,
});

/** Lesson 6's figures as a JSON-ready object. */
export function writingAServerJson(result: WritingAServerResult): WritingAServerJson {
  return {
    seed: result.seed,
    subscribers: result.subscribers,
    tasks: result.tasks.map(({ type, subscriber, region, expected }) => ({
      type,
      subscriber,
      region,
      expected,
    })),
    handshake: result.handshake,
    runs: result.runs.map(row),
    second_run: { seed: result.secondRun.seed, runs: result.secondRun.runs.map(row) },
    wide: result.wide.map((run) => Object.assign(row(run), { approval: run.approval })),
  };
}
