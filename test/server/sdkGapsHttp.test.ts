// Invariant: each SDK gap docs/sdk-gaps.md lists for Streamable HTTP, and `serve --http` covers, is
// still in the stock SDK (2.4.0's `createMcpHandler`, a low-level `Server`, its stateless legacy
// fallback); the day one is fixed upstream its test fails, and the workaround it names can go.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createMcpHandler, Server } from "@modelcontextprotocol/server";

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};

/** The stock handler: one tool, 2026-07-28 and 2025-11-25 accepted, as `serve --http --era both`. */
const handler = createMcpHandler(
  () => {
    const server = new Server(
      { name: "gap", version: "1" },
      { capabilities: { tools: {} }, supportedProtocolVersions: ["2026-07-28", "2025-11-25"] },
    );
    server.setRequestHandler("tools/list", () => ({ tools: [{ name: "t", inputSchema: { type: "object" } }] }));
    server.setRequestHandler("tools/call", () => ({ content: [{ type: "text", text: "ok" }] }));
    return server;
  },
  { legacy: "stateless", onerror: () => {} },
);

/** One POST to the stock handler; the JSON-RPC message of its answer (JSON or one SSE event). */
async function post(body: unknown, headers: Record<string, string> = {}): Promise<Record<string, any>> {
  const response = await handler.fetch(
    new Request("http://127.0.0.1/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return JSON.parse(text.startsWith("{") ? text : /^data: (.*)$/m.exec(text)![1]) as Record<string, any>;
}

const modernHeaders = (method: string) => ({ "mcp-protocol-version": "2026-07-28", "mcp-method": method });

describe("the stock SDK's gaps over Streamable HTTP that serve --http covers (docs/sdk-gaps.md#over-streamable-http)", () => {
  it("#initialize-bad-params: initialize without capabilities and clientInfo gets −32603 with zod's issue list", async () => {
    const answer = await post({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25" },
    });
    assert.equal(answer.error.code, -32603);
    assert.ok(String(answer.error.message).includes("\n"));
  });

  it("#zod-issue-lists: a tools/call whose name is a number gets −32602 whose message is zod's issue list on many lines", async () => {
    const answer = await post(
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: 5, _meta: META } },
      { ...modernHeaders("tools/call"), "mcp-name": "5" },
    );
    assert.equal(answer.error.code, -32602);
    assert.ok(String(answer.error.message).includes("\n"));
  });

  it("#discover-lists-modern-only: server/discover lists 2026-07-28 alone, while initialize for 2025-11-25 is served", async () => {
    const discover = await post(
      { jsonrpc: "2.0", id: 3, method: "server/discover", params: { _meta: META } },
      modernHeaders("server/discover"),
    );
    assert.deepEqual(discover.result.supportedVersions, ["2026-07-28"]);
    const init = await post({
      jsonrpc: "2.0",
      id: 4,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "gap", version: "1" } },
    });
    assert.equal(init.result.protocolVersion, "2025-11-25");
  });
});
