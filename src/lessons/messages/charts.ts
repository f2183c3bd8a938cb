/**
 * Lesson 3's chart: the twelve tasks' requests and responses measured twice, in the course's
 * envelope tokens (body and envelope apart) and in the real 2026-07-28 bytes.
 *
 * A vega-lite spec built from the lesson's two results; render it with `renderSvg`. The two
 * measures have different units, so each gets its own panel and its own axis.
 */
import type { ChartSpec } from "../../charts/render";
import type { MessagesSimulation } from "./simulate";
import type { MessagesWire } from "./wire";

/** The two panels' headers, which name their units. */
const TOKENS = "envelope tokens (simulator)";
const BYTES = "bytes (real client, 2026-07-28)";

/** The parts a bar is stacked from, bottom first. */
const PARTS = ["body", "envelope (8 a message)", "the whole line"] as const;

/**
 * The spec: one bar per kind that was sent (requests, responses) in each panel; the tokens bar
 * stacked from its body and its envelope, the bytes bar whole.
 */
export function messageKindsChart(sim: MessagesSimulation, wire: MessagesWire): ChartSpec {
  const sent = sim.kinds.filter((k) => k.messages > 0 || wire.tasks.kinds[k.kind].messages > 0);
  const values = sent.flatMap((k) => [
    { measure: TOKENS, kind: `${k.kind}s`, part: PARTS[0], rank: 0, amount: k.bodyTokens },
    { measure: TOKENS, kind: `${k.kind}s`, part: PARTS[1], rank: 1, amount: k.envelopeTokens },
    {
      measure: BYTES,
      kind: `${k.kind}s`,
      part: PARTS[2],
      rank: 0,
      amount: wire.tasks.kinds[k.kind].bytes,
    },
  ]);
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    title: `The twelve tasks' ${sim.calls.length} calls, measured twice (seed ${sim.seed})`,
    data: { values },
    facet: { column: { field: "measure", type: "nominal", sort: [TOKENS, BYTES], title: null } },
    spec: {
      width: 200,
      height: 200,
      mark: { type: "bar" },
      encoding: {
        x: { field: "kind", type: "nominal", title: null, axis: { labelAngle: 0 } },
        y: { field: "amount", type: "quantitative", title: null, stack: "zero" },
        color: {
          field: "part",
          type: "nominal",
          sort: [...PARTS],
          title: null,
          legend: { orient: "bottom", labelLimit: 0 },
        },
        order: { field: "rank", type: "quantitative", sort: "ascending" },
        tooltip: [
          { field: "measure" },
          { field: "kind" },
          { field: "part" },
          { field: "amount", type: "quantitative" },
        ],
      },
    },
    resolve: { scale: { y: "independent" } },
  };
}
