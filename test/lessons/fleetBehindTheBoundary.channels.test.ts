// The reference lesson 8's validating path follows is what the installed SDK 2.4 McpServer answers, over an in-memory pair, for invalid arguments, an unknown tool and a handler's throw; and the client-side failures the lesson shows as local ones are made by the SDK's clients, never sent by a server.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as MemoryV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer as McpServerV1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { simulateFleetLesson } from "../../src/lessons/fleetBehindTheBoundary/simulate";
import { channelCode, formatChannelTable, REFERENCE_CHANNELS } from "../../src/lessons/fleetBehindTheBoundary/tables";
import { DEFAULT_SEED } from "../../src/sim/seed";

/** The three calls of the table's rows: arguments the schema refuses, a tool nobody declared, a tool whose handler throws. */
const CALLS = {
  "invalid arguments": { name: "top_devices", arguments: { limit: "5" } },
  "unknown tool": { name: "rank_by_rate", arguments: {} },
  "handler throws": { name: "get_device", arguments: { device_id: "AV3-999" } },
} as const;

/** What a call came back as, in the table's codes: `isError` for a result so marked, the code of a JSON-RPC error. */
async function channelOf(call: () => Promise<unknown>): Promise<string> {
  try {
    const result = (await call()) as { isError?: boolean };
    return result.isError ? "isError" : "ok";
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    assert.equal(typeof code, "number", `a thrown error with a JSON-RPC code, got ${String(error)}`);
    return String(code);
  }
}

const limitShape = { limit: z.number().int().min(1).max(10) };
const idShape = { device_id: z.string() };
const refuse = (): never => {
  throw new Error('No device "AV3-999".');
};

test("SDK 2.4 McpServer answers as the validating path's reference says: invalid arguments and a throw are isError results, an unknown tool is -32602", async () => {
  const server = new McpServer({ name: "fleet", version: "1" });
  server.registerTool("top_devices", { inputSchema: z.object(limitShape) }, async () => ({
    content: [{ type: "text", text: "{}" }],
  }));
  server.registerTool("get_device", { inputSchema: z.object(idShape) }, async () => refuse());
  const client = new Client({ name: "probe", version: "0" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    for (const [kind, call] of Object.entries(CALLS) as [keyof typeof CALLS, (typeof CALLS)[keyof typeof CALLS]][]) {
      assert.equal(
        await channelOf(() => client.callTool({ name: call.name, arguments: { ...call.arguments } })),
        REFERENCE_CHANNELS[kind],
        kind,
      );
    }
  } finally {
    await client.close();
    await server.close();
  }
});

test("the validating path answers each kind of failure on the reference's channel, in the lesson's run", () => {
  const lesson = simulateFleetLesson(DEFAULT_SEED);
  const table = formatChannelTable(lesson).split("\n");
  for (const [kind, code] of Object.entries(REFERENCE_CHANNELS))
    assert.equal(table.find((row) => row.startsWith(`${kind}  `))!.split(/ {2,}/)[1], code, kind);
  const byLabel = (label: string) => lesson.malformed.find((row) => row.label === label)!.outcomes.validating;
  assert.equal(channelCode(byLabel("unknown tool")), "-32602");
  assert.equal(channelCode(byLabel("limit as a string")), "isError");
  assert.equal(channelCode(byLabel("unknown device id")), "isError");
});

test("SDK 1.x client: -32001 (timeout) and -32000 (connection closed) are made by the client; no server message carries them", async () => {
  const server = new McpServerV1({ name: "fleet", version: "1" });
  let release: () => void = () => {};
  server.registerTool(
    "top_devices",
    { inputSchema: limitShape },
    () =>
      new Promise((resolve) => {
        release = () => resolve({ content: [{ type: "text", text: "{}" }] });
      }),
  );
  const client = new ClientV1({ name: "probe", version: "0" });
  const [clientSide, serverSide] = MemoryV1.createLinkedPair();
  const fromServer: unknown[] = [];
  const fromClient: unknown[] = [];
  const serverSend = serverSide.send.bind(serverSide);
  serverSide.send = (message, options) => (fromServer.push(message), serverSend(message, options));
  const clientSend = clientSide.send.bind(clientSide);
  clientSide.send = (message, options) => (fromClient.push(message), clientSend(message, options));
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const timedOut = await channelOf(() =>
    client.callTool({ name: "top_devices", arguments: { limit: 5 } }, undefined, { timeout: 20 }),
  );
  assert.equal(timedOut, "-32001");
  assert.ok(
    fromClient.some((m) => (m as { method?: string }).method === "notifications/cancelled"),
    "the client cancels the request it gave up on",
  );
  release();
  const pending = channelOf(() => client.callTool({ name: "top_devices", arguments: { limit: 5 } }));
  await new Promise((resolve) => setTimeout(resolve, 20));
  await serverSide.close();
  assert.equal(await pending, "-32000");
  const codes = fromServer.map((m) => (m as { error?: { code: number } }).error?.code).filter((c) => c !== undefined);
  assert.ok(!codes.includes(-32001) && !codes.includes(-32000), `server error codes: ${codes.join(", ")}`);
  await client.close();
});

test("SDK 2.4 client: the same two local failures carry names, REQUEST_TIMEOUT and CONNECTION_CLOSED, not JSON-RPC codes", async () => {
  const server = new McpServer({ name: "fleet", version: "1" });
  server.registerTool("top_devices", { inputSchema: z.object(limitShape) }, () => new Promise(() => {}));
  const client = new Client({ name: "probe", version: "0" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const codeOf = async (call: Promise<unknown>) => {
    try {
      await call;
      return "answered";
    } catch (error) {
      return String((error as { code?: unknown }).code);
    }
  };
  assert.equal(
    await codeOf(client.callTool({ name: "top_devices", arguments: { limit: 5 } }, { timeout: 20 })),
    "REQUEST_TIMEOUT",
  );
  const pending = codeOf(client.callTool({ name: "top_devices", arguments: { limit: 5 } }));
  await new Promise((resolve) => setTimeout(resolve, 20));
  await serverSide.close();
  assert.equal(await pending, "CONNECTION_CLOSED");
  await client.close();
});
