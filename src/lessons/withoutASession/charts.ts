/**
 * Lesson 10's chart: lesson 6's twelve tasks in both eras as the calls add up, measured twice —
 * the simulator's envelope tokens and the wire's bytes — before the first call and after each task.
 *
 * A vega-lite spec built from the lesson's two results; render it with `renderSvg`. The two
 * measures have different units, so each gets its own panel and its own axis.
 */
import type { ChartSpec } from "../../charts/render";
import type { WithoutASessionResult } from "./simulate";
import type { WithoutASessionWire } from "./wire";

/** Each panel's header, which names its y axis: the two measures have different units. */
const TOKENS = "envelope tokens so far (simulator)";
const BYTES = "bytes so far (on the wire)";

/** The spec: cumulative tokens (simulated) and bytes (real) per era after each task, one line per era, in two panels. */
export function erasChart(simulated: WithoutASessionResult, wire: WithoutASessionWire): ChartSpec {
  const eras = simulated.lessonSix.rows.filter((row) => !row.discover);
  const values = [
    ...eras.flatMap((row) =>
      row.cumulative.map((p) => ({
        measure: TOKENS,
        era: row.era,
        task: p.task,
        amount: p.tokens,
      })),
    ),
    ...[wire.eras.legacy, wire.eras.stateless].flatMap((run) =>
      run.cumulative.map((p) => ({ measure: BYTES, era: run.era, task: p.task, amount: p.bytes })),
    ),
  ];
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    title: `Lesson 6's twelve tasks in both eras, as the calls add up (seed ${simulated.seed})`,
    data: { values },
    facet: { column: { field: "measure", type: "nominal", sort: [TOKENS, BYTES], title: null } },
    spec: {
      width: 240,
      height: 200,
      mark: { type: "line", point: true },
      encoding: {
        x: {
          field: "task",
          type: "quantitative",
          title: "tasks run (0: before the first call)",
          axis: { tickMinStep: 1 },
        },
        y: { field: "amount", type: "quantitative", title: null },
        color: {
          field: "era",
          type: "nominal",
          sort: ["legacy", "stateless"],
          title: null,
          legend: { orient: "bottom" },
        },
        tooltip: [
          { field: "measure" },
          { field: "era" },
          { field: "task", type: "quantitative" },
          { field: "amount", type: "quantitative" },
        ],
      },
    },
    resolve: { scale: { y: "independent" } },
  };
}
