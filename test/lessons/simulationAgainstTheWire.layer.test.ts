// Lesson 9's `fleetServed`, the layer between the SDK's server and the simulator's fleet paths: in
// 2025-11-25 it gives the simulator's answer to every call, an unknown tool -32602 on both paths; handed 2025-06-18, the validating path it makes answers invalid arguments
// with -32602 where the simulator's 2025-11-25 client reads an error result, as the lesson's
// exercise 4 and its solution say. No process starts: the layer is called directly.
import assert from "node:assert/strict";
import { test } from "node:test";
import { generateFleet } from "../../src/fleet/generator";
import { MALFORMED_CALLS, probeMalformedCalls } from "../../src/fleet/malformed";
import { mcpErrorText } from "../../src/fleet/protocol";
import type { ToolOutcome } from "../../src/fleet/paths";
import { ProtocolError } from "../../src/server/mcpServer";
import { fleetServed } from "../../src/server/servedServers";

const SEED = 20260218;
const fleet = generateFleet(SEED);
const simulated = probeMalformedCalls(fleet);

/** One call through the layer as the wire client would read it: a result, an error result, or a JSON-RPC error. */
function answer(path: "raw" | "validating", k: number, revision: string): ToolOutcome {
  const { call } = MALFORMED_CALLS[k];
  try {
    const result = fleetServed(fleet, path, 3).callTool(call.name, call.arguments, k + 1, revision);
    const text = result.content.map((part) => ("text" in part ? part.text : "")).join("\n");
    return { isError: result.isError === true, channel: result.isError ? "error result" : "result", text };
  } catch (error) {
    assert.ok(error instanceof ProtocolError, String(error));
    return { isError: true, channel: "JSON-RPC error", text: mcpErrorText(error.code, error.message) };
  }
}

const labels = (path: "raw" | "validating", revision: string) =>
  MALFORMED_CALLS.flatMap(({ label }, k) => {
    const sim = simulated[k].outcomes[path];
    const real = answer(path, k, revision);
    return sim.channel === real.channel && sim.text === real.text ? [] : [label];
  });

test("in 2025-11-25 the layer gives all 16 answers as the simulator: the unknown tool refused with -32602 on both paths", () => {
  assert.deepEqual(labels("raw", "2025-11-25"), []);
  assert.deepEqual(labels("validating", "2025-11-25"), []);
  const unknown = MALFORMED_CALLS.findIndex(({ label }) => label === "unknown tool");
  for (const path of ["raw", "validating"] as const) {
    assert.deepEqual(answer(path, unknown, "2025-11-25"), {
      isError: true,
      channel: "JSON-RPC error",
      text: "MCP error -32602: Unknown tool: rank_by_rate",
    });
  }
});

test("handed 2025-06-18 the layer answers invalid arguments with -32602, the same sentence (11 of 16 as the simulator)", () => {
  const invalid = ["limit as a string", "limit 50", "missing field", "model in the wrong case", "max_hours 499.5"];
  assert.deepEqual(labels("raw", "2025-06-18"), []);
  assert.deepEqual(labels("validating", "2025-06-18"), invalid);
  const limit = MALFORMED_CALLS.findIndex(({ label }) => label === "limit 50");
  const sim = simulated[limit].outcomes.validating;
  const real = answer("validating", limit, "2025-06-18");
  assert.equal(sim.channel, "error result");
  assert.equal(real.text, mcpErrorText(-32602, sim.text), "the same sentence, in another channel");
});
