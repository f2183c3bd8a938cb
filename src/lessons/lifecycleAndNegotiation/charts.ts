/**
 * Lesson 5's chart: the bytes each opening of `olcum` sent before the first `tools/call`, one bar
 * per opening, stacked by method (a request and its answer together). A vega-lite spec built from
 * the wire's counts; `show.chart` renders it.
 */
import type { ChartSpec } from "../../charts/render";
import type { LifecycleAndNegotiationWire } from "./wire";

/**
 * The spec: one horizontal bar per opening, its bytes split by method, in the order sent; each
 * part's bytes written on it, and the whole beside the bar's end.
 */
export function openingsChart(wire: LifecycleAndNegotiationWire): ChartSpec {
  const values = wire.costs.flatMap((cost) => {
    const methods = [...new Set(cost.lines.map((line) => line.method))];
    return methods.map((method, order) => ({
      opening: cost.opening,
      method,
      order,
      bytes: cost.lines
        .filter((line) => line.method === method)
        .reduce((sum, line) => sum + line.bytes, 0),
    }));
  });
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    title: "Bytes before the first call, by method",
    width: 420,
    height: 120,
    data: { values },
    encoding: {
      y: {
        field: "opening",
        type: "nominal",
        title: null,
        sort: wire.costs.map((cost) => cost.opening),
        axis: { labelLimit: 0 },
      },
      x: {
        field: "bytes",
        type: "quantitative",
        title: "bytes (lines and their newlines)",
        stack: "zero",
      },
      order: { field: "order", type: "ordinal" },
    },
    layer: [
      {
        mark: { type: "bar" },
        encoding: {
          color: {
            field: "method",
            type: "nominal",
            title: null,
            legend: { orient: "bottom", columns: 2, labelLimit: 0 },
          },
          tooltip: [
            { field: "opening" },
            { field: "method" },
            { field: "bytes", type: "quantitative" },
          ],
        },
      },
      // Each part's bytes, written on it, in the middle of its stretch of the bar.
      {
        mark: { type: "text", color: "white", fontSize: 10 },
        encoding: {
          x: { field: "bytes", type: "quantitative", stack: "zero", bandPosition: 0.5 },
          text: { field: "bytes", type: "quantitative" },
        },
      },
      // The bar's whole, beside its end.
      {
        transform: [
          { aggregate: [{ op: "sum", field: "bytes", as: "total" }], groupby: ["opening"] },
        ],
        mark: { type: "text", align: "left", dx: 4, fontSize: 10, fontWeight: "bold" },
        encoding: {
          x: { field: "total", type: "quantitative" },
          text: { field: "total", type: "quantitative" },
          order: null,
        },
      },
    ],
  };
}
