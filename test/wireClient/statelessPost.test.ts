// Invariant: a request POSTed by hand carries the headers 2026-07-28 requires of it, each value
// encoded as "Value Encoding" asks (the spec's own examples), and `Mcp-Name` only where the method has one.
import assert from "node:assert/strict";
import { test } from "node:test";
import { headerValue, statelessPostHeaders } from "../../src/wireClient/statelessPost";

test("header values: plain when visible ASCII without edge spaces, Base64 in the sentinel otherwise (the spec's examples)", () => {
  // 2026-07-28 basic/transports/streamable-http.mdx, "Value Encoding", its table of examples.
  assert.equal(headerValue("us-west1"), "us-west1");
  assert.equal(headerValue("Hello, 世界"), "=?base64?SGVsbG8sIOS4lueVjA==?=");
  assert.equal(headerValue(" padded "), "=?base64?IHBhZGRlZCA=?=");
  assert.equal(headerValue("line1\nline2"), "=?base64?bGluZTEKbGluZTI=?=");
  assert.equal(headerValue("=?base64?literal?="), "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=");
});

test("Mcp-Name copies params.name or params.uri for tools/call, resources/read and prompts/get only", () => {
  const headers = (method: string, params: Record<string, unknown> = {}) =>
    statelessPostHeaders(JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }));
  assert.deepEqual(headers("tools/call", { name: "sayac_oku", arguments: {} }), {
    accept: "application/json, text/event-stream",
    "content-type": "application/json",
    "mcp-method": "tools/call",
    "mcp-name": "sayac_oku",
    "mcp-protocol-version": "2026-07-28",
  });
  assert.equal(headers("resources/read", { uri: "olcum://sayaclar" })["mcp-name"], "olcum://sayaclar");
  assert.equal(headers("prompts/get", { name: "tuketim_sor" })["mcp-name"], "tuketim_sor");
  assert.equal(headers("tools/list")["mcp-name"], undefined);
  assert.equal(headers("tools/list")["mcp-method"], "tools/list");
  assert.throws(() => statelessPostHeaders('{"jsonrpc":"2.0","id":1,"result":{}}'), /not a JSON-RPC request/);
});
