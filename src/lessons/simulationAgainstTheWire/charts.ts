/**
 * Lesson 9's chart: one run of lesson 6's tasks per level and era, measured twice — the simulator's
 * envelope tokens and the wire's bytes — each stacked by message kind, one row of panels per era.
 *
 * A vega-lite spec built from the lesson's result (see `run.ts`); render it with `renderSvg`. The
 * two measures have different units, so each gets its own panel and its own axis.
 */
import type { ChartSpec } from "../../charts/render";
import { LEVELS } from "../../sim/declaration";
import type { WireLessonResult } from "./run";
import { levelLabel } from "./tables";

/** The spec: per level, envelope tokens (simulator) and bytes (wire), stacked by kind; a column per measure, a row per era. */
export function wireChart(result: WireLessonResult): ChartSpec {
  const levelNames = [...new Set(result.eras.map(({ level }) => levelLabel(level)))];
  const revisions = [...new Set(result.eras.map(({ revision }) => revision))];
  const values = result.eras.flatMap(({ level, revision, kinds }) =>
    kinds.flatMap((row) => [
      { level: levelLabel(level), name: LEVELS[level], revision, measure: "envelope tokens (simulator)", kind: row.kind, amount: row.simulatedTokens },
      { level: levelLabel(level), name: LEVELS[level], revision, measure: "bytes on the wire", kind: row.kind, amount: row.wireBytes },
    ]),
  );
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    title: `Lesson 6's tasks per declaration level and revision, simulated and on the wire (seed ${result.seed})`,
    data: { values },
    facet: {
      column: { field: "measure", type: "nominal", sort: ["envelope tokens (simulator)", "bytes on the wire"], title: null },
      row: { field: "revision", type: "nominal", sort: revisions, title: "revision" },
    },
    spec: {
      width: 240,
      height: 200,
      mark: { type: "bar" },
      encoding: {
        x: { field: "level", type: "nominal", sort: levelNames, title: "declaration level", axis: { labelAngle: 0 } },
        y: { field: "amount", type: "quantitative", title: null },
        color: { field: "kind", type: "nominal", sort: ["request", "response", "notification"], title: null, legend: { orient: "bottom" } },
        order: { field: "kind", sort: "descending" },
        tooltip: [{ field: "revision" }, { field: "level" }, { field: "name" }, { field: "measure" }, { field: "kind" }, { field: "amount", type: "quantitative" }],
      },
    },
    resolve: { scale: { y: "independent" } },
  };
}
