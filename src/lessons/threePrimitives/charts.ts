/**
 * Lesson 4's chart: the region question two ways (tool, resource) and the prompt beside them, in
 * envelope tokens, round trips and bytes.
 *
 * A vega-lite spec built from the run (`simulate.ts`, `wire.ts`); `show.chart` renders it.
 */
import type { ChartSpec } from "../../charts/render";
import { CHOSEN_BY } from "./simulate";
import type { ThreePrimitivesLesson } from "./wire";

/** A way as the chart's axis names it: `(a) tool`, `(b) resource`, `(c) prompt`. */
const wayLabel = (i: number, way: string) => `(${"abc"[i]}) ${way}`;

/**
 * The spec: three bar panels over the three ways, envelope tokens and round trips from the
 * simulator and bytes from the real wire, each bar coloured by who chooses the way.
 */
export function regionWaysChart(lesson: ThreePrimitivesLesson): ChartSpec {
  const values = lesson.ways.map((row, i) => ({
    way: wayLabel(i, row.way),
    "chosen by": CHOSEN_BY[row.way],
    tokens: row.tokens,
    "round trips": row.round_trips,
    bytes: lesson.wire.ways[i].bytes,
  }));
  const panel = (field: "tokens" | "round trips" | "bytes", title: string) => ({
    width: { step: 72 },
    height: 180,
    mark: { type: "bar" },
    encoding: {
      x: { field: "way", type: "ordinal", title: null, sort: null, axis: { labelAngle: 0 } },
      y: { field, type: "quantitative", title },
      color: {
        field: "chosen by",
        type: "nominal",
        sort: null,
        legend: { orient: "bottom", title: "chosen by" },
      },
      tooltip: [{ field: "way" }, { field: "chosen by" }, { field, type: "quantitative" }],
    },
  });
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    title: `Region counts two ways, and a prompt (seed ${lesson.seed})`,
    data: { values },
    hconcat: [
      panel("tokens", "envelope tokens (simulator)"),
      panel("round trips", "round trips (simulator)"),
      panel("bytes", "bytes on the wire (real)"),
    ],
  };
}
