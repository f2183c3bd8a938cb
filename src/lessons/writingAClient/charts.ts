/**
 * Lesson 7's chart: discovery renewed at every task against once per session, as tasks grow.
 *
 * A vega-lite spec built from the lesson's growth rows (see `simulate.ts`); render it with `renderSvg`.
 */
import type { ChartSpec } from "../../charts/render";
import type { WritingAClientResult } from "./simulate";

/**
 * The spec: envelope tokens after N tasks, one line per client mode. Its `description` (the
 * chart's alt text) says what the lines are and where they end.
 */
export function growthChart(result: WritingAClientResult): ChartSpec {
  const values = result.growth.flatMap((row) => [
    { tasks: row.tasks, mode: "discovery at every task", tokens: row.perTask.tokens },
    { tasks: row.tasks, mode: "discovery once per session", tokens: row.perSession.tokens },
  ]);
  const last = result.growth[result.growth.length - 1];
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    title: `Envelope tokens as tasks grow (seed ${result.seed})`,
    description:
      `Envelope tokens after 1 to ${last.tasks} tasks, one line per client: discovery before every ` +
      `task ends at ${last.perTask.tokens}, once per session at ${last.perSession.tokens} (seed ${result.seed})`,
    data: { values },
    width: 420,
    height: 220,
    mark: { type: "line", point: true },
    encoding: {
      x: { field: "tasks", type: "quantitative", title: "tasks run", axis: { tickMinStep: 1 } },
      y: { field: "tokens", type: "quantitative", title: "envelope tokens" },
      color: {
        field: "mode",
        type: "nominal",
        title: null,
        legend: { orient: "bottom", labelLimit: 0 },
      },
      tooltip: [
        { field: "mode" },
        { field: "tasks", type: "quantitative" },
        { field: "tokens", type: "quantitative" },
      ],
    },
  };
}
