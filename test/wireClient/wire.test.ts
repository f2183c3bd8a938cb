// Over the real wire (real `mcp-course serve` processes, the SDK's client, and an independent one: the legacy SDK 1.x Client) the counts are the simulator's: lesson 6 level by level and task by task, the eight malformed calls (the agents: agents.test.ts); both ends count the same bytes; no process outlives the test.
import assert from "node:assert/strict";
import { test } from "node:test";
import { WireConnection } from "../../src/wireClient/connection";
import { probeMalformedCallsOverWire } from "../../src/wireClient/malformed";
import { bytesBesideTokens, bytesByMethod, compareTaskRuns, type LevelComparison } from "../../src/wireClient/tasks";
import { LOCAL_FAILURES, NOT_CONNECTED, SERVER_GONE } from "../../src/fleet/client";
import { generateFleet } from "../../src/fleet/generator";
import { probeMalformedCalls } from "../../src/fleet/malformed";
import { DEFAULT_SEED } from "../../src/sim/seed";
import type { Level } from "../../src/sim/declaration";
import type { OpenToolConnection } from "../../src/wireClient/connection";
import { openSession, runTask, runTasks, type TaskOutcome } from "../../src/world/runTasks";
import { LESSON_POLICY, WIDE_ALLOWLIST, WIDE_POLICY } from "../../src/world/servers";
import { drawTasks, withExpectedAnswers } from "../../src/world/tasks";
import { createWorld } from "../../src/world/world";
import { openLegacySdkConnection, type LegacySdkConnection } from "./legacySdkClient";
import { children } from "./serveChildren";

const SEED = DEFAULT_SEED;

/** The simulator's columns of a wire run, and the same of a simulated one. */
function counts(row: {
  negotiated: number;
  calls: number;
  failed: number;
  completed: number;
  blocked: number;
  written: number;
  failures: Record<string, number>;
}) {
  const { negotiated, calls, failed, completed, blocked, written, failures } = row;
  return { negotiated, calls, failed, completed, blocked, written, failures };
}

/** Each of lesson 6's tasks as the simulator runs it at `level` (its outcome: calls, failure, completion, the answer), in task order. */
function simulatedOutcomes(seed: number, level: Level): TaskOutcome[] {
  const world = createWorld(seed);
  const { session } = openSession(world, level);
  return withExpectedAnswers(drawTasks(seed), world).map((task) => runTask(session, task));
}

/** Holds one level's wire run against its simulated run, and both ends' byte counts against each other. */
function checkLevel({ level, simulated, real }: LevelComparison, label: string): void {
  assert.deepEqual(counts(real), counts(simulated), `${label} level ${level}`);
  // The wire's handshake is initialize + tools/list per server where the simulator's is one request; the calls are the same.
  assert.equal(
    real.traffic.sent.byMethod["tools/call"]?.messages ?? 0,
    simulated.request - 3,
    `${label} level ${level}: tools/call requests`,
  );
  assert.equal(real.traffic.received.byKind.response.messages, real.traffic.sent.byKind.request.messages);
  assert.equal(real.traffic.transportErrors, 0);
  for (const part of real.servers) {
    const stopping = part.events.find((event) => event.event === "stopping");
    assert.ok(stopping, `${part.server}: a stopping line`);
    assert.equal(stopping.reason, "end of input");
    assert.deepEqual(
      [stopping.messages_in, stopping.bytes_in, stopping.messages_out, stopping.bytes_out],
      [
        part.traffic.sent.total.messages,
        part.traffic.sent.total.bytes,
        part.traffic.received.total.messages,
        part.traffic.received.total.bytes,
      ],
      `${label} level ${level} ${part.server}: the server's counts are the client's`,
    );
    // A call the client refused never reached a process: the server saw exactly the calls the client sent it.
    const served = Object.values(stopping.tools as Record<string, { calls: number }>).reduce(
      (n, tool) => n + tool.calls,
      0,
    );
    assert.equal(served, part.traffic.sent.byMethod["tools/call"]?.messages ?? 0);
  }
}

test("lesson 6 over three real servers: negotiated, calls, failed, completed, blocked, written and failures equal the simulator's at every level", async () => {
  const rows = await compareTaskRuns(SEED);
  assert.deepEqual(
    rows.map((row) => row.level),
    [0, 1, 2, 3],
  );
  for (const row of rows) {
    checkLevel(row, "lesson policy");
    assert.deepEqual(row.real.outcomes, simulatedOutcomes(SEED, row.level), `level ${row.level}: task by task`);
    assert.deepEqual(
      row.real.drops.map((drop) => drop.reason),
      row.level === 3 ? ["version", "version"] : ["allowlist"],
    );
    const kinds = bytesBesideTokens(row);
    assert.deepEqual(
      kinds.map((k) => [k.kind, k.simulatedMessages]),
      [
        ["request", row.simulated.request],
        ["response", row.simulated.response],
        ["notification", 0],
      ],
    );
    assert.deepEqual(
      kinds.map((k) => k.wireMessages),
      [row.simulated.request + 3, row.simulated.response + 3, 3],
    );
    assert.equal(
      kinds.reduce((n, k) => n + k.wireBytes, 0),
      row.real.traffic.sent.total.bytes + row.real.traffic.received.total.bytes,
    );
    assert.equal(
      kinds.reduce((n, k) => n + k.simulatedTokens, 0),
      row.simulated.tokens,
    );
    assert.deepEqual(
      bytesByMethod(row.real.traffic).map((m) => m.method),
      ["initialize", "notifications/initialized", "tools/list", "tools/call"],
    );
  }
  assert.deepEqual(children(), []);
});

test("an independent client, the legacy SDK 1.x Client, completes lesson 6's twelve tasks against our v2 servers at level 3: the simulator's counts, and each task's outcome and answer", async () => {
  const opened: LegacySdkConnection[] = [];
  const open: OpenToolConnection = async (spec, options) => {
    const connection = await openLegacySdkConnection(spec, options);
    opened.push(connection as LegacySdkConnection);
    return connection;
  };
  const [row] = await compareTaskRuns(SEED, [3], { open });
  checkLevel(row, "SDK 1.x client");
  assert.deepEqual(
    opened.map((connection) => connection.protocolVersion()),
    ["2025-11-25", "2025-11-25", "2025-11-25"],
    "SDK 1.x's newest revision, through initialize",
  );
  assert.deepEqual(
    bytesByMethod(row.real.traffic).map((m) => m.method),
    ["initialize", "notifications/initialized", "tools/list", "tools/call"],
  );
  assert.deepEqual(
    row.real.outcomes,
    simulatedOutcomes(SEED, 3),
    "task by task: calls, failures, completion and the answer",
  );
  assert.ok(row.real.completed > 0);
  assert.deepEqual(children(), []);
});

test("with kayit_yaz allowed at level 2: blocked without approval, written with it, as in the simulator", async () => {
  const policy = { ...LESSON_POLICY, allowlist: WIDE_ALLOWLIST };
  const [blocked] = await compareTaskRuns(SEED, [2], { policy });
  const [written] = await compareTaskRuns(SEED, [2], { policy, approval: true });
  checkLevel(blocked, "wide");
  checkLevel(written, "wide, approved");
  assert.ok(blocked.real.blocked > 0 && blocked.real.written === 0);
  assert.ok(written.real.written > 0 && written.real.blocked === 0);
  assert.deepEqual(children(), []);
});

test("on the same three processes: the tasks again under MCP's defaults and the reference's rule, and the rest of discovery, each counted apart", async () => {
  const walks = [
    { policy: WIDE_POLICY, gate: "specification" as const },
    { policy: WIDE_POLICY, gate: "reference" as const },
  ];
  const [row] = await compareTaskRuns(SEED, [1], { walks, listRest: true });
  assert.deepEqual(counts(row.real), counts(row.simulated), "the first walk is the simulator's run");
  const [spec, reference] = row.real.walks;
  // Every message the servers saw is in one of the parts: the first walk, the further walks, the rest of discovery.
  const seen = row.real.servers.reduce(
    (n, part) => n + Number(part.events.find((event) => event.event === "stopping")!.messages_in),
    0,
  );
  const sent = (traffic: { sent: { total: { messages: number } } }) => traffic.sent.total.messages;
  assert.equal(
    seen,
    sent(row.real.traffic) +
      sent(spec.traffic) +
      sent(reference.traffic) +
      row.real.rest!.reduce((n, part) => n + sent(part.traffic), 0),
  );
  const simulated = runTasks(createWorld(SEED), 1, { policy: WIDE_POLICY });
  // Level 1 declares no annotations: MCP's defaults stop every call, the reference's rule none (and kayit_yaz writes).
  assert.equal(spec.traffic.sent.byMethod["tools/call"]?.messages ?? 0, 0);
  assert.equal(spec.blocked, drawTasks(SEED).length, "each task ends at its first call");
  assert.deepEqual(counts(reference), counts(simulated), "the reference's walk is the simulator's run");
  assert.ok(reference.written > 0);
  assert.equal(reference.traffic.sent.byMethod["tools/call"]?.messages, reference.calls);
  assert.equal(reference.traffic.sent.byMethod.initialize, undefined, "a walk opens nothing");
  // The lists beyond tools/list, sent where each server's capabilities name them.
  const lists = row.real.rest!.map(({ server, traffic }) => [server, Object.keys(traffic.sent.byMethod)]);
  assert.deepEqual(lists, [
    ["olcum", ["resources/list"]],
    ["tarife", ["resources/list", "prompts/list"]],
    ["kayit", []],
  ]);
  assert.deepEqual(children(), []);
});

test("the eight malformed calls over the real raw and validating servers give the simulator's rows, outcome for outcome (as served to 2025-11-25)", async () => {
  // The simulated paths answer as 2025-11-25 asks (server/tools.mdx "Error Handling"): arguments
  // failing the schema a tool execution error, an unknown tool the protocol error −32602 on both.
  const real = await probeMalformedCallsOverWire(SEED);
  const simulated = probeMalformedCalls(generateFleet(SEED));
  const unknown = simulated.find((row) => row.label === "unknown tool")!;
  for (const path of ["raw", "validating"] as const)
    assert.equal(unknown.outcomes[path].text, `MCP error -32602: Unknown tool: ${unknown.call.name}`, path);
  assert.deepEqual(real, simulated);
  assert.deepEqual(children(), []);
});

test("a crashed server: local: connection closed, then local: not connected — or the explained sentence; restart brings the tools back", async () => {
  const call = { name: "count_devices", arguments: {} };
  const spec = { server: "fleet" as const, seed: SEED, fault: "crash" as const, crashOn: 1 };
  const plain = await WireConnection.open(spec);
  const explained = await WireConnection.open(spec, { explained: true });
  const restarted = await WireConnection.open(spec, { restart: true });
  try {
    assert.deepEqual((await plain.callTool(call)).text, LOCAL_FAILURES.connectionClosed);
    assert.deepEqual(await plain.callTool(call), { isError: true, channel: "client", text: NOT_CONNECTED });
    assert.deepEqual((await explained.callTool(call)).text, SERVER_GONE);
    assert.deepEqual((await explained.callTool(call)).text, SERVER_GONE);
    const retried = await restarted.callTool(call);
    assert.equal(retried.channel, "result");
    assert.equal((await restarted.callTool(call)).channel, "result");
    assert.deepEqual([restarted.stats().restarts, restarted.stats().calls, restarted.stats().errors], [1, 2, 0]);
  } finally {
    await Promise.all([plain.close(), explained.close(), restarted.close()]);
  }
  assert.deepEqual(children(), []);
});
