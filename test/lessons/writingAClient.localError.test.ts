// Lesson 7's whole 2026-07-28 client never prints a ProtocolError the SDK threw itself as a JSON-RPC
// error from the server: SDK 2.4.0's callTool throws -32602 when structuredContent fails the listed
// outputSchema and -32600 when it is missing, though no error crossed the wire, and the error says
// nothing of where it came from. 2026-07-28 basic/index.mdx, "Error Codes": local errors "cannot be
// mistaken for errors received from the peer".
import assert from "node:assert/strict";
import { test } from "node:test";
import { InMemoryTransport, type JSONRPCMessage } from "@modelcontextprotocol/client";
import { callInCurrentRevision } from "../../src/lessons/writingAClient/currentClient";

const META = { "io.modelcontextprotocol/serverInfo": { name: "tarife", version: "1" } };
/** What a 2026-07-28 `server/discover` or list result adds: how long it stays fresh, and for whom. */
const CACHE = { ttlMs: 0, cacheScope: "private" };

/** A 2026-07-28 server by hand: `tarife` lists an outputSchema, then answers as each call asks. */
function serverAnswering(results: Record<string, object>): InMemoryTransport {
  const [client, server] = InMemoryTransport.createLinkedPair();
  const answer = (id: string | number, result: object) =>
    void server.send({ jsonrpc: "2.0", id, result: { ...result, resultType: "complete", _meta: META } });
  server.onmessage = (message: JSONRPCMessage) => {
    if (!("id" in message) || !("method" in message)) return;
    const { id, method } = message;
    if (method === "server/discover")
      return answer(id, { supportedVersions: ["2026-07-28"], capabilities: { tools: {} }, ...CACHE });
    if (method === "tools/list")
      return answer(id, {
        ...CACHE,
        tools: ["tarife", "tarife_eski"].map((name) => ({
          name,
          inputSchema: { type: "object", properties: { m3: { type: "integer" } } },
          outputSchema: {
            type: "object",
            properties: { tutar: { type: "integer" } },
            required: ["tutar"],
          },
        })),
      });
    const name = (message.params as { name: string }).name;
    const result = results[name];
    if (result === undefined)
      return void server.send({
        jsonrpc: "2.0",
        id,
        error: { code: -32602, message: `Unknown tool: ${name}` },
      });
    return answer(id, result);
  };
  void server.start();
  return client;
}

test("a ProtocolError no server sent is not called the server's JSON-RPC error", async () => {
  const transport = serverAnswering({
    tarife: {
      content: [{ type: "text", text: '{"tutar":"elli dört"}' }],
      structuredContent: { tutar: "elli dört" },
    },
    tarife_eski: { content: [{ type: "text", text: '{"tutar":54}' }] },
  });
  const said = await callInCurrentRevision(transport, [
    { name: "tarife", arguments: { m3: 12 } },
    { name: "tarife_eski", arguments: { m3: 12 } },
    { name: "tarfe", arguments: { m3: 12 } },
  ]);
  assert.equal(said[0], "listed: tarife tarife_eski");
  assert.match(said[1], /^tarife: ProtocolError -32602, Structured content does not match/);
  assert.match(said[2], /^tarife_eski: ProtocolError -32600, .*did not return structured content/);
  assert.equal(said[3], "tarfe: ProtocolError -32602, Unknown tool: tarfe");
  assert.ok(!said.some((line) => line.includes("JSON-RPC error")), said.join("\n"));
});
