// The real client's SDK Client builds each result validator once per era codec and method and takes plain result responses straight to the SDK's response entry, and answers exactly as the SDK's own Client: the same results, the same refusals, the same messages.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Client, InMemoryTransport, isJSONRPCResultResponse, type JSONRPCMessage } from "@modelcontextprotocol/client";
import { codecResultSchema, CourseClient, plainResponseDispatch } from "../../src/wireClient/courseClient";

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

const LINES = [
  '{"jsonrpc":"2.0","id":1,"result":{}}',
  '{"jsonrpc":"2.0","id":"a","result":{"content":[{"type":"text","text":"ok"}]}}',
  '{"result":{"tools":[]},"jsonrpc":"2.0","id":7}',
  '{"jsonrpc":"2.0","id":1,"result":{"content":[],"resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"x","version":"1"}}}}',
  '{"jsonrpc":"2.0","id":1,"result":{"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"x"}}}}',
  '{"jsonrpc":"2.0","id":1.5,"result":{}}',
  '{"jsonrpc":"2.0","id":null,"result":{}}',
  '{"jsonrpc":"2.0","id":1,"result":[]}',
  '{"jsonrpc":"2.0","id":1,"result":{},"extra":1}',
  '{"jsonrpc":"2.0","id":1,"result":{"__proto__":{}}}',
  '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no"}}',
  '{"jsonrpc":"2.0","id":1,"method":"ping"}',
  '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}',
];

for (const text of LINES) {
  test(`plainResponseDispatch: ${text} goes straight to the response entry only where the SDK's dispatch sends it there`, () => {
    const message = JSON.parse(text) as JSONRPCMessage;
    const routed: string[] = [];
    plainResponseDispatch(
      () => routed.push("sdk"),
      () => routed.push("response"),
    )(message);
    assert.equal(routed.length, 1);
    if (routed[0] === "response") assert.equal(isJSONRPCResultResponse(message), true, "a result response to the SDK's first guard");
  });
}

test("plainResponseDispatch takes what servers write in both eras straight to the response entry", () => {
  for (const text of LINES.slice(0, 4)) {
    let to = "";
    plainResponseDispatch(
      () => (to = "sdk"),
      () => (to = "response"),
    )(JSON.parse(text) as JSONRPCMessage);
    assert.equal(to, "response", text);
  }
});
