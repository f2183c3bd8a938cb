// Invariant: each SDK gap docs/sdk-gaps.md lists for Streamable HTTP, and `serve --http` covers, is
// still in the stock SDK (2.4.0's `createMcpHandler`, a low-level `Server`, its stateless legacy
// fallback; `@modelcontextprotocol/node` 2.1.2's guards and `toNodeHandler`); the day one is fixed
// upstream its test fails, and the workaround it names can go.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, it } from "node:test";
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from "@modelcontextprotocol/node";
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

describe("the stock Node composition's error bodies (docs/sdk-gaps.md#http-error-bodies)", () => {
  it('#http-error-bodies: the guards, toNodeHandler and the handler write "id": null and the legacy code -32000', async () => {
    // The composition the SDK documents for plain node:http: its guards, then toNodeHandler.
    const hostAllowed = localhostHostValidation();
    const originAllowed = localhostOriginValidation();
    const nodeHandler = toNodeHandler(handler, { maxRequestBodySize: 64 });
    const server = createServer((req, res) => {
      if (!hostAllowed(req, res) || !originAllowed(req, res)) return;
      void nodeHandler(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/mcp`;
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: META } });
    const json = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    try {
      const answers = await Promise.all([
        fetch(url, { method: "POST", headers: { ...json, origin: "http://evil.example" }, body }),
        fetch(url, { method: "GET", headers: json }),
        fetch(url, { method: "POST", headers: { ...json, "content-type": "text/plain" }, body: "{}" }),
        fetch(url, { method: "POST", headers: json, body: body + " ".repeat(64) }),
        fetch(url, { method: "POST", headers: json, body: "{oops" }),
      ]);
      const seen = await Promise.all(
        answers.map(async (answer) => {
          const parsed = (await answer.json()) as { id?: unknown; error: { code: number } };
          return [answer.status, parsed.error.code, parsed.id];
        }),
      );
      assert.deepEqual(seen, [
        [403, -32000, null],
        [405, -32000, null],
        [415, -32000, null],
        [413, -32000, null],
        [400, -32700, null],
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
