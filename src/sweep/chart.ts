/**
 * A sweep's chart: one count per row of one group (lesson 6: tokens per declaration level;
 * lesson 8: tool calls per condition and agent), as a bar at the median across seeds with a line
 * from the smallest to the largest value, and the figures written beside it.
 *
 * A vega-lite spec (plain JSON); render it with `renderSvg`. Horizontal, so long row names
 * (`2 name + fields + side effect`, `stdout-unterminated`) read without turning.
 */
import type { ChartSpec } from "../charts/render";
import type { RowKey } from "./counts";
import type { SweepResult } from "./sweep";

/** One bar of the chart. */
export interface SweepChartDatum {
  /** The row as the axis shows it: `0 name`, or a condition. */
  row: string;
  /** The series within a row (an agent policy), or undefined when a row has one bar. */
  series?: string;
  min: number;
  median: number;
  max: number;
  /** The figures written beside the bar: `816` when the count never moved, else `818 (816–822)`, median then range. */
  label: string;
}

/** How a row key reads on the chart: the key's values, but a `policy` becomes the series. */
function rowOf(key: RowKey): { row: string; series?: string } {
  const { policy, ...rest } = key;
  const row = Object.values(rest).map(String).join(" ");
  return policy === undefined ? { row } : { row, series: String(policy) };
}

/**
 * The chart's data: one datum per row of the chosen group, in table order.
 *
 * @throws Error when the result has no group or count by the chart's names.
 */
export function sweepChartData(result: SweepResult): SweepChartDatum[] {
  const group = result.groups.find((g) => g.name === result.chart.group);
  if (!group || !group.counts.includes(result.chart.count))
    throw new Error(`no count ${result.chart.group}.${result.chart.count} in this sweep`);
  return group.rows.map((r) => {
    const d = r.counts[result.chart.count];
    const label = d.min === d.max ? String(d.median) : `${d.median} (${d.min}–${d.max})`;
    return { ...rowOf(r.key), min: d.min, median: d.median, max: d.max, label };
  });
}

/** The vega-lite spec of a sweep's chart. Deterministic: the same sweep gives an equal spec. */
export function sweepChartSpec(result: SweepResult): ChartSpec {
  const values = sweepChartData(result);
  const series = values.some((v) => v.series !== undefined);
  const rows = [...new Set(values.map((v) => v.row))];
  const seeds = `${result.count.toLocaleString("en-US")} ${result.count === 1 ? "seed" : "seeds"}, ${result.from} to ${result.to}`;
  const x = (field: string) => ({
    field,
    type: "quantitative",
    title: result.chart.axis,
    scale: { zero: true },
  });
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    title: {
      text: result.chart.title,
      subtitle: `${seeds}: bar at the median, line from the smallest to the largest value`,
    },
    data: { values },
    width: 420,
    height: { step: series ? 14 : 24 },
    encoding: {
      y: { field: "row", type: "nominal", sort: rows, title: null, axis: { labelLimit: 0 } },
      ...(series
        ? { yOffset: { field: "series", sort: [...new Set(values.map((v) => v.series))] } }
        : {}),
    },
    layer: [
      {
        mark: { type: "bar", opacity: 0.6 },
        encoding: {
          x: x("median"),
          ...(series
            ? {
                color: {
                  field: "series",
                  type: "nominal",
                  title: "agent",
                  legend: { orient: "bottom" },
                },
              }
            : {}),
          tooltip: [
            { field: "row" },
            ...(series ? [{ field: "series" }] : []),
            { field: "min" },
            { field: "median" },
            { field: "max" },
          ],
        },
      },
      {
        mark: { type: "rule", strokeWidth: 2, color: "#333" },
        encoding: { x: x("min"), x2: { field: "max" } },
      },
      {
        mark: { type: "text", align: "left", dx: 4, fontSize: 10 },
        encoding: { x: x("max"), text: { field: "label" } },
      },
    ],
  };
}
