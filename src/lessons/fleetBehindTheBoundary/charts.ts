/**
 * Lesson 8's chart: what each condition did to the thorough agent — tool calls and tool errors,
 * and whether its answer was right.
 *
 * A vega-lite spec built from the condition matrix (see `simulate.ts`); render it with `renderSvg`.
 */
import type { ChartSpec } from "../../charts/render";
import type { FleetLessonResult } from "./simulate";
import { listing } from "../proseWords";

/**
 * The spec: per condition, the thorough agent's tool calls and tool errors side by side; the bars
 * of a run whose answer was wrong are faded, and the legend says so with swatches in the bars' blue.
 * Its `description` (the chart's alt text) gives each condition's two counts and the runs that
 * end without the right answer, for a reader who cannot see the bars.
 */
export function conditionsChart(result: FleetLessonResult, policy = "thorough"): ChartSpec {
  const rows = result.matrix.filter((r) => r.policy === policy);
  const values = rows.flatMap((r) => [
    {
      condition: r.condition,
      measure: "tool calls",
      count: r.toolCalls,
      answer: r.correct ? "right" : "wrong",
    },
    {
      condition: r.condition,
      measure: "tool errors",
      count: r.toolErrors,
      answer: r.correct ? "right" : "wrong",
    },
  ]);
  const wrong = rows.filter((r) => !r.correct).map((r) => r.condition);
  const description =
    `The ${policy} agent's tool calls / failed calls under each condition: ` +
    rows.map((r) => `${r.condition} ${r.toolCalls}/${r.toolErrors}`).join(", ") +
    (wrong.length > 0 ? `; no right answer under ${listing(wrong)}` : "; right under each") +
    ` (seed ${result.seed})`;
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    title: `The ${policy} agent under each condition (seed ${result.seed})`,
    description,
    data: { values },
    width: 520,
    height: 220,
    mark: { type: "bar" },
    encoding: {
      x: {
        field: "condition",
        type: "nominal",
        sort: rows.map((r) => r.condition),
        title: null,
        axis: { labelAngle: -30 },
      },
      xOffset: { field: "measure" },
      y: { field: "count", type: "quantitative", title: "calls" },
      color: {
        field: "measure",
        type: "nominal",
        title: null,
        scale: { range: ["#4c78a8", "#e45756"] },
        legend: { orient: "bottom" },
      },
      opacity: {
        field: "answer",
        type: "ordinal",
        sort: ["right", "wrong"],
        title: "answer",
        scale: { domain: ["right", "wrong"], range: [1, 0.45] },
        // The opacity legend's swatches take the tool-call bars' colour, so that they look like the bars.
        legend: {
          orient: "bottom",
          symbolType: "square",
          symbolFillColor: "#4c78a8",
          symbolStrokeColor: "#4c78a8",
          labelLimit: 200,
          labelExpr: "datum.label === 'wrong' ? 'wrong (faded)' : 'right'",
        },
      },
      tooltip: [
        { field: "condition" },
        { field: "measure" },
        { field: "count", type: "quantitative" },
        { field: "answer" },
      ],
    },
  };
}
