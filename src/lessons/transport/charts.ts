/**
 * Lesson 2, "The Transport": its chart, round trips per server by way, from the run's rows (a
 * vega-lite spec; the notebook renders it with `show.chart`).
 */
import type { ChartSpec } from "../../charts/render";
import type { TransportResult } from "./simulate";
import { placement, serverRows, wayName } from "./tables";

/**
 * The spec: one panel per server (olcum, tarife, kayit), one bar per way: the course's rule, then
 * the wire (stdio; or a new connection per request, and keep-alive).
 */
export function placementChart(result: TransportResult): ChartSpec {
  const values = serverRows(result).flatMap((rows) =>
    rows.map(({ run, row }) => ({
      server: `${row.server} (${placement(row)})`,
      way: wayName(run, row),
      "round trips": row.roundTrips,
    })),
  );
  const ways = ["course's rule", "stdio", "per-request", "keep-alive"];
  const servers = [...new Set(values.map((value) => value.server))];
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    title: `Round trips by server and way (seed ${result.seed})`,
    data: { values },
    facet: { column: { field: "server", type: "nominal", sort: servers, title: null } },
    spec: {
      width: { step: 72 },
      height: 200,
      mark: { type: "bar" },
      encoding: {
        x: { field: "way", type: "nominal", sort: ways, title: null, axis: { labelAngle: 0 } },
        y: { field: "round trips", type: "quantitative", title: "round trips" },
        color: { field: "way", type: "nominal", sort: ways, legend: null },
        tooltip: [
          { field: "server" },
          { field: "way" },
          { field: "round trips", type: "quantitative" },
        ],
      },
    },
    resolve: { scale: { x: "independent" } },
  };
}
