/**
 * A sweep as text: a heading, one table per group (every count's min, median and max over the
 * sweep, its value on the default seed, and how many seeds differ from it), and the claims with
 * the number of seeds each held on.
 *
 * Tables are laid out by `formatTextTable` (two-space gaps, numbers right-aligned, no trailing
 * spaces), so the text is the same bytes for the same sweep.
 */
import { findLesson } from "../lessons/catalog";
import { formatTextTable, type Cell } from "../lessons/textTable";
import type { SweepGroup, SweepResult } from "./sweep";

/** `round_trips` → `round trips`. */
const words = (name: string) => name.replace(/_/g, " ");

/** "1,000". */
const n = (value: number) => value.toLocaleString("en-US");

/** One group's table: the row's key columns (shown on its first line only), then one line per count. */
export function formatSweepGroup(group: SweepGroup): string {
  const keyColumns = Object.keys(group.rows[0]?.key ?? {});
  const header = [...keyColumns, "count", "min", "median", "max", "default", "seeds differing"];
  const rows: Cell[][] = group.rows.flatMap((row) =>
    group.counts.map((name, c) => {
      const d = row.counts[name];
      const key = keyColumns.map((column) => (c === 0 ? String(row.key[column]) : ""));
      return [...key, words(name), d.min, d.median, d.max, d.atDefault, d.differing];
    }),
  );
  return `${group.title}\n${formatTextTable(header, rows)}`;
}

/** The claims table: the seeds each claim held on, the first seeds it failed on (`…` when there were more), and its sentence. */
export function formatClaims(result: SweepResult): string {
  const rows: Cell[][] = result.claims.map((claim) => [
    `${n(claim.held)} of ${n(claim.seeds)}`,
    claim.failedOn.length
      ? claim.failedOn.join(", ") + (claim.seeds - claim.held > claim.failedOn.length ? ", …" : "")
      : "-",
    claim.statement,
  ]);
  const held = result.claims.filter((claim) => claim.held === claim.seeds).length;
  return `claims: ${held} of ${result.claims.length} held on every seed\n${formatTextTable(["held on", "failed on seeds", "claim"], rows)}`;
}

/** The whole sweep as `mcp-course sweep` prints it, ending with a newline. */
export function formatSweep(result: SweepResult): string {
  const lesson = findLesson(result.lesson);
  const heading =
    `sweep of ${lesson ? `lesson ${Number(lesson.name.slice(0, 2))} (${lesson.name})` : result.lesson}: ${n(result.count)} ${result.count === 1 ? "seed" : "seeds"}, ` +
    `${result.from} to ${result.to}; "default" is seed ${result.defaultSeed}'s value`;
  return (
    [heading, ...result.groups.map(formatSweepGroup), formatClaims(result)].join("\n\n") + "\n"
  );
}
