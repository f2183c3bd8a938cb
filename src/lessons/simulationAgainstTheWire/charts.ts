/**
 * Lesson 9's chart: one run of lesson 6's tasks per level, measured twice — the simulator's
 * envelope tokens and the wire's bytes — each stacked by message kind.
 *
 * A vega-lite spec built from the lesson's result (see `run.ts`); render it with `renderSvg`. The
 * two measures have different units, so each gets its own panel and its own axis.
 */
import type { ChartSpec } from "../../charts/render";
import { LEVELS } from "../../sim/declaration";
import type { WireLessonResult } from "./run";

/** The spec: per level, envelope tokens (simulator) and bytes (wire), stacked by kind, in two panels. */
export function wireChart(result: WireLessonResult): ChartSpec {
  const levelNames = result.kinds.map(({ level }) => `level ${level}`);
  const values = result.kinds.flatMap(({ level, rows }) =>
    rows.flatMap((row) => [
      { level: `level ${level}`, name: LEVELS[level], measure: "envelope tokens (simulator)", kind: row.kind, amount: row.simulatedTokens },
      { level: `level ${level}`, name: LEVELS[level], measure: "bytes on the wire", kind: row.kind, amount: row.wireBytes },
    ]),
  );
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    title: `Lesson 6's tasks per declaration level, simulated and on the wire (seed ${result.seed})`,
    data: { values },
    facet: { column: { field: "measure", type: "nominal", sort: ["envelope tokens (simulator)", "bytes on the wire"], title: null } },
    spec: {
      width: 240,
      height: 200,
      mark: { type: "bar" },
      encoding: {
        x: { field: "level", type: "nominal", sort: levelNames, title: null, axis: { labelAngle: 0 } },
        y: { field: "amount", type: "quantitative", title: null },
        color: { field: "kind", type: "nominal", sort: ["request", "response", "notification"], title: null, legend: { orient: "bottom" } },
        order: { field: "kind", sort: "descending" },
        tooltip: [{ field: "level" }, { field: "name" }, { field: "measure" }, { field: "kind" }, { field: "amount", type: "quantitative" }],
      },
    },
    resolve: { scale: { y: "independent" } },
  };
}
