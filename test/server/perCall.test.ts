// Invariant: what a warm call no longer does changes no answer — the transport's check without zod accepts only what SDK v2's request and notification guards accept; top-k gives the sort's rows and order, ties included; a shallow copy is all ajv's stripping needs; a call's log line written field by field is the one JSON.stringify makes; the log comes after each response and before the stopping line.
import assert from "node:assert/strict";
import { PassThrough, Writable } from "node:stream";
import { describe, it, test } from "node:test";
import { isJSONRPCNotification, isJSONRPCRequest } from "@modelcontextprotocol/server";
import { RANKABLE_FIELDS } from "../../src/fleet/catalog";
import { generateFleet } from "../../src/fleet/generator";
import { FLEET_TOOL_DEFINITIONS, rankBy, topBy, type JsonSchema } from "../../src/fleet/tools";
import { FaultInjector, NO_FAULT } from "../../src/server/faults";
import { isPlainRequestOrNotification } from "../../src/server/lineTransport";
import { argumentBytes, callLine, type CallRecord } from "../../src/server/log";
import { serve } from "../../src/server/stdioServer";
import { dev, handFleet, TWELVE } from "../fleet/handFleet";
import { call, OPENING, request } from "./wire";

describe("the transport's check without zod", () => {
  const texts = [
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"count_devices","arguments":{"max_hours":500}}}',
    '{"method":"tools/call","params":{"name":"x"},"jsonrpc":"2.0","id":"a"}',
    '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3,"reason":"timeout"}}',
    '{"jsonrpc":"2.0","id":0,"method":"ping"}',
    '{"jsonrpc":"2.0","id":-5,"method":"ping","params":{}}',
    '{"jsonrpc":"2.0","id":9007199254740991,"method":"ping"}',
    '{"jsonrpc":"2.0","id":9007199254740992,"method":"ping"}',
    '{"jsonrpc":"2.0","id":1.5,"method":"ping"}',
    '{"jsonrpc":"2.0","id":null,"method":"ping"}',
    '{"jsonrpc":"2.0","id":[1],"method":"ping"}',
    '{"jsonrpc":"2.0","id":{},"method":"ping"}',
    '{"jsonrpc":"2.0","id":1,"method":5}',
    '{"jsonrpc":"2.0","id":1}',
    '{"jsonrpc":"1.0","id":1,"method":"ping"}',
    '{"id":1,"method":"ping"}',
    '{"jsonrpc":2,"id":1,"method":"ping"}',
    '{"jsonrpc":"2.0","id":1,"method":"ping","extra":true}',
    '{"jsonrpc":"2.0","id":1,"method":"ping","params":[]}',
    '{"jsonrpc":"2.0","id":1,"method":"ping","params":null}',
    '{"jsonrpc":"2.0","id":1,"method":"ping","params":"x"}',
    '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"progressToken":"t"}}}',
    '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"progressToken":1.5}}}',
    '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":null}}',
    '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}',
    '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}',
    '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"t"}}}}',
    '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"__proto__":{}}}}',
    '{"jsonrpc":"2.0","id":12345678901234567890,"method":"ping"}',
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"__proto__":{"a":1},"name":"x"}}',
    '{"jsonrpc":"2.0","__proto__":{"x":1},"id":1,"method":"ping"}',
    '{"jsonrpc":"2.0","id":1,"result":{}}',
    '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no"}}',
    '{"jsonrpc":"2.0","error":{"code":-32700,"message":"bad","data":[1]}}',
    "[]",
    "null",
    '"text"',
    "42",
  ];

  for (const text of texts) {
    it(`${text}: accepted without zod only where SDK v2's guards accept it`, () => {
      const value: unknown = JSON.parse(text);
      if (isPlainRequestOrNotification(value))
        assert.ok(isJSONRPCRequest(value) || isJSONRPCNotification(value), "the SDK accepts it too");
    });
  }

  it("takes the lines a server nearly always reads: plain requests and notifications", () => {
    for (const text of [...texts.slice(0, 7), texts[24], texts[25]])
      assert.equal(isPlainRequestOrNotification(JSON.parse(text)), true, text);
  });
});

describe("top_devices' top-k selection", () => {
  it("gives rankBy's first k rows, in order, ties broken by id, for every field and k from 0 to 12", () => {
    const tied = handFleet([
      ...TWELVE,
      dev("AV3-004", "Aeris V3", "BRD", "1.9.0", 10, 1, 12, 25),
      dev("AV3-000", "Aeris V3", "BRD", "1.9.0", 10, 1, 12, 25),
    ]);
    const fleets = [tied, ...[1, 2, 3, 20260218, 2 ** 40].map(generateFleet)];
    for (const fleet of fleets) {
      for (const field of RANKABLE_FIELDS) {
        const subsets = [
          fleet.devices,
          fleet.devices.filter((d) => d.operating_hours < 500),
          fleet.devices.slice(0, 3),
          [],
        ];
        for (const devices of subsets) {
          const sorted = rankBy(devices, field);
          for (let k = 0; k <= 12; k++)
            assert.deepEqual(topBy(devices, field, k), sorted.slice(0, k), `seed ${fleet.seed} ${field} k=${k}`);
        }
      }
    }
  });
});

test("every property schema of the fleet's tools is a scalar's, so ajv strips only the top-level object and a shallow copy is enough", () => {
  for (const tool of FLEET_TOOL_DEFINITIONS) {
    for (const [name, schema] of Object.entries(tool.inputSchema.properties as Record<string, JsonSchema>)) {
      assert.ok(["string", "integer", "number", "boolean"].includes(String(schema.type)), `${tool.name}.${name}`);
      for (const key of ["properties", "items", "additionalProperties", "anyOf", "oneOf", "allOf", "$ref"])
        assert.equal(schema[key], undefined, `${tool.name}.${name}.${key}`);
    }
  }
});

test("a fault that does nothing at a call lets it go on at once, with no promise to wait for", () => {
  const injector = new FaultInjector(NO_FAULT, { writeRaw: () => {}, writeBeforeResponse: () => {}, crash: () => {} });
  assert.equal(injector.beforeCall("count_devices", 1), undefined);
});

test("the log: each call's line after its response, every line before the stopping line, the stopping line last", async () => {
  const order: { kind: "out" | "log"; text: string }[] = [];
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      order.push({ kind: "out", text: chunk.toString("utf8") });
      done();
    },
  });
  const input = new PassThrough();
  const served = serve(
    { server: "fleet" },
    { input, output, log: (text) => void order.push({ kind: "log", text }), exit: () => {}, onStopSignal: () => {} },
  );
  const calls = [
    call(2, "count_devices", { max_hours: 500 }),
    call(3, "top_devices", { field: "alerts", limit: 3 }),
    call(4, "get_device", { device_id: "nope" }),
  ];
  input.write(OPENING);
  for (const line of calls) {
    input.write(line);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  input.end(request(5, "tools/list"));
  const summary = await served;
  assert.deepEqual(Object.fromEntries(summary.tools), {
    count_devices: { calls: 1, errors: 0 },
    top_devices: { calls: 1, errors: 0 },
    get_device: { calls: 1, errors: 1 },
  });

  // Every write to stdout is one response; every sink call one or more whole log lines.
  const at = (kind: "out" | "log", test: (line: Record<string, unknown>) => boolean) =>
    order.findIndex(
      (entry) =>
        entry.kind === kind &&
        entry.text
          .split("\n")
          .filter(Boolean)
          .some((line) => test(JSON.parse(line) as Record<string, unknown>)),
    );
  for (const [i, tool] of ["count_devices", "top_devices", "get_device"].entries()) {
    const response = at("out", (line) => line.id === i + 2);
    const logged = at("log", (line) => line.event === "call" && line.tool === tool);
    assert.ok(
      response !== -1 && logged !== -1 && response < logged,
      `${tool}: response at ${response}, log line at ${logged}`,
    );
  }
  const logLines = order
    .filter((entry) => entry.kind === "log")
    .flatMap((entry) =>
      entry.text
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    );
  assert.deepEqual(
    logLines.map((line) => line.event),
    ["serving", "call", "call", "call", "stopping"],
  );
  assert.equal(order.at(-1)!.kind, "log");
});

test("calls written at once to a full output all wait on one drain listener, and are all answered in order", async () => {
  const lines: string[] = [];
  let mostDrainListeners = 0;
  const output: Writable = new Writable({
    highWaterMark: 64,
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString("utf8"));
      mostDrainListeners = Math.max(mostDrainListeners, output.listenerCount("drain"));
      setImmediate(done); // a slow reader: the stream stays full while the calls are answered
    },
  });
  const input = new PassThrough();
  const served = serve({ server: "fleet" }, { input, output, log: () => {}, exit: () => {}, onStopSignal: () => {} });
  const calls = Array.from({ length: 300 }, (_, i) => call(i + 2, "count_devices", { max_hours: 500 }));
  input.end(OPENING + calls.join(""));
  const summary = await served;
  await new Promise((resolve) => output.end(resolve)); // what the stream still holds, written
  assert.equal(summary.tools.get("count_devices")?.calls, 300);
  const ids = lines.map((line) => (JSON.parse(line) as { id: unknown }).id);
  assert.deepEqual(
    ids.slice(-300),
    Array.from({ length: 300 }, (_, i) => i + 2),
  );
  assert.ok(mostDrainListeners <= 1, `${mostDrainListeners} drain listeners at once`);
});

test("a call's log line, written field by field, is what JSON.stringify makes of its fields: durations rounded to 3 decimals, error codes, every argument's bytes in order", () => {
  /** The line as JSON.stringify writes it: the event's fields in order, error_code only for a JSON-RPC error. */
  const stringified = (record: CallRecord) => {
    const line: Record<string, unknown> = {
      event: "call",
      tool: record.tool,
      duration_ms: Math.round(record.durationMs * 1000) / 1000,
      isError: record.isError,
    };
    if (record.errorCode !== undefined) line.error_code = record.errorCode;
    line.argument_bytes = argumentBytes(record.arguments);
    return JSON.stringify(line) + "\n";
  };
  const records: CallRecord[] = [
    { tool: "count_devices", durationMs: 0.01234, isError: false, arguments: { max_hours: 500 } },
    {
      tool: "top_devices",
      durationMs: 12.3456789,
      isError: false,
      arguments: { field: "downtime_min", limit: 10, max_hours: 500 },
    },
    { tool: "get_device", durationMs: 0, isError: true, arguments: { device_id: "nope" } },
    { tool: 'ölçüm "quoted"\n', durationMs: 1e-9, isError: true, errorCode: -32602, arguments: {} },
    {
      tool: "x",
      durationMs: 1234567.0005,
      isError: true,
      errorCode: -32603,
      arguments: { b: [1, { c: "ç" }], 2: null, a: true, "ü\u2028": { nested: { deep: [] } } },
    },
    {
      tool: "y",
      durationMs: 0.0005,
      isError: false,
      arguments: JSON.parse('{"__proto__":{"x":1},"after":"z"}') as Record<string, unknown>,
    },
  ];
  for (const record of records) assert.equal(callLine(record), stringified(record), record.tool);
});
