// The fleet built on the SDK's high-level McpServer with zod schemas (`serve fleet --path high-level`): it lists
// our three tools with our descriptions and annotations but a schema the SDK derives (keys added and moved), answers
// a valid call with the handler's own JSON and the eight malformed calls on the validating server's channels; it
// takes no fault and has no level 0; served the SDK's plain way (`serveStdio`), it opens a session and lists the
// same tools. One real process (dist/ must be built).
import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { test } from "node:test";
import { generateFleet } from "../../src/fleet/generator";
import { MALFORMED_CALLS } from "../../src/fleet/malformed";
import { createFleetHandlers, FLEET_TOOL_DEFINITIONS } from "../../src/fleet/tools";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { createHighLevelFleetServer, fleetZodSchemas, serveHighLevelFleet } from "../../src/server/highLevelFleet";
import { serve } from "../../src/server/stdioServer";
import { DEFAULT_SEED } from "../../src/sim/seed";
import { probeFleetServersOverWire } from "../../src/wireClient/malformed";
import { compareToolLists } from "../../src/lessons/simulationAgainstTheWire/independent";

const SEED = DEFAULT_SEED;

test("the zod schemas name our properties and required fields, and the server refuses level 0", () => {
  const schemas = fleetZodSchemas();
  for (const definition of FLEET_TOOL_DEFINITIONS) {
    const shape = schemas[definition.name as keyof typeof schemas].shape as Record<string, unknown>;
    assert.deepEqual(Object.keys(shape), Object.keys(definition.inputSchema.properties as object), definition.name);
  }
  assert.throws(() => createHighLevelFleetServer(generateFleet(SEED), 0), RangeError);
  assert.ok(createHighLevelFleetServer(generateFleet(SEED), 3));
});

test("serve refuses a fault on the high-level path before reading anything", async () => {
  const input = new PassThrough();
  const output = new PassThrough();
  await assert.rejects(
    serve(
      { server: "fleet", path: "high-level", fault: { kind: "noisy-line" } },
      { input, output, log: () => {}, onStopSignal: () => {} },
    ),
    RangeError,
  );
});

test("over the wire: our declarations with the SDK's keys, the handler's answers, the validating server's channels", async () => {
  const probe = await probeFleetServersOverWire(SEED);
  const high = probe.servers["high-level"]!;
  const validating = probe.servers.validating!;
  const diffs = compareToolLists(validating.listed, high.listed);
  assert.deepEqual(
    diffs.map((d) => d.name),
    FLEET_TOOL_DEFINITIONS.map((d) => d.name),
  );
  for (const diff of diffs) {
    assert.deepEqual(diff.removed, [], `${diff.name}: nothing of ours is lost`);
    assert.deepEqual(diff.changed, [], `${diff.name}: no value of ours is changed`);
    assert.ok(
      diff.added.some((change) => change.key === "$schema"),
      `${diff.name}: $schema added`,
    );
    assert.ok(diff.bytes[1] > diff.bytes[0], `${diff.name}: more bytes`);
  }
  // The first call is well formed but names a device that does not exist: the handler's own sentence, as an error result.
  const handlers = createFleetHandlers(generateFleet(SEED));
  assert.throws(
    () => handlers.get_device(MALFORMED_CALLS[0].call.arguments),
    (error: Error) => error.message === high.outcomes[0].text,
  );
  assert.deepEqual(
    high.outcomes.map((outcome) => outcome.channel),
    validating.outcomes.map((outcome) => outcome.channel),
  );
  assert.deepEqual(high.outcomes.at(-1), {
    isError: true,
    channel: "JSON-RPC error",
    text: "MCP error -32602: Tool rank_by_rate not found",
  });
  assert.equal(high.rest, undefined);
  assert.ok(validating.rest && validating.rest.sent.byMethod["resources/list"]?.messages === 1);
});

test("serveHighLevelFleet: serveStdio opens a 2025-11-25 session on initialize and lists the three tools", async () => {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new StdioServerTransport(input, output);
  const handle = serveHighLevelFleet(generateFleet(SEED), 3, { transport });
  const lines: Record<string, unknown>[] = [];
  let buffered = "";
  const answered = (count: number) =>
    new Promise<void>((resolve) => {
      const read = (chunk: Buffer) => {
        buffered += chunk.toString("utf8");
        const parts = buffered.split("\n");
        buffered = parts.pop()!;
        for (const part of parts) lines.push(JSON.parse(part) as Record<string, unknown>);
        if (lines.length >= count) {
          output.off("data", read);
          resolve();
        }
      };
      output.on("data", read);
    });
  const send = (message: object) => input.write(`${JSON.stringify(message)}\n`);
  const opened = answered(1);
  send({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "test", version: "1" },
    },
  });
  await opened;
  const listed = answered(2);
  send({ jsonrpc: "2.0", method: "notifications/initialized" });
  send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
  await listed;
  await handle.close();
  const [init, list] = lines as { result: Record<string, any> }[];
  assert.equal(init.result.protocolVersion, "2025-11-25");
  assert.deepEqual(init.result.serverInfo, { name: "fleet", version: "1" });
  assert.deepEqual(
    list.result.tools.map((tool: { name: string }) => tool.name),
    FLEET_TOOL_DEFINITIONS.map((d) => d.name),
  );
  assert.equal(list.result.tools[0].inputSchema.$schema, "https://json-schema.org/draft/2020-12/schema");
});
