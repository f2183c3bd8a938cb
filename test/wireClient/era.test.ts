// The real client's `era` option, each test naming the era it runs: `legacy` and `stateless`
// against a v2 server that speaks both (test/fixtures/statelessServer.ts), metered to the byte of
// the server's own count; `stateless` for our servers from a discover result known beforehand,
// with no probe; `auto` probing on one extra process, then stateless (the fixture, our `serve`) or
// the legacy fallback (a legacy-only server on SDK 1.x, test/fixtures/legacyServer.ts), every probe
// message, byte and process counted; our known discover result against what `serve` answers.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { test } from "node:test";
import type { DiscoverResult } from "@modelcontextprotocol/client";
import {
  CACHE_HINT,
  CLIENT_CAPABILITIES_KEY,
  CLIENT_INFO_KEY,
  PROTOCOL_VERSION_KEY,
  SERVER_INFO_KEY,
  SUPPORTED_REVISIONS,
} from "../../src/protocol/revisions";
import { WIRE_CLIENT_CAPABILITIES, WIRE_CLIENT_INFO } from "../../src/wireClient/clientInfo";
import { WireConnection, type ServerEvent } from "../../src/wireClient/connection";
import { STATELESS_VERSION } from "../../src/wireClient/era";
import { knownDiscover } from "../../src/server/knownDiscover";
import { NoSharedVersionError, probeEra } from "../../src/wireClient/probe";
import { SERVE_SCRIPT, serveArgs } from "../../src/wireClient/serveCommand";
import { TrafficMeter, type TrafficCounts, type WireMessage } from "../../src/wireClient/trafficCounts";
import {
  FIXTURE_DISCOVER,
  FIXTURE_INFO,
  FIXTURE_LAUNCH,
  FIXTURE_TOOLS,
  LEGACY_FIXTURE_LAUNCH,
  OUTPUT_SCHEMA_DISCOVER,
  OUTPUT_SCHEMA_LAUNCH,
  OUTPUT_SCHEMA_TOOLS,
} from "../fixtures/statelessServerFacts";

const ECHO = { name: "echo", arguments: { text: "ç" } };

/** Server processes this test process started that are still alive (ours and the fixture). */
function children(): string[] {
  const lines = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(process.pid)], { encoding: "utf8" }).split(
    "\n",
  );
  return lines
    .map((line) => line.trim())
    .filter(
      (line) =>
        line.includes(`${SERVE_SCRIPT} `) ||
        line.includes("statelessServer.ts") ||
        line.includes("legacyServer.ts") ||
        line.includes("outputSchemaServer.ts"),
    );
}

/** A meter that also keeps every message it counts, to read what crossed (the `_meta` of requests, the `resultType` of results). */
class RecordingMeter extends TrafficMeter {
  readonly sentMessages: WireMessage[] = [];
  readonly receivedMessages: WireMessage[] = [];
  override count(direction: "sent" | "received", message: WireMessage, method: string): void {
    (direction === "sent" ? this.sentMessages : this.receivedMessages).push(message);
    super.count(direction, message, method);
  }
  // The real client's stdio transport tells the meter each line's bytes (`stdioTransport.ts`).
  override countBytes(direction: "sent" | "received", message: WireMessage, method: string, bytes: number): void {
    (direction === "sent" ? this.sentMessages : this.receivedMessages).push(message);
    super.countBytes(direction, message, method, bytes);
  }
}

/** A `server/discover` result as the SDK's `DiscoverResult` type keeps it: without the wire-only `resultType` and the cache fields it has no member for. */
function adopted(result: DiscoverResult): DiscoverResult {
  const {
    resultType: _resultType,
    ttlMs: _ttlMs,
    cacheScope: _cacheScope,
    ...kept
  } = result as DiscoverResult & { resultType?: unknown; ttlMs?: unknown; cacheScope?: unknown };
  return kept as DiscoverResult;
}

/** Opens `era` on the fixture, calls echo and fail, closes; returns the connection, the outcomes and the server's own byte counts. */
async function fixtureRun(era: "legacy" | "stateless" | "auto") {
  const connection = await WireConnection.open(FIXTURE_LAUNCH, { era, discover: FIXTURE_DISCOVER });
  const outcomes = [];
  try {
    outcomes.push(await connection.callTool(ECHO), await connection.callTool({ name: "fail", arguments: {} }));
  } finally {
    await connection.close();
  }
  const stopping = (await connection.close()).find((event) => event.event === "stopping")!;
  return { connection, outcomes, server: { bytesIn: stopping.bytes_in, bytesOut: stopping.bytes_out } };
}

function methods(traffic: TrafficCounts): string[] {
  return Object.keys(traffic.sent.byMethod);
}

test("era legacy on a v2 server: initialize, initialized, tools/list, calls; the meter's bytes are the server's, both ways", async () => {
  const { connection, outcomes, server } = await fixtureRun("legacy");
  const traffic = connection.traffic();
  assert.deepEqual(connection.era(), {
    requested: "legacy",
    spoken: "legacy",
    protocolVersion: "2025-11-25",
    probe: undefined,
  });
  assert.deepEqual(methods(traffic), ["initialize", "notifications/initialized", "tools/list", "tools/call"]);
  assert.deepEqual([server.bytesIn, server.bytesOut], [traffic.sent.total.bytes, traffic.received.total.bytes]);
  assert.deepEqual(
    outcomes.map((o) => o.channel),
    ["result", "error result"],
  );
  assert.deepEqual([connection.serverName, connection.serverVersion], [FIXTURE_INFO.name, FIXTURE_INFO.version]);
  assert.equal(connection.stats().processes, 1);
  assert.deepEqual(children(), []);
});

test("era stateless on a v2 server, from a known discover result: no probe, no initialize; _meta and resultType metered to the server's byte", async () => {
  const { connection, outcomes, server } = await fixtureRun("stateless");
  const legacy = (await fixtureRun("legacy")).connection.traffic();
  const traffic = connection.traffic();
  assert.deepEqual(connection.era(), {
    requested: "stateless",
    spoken: "stateless",
    protocolVersion: STATELESS_VERSION,
    probe: undefined,
  });
  assert.deepEqual(methods(traffic), ["tools/list", "tools/call"]);
  assert.equal(traffic.sent.byKind.notification.messages, 0);
  assert.deepEqual([server.bytesIn, server.bytesOut], [traffic.sent.total.bytes, traffic.received.total.bytes]);
  assert.deepEqual(
    outcomes.map((o) => o.channel),
    ["result", "error result"],
  );
  assert.equal(outcomes[0].text, JSON.stringify({ echo: "ç" }));
  // Each request carries its _meta (version, capabilities, client info); each result its resultType: both cost bytes.
  const perCall = (t: TrafficCounts, direction: "sent" | "received") =>
    t[direction].byMethod["tools/call"].bytes / t[direction].byMethod["tools/call"].messages;
  assert.ok(
    perCall(traffic, "sent") - perCall(legacy, "sent") >=
      JSON.stringify({ "io.modelcontextprotocol/protocolVersion": STATELESS_VERSION }).length,
  );
  assert.ok(
    perCall(traffic, "received") - perCall(legacy, "received") >= JSON.stringify({ resultType: "complete" }).length - 2,
  );
  assert.deepEqual(connection.tools, FIXTURE_TOOLS);
  assert.deepEqual([connection.serverName, connection.serverVersion], [FIXTURE_INFO.name, FIXTURE_INFO.version]);
  assert.equal(connection.stats().processes, 1, "no probe process");
  assert.deepEqual(children(), []);
});

test("era stateless needs a discover result: ours are known, any other server's must be given", async () => {
  await assert.rejects(
    WireConnection.open({ ...FIXTURE_LAUNCH }, { era: "stateless" }),
    /needs the server's discover result/,
  );
  assert.deepEqual(children(), []);
});

test("era auto on a v2 server: the probe (server/discover and its DiscoverResult) on one extra process, then stateless, the session as if the result were known", async () => {
  const auto = await fixtureRun("auto");
  const known = await fixtureRun("stateless");
  const { probe, spoken } = auto.connection.era();
  assert.equal(spoken, "stateless");
  assert.equal(probe!.verdict, "stateless");
  assert.deepEqual(probe!.discover!.supportedVersions, FIXTURE_DISCOVER.supportedVersions);
  assert.deepEqual(probe!.discover!.capabilities, FIXTURE_DISCOVER.capabilities);
  assert.deepEqual(
    probe!.discover!._meta?.["io.modelcontextprotocol/serverInfo"],
    FIXTURE_INFO,
    "the fixture answers what the test knows of it",
  );
  assert.deepEqual(
    [
      probe!.traffic.sent.byMethod["server/discover"].messages,
      probe!.traffic.received.byMethod["server/discover"].messages,
    ],
    [1, 1],
  );
  assert.deepEqual([probe!.traffic.sent.total.messages, probe!.traffic.received.total.messages], [1, 1]);
  assert.ok(probe!.traffic.sent.total.bytes > 0 && probe!.traffic.received.total.bytes > 0);
  assert.deepEqual(
    auto.connection.traffic(),
    known.connection.traffic(),
    "after the probe, the session is byte for byte the known one's",
  );
  assert.deepEqual([auto.connection.stats().processes, known.connection.stats().processes], [2, 1]);
  assert.deepEqual(children(), []);
});

test("era auto on a legacy-only server (SDK 1.x): the probe gets -32601, the fallback opens with initialize; the probe's messages, bytes and process are the whole extra cost", async () => {
  const auto = await WireConnection.open(LEGACY_FIXTURE_LAUNCH, { era: "auto" });
  const legacy = await WireConnection.open(LEGACY_FIXTURE_LAUNCH, { era: "legacy" });
  await Promise.all([auto.close(), legacy.close()]);
  const { probe, spoken, protocolVersion } = auto.era();
  assert.deepEqual(
    [spoken, protocolVersion, probe!.verdict, probe!.discover],
    ["legacy", "2025-11-25", "legacy", undefined],
  );
  const cost = probe!.traffic;
  assert.deepEqual(Object.keys(cost.sent.byMethod), ["server/discover"]);
  assert.deepEqual(
    [cost.sent.total.messages, cost.received.total.messages, cost.received.byKind.response.messages],
    [1, 1, 1],
  );
  assert.equal(cost.transportErrors, 0);
  assert.deepEqual(
    methods(auto.traffic()),
    ["initialize", "notifications/initialized", "tools/list"],
    "the fallback opens with initialize",
  );
  assert.deepEqual(auto.traffic(), legacy.traffic(), "the fallback session is byte for byte a legacy one");
  assert.deepEqual([auto.stats().processes, legacy.stats().processes], [2, 1]);
  // The probe request is the SDK's alone (version, capabilities, client info in _meta): 273 bytes; the reply is SDK 1.x's -32601.
  assert.equal(cost.sent.total.bytes, 273);
  const probeId = "server-discover-probe-1"; // the SDK's own id for its probe
  assert.equal(
    cost.received.total.bytes,
    Buffer.byteLength(
      JSON.stringify({ jsonrpc: "2.0", id: probeId, error: { code: -32601, message: "Method not found" } }) + "\n",
    ),
  );
  assert.deepEqual([auto.serverName, auto.serverVersion], [FIXTURE_INFO.name, FIXTURE_INFO.version]);
  assert.deepEqual(children(), []);
});

test("a probe that meets a server exiting on it, or silence, calls the server legacy", async () => {
  const exits = await probeEra({ command: process.execPath, args: ["-e", "process.exit(0)"] });
  assert.deepEqual([exits.verdict, exits.processes, exits.traffic.received.total.messages], ["legacy", 1, 0]);
  const silent = await probeEra({ command: process.execPath, args: ["-e", "process.stdin.resume()"] }, 300);
  assert.deepEqual(
    [silent.verdict, silent.traffic.sent.total.messages, silent.traffic.received.total.messages],
    ["legacy", 1, 0],
  );
});

test("a probe answered -32022 whose supported list shares no version is a modern server: no fallback to initialize, a clear error", async () => {
  // A modern server that lists only a legacy version, still a modern answer: it answers every request -32022.
  const script =
    'let buf = "";' +
    'process.stdin.on("data", (d) => { buf += d; let i;' +
    ' while ((i = buf.indexOf("\\n")) >= 0) { const line = buf.slice(0, i); buf = buf.slice(i + 1);' +
    " const m = JSON.parse(line); if (m.id === undefined) continue;" +
    ' process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id: m.id, error: { code: -32022,' +
    ' message: "Unsupported protocol version", data: { supported: ["2025-11-25"],' +
    ' requested: m.params._meta["io.modelcontextprotocol/protocolVersion"] } } }) + "\\n"); } });';
  await assert.rejects(probeEra({ command: process.execPath, args: ["-e", script] }, 5_000), (error: unknown) => {
    assert.ok(error instanceof NoSharedVersionError, String(error));
    assert.deepEqual(error.supported, ["2025-11-25"]);
    assert.match(error.message, /modern.*2025-11-25.*not falling back to initialize/);
    return true;
  });
});

test("our servers' known discover result says what initialize says: capabilities and serverInfo, at levels 0 and 3; the versions serve lists (2026-07-28 alone)", async () => {
  for (const server of ["olcum", "tarife", "kayit", "fleet"] as const) {
    for (const level of [0, 3] as const) {
      const spec = { server, level };
      const connection = await WireConnection.open(spec, { era: "legacy" });
      await connection.close();
      const known = knownDiscover(spec);
      assert.deepEqual(known.capabilities, connection.serverCapabilities, `${server} ${level}`);
      assert.deepEqual(
        known._meta?.["io.modelcontextprotocol/serverInfo"],
        { name: connection.serverName, version: connection.serverVersion },
        `${server} ${level}`,
      );
      assert.deepEqual(known.supportedVersions, [STATELESS_VERSION], "one list: the client's is the server's");
    }
  }
  assert.equal(SUPPORTED_REVISIONS[0], STATELESS_VERSION);
  assert.deepEqual(children(), []);
});

test("era stateless on our serve, from the known discover result, with no probe: every request carries its _meta, every result its resultType; the meter's bytes are the server's, both ways", async () => {
  const meter = new RecordingMeter();
  const connection = await WireConnection.open(
    { server: "fleet" },
    { era: "stateless", discover: knownDiscover, meter },
  );
  let events: ServerEvent[];
  try {
    assert.equal((await connection.callTool({ name: "count_devices", arguments: {} })).channel, "result");
    assert.equal(
      (await connection.callTool({ name: "get_device", arguments: { device_id: "no such device" } })).channel,
      "error result",
    );
  } finally {
    events = await connection.close();
  }
  const traffic = connection.traffic();
  assert.deepEqual(connection.era(), {
    requested: "stateless",
    spoken: "stateless",
    protocolVersion: STATELESS_VERSION,
    probe: undefined,
  });
  assert.deepEqual(Object.keys(traffic.sent.byMethod), ["tools/list", "tools/call"]);
  assert.equal(traffic.sent.byKind.notification.messages, 0);
  assert.equal(connection.stats().processes, 1);
  const stopping = events.find((event) => event.event === "stopping")!;
  assert.equal(stopping.reason, "end of input");
  assert.deepEqual(
    [stopping.messages_in, stopping.bytes_in, stopping.messages_out, stopping.bytes_out],
    [
      traffic.sent.total.messages,
      traffic.sent.total.bytes,
      traffic.received.total.messages,
      traffic.received.total.bytes,
    ],
    "the server's counts are the client's",
  );
  assert.equal(meter.sentMessages.length, 3);
  for (const request of meter.sentMessages) {
    const meta = (request.params as { _meta?: Record<string, unknown> })._meta!;
    assert.equal(meta[PROTOCOL_VERSION_KEY], STATELESS_VERSION, `${String(request.method)}: protocol version in _meta`);
    assert.deepEqual(
      meta[CLIENT_CAPABILITIES_KEY],
      WIRE_CLIENT_CAPABILITIES,
      `${String(request.method)}: client capabilities in _meta`,
    );
    assert.deepEqual(meta[CLIENT_INFO_KEY], WIRE_CLIENT_INFO, `${String(request.method)}: client info in _meta`);
  }
  assert.equal(meter.receivedMessages.length, 3);
  for (const response of meter.receivedMessages) {
    const result = response.result as { resultType?: unknown; _meta?: Record<string, unknown> };
    assert.equal(result.resultType, "complete");
    assert.deepEqual(result._meta?.[SERVER_INFO_KEY], {
      name: connection.serverName,
      version: connection.serverVersion,
    });
  }
  assert.deepEqual(
    [
      (meter.receivedMessages[0].result as { ttlMs?: unknown }).ttlMs,
      (meter.receivedMessages[0].result as { cacheScope?: unknown }).cacheScope,
    ],
    [CACHE_HINT.ttlMs, CACHE_HINT.cacheScope],
    "tools/list carries its cache hint",
  );
  assert.deepEqual(children(), []);
});

test("era auto on our serve stays stateless: the probe's discover result is the known one, and the session after it is byte for byte the known one's", async () => {
  const spec = { server: "tarife" as const };
  const auto = await WireConnection.open(spec, { era: "auto" });
  const known = await WireConnection.open(spec, { era: "stateless", discover: knownDiscover });
  try {
    for (const connection of [auto, known])
      assert.equal((await connection.callTool({ name: "tarife", arguments: { m3: 12 } })).channel, "result");
  } finally {
    await Promise.all([auto.close(), known.close()]);
  }
  const { probe, spoken, protocolVersion } = auto.era();
  assert.deepEqual([spoken, protocolVersion, probe!.verdict], ["stateless", STATELESS_VERSION, "stateless"]);
  assert.deepEqual(adopted(probe!.discover!), knownDiscover(spec));
  assert.deepEqual([probe!.traffic.sent.total.messages, probe!.traffic.received.total.messages], [1, 1]);
  assert.deepEqual(Object.keys(auto.traffic().sent.byMethod), ["tools/list", "tools/call"]);
  assert.deepEqual(auto.traffic(), known.traffic());
  assert.deepEqual([auto.stats().processes, known.stats().processes], [2, 1]);
  assert.deepEqual(children(), []);
});

test("our servers' known discover result is what serve answers to server/discover, at levels 0 and 3: the fields a client adopts equal, the wire's resultType and cache hint beside them", () => {
  const request = {
    jsonrpc: "2.0",
    id: 1,
    method: "server/discover",
    params: { _meta: { [PROTOCOL_VERSION_KEY]: STATELESS_VERSION, [CLIENT_CAPABILITIES_KEY]: {} } },
  };
  for (const server of ["olcum", "tarife", "kayit", "fleet"] as const) {
    for (const level of [0, 3] as const) {
      const spec = { server, level };
      const run = spawnSync(process.execPath, serveArgs(spec), {
        input: JSON.stringify(request) + "\n",
        encoding: "utf8",
        timeout: 20_000,
      });
      assert.equal(run.status, 0, run.stderr);
      const { result } = JSON.parse(run.stdout) as { result: Record<string, unknown> };
      const { resultType, ttlMs, cacheScope } = result;
      assert.deepEqual(
        [resultType, ttlMs, cacheScope],
        ["complete", CACHE_HINT.ttlMs, CACHE_HINT.cacheScope],
        `${server} ${level}`,
      );
      assert.deepEqual(adopted(result as DiscoverResult), knownDiscover(spec), `${server} ${level}`);
    }
  }
});

test("listTools asks the server again in both eras, past the SDK client's ttl cache (our servers' tools/list carries ttlMs: 3,600,000): every listing a request and its answer, metered to the server's byte; with no process it rejects", async () => {
  for (const era of ["legacy", "stateless"] as const) {
    const connection = await WireConnection.open({ server: "fleet", level: 1 }, { era, discover: knownDiscover });
    let events: ServerEvent[];
    const first = connection.tools;
    let listed;
    try {
      listed = [await connection.listTools(), await connection.listTools()];
    } finally {
      events = await connection.close();
    }
    assert.deepEqual(listed, [first, first], `${era}: the same tools`);
    assert.equal(connection.tools, listed[1], `${era}: the connection keeps the last listing`);
    const traffic = connection.traffic();
    assert.deepEqual(
      [traffic.sent.byMethod["tools/list"], traffic.received.byMethod["tools/list"]].map((count) => count?.messages),
      [3, 3],
      `${era}: the opening's listing and two more`,
    );
    const stopping = events.find((event) => event.event === "stopping")!;
    assert.deepEqual(
      [stopping.messages_in, stopping.bytes_in, stopping.messages_out, stopping.bytes_out],
      [
        traffic.sent.total.messages,
        traffic.sent.total.bytes,
        traffic.received.total.messages,
        traffic.received.total.bytes,
      ],
      `${era}: the server's counts are the client's`,
    );
    await assert.rejects(connection.listTools(), /no running process/);
  }
  assert.deepEqual(children(), []);
});

test("in both eras a tool that declares an outputSchema has its results checked by the SDK's client (a result that breaks the schema is an error), and one that declares none answers as it is", async () => {
  for (const era of ["legacy", "stateless"] as const) {
    const connection = await WireConnection.open(OUTPUT_SCHEMA_LAUNCH, { era, discover: OUTPUT_SCHEMA_DISCOVER });
    let outcomes;
    try {
      assert.deepEqual(connection.tools, OUTPUT_SCHEMA_TOOLS, era);
      outcomes = [
        await connection.callTool({ name: "measure", arguments: { n: 3 } }),
        await connection.callTool({ name: "measure", arguments: { n: "x" } }),
        await connection.callTool({ name: "plain", arguments: {} }),
      ];
      await connection.listTools();
      outcomes.push(
        await connection.callTool({ name: "measure", arguments: { n: "y" } }),
        await connection.callTool({ name: "plain", arguments: {} }),
      );
    } finally {
      await connection.close();
    }
    assert.deepEqual(outcomes[0], { isError: false, channel: "result", text: JSON.stringify({ n: 3 }) }, era);
    for (const refused of [outcomes[1], outcomes[3]]) {
      assert.equal(refused.channel, "JSON-RPC error", era);
      assert.match(refused.text, /^MCP error -32602: Structured content does not match the tool's output schema/, era);
    }
    for (const plain of [outcomes[2], outcomes[4]])
      assert.deepEqual(plain, { isError: false, channel: "result", text: "plain" }, era);
  }
  assert.deepEqual(children(), []);
});
