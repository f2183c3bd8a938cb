/**
 * Lesson 1's chart: what each server receives of the seed's tasks, the calls it answers and the
 * argument values in them by where the host found each. A vega-lite spec built from the result
 * (`simulate.ts`); `show.chart` renders it.
 */
import type { ChartSpec } from "../../charts/render";
import type { Source } from "../../world/taskTrace";
import type { ThreeRolesResult } from "./simulate";

/** How the chart names each {@link Source}, in stacking order. */
const SOURCE_LABELS: readonly (readonly [Source, string])[] = [
  ["task", "from the task"],
  ["same server", "from its own answers"],
  ["other server", "from another server"],
];

/**
 * The spec: two bar panels over the servers, calls answered, and argument values received,
 * stacked by where the host found them. Its `description` (the chart's alt text) gives the
 * values that crossed from one server to another.
 */
export function serverViewsChart(result: ThreeRolesResult): ChartSpec {
  const servers = result.views.map((view) => view.server);
  // One row per server and source; each row repeats its server's calls, which the left panel
  // reads from the first source's rows. The plain-text form of the chart prints these rows.
  const values = result.views.flatMap((view) =>
    SOURCE_LABELS.map(([source, label]) => ({
      server: view.server,
      source: label,
      values: view.values[source],
      calls: view.calls,
    })),
  );
  const x = {
    field: "server",
    type: "nominal",
    sort: servers,
    title: null,
    axis: { labelAngle: 0 },
  };
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    title: `What each server receives (seed ${result.seed})`,
    description:
      `Calls answered and argument values received by each server; ` +
      `${result.host.values["other server"]} values came from another server (seed ${result.seed})`,
    data: { values },
    hconcat: [
      {
        transform: [{ filter: { field: "source", equal: SOURCE_LABELS[0][1] } }],
        width: 180,
        height: 200,
        // Grey: the calls are no source of values, and the legend's colours are the sources'.
        mark: { type: "bar", color: "#8c8c8c" },
        encoding: {
          x,
          y: { field: "calls", type: "quantitative", title: "calls answered" },
          tooltip: [{ field: "server" }, { field: "calls", type: "quantitative" }],
        },
      },
      {
        width: 180,
        height: 200,
        mark: { type: "bar" },
        encoding: {
          x,
          y: { field: "values", type: "quantitative", title: "argument values received" },
          color: {
            field: "source",
            type: "nominal",
            sort: SOURCE_LABELS.map(([, label]) => label),
            title: null,
            legend: { orient: "bottom", direction: "vertical", labelLimit: 0 },
          },
          tooltip: [
            { field: "server" },
            { field: "source" },
            { field: "values", type: "quantitative" },
          ],
        },
      },
    ],
  };
}
