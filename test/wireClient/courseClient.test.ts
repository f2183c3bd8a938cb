// The real client's SDK Client builds each result validator once per era codec and method, and answers exactly as the SDK's own Client: the same results, the same refusals, the same messages.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Client, InMemoryTransport, type JSONRPCMessage } from "@modelcontextprotocol/client";
import { codecResultSchema, CourseClient } from "../../src/wireClient/courseClient";

/** A legacy server in memory that answers `initialize`, and every `tools/call` with the next of `results`, whatever it is. */
async function connected(client: Client, results: unknown[]): Promise<void> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  let next = 0;
  serverSide.onmessage = (message: JSONRPCMessage) => {
    if (!("method" in message) || !("id" in message)) return;
    const result =
      message.method === "initialize"
        ? { protocolVersion: "2025-11-25", capabilities: { tools: {} }, serverInfo: { name: "fake", version: "1" } }
        : message.method === "tools/call"
          ? results[next++]
          : { tools: [] };
    void serverSide.send({ jsonrpc: "2.0", id: message.id, result } as JSONRPCMessage);
  };
  await serverSide.start();
  await client.connect(clientSide);
}

/** What a call gives: its result, or its error's class and message. */
async function outcome(client: Client): Promise<unknown> {
  try {
    return { result: await client.callTool({ name: "t", arguments: {} }) };
  } catch (error) {
    return { error: (error as Error).constructor.name, message: (error as Error).message };
  }
}

const RESULTS: unknown[] = [
  { content: [{ type: "text", text: "ok" }] },
  { content: [{ type: "text", text: "bad" }], isError: true, extra: 1 },
  { content: "not an array" },
  { content: [{ type: "text" }] },
  { isError: "yes", content: [] },
  { structuredContent: { a: 1 }, content: [{ type: "text", text: "{\"a\":1}" }] },
];

test("CourseClient gives every tools/call result and refusal the SDK's Client gives", async () => {
  const sdk = new Client({ name: "a", version: "1" }, { capabilities: {} });
  const ours = new CourseClient({ name: "a", version: "1" }, { capabilities: {} });
  await connected(sdk, RESULTS);
  await connected(ours, RESULTS);
  for (let i = 0; i < RESULTS.length; i++) assert.deepEqual(await outcome(ours), await outcome(sdk), `result ${i}`);
  assert.deepEqual(await ours.listTools(), await sdk.listTools());
  await sdk.close();
  await ours.close();
});

test("codecResultSchema: one validator for a method the era defines, none for one it does not", async () => {
  const client = new CourseClient({ name: "a", version: "1" }, { capabilities: {} });
  await connected(client, []);
  const codec = (client as unknown as { _wireCodec(): Parameters<typeof codecResultSchema>[0] })._wireCodec();
  const schema = codecResultSchema(codec, "tools/call");
  assert.ok(schema);
  assert.deepEqual(schema["~standard"].validate({ content: [] }), { value: { content: [] } });
  const refused = schema["~standard"].validate({ content: 1 }) as { issues: { message: string }[] };
  assert.equal(refused.issues.length, 1);
  assert.equal(refused.issues[0].message, (codec.validateResult("tools/call", { content: 1 }) as { message: string }).message);
  assert.equal(codecResultSchema(codec, "no/such-method"), undefined);
  await client.close();
});
