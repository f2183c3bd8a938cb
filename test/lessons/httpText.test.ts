// Invariant: what a lesson prints of an HTTP message depends only on what the message carried, not
// on how the sender's runtime cut an SSE body into chunks (Node.js 20 and 24 cut the same four
// events differently); a JSON body, written in one piece, is counted with its chunked coding.
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatHttpExchange, httpHeading, shownBodyBytes } from "../../src/lessons/httpText";
import { readSlowHttp } from "../../src/lessons/fleetBehindTheBoundary/prose";
import type { HttpMessageText } from "../../src/wireClient/httpFetch";

const EVENTS = [1, 2, 3]
  .map(
    (k) => `event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":${k}}}\n\n`,
  )
  .concat('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{"content":[]}}\n\n')
  .join("");

/** A chunked body's bytes on the socket, its content cut into `pieces` (then the last chunk). */
function chunkedBytes(content: string, pieces: number): number {
  const bytes = Buffer.byteLength(content);
  const size = Math.ceil(bytes / pieces);
  let total = "0\r\n\r\n".length;
  for (let at = 0; at < bytes; at += size) {
    const piece = Math.min(size, bytes - at);
    total += piece.toString(16).length + 2 + piece + 2;
  }
  return total;
}

const stream = (pieces: number): HttpMessageText => ({
  head: ["HTTP/1.1 200 OK", "content-type: text/event-stream", "Transfer-Encoding: chunked"],
  content: EVENTS,
  headerBytes: 95,
  bodyBytes: chunkedBytes(EVENTS, pieces),
});

const request: HttpMessageText = {
  head: ["POST /mcp HTTP/1.1", "content-type: application/json"],
  content: '{"jsonrpc":"2.0","id":1,"method":"tools/call"}',
  headerBytes: 52,
  bodyBytes: 46,
};

test("an SSE body prints and reads the same however its events were cut into chunks", () => {
  assert.notEqual(stream(4).bodyBytes, stream(3).bodyBytes);
  const printed = (pieces: number) =>
    formatHttpExchange("mcp-course serve fleet --http", { request, response: stream(pieces) });
  assert.equal(printed(4), printed(3));
  assert.equal(printed(1), printed(4));
  assert.match(
    httpHeading("server", stream(4)),
    new RegExp(
      `^server → client \\(95 \\+ ${Buffer.byteLength(EVENTS)} bytes, the body without its chunked coding\\)$`,
    ),
  );
  const call = (pieces: number) => ({
    command: "mcp-course serve fleet --http",
    exchange: { request, response: stream(pieces) },
    messages: [...EVENTS.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]) as Record<string, unknown>),
    jsonBytes: [...EVENTS.matchAll(/^data: (.*)$/gm)].reduce((sum, m) => sum + Buffer.byteLength(m[1]), 0),
  });
  assert.equal(readSlowHttp(call(4)), readSlowHttp(call(3)));
});

test("a JSON body is counted as on the socket, its chunked coding included", () => {
  const json: HttpMessageText = {
    head: ["HTTP/1.1 200 OK", "content-type: application/json", "Transfer-Encoding: chunked"],
    content: '{"jsonrpc":"2.0","id":1,"result":{}}',
    headerBytes: 80,
    bodyBytes: chunkedBytes('{"jsonrpc":"2.0","id":1,"result":{}}', 1),
  };
  assert.equal(shownBodyBytes(json), json.bodyBytes);
  assert.equal(httpHeading("server", json), `server → client (80 + ${json.bodyBytes} bytes)`);
  assert.equal(httpHeading("client", request), "client → server (52 + 46 bytes)");
});
