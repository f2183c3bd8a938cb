/**
 * Lesson 6's chart: tokens and completed tasks per declaration level, first and second run.
 *
 * A vega-lite spec built from the run's rows (see `simulate.ts`); render it with `renderSvg`.
 */
import type { ChartSpec } from "../../charts/render";
import { LEVELS } from "../../sim/declaration";
import type { WritingAServerResult } from "./simulate";

/** A level as the chart's axis shows it: `0 name`, `1 + fields`, `2 + side effect`, `3 full`. */
function levelLabel(level: number): string {
  return `${level} ${level === 0 || level === 3 ? LEVELS[level] : `+ ${LEVELS[level].split(" + ").at(-1)}`}`;
}

/** The spec: two bar panels (tokens, completed tasks) over the four levels, one bar per run. */
export function levelsChart(result: WritingAServerResult): ChartSpec {
  const values = [
    ...result.runs.map((row) => ({
      level: levelLabel(row.level),
      run: `tasks from seed ${result.seed}`,
      tokens: row.tokens,
      completed: row.completed,
    })),
    ...result.secondRun.runs.map((row) => ({
      level: levelLabel(row.level),
      run: `tasks from seed ${result.secondRun.seed}`,
      tokens: row.tokens,
      completed: row.completed,
    })),
  ];
  const panel = (field: "tokens" | "completed", title: string, domainMax?: number) => ({
    width: 300,
    height: 180,
    mark: { type: "bar" },
    encoding: {
      x: { field: "level", type: "ordinal", title: "declaration level", axis: { labelAngle: 0 } },
      xOffset: { field: "run" },
      y: {
        field,
        type: "quantitative",
        title,
        ...(domainMax === undefined ? {} : { scale: { domain: [0, domainMax] } }),
      },
      color: {
        field: "run",
        type: "nominal",
        title: null,
        legend: { orient: "bottom", labelLimit: 0 },
      },
      tooltip: [{ field: "level" }, { field: "run" }, { field, type: "quantitative" }],
    },
  });
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    title: `Twelve tasks at four levels (seed ${result.seed})`,
    data: { values },
    hconcat: [
      panel("tokens", "envelope tokens"),
      panel("completed", `completed tasks (of ${result.tasks.length})`, result.tasks.length),
    ],
  };
}
