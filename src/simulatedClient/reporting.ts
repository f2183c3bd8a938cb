/**
 * Two clients over the same run: one that keeps its drops to itself, one that reports them.
 *
 * Source: lesson 7's question, whether a client can say what it dropped at no cost on the wire.
 * Both connect once per session and send exactly the same messages (the same
 * `runClient`); they differ only in what they hand back. A client's result is a few lines of
 * text: completed tasks, then each kind of failed call with how many times it happened
 * (`3 × bolge_ozet: arac bildirilmedi`). The silent client stops there, and `arac bildirilmedi`
 * is all the reader learns: the same words a misspelt tool name would get. The reporting client
 * adds one line per drop (`describeDrop`) and says which drop each failure comes from. Its extra
 * cost is measured in the result, with the course's tokenizer (the reference lesson, `tokenize`),
 * because that is what a reader, or a model, pays to read it.
 */
import { countTokens } from "../sim/tokenizer";
import {
  describeDrop,
  reportDrops,
  traceFailures,
  type DropReport,
  type FailedTask,
} from "./drops";
import { runClient, type ClientRun, type ClientSetup } from "./session";
import type { ClientTask } from "./tasks";

/** Whether a client reports its drops. */
export type ClientKind = "silent" | "reporting";

/** Both kinds, in table order. */
export const CLIENT_KINDS: readonly ClientKind[] = ["silent", "reporting"];

/** A client's run and the result it hands back. */
export interface ReportedRun {
  kind: ClientKind;
  /** The run: identical counts for both kinds. */
  run: ClientRun;
  /** The drops the client reports (none for the silent client). */
  reports: DropReport[];
  /** Failed tasks; the reporting client names the drop behind each one it can. */
  failures: FailedTask[];
  /** The result as text, one line per entry. */
  lines: string[];
  /** Tokens of `lines` as the course's tokenizer counts them. */
  resultTokens: number;
}

/**
 * Runs `tasks` once per session and builds the client's result.
 *
 * @param kind `silent`: completed count and failures; `reporting`: and one line per drop, with
 *   each failure caused by a drop marked with its reason.
 */
export function runReportedClient(
  setup: ClientSetup,
  tasks: readonly ClientTask[],
  kind: ClientKind,
): ReportedRun {
  const run = runClient(setup, tasks, "per-session");
  const { servers, level, policy } = setup;
  const reports = kind === "reporting" ? reportDrops(run.negotiation, servers, level, policy) : [];
  const failures = traceFailures(tasks, run.outcomes, reports);
  const groups = new Map<string, number>();
  for (const f of failures) {
    const key = `${f.tool}: ${f.hata}${f.drop ? ` (dropped for ${f.drop.reason})` : ""}`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  const lines = [
    `completed ${run.completed} of ${run.tasks}`,
    ...reports.map(describeDrop),
    ...[...groups].map(([key, count]) => `${count} × ${key}`),
  ];
  const resultTokens = lines.reduce((n, line) => n + countTokens(line), 0);
  return { kind, run, reports, failures, lines, resultTokens };
}
