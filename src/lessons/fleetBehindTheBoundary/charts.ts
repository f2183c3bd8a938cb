/**
 * Lesson 8's chart: what each condition did to the thorough agent — tool calls and failed calls
 * (an error from the server or one the client raised itself), and whether its answer was right.
 *
 * A vega-lite spec built from the condition matrix (see `simulate.ts`); render it with `renderSvg`.
 */
import type { ChartSpec } from "../../charts/render";
import type { FleetLessonResult } from "./simulate";
import { listing } from "../proseWords";
import { ANSWER_CODES, answerCode } from "./tables";

/**
 * Each answer code's hue, one per code, so that the legend tells every outcome apart at a glance:
 * `right` green, the wrong answers warm, no answer grey.
 */
export const ANSWER_HUE: Readonly<Record<(typeof ANSWER_CODES)[number], string>> = Object.freeze({
  right: "#54a24b",
  shortcut: "#f58518",
  "gave up": "#e45756",
  other: "#b279a2",
  none: "#9d9d9d",
});

/**
 * The measure legend's swatch colour: a dark neutral that is no answer's hue, so that no colour
 * in the chart's legends means two things; its full and pale swatches show the measures' opacity.
 */
export const MEASURE_SWATCH = "#3b3b3b";

/** Each measure's opacity: the tool calls in full, the failed calls beside them pale. */
export const MEASURE_OPACITY = [1, 0.45] as const;

/** The chart's two measures, in bar order: the calls, then those that failed, whoever failed them. */
export const CHART_MEASURES = ["tool calls", "failed calls (server's or client's own)"] as const;

/**
 * The spec: per condition, the thorough agent's tool calls and failed calls side by side, the
 * failed named as the server's or the client's own (a local `timed out` or `not connected` is no
 * error a server sent: 2026-07-28 `basic/index.mdx`, "Error Codes"). Each bar's hue is the
 * condition table's answer code (`answerCode`: `right`, `gave up`, `none`, …; {@link ANSWER_HUE});
 * its opacity is the measure, the failed calls pale ({@link MEASURE_OPACITY}); one legend names
 * every hue, the other both measures' opacity in a neutral swatch. Its `description` (the chart's
 * alt text) gives each condition's two counts and, by code, the runs that end without the right
 * answer, for a reader who cannot see the bars.
 */
export function conditionsChart(result: FleetLessonResult, policy = "thorough"): ChartSpec {
  const rows = result.matrix.filter((r) => r.policy === policy);
  const code = (r: (typeof rows)[number]) => answerCode(r.answer, result.truth);
  const values = rows.flatMap((r) =>
    CHART_MEASURES.map((measure) => ({
      condition: r.condition,
      measure,
      count: measure === CHART_MEASURES[0] ? r.toolCalls : r.toolErrors,
      answer: code(r),
    })),
  );
  // The codes the bars carry, in the table key's order, each in its own hue.
  const codes = ANSWER_CODES.filter((c) => rows.some((r) => code(r) === c));
  const notRight = codes
    .filter((c) => c !== "right")
    .map((c) => {
      const where = listing(rows.filter((r) => code(r) === c).map((r) => r.condition));
      return `${c === "none" ? "no answer" : c} under ${where}`;
    });
  const description =
    `The ${policy} agent's tool calls / failed calls under each condition: ` +
    rows.map((r) => `${r.condition} ${r.toolCalls}/${r.toolErrors}`).join(", ") +
    (notRight.length > 0 ? `; ${notRight.join(", ")}` : "; right under each") +
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
      xOffset: { field: "measure", sort: [...CHART_MEASURES] },
      y: { field: "count", type: "quantitative", title: "calls" },
      color: {
        field: "answer",
        type: "nominal",
        title: "answer",
        scale: { domain: codes, range: codes.map((c) => ANSWER_HUE[c]) },
        legend: { orient: "bottom", labelLimit: 200 },
      },
      opacity: {
        field: "measure",
        type: "ordinal",
        sort: [...CHART_MEASURES],
        title: null,
        scale: { domain: [...CHART_MEASURES], range: [...MEASURE_OPACITY] },
        // The measure legend's swatches, full for the calls and pale for the failed calls, in a
        // neutral no answer takes: a bar shows its measure by opacity, its answer by hue.
        legend: {
          orient: "bottom",
          symbolType: "square",
          symbolFillColor: MEASURE_SWATCH,
          symbolStrokeColor: MEASURE_SWATCH,
          labelLimit: 0,
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
