// The real client (era `auto`) against a server no one here wrote, the MCP project's own reference server `@modelcontextprotocol/server-everything` (legacy SDK 1.x, legacy era only): over stdio its probe falls back to `initialize`, it discovers the server, calls its `echo` tool and counts every byte; over Streamable HTTP the SDK's own probe is one `server/discover` POST, and the rest is the same.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { test } from "node:test";
import {
  CLIENT_CAPABILITIES_KEY,
  CLIENT_INFO_KEY,
  PROTOCOL_VERSION_KEY,
  STATELESS_REVISION,
} from "../../src/protocol/revisions";
import { WIRE_CLIENT_CAPABILITIES, WIRE_CLIENT_INFO } from "../../src/wireClient/clientInfo";
import { WireConnection } from "../../src/wireClient/connection";
import type { DirectionCounts, TrafficCounts } from "../../src/wireClient/trafficCounts";
import { tempDir } from "../helpers";
import { npxBinRequirement } from "../requirements";

/**
 * The server, pinned. Not a dependency of this project: npx fetches it once into its cache (its
 * own tree is the legacy SDK 1.x, express and a few more), and the test runs its `bin` with this
 * Node. Its launcher takes the transport as its one argument: `stdio` (the default),
 * `streamableHttp` (on `PORT`, default 3001, endpoint `/mcp`) or the deprecated `sse` (its README,
 * "Running from source", and the launcher's usage line).
 */
const EVERYTHING = "@modelcontextprotocol/server-everything@2026.8.31";

const everything = npxBinRequirement(EVERYTHING, "mcp-server-everything");
const skip = everything.skip;

/** What the test asks `echo` to echo; the server answers `Echo: <message>` (its tools/echo.js). */
const MESSAGE = "hello from mcp-course";

/** The bytes of a line as a stdio peer writes it: the JSON text and its newline, UTF-8. */
function lineBytes(message: unknown): number {
  return Buffer.byteLength(JSON.stringify(message) + "\n");
}

/** Checks a direction adds up: its total is the sum of its kinds and of its methods. */
function checkSums(direction: DirectionCounts, label: string): void {
  const sum = (counts: { messages: number; bytes: number }[]) =>
    counts.reduce((all, count) => ({ messages: all.messages + count.messages, bytes: all.bytes + count.bytes }), {
      messages: 0,
      bytes: 0,
    });
  assert.deepEqual(sum(Object.values(direction.byKind)), direction.total, `${label}: kinds add up`);
  assert.deepEqual(sum(Object.values(direction.byMethod)), direction.total, `${label}: methods add up`);
}

/**
 * Sends the server one line and resolves with the first line it answers, as written (newline
 * included): what a probe receives, read without any client between.
 */
function answerOf(request: unknown): Promise<string> {
  const child = spawn(process.execPath, [everything.path, "stdio"], {
    cwd: tempDir(),
    stdio: ["pipe", "pipe", "ignore"],
  });
  return new Promise<string>((resolve, reject) => {
    let text = "";
    child.once("error", reject);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      text += chunk;
      const end = text.indexOf("\n");
      if (end !== -1) resolve(text.slice(0, end + 1));
    });
    child.once("close", () => reject(new Error(`the server exited without answering: ${text}`)));
    child.stdin.end(JSON.stringify(request) + "\n");
  }).finally(() => child.kill());
}

/**
 * The probe's request as SDK 2.4.0's client writes it (`versionNegotiation` pinned to
 * 2026-07-28): its own request id, and the per-request `_meta` of the stateless era (2026-07-28
 * `basic/index.mdx`, "Per-request protocol fields") with the course client's identity.
 */
const PROBE_REQUEST = {
  jsonrpc: "2.0",
  id: "server-discover-probe-1",
  method: "server/discover",
  params: {
    _meta: {
      [PROTOCOL_VERSION_KEY]: STATELESS_REVISION,
      [CLIENT_INFO_KEY]: { ...WIRE_CLIENT_INFO },
      [CLIENT_CAPABILITIES_KEY]: { ...WIRE_CLIENT_CAPABILITIES },
    },
  },
} as const;

/** A short report of one direction: `N messages, B bytes (method m/b, …)`. */
function figures(direction: DirectionCounts): string {
  const methods = Object.entries(direction.byMethod).map(
    ([method, count]) => `${method} ${count.messages}/${count.bytes}`,
  );
  return `${direction.total.messages} messages, ${direction.total.bytes} bytes (${methods.join(", ")})`;
}

test(
  "server-everything over stdio, era auto: the probe falls back to initialize, discovery, echo, every byte counted",
  { skip, timeout: 120_000 },
  async (t) => {
    everything.check();
    const connection = await WireConnection.open(
      { command: process.execPath, args: [everything.path, "stdio"], cwd: tempDir() },
      { era: "auto", listEverything: true },
    );
    let traffic: TrafficCounts;
    try {
      // The probe: one server/discover on a process of its own, answered with an error that is not
      // a modern one, so the client falls back to initialize (2026-07-28 basic/versioning.mdx,
      // "Backward Compatibility with Initialization-Based Versions").
      const era = connection.era();
      assert.equal(era.requested, "auto");
      assert.equal(era.spoken, "legacy");
      assert.equal(era.protocolVersion, "2025-11-25");
      const probe = era.probe!;
      assert.equal(probe.verdict, "legacy");
      assert.equal(probe.processes, 1);
      assert.deepEqual(Object.keys(probe.traffic.sent.byMethod), ["server/discover"]);
      assert.equal(probe.traffic.sent.total.messages, 1);
      assert.deepEqual(Object.keys(probe.traffic.received.byMethod), ["server/discover"]);
      assert.equal(probe.traffic.received.total.messages, 1);
      assert.equal(probe.traffic.transportErrors, 0);
      checkSums(probe.traffic.sent, "probe sent");
      checkSums(probe.traffic.received, "probe received");
      t.diagnostic(`probe sent ${figures(probe.traffic.sent)}; received ${figures(probe.traffic.received)}`);

      // Discovery: the reference server as it introduces itself, and its echo tool as it declares it.
      assert.equal(connection.serverName, "mcp-servers/everything");
      assert.equal(typeof connection.serverVersion, "string");
      for (const capability of ["tools", "resources", "prompts", "logging", "completions"])
        assert.ok(connection.serverCapabilities?.[capability], `declares ${capability}`);
      const echo = connection.tools.find((tool) => tool.name === "echo");
      assert.ok(echo, `lists echo among ${connection.tools.map((tool) => tool.name).join(", ")}`);
      assert.equal(echo.description, "Echoes back the input string");
      const schema = echo.inputSchema as {
        type: string;
        properties: Record<string, { type: string }>;
        required: string[];
      };
      assert.equal(schema.type, "object");
      assert.equal(schema.properties.message.type, "string");
      assert.deepEqual(schema.required, ["message"]);
      assert.equal(echo.annotations?.readOnlyHint, true);

      const outcome = await connection.callTool({ name: "echo", arguments: { message: MESSAGE } });
      assert.deepEqual(outcome, { isError: false, channel: "result", text: `Echo: ${MESSAGE}` });
      traffic = connection.traffic();
      assert.deepEqual(connection.stats().processes, 2, "the probe's process and the session's");
    } finally {
      await connection.close();
    }

    // The session's bytes: the legacy opening, discovery of tools, resources and prompts, one call.
    const { sent, received } = traffic;
    assert.equal(traffic.transportErrors, 0);
    checkSums(sent, "sent");
    checkSums(received, "received");
    assert.deepEqual(Object.keys(sent.byMethod), [
      "initialize",
      "notifications/initialized",
      "tools/list",
      "resources/list",
      "prompts/list",
      "tools/call",
    ]);
    for (const method of ["initialize", "tools/list", "resources/list", "prompts/list", "tools/call"]) {
      assert.equal(sent.byMethod[method].messages, 1, `one ${method} sent`);
      assert.equal(received.byMethod[method].messages, 1, `one ${method} answered`);
    }
    assert.equal(sent.byKind.response.messages, 0, "the server asked the client nothing");
    assert.equal(received.byKind.request.messages, 0, "the server asked the client nothing");
    // The echo's answer is counted as the line the server wrote: SDK 1.x's `JSON.stringify(message)`
    // and a newline, the result first. The session's five request ids are 0 to 4, one digit.
    const echoed = { result: { content: [{ type: "text", text: `Echo: ${MESSAGE}` }] }, jsonrpc: "2.0", id: 0 };
    assert.equal(received.byMethod["tools/call"].bytes, lineBytes(echoed));
    t.diagnostic(`session sent ${figures(sent)}`);
    t.diagnostic(`session received ${figures(received)}`);
  },
);

test(
  "server-everything over stdio: the probe's bytes are its server/discover line and the line the server answers it with, a -32601",
  { skip, timeout: 120_000 },
  async (t) => {
    everything.check();
    const connection = await WireConnection.open(
      { command: process.execPath, args: [everything.path, "stdio"], cwd: tempDir() },
      { era: "auto" },
    );
    const probe = connection.era().probe!;
    await connection.close();
    // What SDK 2.4.0's probe sends (its request id is its own), and what the server writes back
    // when that very line is sent to it by hand: the SDK 1.x Server's "Method not found".
    assert.equal(probe.traffic.sent.total.bytes, lineBytes(PROBE_REQUEST));
    const line = await answerOf(PROBE_REQUEST);
    assert.deepEqual(JSON.parse(line), {
      jsonrpc: "2.0",
      id: PROBE_REQUEST.id,
      error: { code: -32601, message: "Method not found" },
    });
    assert.equal(probe.traffic.received.total.bytes, Buffer.byteLength(line));
    t.diagnostic(
      `the fallback cost one process and ${lineBytes(PROBE_REQUEST)} + ${Buffer.byteLength(line)} bytes: ${line.trim()}`,
    );
  },
);

/** A free loopback port: bound, read and let go (the server takes its port from `PORT`, and 0 would not say which it got). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server in its Streamable HTTP mode on a free port (its endpoint `/mcp`) and resolves
 * once it logs `… listening on port <port>`; the caller kills it.
 */
async function everythingOverHttp(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [everything.path, "streamableHttp"], {
    cwd: tempDir(),
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes(`listening on port ${port}`)) resolve();
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server-everything exited (${code}) before listening: ${text}`)));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, child };
}

test(
  "server-everything over Streamable HTTP, era auto: a server/discover POST in place, the fallback to initialize, echo, every exchange counted",
  { skip, timeout: 120_000 },
  async (t) => {
    everything.check();
    const { url, child } = await everythingOverHttp();
    let traffic: TrafficCounts;
    let connection: WireConnection | undefined;
    try {
      connection = await WireConnection.open({ url }, { era: "auto", listEverything: true });
      // Over HTTP the SDK's own auto probes on the session's transport: no second process.
      const era = connection.era();
      assert.equal(era.spoken, "legacy");
      assert.equal(era.protocolVersion, "2025-11-25");
      const probe = era.probe!;
      assert.equal(probe.verdict, "legacy");
      assert.equal(probe.processes, 0);
      assert.deepEqual(Object.keys(probe.traffic.sent.byMethod), [
        "server/discover",
        "initialize",
        "notifications/initialized",
      ]);
      assert.equal(connection.stats().processes, 0);

      assert.equal(connection.serverName, "mcp-servers/everything");
      assert.ok(connection.tools.some((tool) => tool.name === "echo"));
      const outcome = await connection.callTool({ name: "echo", arguments: { message: MESSAGE } });
      assert.deepEqual(outcome, { isError: false, channel: "result", text: `Echo: ${MESSAGE}` });
      traffic = connection.traffic();
    } finally {
      await connection?.close();
      child.kill();
    }

    const http = traffic.http!;
    assert.ok(http, "counted over HTTP");
    // The one error is the probe's answer: the legacy server's 400 ("Bad Request: Server not initialized"),
    // which the SDK's transport reports through `onerror` as well as to the probe.
    assert.equal(traffic.transportErrors, 1);
    checkSums(traffic.sent, "sent");
    assert.deepEqual(Object.keys(http.byMethod), [
      "server/discover",
      "initialize",
      "notifications/initialized",
      "tools/list",
      "resources/list",
      "prompts/list",
      "tools/call",
    ]);
    // Every message the client sent was one POST, and every POST was answered.
    assert.equal(http.total.exchanges, traffic.sent.total.messages);
    for (const [method, count] of Object.entries(http.byMethod)) {
      assert.equal(count.exchanges, 1, method);
      assert.ok(count.received.headerBytes > 0, `${method} answered`);
    }
    // Its body is the message's JSON: the stdio figure without the newline.
    assert.equal(http.total.sent.bodyBytes, traffic.sent.total.bytes - traffic.sent.total.messages);
    assert.ok(http.connections >= 1);
    const discover = http.byMethod["server/discover"];
    const cost = discover.sent.headerBytes + discover.sent.bodyBytes;
    const answer = discover.received.headerBytes + discover.received.bodyBytes;
    t.diagnostic(
      `the fallback cost one POST: ${cost} bytes sent (${discover.sent.headerBytes} of headers), ${answer} received; ` +
        `the session in all ${http.total.exchanges} HTTP requests on ${http.connections} TCP connection(s)`,
    );
  },
);
