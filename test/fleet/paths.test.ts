// Each of the eight malformed calls reaches the agent on each path (direct, raw, validating) on a fixed channel with a fixed text; the validating path answers as 2025-11-25 and SDK 2.4 do, or as 2025-06-18 when asked; the JSON-RPC servers answer the protocol's other methods alike.
import assert from "node:assert/strict";
import { test } from "node:test";
import { generateFleet } from "../../src/fleet/generator";
import { MALFORMED_CALLS, probeMalformedCalls } from "../../src/fleet/malformed";
import {
  callDirect,
  createPathServer,
  createRawServer,
  createValidatingServer,
  noSuchTool,
  PATH_NAMES,
  type PathName,
  type ToolOutcome,
} from "../../src/fleet/paths";
import { PROTOCOL_VERSION, type JsonRpcResponse } from "../../src/fleet/protocol";
import { createFleetHandlers, FLEET_TOOL_DEFINITIONS } from "../../src/fleet/tools";

const fleet = generateFleet(20260218);
const LOW = fleet.devices.filter((d) => d.operating_hours < 500).length;

const BAD_ID =
  'No device "AV3-999". Device ids are a model prefix (IL4, IL7, CT5, AV3, RP2), a dash and three digits, e.g. "AV3-007".';
const NO_FIELD = "field is required: rank by one of operating_hours, alerts, risk_score, downtime_min.";
const INVALID = "Input validation error: Invalid arguments for tool";

const ok = (text: string): ToolOutcome => ({ isError: false, channel: "result", text });
const errorResult = (text: string): ToolOutcome => ({ isError: true, channel: "error result", text });
const rpcError = (text: string): ToolOutcome => ({ isError: true, channel: "JSON-RPC error", text });

/** The 24 cells: what the agent reads for each call on each path. */
const EXPECTED: [string, Record<PathName, ToolOutcome>][] = [
  [
    "unknown device id",
    { direct: errorResult(BAD_ID), raw: rpcError(`MCP error -32603: ${BAD_ID}`), validating: errorResult(BAD_ID) },
  ],
  [
    "limit as a string",
    {
      direct: errorResult('limit must be an integer from 1 to 10, got "5".'),
      raw: rpcError('MCP error -32603: limit must be an integer from 1 to 10, got "5".'),
      validating: errorResult(`${INVALID} top_devices: limit: expected integer, received "5"`),
    },
  ],
  [
    "limit 50",
    {
      direct: errorResult("limit must be an integer from 1 to 10, got 50."),
      raw: rpcError("MCP error -32603: limit must be an integer from 1 to 10, got 50."),
      validating: errorResult(`${INVALID} top_devices: limit: expected a number <= 10, received 50`),
    },
  ],
  [
    "missing field",
    {
      direct: errorResult(NO_FIELD),
      raw: rpcError(`MCP error -32603: ${NO_FIELD}`),
      validating: errorResult(
        `${INVALID} top_devices: field: required, expected one of "operating_hours", "alerts", "risk_score", "downtime_min"`,
      ),
    },
  ],
  [
    "model in the wrong case",
    {
      direct: ok('{"count":0}'),
      raw: ok('{"count":0}'),
      validating: errorResult(
        `${INVALID} count_devices: model: expected one of "InfusaLine 400", "InfusaLine 700", "CardioTrack M5", "Aeris V3", "RenalPure D2", received "Aeris v3"`,
      ),
    },
  ],
  [
    "max_hours 499.5",
    {
      direct: ok(`{"count":${LOW}}`),
      raw: ok(`{"count":${LOW}}`),
      validating: errorResult(`${INVALID} count_devices: max_hours: expected integer, received 499.5`),
    },
  ],
  [
    "unknown property",
    { direct: ok(`{"count":${LOW}}`), raw: ok(`{"count":${LOW}}`), validating: ok(`{"count":${LOW}}`) },
  ],
  [
    "unknown tool",
    {
      direct: errorResult("No such tool: rank_by_rate. The tools are count_devices, top_devices, get_device."),
      raw: rpcError("MCP error -32602: Unknown tool: rank_by_rate"),
      validating: rpcError("MCP error -32602: Unknown tool: rank_by_rate"),
    },
  ],
];

test("the eight malformed calls, in the seed's order", () => {
  assert.deepEqual(
    MALFORMED_CALLS.map((m) => m.label),
    EXPECTED.map(([label]) => label),
  );
  assert.deepEqual(
    MALFORMED_CALLS.map((m) => m.call),
    [
      { name: "get_device", arguments: { device_id: "AV3-999" } },
      { name: "top_devices", arguments: { field: "downtime_min", limit: "5" } },
      { name: "top_devices", arguments: { field: "downtime_min", limit: 50 } },
      { name: "top_devices", arguments: { limit: 5 } },
      { name: "count_devices", arguments: { model: "Aeris v3" } },
      { name: "count_devices", arguments: { max_hours: 499.5 } },
      { name: "count_devices", arguments: { max_hours: 500, status: "active" } },
      { name: "rank_by_rate", arguments: { field: "downtime_min" } },
    ],
  );
  assert.deepEqual([...PATH_NAMES], ["direct", "raw", "validating"]);
});

const rows = probeMalformedCalls(fleet);

for (const [label, outcomes] of EXPECTED) {
  for (const path of PATH_NAMES) {
    test(`${label} on ${path}: ${outcomes[path].channel}`, () => {
      const row = rows.find((r) => r.label === label)!;
      assert.deepEqual(row.outcomes[path], outcomes[path]);
    });
  }
}

test("probing sends the calls as written: no call's arguments are changed", () => {
  assert.deepEqual(
    rows.map((r) => r.call),
    MALFORMED_CALLS.map((m) => m.call),
  );
  assert.deepEqual(MALFORMED_CALLS[6].call.arguments, { max_hours: 500, status: "active" });
});

// The JSON-RPC servers themselves.
const SERVERS = { raw: createRawServer(fleet), validating: createValidatingServer(fleet) };

function call(server: (typeof SERVERS)["raw"], name: string, args?: Record<string, unknown>): JsonRpcResponse {
  const params = args === undefined ? { name } : { name, arguments: args };
  return server.handle({ jsonrpc: "2.0", id: 7, method: "tools/call", params })!;
}

test("initialize returns the protocol version, a tools capability and serverInfo fleet, on both servers", () => {
  for (const [path, server] of Object.entries(SERVERS)) {
    const response = server.handle({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "test", version: "0" } },
    });
    assert.deepEqual(
      response,
      {
        jsonrpc: "2.0",
        id: 1,
        result: {
          protocolVersion: "2025-11-25",
          capabilities: { tools: {} },
          serverInfo: { name: "fleet", version: "1" },
        },
      },
      path,
    );
  }
});

test("notifications get no reply", () => {
  for (const server of Object.values(SERVERS)) {
    assert.equal(server.handle({ jsonrpc: "2.0", method: "notifications/initialized", params: {} }), undefined);
    assert.equal(
      server.handle({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 3 } }),
      undefined,
    );
  }
});

test("tools/list is exactly FLEET_TOOL_DEFINITIONS on both servers, byte for byte", () => {
  for (const [path, server] of Object.entries(SERVERS)) {
    const response = server.handle({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} })!;
    assert.ok("result" in response, path);
    assert.equal(response.id, 2);
    assert.deepEqual(response.result, { tools: FLEET_TOOL_DEFINITIONS });
    assert.equal(JSON.stringify(response.result.tools), JSON.stringify(FLEET_TOOL_DEFINITIONS), path);
  }
});

test("an unknown method is -32601 on both servers", () => {
  for (const server of Object.values(SERVERS)) {
    assert.deepEqual(server.handle({ jsonrpc: "2.0", id: 9, method: "resources/list", params: {} }), {
      jsonrpc: "2.0",
      id: 9,
      error: { code: -32601, message: "Method not found: resources/list" },
    });
  }
});

test("a valid call answers the handler's JSON as text, the same on both servers and directly", () => {
  const handlers = createFleetHandlers(fleet);
  const args = { field: "downtime_min", limit: 10, max_hours: 500 };
  const text = JSON.stringify(handlers.top_devices(args));
  assert.deepEqual(callDirect(handlers, { name: "top_devices", arguments: args }), {
    isError: false,
    channel: "result",
    text,
  });
  for (const [path, server] of Object.entries(SERVERS)) {
    assert.deepEqual(
      call(server, "top_devices", args),
      { jsonrpc: "2.0", id: 7, result: { content: [{ type: "text", text }] } },
      path,
    );
  }
});

test("a call without arguments counts the whole fleet on both servers", () => {
  for (const server of Object.values(SERVERS)) {
    assert.deepEqual(call(server, "count_devices"), {
      jsonrpc: "2.0",
      id: 7,
      result: { content: [{ type: "text", text: '{"count":400}' }] },
    });
  }
});

test("the validating server checks a copy: the caller's arguments keep the unknown property, and the count is as without it", () => {
  const args = { max_hours: 500, status: "active" };
  const response = call(SERVERS.validating, "count_devices", args);
  assert.deepEqual(args, { max_hours: 500, status: "active" }, "not stripped in place");
  assert.deepEqual(response, call(SERVERS.validating, "count_devices", { max_hours: 500 }));
  const nested = { device_id: "AV3-001", extra: { deep: [1, 2] } };
  call(SERVERS.validating, "get_device", nested);
  assert.deepEqual(nested, { device_id: "AV3-001", extra: { deep: [1, 2] } });
});

test("the validating server reports every invalid argument at once, in one error result; to a 2025-06-18 client, in one -32602 error", () => {
  const several =
    "Input validation error: Invalid arguments for tool top_devices: " +
    'field: expected one of "operating_hours", "alerts", "risk_score", "downtime_min", received "rate"; ' +
    "limit: expected a number >= 1, received 0; " +
    'site: expected one of "BRD", "CHC", "EVN", "LKV", "NGH", "PDM", "STM", "WRC", received "brd"';
  const missing = "Input validation error: Invalid arguments for tool get_device: device_id: required, expected string";
  const asResult = (text: string) => ({
    jsonrpc: "2.0",
    id: 7,
    result: { content: [{ type: "text", text }], isError: true },
  });
  const asError = (message: string) => ({ jsonrpc: "2.0", id: 7, error: { code: -32602, message } });
  assert.equal(PROTOCOL_VERSION, "2025-11-25");
  assert.deepEqual(
    call(SERVERS.validating, "top_devices", { field: "rate", limit: 0, site: "brd" }),
    asResult(several),
  );
  assert.deepEqual(call(SERVERS.validating, "get_device", {}), asResult(missing));
  for (const revision of ["2025-11-25", "2026-07-28"]) {
    const server = createValidatingServer(fleet, revision);
    assert.deepEqual(call(server, "get_device", {}), asResult(missing), revision);
  }
  for (const revision of ["2025-06-18", "2024-11-05"]) {
    const server = createValidatingServer(fleet, revision);
    assert.deepEqual(call(server, "top_devices", { field: "rate", limit: 0, site: "brd" }), asError(several), revision);
    assert.deepEqual(call(server, "get_device", {}), asError(missing), revision);
    // Only arguments change channel: an unknown tool and a handler's throw answer as in 2025-11-25.
    assert.deepEqual(call(server, "rank_by_rate", {}), call(SERVERS.validating, "rank_by_rate", {}), revision);
    assert.deepEqual(
      call(server, "get_device", { device_id: "AV3-999" }),
      call(SERVERS.validating, "get_device", { device_id: "AV3-999" }),
      revision,
    );
  }
  assert.deepEqual(
    call(createPathServer("validating", fleet, "2025-06-18"), "get_device", {}),
    asError(missing),
    "createPathServer passes the revision on",
  );
});

test("an unknown tool is the protocol error -32602 on validating and raw, with the spec's example wording", () => {
  for (const server of [SERVERS.validating, SERVERS.raw]) {
    assert.deepEqual(call(server, "rank_by_rate", { field: "downtime_min" }), {
      jsonrpc: "2.0",
      id: 7,
      error: { code: -32602, message: "Unknown tool: rank_by_rate" },
    });
  }
});

test("a handler error is an error result on validating and -32603 on raw, with the same message", () => {
  assert.deepEqual(call(SERVERS.validating, "get_device", { device_id: "AV3-999" }), {
    jsonrpc: "2.0",
    id: 7,
    result: { content: [{ type: "text", text: BAD_ID }], isError: true },
  });
  assert.deepEqual(call(SERVERS.raw, "get_device", { device_id: "AV3-999" }), {
    jsonrpc: "2.0",
    id: 7,
    error: { code: -32603, message: BAD_ID },
  });
});

test("inherited names are not tools on any path", () => {
  const handlers = createFleetHandlers(fleet);
  for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty"]) {
    assert.deepEqual(callDirect(handlers, { name, arguments: {} }), {
      isError: true,
      channel: "error result",
      text: noSuchTool(name),
    });
    assert.deepEqual(call(SERVERS.raw, name, {}), {
      jsonrpc: "2.0",
      id: 7,
      error: { code: -32602, message: `Unknown tool: ${name}` },
    });
    assert.deepEqual(call(SERVERS.validating, name, {}), {
      jsonrpc: "2.0",
      id: 7,
      error: { code: -32602, message: `Unknown tool: ${name}` },
    });
  }
});

test("createPathServer builds the path's server", () => {
  const args = { model: "Aeris v3" };
  assert.deepEqual(
    call(createPathServer("raw", fleet), "count_devices", args),
    call(SERVERS.raw, "count_devices", args),
  );
  assert.deepEqual(
    call(createPathServer("validating", fleet), "count_devices", args),
    call(SERVERS.validating, "count_devices", args),
  );
  assert.notDeepEqual(call(SERVERS.raw, "count_devices", args), call(SERVERS.validating, "count_devices", args));
});
