/**
 * Dropped tools: what makes a silent drop visible, and a client that says what it dropped.
 *
 * Source: the reference lesson, `negotiate` and IM5 (a server declaring a version above the one
 * the client knows is dropped whole; a tool off the allowlist is dropped alone), and `call`
 * (a call to a tool that was not negotiated ends in the client with `arac bildirilmedi` and sends
 * nothing). Lesson 7 shows the counts that expose the drop and a client that reports it.
 *
 * Lesson 6's `negotiate` already returns every dropped tool with its reason; a silent client simply
 * never reads that list. Reading it needs no message: the declared version came in the `initialize`
 * result and the allowlist is the client's own, so a report costs nothing on the wire.
 */
import { NO_APPROVAL, NOT_DECLARED } from "../sim/client";
import { declare, type Level } from "../sim/declaration";
import type { ClientPolicy, DropReason, Negotiation } from "../sim/negotiation";
import type { WorldServer } from "../sim/server";
import type { TaskOutcome } from "../world/runTasks";
import { chainOf, type ClientTask } from "./tasks";

/** One drop as a reporting client states it: a whole server (version) or one tool (allowlist). */
export interface DropReport {
  server: string;
  reason: DropReason;
  /** The tools lost, in the server's order. */
  tools: string[];
  /** For `version`: the version the server declared and the one the client knows (0 if none). */
  declaredVersion?: number;
  knownVersion?: number;
}

/**
 * Groups a negotiation's dropped tools into reports: one per server dropped for its version, one
 * per tool dropped by the allowlist, in negotiation order.
 *
 * @param servers the servers negotiated (to read each declared version at `level`).
 * @param level the level negotiated at (a version exists only at level 3).
 * @param policy the policy negotiated under (for the known versions).
 */
export function reportDrops(
  negotiation: Negotiation,
  servers: readonly WorldServer[],
  level: Level,
  policy: ClientPolicy,
): DropReport[] {
  const reports: DropReport[] = [];
  for (const { tool, server, reason } of negotiation.dropped) {
    const last = reports[reports.length - 1];
    if (reason === "version" && last?.reason === "version" && last.server === server) {
      last.tools.push(tool);
      continue;
    }
    if (reason === "allowlist") {
      reports.push({ server, reason, tools: [tool] });
      continue;
    }
    const owner = servers.find((s) => s.name === server);
    reports.push({
      server,
      reason,
      tools: [tool],
      declaredVersion: owner ? declare(owner, level).version : undefined,
      knownVersion: policy.knownVersions[server] ?? 0,
    });
  }
  return reports;
}

/**
 * A report as one line: `dropped kayit (bolge_ozet kayit_yaz): declares version 3; client knows 2`.
 * The line has no comma, so lesson 3's stated tokenizer rule (split at white space, pieces of at
 * most five characters) prices it as the tokenizer does, which also sets each comma apart.
 */
export function describeDrop(report: DropReport): string {
  if (report.reason === "allowlist")
    return `dropped ${report.tools.join(" ")} (${report.server}): not on the allowlist`;
  return `dropped ${report.server} (${report.tools.join(" ")}): declares version ${report.declaredVersion}; client knows ${report.knownVersion}`;
}

/** Whether a call's error was decided in the client (no message sent): not negotiated, or no approval. */
export function endedInClient(hata: string): boolean {
  return hata === NOT_DECLARED || hata === NO_APPROVAL;
}

/** One server seen from the client after a run: what it listed, what was kept, where calls went. */
export interface DropVisibilityRow {
  server: string;
  /** Tools the server listed in `tools/list`. */
  listed: number;
  /** Of those, tools the client negotiated. */
  kept: number;
  /** Calls the tasks made to this server's tools. */
  calls: number;
  /** Of those, calls sent as a request (and answered). */
  reachedWire: number;
  /** Of those, calls the client ended itself (`arac bildirilmedi`, `onay yok`): no message. */
  endedInClient: number;
}

/**
 * Attributes every call of a run to the server whose tool it called.
 *
 * A task's calls are the first `outcome.calls` tools of its chain; only the last can have failed,
 * and it reached the wire unless its error was decided in the client ({@link endedInClient}).
 *
 * @param tasks the run's tasks, in the order of `outcomes`.
 * @throws Error when a chain names a tool no server lists.
 */
export function dropVisibility(
  servers: readonly WorldServer[],
  negotiation: Negotiation,
  tasks: readonly ClientTask[],
  outcomes: readonly TaskOutcome[],
): DropVisibilityRow[] {
  const rows = servers.map((server) => ({
    server: server.name,
    listed: server.tools.length,
    kept: server.tools.filter((t) => negotiation.negotiated.has(t.name)).length,
    calls: 0,
    reachedWire: 0,
    endedInClient: 0,
  }));
  const owner = (tool: string) => {
    const index = servers.findIndex((s) => s.tools.some((t) => t.name === tool));
    if (index < 0) throw new Error(`no server lists the tool ${tool}`);
    return rows[index];
  };
  tasks.forEach((task, i) => {
    const outcome = outcomes[i];
    chainOf(task)
      .slice(0, outcome.calls)
      .forEach((tool, step) => {
        const row = owner(tool);
        row.calls += 1;
        const last = step === outcome.calls - 1;
        const refused = outcome.failure !== undefined && endedInClient(outcome.failure.hata);
        if (last && refused) row.endedInClient += 1;
        else row.reachedWire += 1;
      });
  });
  return rows;
}

/** A failed task as the result shows it: its label, the tool that cut the chain, the error. */
export interface FailedTask {
  label: string;
  tool: string;
  hata: string;
  /** The drop behind the failure, when the reporting client can name one. */
  drop?: DropReport;
}

/**
 * The failed tasks of a run, each traced to the drop that removed its tool when there is one.
 * A silent client's result is this list without `drop`.
 */
export function traceFailures(
  tasks: readonly ClientTask[],
  outcomes: readonly TaskOutcome[],
  reports: readonly DropReport[],
): FailedTask[] {
  return tasks.flatMap((task, i) => {
    const failure = outcomes[i].failure;
    if (!failure) return [];
    const drop =
      failure.hata === NOT_DECLARED
        ? reports.find((r) => r.tools.includes(failure.tool))
        : undefined;
    return [drop ? { label: task.label, ...failure, drop } : { label: task.label, ...failure }];
  });
}
