// Invariant: every JSON-RPC error body `serve --http` writes, its own or the SDK's, has the request's
// id or no id member (JSON-RPC's null only for 2025-06-18 and 2024-11-05, as over stdio), and no code
// of 2026-07-28's legacy sub-range -32000..-32019; what it leaves alone it returns byte for byte.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  conformingError,
  errorBody,
  idMember,
  invalidRequest,
  isLegacyRangeCode,
  readableId,
} from "../../src/server/httpErrorBody";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

test("the legacy sub-range is -32019 to -32000, both ends included", () => {
  assert.deepEqual([-32020, -32019, -32010, -32000, -31999, -32600, "-32000"].map(isLegacyRangeCode), [
    false,
    true,
    true,
    true,
    false,
    false,
    false,
  ]);
});

test("an error body: jsonrpc, the id when read, else none (null for 2025-06-18 and 2024-11-05), then error", () => {
  const error = invalidRequest("Invalid Origin: evil.example");
  assert.equal(
    errorBody(error, idMember(undefined, undefined)),
    '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Origin: evil.example"}}',
  );
  assert.equal(errorBody(error, idMember(undefined, "2025-11-25")).includes('"id"'), false);
  assert.equal(errorBody(error, idMember(undefined, "2026-07-28")).includes('"id"'), false);
  assert.match(errorBody(error, idMember(undefined, "2025-06-18")), /^\{"jsonrpc":"2\.0","id":null,/);
  assert.match(errorBody(error, idMember(7, "2025-06-18")), /^\{"jsonrpc":"2\.0","id":7,/);
  assert.deepEqual([{ id: 1 }, { id: "a" }, { id: null }, { id: {} }, [{ id: 1 }], null, 5].map(readableId), [
    1,
    "a",
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
  // `"id":1e999` parses to Infinity, which JSON cannot write back: an id that could not be read.
  assert.equal(readableId(JSON.parse('{"id":1e999}')), undefined);
  assert.equal(idMember(readableId(JSON.parse('{"id":1e999}')), "2025-11-25").id, undefined);
});

test("the SDK's error answers: id null dropped, a legacy code made -32600 (or -32603 on a 5xx), the rest kept", async () => {
  const fixed = async (response: Response, revision?: string) => {
    const answer = await conformingError(response, revision);
    return [answer.status, await answer.text()];
  };
  assert.deepEqual(
    await fixed(json(405, { jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed." }, id: null })),
    [405, '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Method not allowed."}}'],
  );
  assert.deepEqual(
    await fixed(json(500, { jsonrpc: "2.0", error: { code: -32000, message: "Error replaying events" }, id: null })),
    [500, '{"jsonrpc":"2.0","error":{"code":-32603,"message":"Error replaying events"}}'],
  );
  assert.deepEqual(
    await fixed(json(400, { jsonrpc: "2.0", error: { code: -32020, message: "m", data: { a: 1 } }, id: null })),
    [400, '{"jsonrpc":"2.0","error":{"code":-32020,"message":"m","data":{"a":1}}}'],
  );
  assert.deepEqual(
    await fixed(json(400, { jsonrpc: "2.0", error: { code: -32000, message: "m" }, id: null }), "2025-06-18"),
    [400, '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"m"}}'],
  );
  // Left as they are: an error with its id, a success, a body that is not JSON, an SSE stream.
  const kept = '{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":9}';
  assert.deepEqual(await fixed(new Response(kept, { status: 404, headers: { "content-type": "application/json" } })), [
    404,
    kept,
  ]);
  const ok = json(200, { jsonrpc: "2.0", id: 1, result: {} });
  assert.equal(await conformingError(ok, undefined), ok);
  assert.deepEqual(
    await fixed(new Response("oops", { status: 502, headers: { "content-type": "application/json" } })),
    [502, "oops"],
  );
  const stream = new Response("event: message\n", { status: 400, headers: { "content-type": "text/event-stream" } });
  assert.equal(await conformingError(stream, undefined), stream);
});
