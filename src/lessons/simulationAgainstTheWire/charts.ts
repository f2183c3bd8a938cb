/**
 * Lesson 9's chart: one run of lesson 6's tasks per level in 2025-11-25, measured twice — the
 * simulator's envelope tokens and the wire's bytes — each stacked by message kind.
 *
 * A vega-lite spec built from the lesson's result (see `measurements.ts`); render it with `renderSvg`. The
 * two measures have different units, so each gets its own panel and its own axis.
 */
import type { ChartSpec } from "../../charts/render";
import { LEVELS } from "../../sim/declaration";
import type { WireLessonResult } from "./measurements";
import { eraLevels, levelLabel } from "./tables";

/** The two measures, each drawn in its own column with its own axis. */
const MEASURES = [
  { measure: "envelope tokens (simulator)", axis: "envelope tokens, simulated" },
  { measure: "bytes on the wire", axis: "bytes on the wire" },
] as const;

/**
 * The spec: per declaration level, envelope tokens (simulator, left) and bytes (wire, right), each
 * bar stacked by message kind, for the 2025-11-25 runs. Each measure has its own y axis and column
 * header; the x axis names each level by its number and `--level` word (`0 name` … `3 full`).
 */
export function wireChart(result: WireLessonResult): ChartSpec {
  const legacy = eraLevels(result.eras, "legacy");
  const levelNames = [...new Set(legacy.map(({ level }) => levelLabel(level)))];
  const values = legacy.flatMap(({ level, revision, kinds }) =>
    kinds.flatMap((row) => [
      {
        level: levelLabel(level),
        name: LEVELS[level],
        revision,
        measure: MEASURES[0].measure,
        kind: row.kind,
        amount: row.simulatedTokens,
      },
      {
        level: levelLabel(level),
        name: LEVELS[level],
        revision,
        measure: MEASURES[1].measure,
        kind: row.kind,
        amount: row.wireBytes,
      },
    ]),
  );
  // The measure is each column's facet header, not a title, so the two headers stand at one height.
  const column = ({ measure, axis }: (typeof MEASURES)[number]) => ({
    transform: [{ filter: { field: "measure", equal: measure } }],
    facet: {
      column: {
        field: "measure",
        type: "nominal",
        title: null,
        header: { labelFontSize: 12, labelFontWeight: "bold" },
      },
    },
    spec: {
      width: 260,
      height: 170,
      mark: { type: "bar" },
      encoding: {
        x: {
          field: "level",
          type: "nominal",
          sort: levelNames,
          title: "declaration level (--level)",
          axis: { labelAngle: 0 },
        },
        y: { field: "amount", type: "quantitative", title: axis },
        color: {
          field: "kind",
          type: "nominal",
          sort: ["request", "response", "notification"],
          title: "message kind",
          legend: { orient: "bottom" },
        },
        order: { field: "kind", sort: "descending" },
        tooltip: [
          { field: "revision" },
          { field: "level" },
          { field: "name" },
          { field: "measure" },
          { field: "kind" },
          { field: "amount", type: "quantitative" },
        ],
      },
    },
  });
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    title: `Lesson 6's tasks per declaration level in 2025-11-25, simulated and on the wire (seed ${result.seed})`,
    data: { values },
    hconcat: MEASURES.map((measure) => column(measure)),
  };
}
