// The real client's parts hold no logic of their own: the chain, gates, decision and turn count are the simulator's, driven either way to the same result; the wire's shapes (outcomes, plain definitions, bytes, command lines) are exactly as documented.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  deserializeMessage,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  type JSONRPCMessage,
  type Transport,
} from "@modelcontextprotocol/client";
import { PassThrough } from "node:stream";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { MeteredTransport } from "../../src/wireClient/meteredTransport";
import { isPlainResultResponse, StdioLineTransport } from "../../src/wireClient/stdioTransport";
import {
  TrafficMeter,
  addTraffic,
  messageKind,
  noTraffic,
  subtractTraffic,
  UNKNOWN_METHOD,
} from "../../src/wireClient/trafficCounts";
import { describeServe, SERVE_SCRIPT, serveArgs } from "../../src/wireClient/serveCommand";
import { UNTERMINATED_TIMEOUT_MS, WIRE_TIME_SCALE, wireSetup } from "../../src/wireClient/agents";
import { SERVE_FAULT_OF } from "../../src/fleet/conditions";
import { wireOutcome } from "../../src/wireClient/connection";
import {
  declarationFromWire,
  GATE_RULES,
  versionFromWire,
  plainDefinitions,
  toolDeclaration,
  type WireTool,
} from "../../src/wireClient/tools";
import { AGENT_POLICIES } from "../../src/fleet/agents";
import { FleetClient, LOCAL_FAILURES, NOT_CONNECTED, SERVER_GONE } from "../../src/fleet/client";
import { CONDITIONS, findCondition, LATENCY_MICROS } from "../../src/fleet/conditions";
import { generateFleet } from "../../src/fleet/generator";
import { solveTask } from "../../src/fleet/groundTruth";
import { driveAgent, driveAgentAsync, runAgent } from "../../src/fleet/runAgents";
import { createFleetServer, FLEET_POLICY } from "../../src/fleet/server";
import { declaredVersion as servedVersion, fleetToolList, worldToolList } from "../../src/server/declarations";
import { callTool, gateCall, NO_APPROVAL, NOT_DECLARED } from "../../src/sim/client";
import { ALL_LEVELS } from "../../src/sim/declaration";
import { Envelope } from "../../src/sim/envelope";
import { agreeOn, decideOn } from "../../src/sim/negotiation";
import { openSession, runTask, taskChain } from "../../src/world/runTasks";
import { LESSON_POLICY, WIDE_ALLOWLIST } from "../../src/world/servers";
import { drawTasks, withExpectedAnswers } from "../../src/world/tasks";
import { createWorld } from "../../src/world/world";

const SEED = 20260218;
const world = createWorld(SEED);
const fleet = generateFleet(SEED);

test("taskChain driven by hand through callTool gives runTask's outcome and envelope, at every level and with approval", () => {
  const tasks = withExpectedAnswers(drawTasks(SEED), world);
  for (const level of ALL_LEVELS) {
    for (const approval of [false, true]) {
      const policy = { ...LESSON_POLICY, allowlist: WIDE_ALLOWLIST };
      const a = openSession(world, level, { policy, approval }).session;
      const b = openSession(world, level, { policy, approval }).session;
      for (const task of tasks) {
        const chain = taskChain(task);
        let step = chain.next();
        while (!step.done) step = chain.next(callTool(b, step.value.name, step.value.state));
        assert.deepEqual(step.value, runTask(a, task));
      }
      assert.deepEqual(b.envelope.counts(), a.envelope.counts());
    }
  }
});

test("gateCall: not negotiated → arac bildirilmedi; side effect without approval → onay yok; else only declared fields present in state, in declared order", () => {
  const negotiated = new Map([
    ["read", { fields: ["b", "a", "missing"], sideEffect: false }],
    ["write", { fields: ["a"], sideEffect: true }],
    ["bare", {}],
  ]);
  const state = { a: 1, b: null, c: "x" };
  assert.deepEqual(gateCall(negotiated, false, "other", state).refused, { hata: NOT_DECLARED });
  assert.deepEqual(gateCall(negotiated, false, "write", state).refused, { hata: NO_APPROVAL });
  assert.deepEqual(gateCall(negotiated, true, "write", state).args, { a: 1 });
  const read = gateCall(negotiated, false, "read", state);
  assert.deepEqual(Object.keys(read.args!), ["b", "a"]);
  assert.deepEqual(gateCall(negotiated, false, "bare", state).args, {});
});

test("Envelope.tokensByKind sums to the tokens counted, and a clone carries it", () => {
  const { session } = openSession(world, 3);
  for (const task of withExpectedAnswers(drawTasks(SEED), world)) runTask(session, task);
  const byKind = session.envelope.tokensByKind();
  assert.equal(byKind.request + byKind.response + byKind.notification, session.envelope.counts().tokens);
  assert.deepEqual(session.envelope.clone().tokensByKind(), byKind);
  assert.deepEqual(new Envelope().tokensByKind(), { request: 0, response: 0, notification: 0 });
});

test("decideOn over what the real servers list (serverInfo.version, tools/list) decides exactly as agreeOn, at every level, for both policies", () => {
  const servers = [...world.servers, createFleetServer(fleet)];
  for (const policy of [LESSON_POLICY, FLEET_POLICY, { ...LESSON_POLICY, allowlist: WIDE_ALLOWLIST }]) {
    for (const level of ALL_LEVELS) {
      const wire = servers.map((server) => {
        const tools = (
          server.name === "fleet" ? fleetToolList(server, level) : worldToolList(server, level)
        ) as WireTool[];
        return {
          name: server.name,
          declaration: declarationFromWire(servedVersion(server.version, level), tools, "reference"),
        };
      });
      const simulated = agreeOn(servers, level, policy);
      const decided = decideOn(wire, policy);
      assert.deepEqual(decided.dropped, simulated.dropped, `level ${level}`);
      assert.deepEqual(
        [...decided.negotiated.values()],
        [...simulated.negotiated.values()].map(({ name, server, fields, sideEffect }) => ({
          name,
          server,
          fields,
          sideEffect,
        })),
        `level ${level}`,
      );
    }
  }
});

test("declarations off the wire: digits are a version, anything else is not; properties are fields; annotations declare a side effect unless read-only", () => {
  assert.equal(versionFromWire("3"), 3);
  for (const text of ["undeclared", "1.0", "", "v2", " 2", undefined])
    assert.equal(versionFromWire(text), undefined, String(text));
  // The reference's rule: no annotations, no declared side effect.
  assert.deepEqual(toolDeclaration({ name: "t", inputSchema: { type: "object" } }, "reference"), {});
  assert.deepEqual(
    toolDeclaration({ name: "t", inputSchema: { type: "object", properties: { b: {}, a: {} } } }, "reference"),
    { fields: ["b", "a"] },
  );
  assert.deepEqual(
    toolDeclaration({ name: "t", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } }, "reference"),
    { sideEffect: false },
  );
  assert.deepEqual(
    toolDeclaration(
      { name: "t", inputSchema: { type: "object" }, annotations: { destructiveHint: false } },
      "reference",
    ),
    { sideEffect: true },
  );
  assert.deepEqual(declarationFromWire("undeclared", []), { tools: {} });
});

test("the real client's default reads annotations by MCP's defaults: no annotations and annotations without readOnlyHint are the same case, a side effect", () => {
  const bare = { name: "t", inputSchema: { type: "object" } };
  assert.deepEqual(toolDeclaration(bare), { sideEffect: true });
  assert.deepEqual(toolDeclaration({ ...bare, annotations: {} }), { sideEffect: true });
  assert.deepEqual(toolDeclaration({ ...bare, annotations: { openWorldHint: false } }), toolDeclaration(bare));
  assert.deepEqual(toolDeclaration({ ...bare, annotations: { readOnlyHint: false, destructiveHint: false } }), {
    sideEffect: true,
  });
  assert.deepEqual(toolDeclaration({ ...bare, annotations: { readOnlyHint: true } }), { sideEffect: false });
  // A hint that is not `true` (a string, say) is no promise of reading only.
  assert.deepEqual(toolDeclaration({ ...bare, annotations: { readOnlyHint: "yes" } }), { sideEffect: true });
  assert.deepEqual(GATE_RULES, ["specification", "reference"]);
  // With the gate: without approval MCP's defaults stop the bare tool, the reference's rule lets it through.
  const spec = declarationFromWire("undeclared", [bare]);
  const reference = declarationFromWire("undeclared", [bare], "reference");
  const negotiated = (declaration: typeof spec) => new Map([["t", { name: "t", server: "s", ...declaration.tools.t }]]);
  assert.deepEqual(gateCall(negotiated(spec), false, "t", {}), { refused: { hata: NO_APPROVAL } });
  assert.deepEqual(gateCall(negotiated(reference), false, "t", {}).refused, undefined);
  assert.deepEqual(gateCall(negotiated(spec), true, "t", {}).refused, undefined);
});

test("subtractTraffic: what a meter counted between two readings, methods without a message left out", () => {
  const meter = new TrafficMeter();
  meter.countBytes("sent", { jsonrpc: "2.0", id: 1, method: "tools/list" }, "tools/list", 40);
  meter.countBytes("received", { jsonrpc: "2.0", id: 1, result: {} }, "tools/list", 100);
  const before = meter.counts();
  meter.countBytes("sent", { jsonrpc: "2.0", id: 2, method: "resources/list" }, "resources/list", 44);
  meter.countBytes("received", { jsonrpc: "2.0", id: 2, result: {} }, "resources/list", 90);
  meter.countError();
  const delta = subtractTraffic(meter.counts(), before);
  assert.deepEqual(delta.sent.total, { messages: 1, bytes: 44 });
  assert.deepEqual(delta.received.byKind.response, { messages: 1, bytes: 90 });
  assert.deepEqual(Object.keys(delta.sent.byMethod), ["resources/list"]);
  assert.equal(delta.transportErrors, 1);
  assert.deepEqual(addTraffic(before, delta), meter.counts());
});

test("plain definitions keep name, description and a copy of the schema, and drop every MCP-only field", () => {
  const schema = { type: "object", properties: { x: { type: "integer" } } };
  const tools: WireTool[] = [
    { name: "a", description: "A.", inputSchema: schema, annotations: { readOnlyHint: true }, title: "A", _meta: {} },
    { name: "b", inputSchema: { type: "object" } },
  ];
  const plain = plainDefinitions(tools);
  assert.deepEqual(plain, [
    { name: "a", description: "A.", input_schema: schema },
    { name: "b", description: "", input_schema: { type: "object" } },
  ]);
  assert.notEqual(plain[0].input_schema, schema);
});

test("wireOutcome maps both failure channels onto the simulator's ToolOutcome, in lesson 8's words", () => {
  const timedOut = new SdkError(SdkErrorCode.RequestTimeout, "Request timed out");
  const closed = new SdkError(SdkErrorCode.ConnectionClosed, "Connection closed");
  const gone = new SdkError(SdkErrorCode.NotConnected, "Not connected");
  assert.deepEqual(wireOutcome({ result: { content: [{ type: "text", text: "{}" }] } }), {
    isError: false,
    channel: "result",
    text: "{}",
  });
  assert.deepEqual(
    wireOutcome({
      result: {
        content: [
          { type: "text", text: "a" },
          { type: "text", text: "b" },
        ],
        isError: true,
      },
    }),
    { isError: true, channel: "error result", text: "a\nb" },
  );
  assert.deepEqual(wireOutcome({ error: new ProtocolError(-32602, "bad") }), {
    isError: true,
    channel: "JSON-RPC error",
    text: "MCP error -32602: bad",
  });
  assert.deepEqual(wireOutcome({ error: timedOut }), {
    isError: true,
    channel: "client",
    text: LOCAL_FAILURES.timedOut,
  });
  assert.deepEqual(wireOutcome({ error: closed }), {
    isError: true,
    channel: "client",
    text: LOCAL_FAILURES.connectionClosed,
  });
  assert.deepEqual(wireOutcome({ error: gone }), { isError: true, channel: "client", text: NOT_CONNECTED });
  assert.deepEqual(wireOutcome({ error: new Error(NOT_CONNECTED) }), {
    isError: true,
    channel: "client",
    text: NOT_CONNECTED,
  });
  assert.deepEqual(wireOutcome({ error: new Error(NOT_CONNECTED) }, true), {
    isError: true,
    channel: "client",
    text: SERVER_GONE,
  });
  assert.deepEqual(wireOutcome({ error: gone }, true), { isError: true, channel: "client", text: SERVER_GONE });
  assert.deepEqual(wireOutcome({ error: closed }, true), { isError: true, channel: "client", text: SERVER_GONE });
  assert.deepEqual(wireOutcome({ error: timedOut }, true).text, LOCAL_FAILURES.timedOut);
  assert.deepEqual(wireOutcome({ error: new SdkError(SdkErrorCode.SendFailed, "Send failed") }), {
    isError: true,
    channel: "client",
    text: "local: Send failed",
  });
});

test("driveAgentAsync (one call awaited at a time) gives driveAgent's verdict and runAgent's, for every condition and policy", async () => {
  const truth = solveTask(fleet);
  for (const condition of CONDITIONS) {
    for (const policy of AGENT_POLICIES) {
      const sync = new FleetClient(fleet, condition);
      const async = new FleetClient(fleet, condition);
      const expected = driveAgent(policy, truth, (call) => sync.callTool(call));
      const verdict = await driveAgentAsync(policy, truth, async (call) => async.callTool(call));
      assert.deepEqual(verdict, expected, `${condition.name} ${policy.name}`);
      assert.deepEqual(async.stats(), sync.stats());
      const record = runAgent(fleet, truth, condition, policy);
      assert.deepEqual([record.answer, record.correct, record.turns], [verdict.answer, verdict.correct, verdict.turns]);
    }
  }
});

test("the metered transport counts serialized bytes per kind and per method, files a response under its request's method, and forwards everything", async () => {
  const sent: JSONRPCMessage[] = [];
  const inner: Transport = {
    start: async () => {},
    close: async () => {},
    send: async (message) => void sent.push(message),
  };
  const meter = new TrafficMeter();
  const metered = new MeteredTransport(inner, meter);
  const received: JSONRPCMessage[] = [];
  let errors = 0;
  metered.onmessage = (message) => void received.push(message);
  metered.onerror = () => void (errors += 1);
  await metered.start();
  const request: JSONRPCMessage = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "ç" } };
  const notification: JSONRPCMessage = { jsonrpc: "2.0", method: "notifications/initialized" };
  const response: JSONRPCMessage = { jsonrpc: "2.0", id: 1, result: { content: [] } };
  await metered.send(request);
  await metered.send(notification);
  inner.onmessage!(response);
  inner.onmessage!({ jsonrpc: "2.0", id: 9, result: {} });
  inner.onerror!(new Error("stray"));
  assert.deepEqual(sent, [request, notification]);
  assert.deepEqual(received.length, 2);
  assert.equal(errors, 1);
  const bytes = (m: JSONRPCMessage) => Buffer.byteLength(JSON.stringify(m) + "\n");
  const counts = meter.counts();
  assert.deepEqual(counts.sent.total, { messages: 2, bytes: bytes(request) + bytes(notification) });
  assert.deepEqual(counts.sent.byKind.request, { messages: 1, bytes: bytes(request) });
  assert.equal(bytes(request), JSON.stringify(request).length + 2, "ç is two bytes");
  assert.deepEqual(counts.received.byMethod["tools/call"], { messages: 1, bytes: bytes(response) });
  assert.equal(counts.received.byMethod[UNKNOWN_METHOD].messages, 1);
  assert.equal(counts.transportErrors, 1);
  assert.deepEqual(addTraffic(noTraffic(), counts), counts);
  assert.equal(addTraffic(counts, counts).sent.total.bytes, 2 * counts.sent.total.bytes);
  assert.deepEqual([request, notification, response].map(messageKind), ["request", "notification", "response"]);
});

/** Every line kind a stdio client meets: a result (a two-byte character, a CRLF ending), a stray line, JSON that is not JSON-RPC, a notification, an error response. */
const CHILD_LINES = [
  '{"jsonrpc":"2.0","id":1,"result":{"t":"ç"}}\r\n',
  "[debug] handling tools/call x\n",
  '{"jsonrpc":"2.0","id":2,"bogus":true}\n',
  '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}\n',
  '{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Unknown tool: x"}}\n',
];

/**
 * Runs a child that writes CHILD_LINES (the result's character split between two writes) and
 * reports the bytes it read on stdin on stderr, through `transport` under a MeteredTransport:
 * sends one request, waits for the four messages' worth of lines, closes.
 */
async function childRun(transport: Transport & { stderr: unknown }) {
  const meter = new TrafficMeter();
  const metered = new MeteredTransport(transport, meter);
  const messages: JSONRPCMessage[] = [];
  let errors = 0;
  let stderr = "";
  (transport.stderr as PassThrough).on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
  metered.onmessage = (message) => void messages.push(message);
  metered.onerror = () => void (errors += 1);
  await metered.start();
  await metered.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "ç", arguments: {} } });
  while (messages.length < 3 || errors < 1) await new Promise((resolve) => setTimeout(resolve, 5));
  const exited = new Promise<void>((resolve) => (metered.onclose = resolve));
  await metered.close();
  await exited;
  return { messages, errors, counts: meter.counts(), stdinBytes: Number(stderr) };
}

test("the real client's stdio transport delivers what the SDK's StdioClientTransport delivers, and the meter counts the same over both (each line's bytes as framed, schema failures), and stray lines through ours only", async () => {
  const text = CHILD_LINES.join("");
  const split = Buffer.from(text).indexOf(Buffer.from("ç")) + 1;
  const script = [
    `const bytes = Buffer.from(${JSON.stringify(text)});`,
    `process.stdout.write(bytes.subarray(0, ${split}));`,
    `setTimeout(() => process.stdout.write(bytes.subarray(${split})), 20);`,
    'let n = 0; process.stdin.on("data", (c) => (n += c.length)); process.stdin.on("end", () => process.stderr.write(String(n)));',
  ].join("\n");
  const launch = { command: process.execPath, args: ["-e", script], stderr: "pipe" as const };
  const ours = await childRun(new StdioLineTransport(launch));
  const sdk = await childRun(new StdioClientTransport(launch));
  assert.deepEqual(ours.messages, sdk.messages);
  assert.equal(ours.messages.length, 3, "the result, the notification, the error response");
  assert.deepEqual([ours.errors, sdk.errors], [1, 1], "the line that is JSON but not JSON-RPC fails the SDK's schema");
  // The SDK's ReadBuffer drops the stray line without a callback (docs/sdk-gaps.md#stray-line-unseen): the meter sees it through ours only.
  assert.deepEqual({ ...ours.counts, transportErrors: sdk.counts.transportErrors }, sdk.counts);
  assert.equal(sdk.counts.transportErrors, 1, "around the SDK's transport, only the schema failure");
  const bytes = (line: string) => Buffer.byteLength(line.replace(/\r\n$/, "\n"));
  assert.equal(ours.counts.received.total.bytes, bytes(CHILD_LINES[0]) + bytes(CHILD_LINES[3]) + bytes(CHILD_LINES[4]));
  assert.deepEqual(ours.counts.received.byMethod["tools/call"], { messages: 1, bytes: bytes(CHILD_LINES[0]) });
  assert.equal(ours.counts.transportErrors, 2, "the stray line and the schema failure");
  assert.equal(ours.counts.sent.total.bytes, ours.stdinBytes, "what was sent is what the child read");
  assert.equal(sdk.counts.sent.total.bytes, sdk.stdinBytes);
});

/** Lines a client may read: results as servers write them in both eras, and every way a line can miss the plain shape. */
const RESPONSE_LINES = [
  '{"result":{"content":[{"type":"text","text":"{\\"count\\":251}"}]},"jsonrpc":"2.0","id":1}',
  '{"result":{"content":[{"type":"text","text":"ok"}],"resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"fleet","version":"1"}}},"jsonrpc":"2.0","id":2}',
  '{"jsonrpc":"2.0","id":"a","result":{}}',
  '{"jsonrpc":"2.0","id":0,"result":{"tools":[],"ttlMs":3600000,"cacheScope":"public"}}',
  '{"jsonrpc":"2.0","id":-5,"result":{"_meta":{}}}',
  '{"jsonrpc":"2.0","id":9007199254740991,"result":{}}',
  '{"jsonrpc":"2.0","id":9007199254740992,"result":{}}',
  '{"jsonrpc":"2.0","id":1.5,"result":{}}',
  '{"jsonrpc":"2.0","id":null,"result":{}}',
  '{"jsonrpc":"2.0","result":{}}',
  '{"jsonrpc":"2.0","id":1}',
  '{"jsonrpc":"1.0","id":1,"result":{}}',
  '{"id":1,"result":{}}',
  '{"jsonrpc":"2.0","id":1,"result":{},"extra":true}',
  '{"jsonrpc":"2.0","id":1,"result":[]}',
  '{"jsonrpc":"2.0","id":1,"result":null}',
  '{"jsonrpc":"2.0","id":1,"result":"x"}',
  '{"jsonrpc":"2.0","id":1,"result":{"__proto__":{"a":1}}}',
  '{"jsonrpc":"2.0","__proto__":{"x":1},"id":1,"result":{}}',
  '{"jsonrpc":"2.0","id":1,"result":{"_meta":null}}',
  '{"jsonrpc":"2.0","id":1,"result":{"_meta":[]}}',
  '{"jsonrpc":"2.0","id":1,"result":{"_meta":{"__proto__":{}}}}',
  '{"jsonrpc":"2.0","id":1,"result":{"_meta":{"other":{"any":[1]}}}}',
  '{"jsonrpc":"2.0","id":1,"result":{"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"x"}}}}',
  '{"jsonrpc":"2.0","id":1,"result":{"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"x","version":1}}}}',
  '{"jsonrpc":"2.0","id":1,"result":{"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"x","version":"1","title":"X"}}}}',
  '{"jsonrpc":"2.0","id":1,"result":{"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"x","version":"1","bogus":true}}}}',
  '{"jsonrpc":"2.0","id":1,"result":{"_meta":{"io.modelcontextprotocol/serverInfo":null}}}',
  '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no"}}',
  '{"jsonrpc":"2.0","id":1,"method":"ping"}',
  '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}',
  "[]",
  "null",
  "42",
];

for (const text of RESPONSE_LINES) {
  test(`the client's check without zod: ${text} is taken as parsed only where the SDK's deserializeMessage accepts it and gives the same members`, () => {
    const value: unknown = JSON.parse(text);
    if (!isPlainResultResponse(value)) return;
    assert.deepEqual(value, deserializeMessage(text), "the same members, at every depth (their order aside)");
  });
}

test("the client's check without zod takes what servers write in both eras: results with and without _meta serverInfo, string and numeric ids", () => {
  for (const text of RESPONSE_LINES.slice(0, 6)) assert.equal(isPlainResultResponse(JSON.parse(text)), true, text);
  for (const text of RESPONSE_LINES.slice(-6)) assert.equal(isPlainResultResponse(JSON.parse(text)), false, text);
});

test("the real client's stdio transport counts a received line's bytes as written: JSON with spaces costs its spaces", async () => {
  const line = '{ "jsonrpc": "2.0", "method": "notifications/message", "params": { "level": "info", "data": "ç" } }\n';
  const transport = new StdioLineTransport({
    command: process.execPath,
    args: ["-e", `process.stdout.write(${JSON.stringify(line)}); process.stdin.resume();`],
  });
  const meter = new TrafficMeter();
  const metered = new MeteredTransport(transport, meter);
  const seen: JSONRPCMessage[] = [];
  metered.onmessage = (message) => void seen.push(message);
  await metered.start();
  while (seen.length < 1) await new Promise((resolve) => setTimeout(resolve, 5));
  await metered.close();
  assert.deepEqual(meter.counts().received.byKind.notification, { messages: 1, bytes: Buffer.byteLength(line) });
  assert.ok(Buffer.byteLength(line) > Buffer.byteLength(JSON.stringify(seen[0]) + "\n"));
});

test("the serve command line: the bundled server's launcher by absolute path, one flag per option, crash:N", () => {
  assert.match(SERVE_SCRIPT, /^\/.*\/dist\/serve\.js$/);
  assert.deepEqual(serveArgs({ server: "olcum" }), [SERVE_SCRIPT, "olcum"]);
  assert.deepEqual(
    serveArgs({ server: "fleet", level: 0, seed: 7, fault: "crash", crashOn: 6, path: "raw", slowMs: 5 }),
    [SERVE_SCRIPT, "fleet", "--level", "0", "--seed", "7", "--fault", "crash:6", "--path", "raw", "--slow-ms", "5"],
  );
  assert.equal(describeServe({ server: "fleet", fault: "noisy-line" }), "mcp-course serve fleet --fault noisy-line");
});

test("each condition's wire setup: direct has no server; faults and client options map as documented; slow keeps the seed's 2:1 ratio at WIRE_TIME_SCALE", () => {
  assert.equal(wireSetup(findCondition("direct")!, SEED).spec, undefined);
  for (const condition of CONDITIONS.filter((c) => c.path !== "direct")) {
    const { spec, options } = wireSetup(condition, SEED);
    assert.equal(spec!.path, condition.path);
    assert.equal(spec!.fault, condition.fault === "none" ? undefined : SERVE_FAULT_OF[condition.fault]);
    assert.equal(options.restart, condition.restart);
    assert.equal(options.explained, condition.explainCrash);
    // Only the faults a timeout decides run with a timeout of their own; the rest keep the SDK's default.
    assert.equal(
      options.timeoutMs !== undefined,
      condition.fault === "slow" || condition.fault === "stdout-unterminated",
      condition.name,
    );
  }
  const slow = wireSetup(findCondition("slow")!, SEED);
  assert.equal(slow.spec!.slowMs, (LATENCY_MICROS.slowTool / 1000) * WIRE_TIME_SCALE);
  assert.equal(slow.options.timeoutMs, (LATENCY_MICROS.clientTimeout / 1000) * WIRE_TIME_SCALE);
  assert.equal(slow.spec!.slowMs! / slow.options.timeoutMs!, LATENCY_MICROS.slowTool / LATENCY_MICROS.clientTimeout);
  assert.equal(wireSetup(findCondition("crash")!, SEED).spec!.crashOn, 6);
  // Stray unterminated text: every call times out at any length, so the seed's own 1.5 s, unscaled,
  // leaves a busy server time to read each request before its cancellation.
  assert.equal(wireSetup(findCondition("stdout-unterminated")!, SEED).options.timeoutMs, 1500);
  assert.equal(UNTERMINATED_TIMEOUT_MS, LATENCY_MICROS.clientTimeout / 1000);
});
