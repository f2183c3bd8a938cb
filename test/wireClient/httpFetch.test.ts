// The real client over Streamable HTTP against `serve --http`, metered at the socket: in both eras and both connection modes the
// framed header and body bytes add up to the sockets' own counters, the same run counts the same twice,
// connections are one (keep-alive) or one per request, and `auto` settles by one in-place server/discover POST; a
// listener is told each exchange's header lines and contents, byte for byte what the meter counts.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { knownDiscover } from "../../src/server/knownDiscover";
import { WireConnection } from "../../src/wireClient/connection";
import {
  HTTP_CONNECTION_MODES,
  meteredFetch,
  type HttpConnectionMode,
  type HttpExchangeText,
} from "../../src/wireClient/httpFetch";
import type { ServeSpec } from "../../src/wireClient/serveCommand";
import { TrafficMeter, type TrafficCounts } from "../../src/wireClient/trafficCounts";
import { serveOverHttp } from "../../src/wireClient/httpServe";

const SPEC: ServeSpec = { server: "tarife", level: 3, seed: 20260218 };

/** Opens, lists, makes three calls, closes: the traffic. */
async function session(
  url: string,
  era: "legacy" | "stateless" | "auto",
  mode: HttpConnectionMode,
): Promise<TrafficCounts> {
  const connection = await WireConnection.open({ url }, { era, httpConnection: mode, discover: knownDiscover(SPEC) });
  try {
    assert.equal(connection.era().spoken, era === "legacy" ? "legacy" : "stateless");
    const [tool] = connection.tools;
    for (let call = 0; call < 3; call++) await connection.callTool({ name: tool.name, arguments: {} });
  } finally {
    await connection.close();
  }
  return connection.traffic();
}

for (const era of ["legacy", "stateless", "auto"] as const)
  for (const mode of HTTP_CONNECTION_MODES)
    test(`over HTTP, ${era} era, ${mode}: headers and bodies framed add up to the socket's bytes, the same twice`, async () => {
      const fixture = await serveOverHttp(SPEC);
      try {
        const first = await session(fixture.url, era, mode);
        const second = await session(fixture.url, era, mode);
        assert.deepEqual(second, first, "the same run counts the same");
        const http = first.http!;
        const { total, closedSockets } = http;
        assert.equal(closedSockets.connections, http.connections);
        assert.equal(closedSockets.sent, total.sent.headerBytes + total.sent.bodyBytes);
        assert.equal(closedSockets.received, total.received.headerBytes + total.received.bodyBytes);
        // Every message the client sent is one POST whose body is its JSON (the message view adds a newline).
        const posts = total.exchanges - (http.byMethod["(GET)"]?.exchanges ?? 0);
        assert.equal(posts, first.sent.total.messages);
        assert.equal(total.sent.bodyBytes, first.sent.total.bytes - first.sent.total.messages);
        assert.equal(http.connections, mode === "keep-alive" ? 1 : total.exchanges);
        assert.equal(first.sent.byMethod["tools/call"].messages, 3);
        assert.equal(http.byMethod["tools/call"].exchanges, 3);
        if (era === "legacy") {
          // initialize, notifications/initialized, the optional GET stream (answered 405), tools/list, 3 calls.
          assert.equal(total.exchanges, 7);
          assert.equal(http.byKind.notification.exchanges, 1);
        } else assert.equal(total.exchanges, era === "auto" ? 5 : 4);
        if (era === "auto") assert.equal(http.byMethod["server/discover"].exchanges, 1);
      } finally {
        await fixture.stop();
      }
    });

test("over HTTP, auto: the SDK probes in place, no process, the verdict kept", async () => {
  const fixture = await serveOverHttp(SPEC);
  const connection = await WireConnection.open({ url: fixture.url }, { era: "auto" });
  try {
    const state = connection.era();
    assert.equal(state.spoken, "stateless");
    assert.equal(state.probe?.verdict, "stateless");
    assert.equal(state.probe?.processes, 0);
    assert.deepEqual(state.probe?.discover?.supportedVersions, knownDiscover(SPEC).supportedVersions);
    assert.equal(connection.stats().processes, 0);
    assert.equal(connection.serverPid(), undefined);
  } finally {
    assert.deepEqual(await connection.close(), []);
    await fixture.stop();
  }
});

test("a listener is told each exchange as it crossed: header lines as written, contents without framing, the meter's bytes", async () => {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (req.headers["x-answer"] === "chunked") {
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"a":');
        res.end("1}");
      } else {
        res.writeHead(202);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/mcp`;
  const meter = new TrafficMeter();
  const seen: HttpExchangeText[] = [];
  const metered = meteredFetch(meter, "keep-alive", (exchange) => seen.push(exchange));
  const request = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
  const notification = '{"jsonrpc":"2.0","method":"notifications/initialized"}';
  try {
    const json = { "content-type": "application/json" };
    const first = await metered.fetch(url, {
      method: "POST",
      headers: { ...json, "x-answer": "chunked" },
      body: request,
    });
    assert.equal(await first.text(), '{"a":1}');
    const second = await metered.fetch(url, { method: "POST", headers: json, body: notification });
    assert.equal(await second.text(), "");
  } finally {
    await metered.close();
    server.close();
  }
  assert.equal(seen.length, 2);
  const [answered, accepted] = seen;
  assert.equal(answered.request.head[0], "POST /mcp HTTP/1.1");
  assert.ok(answered.request.head.includes("x-answer: chunked"), answered.request.head.join("|"));
  assert.ok(answered.request.head.includes(`Host: 127.0.0.1:${port}`));
  assert.equal(answered.request.content, request);
  assert.equal(answered.request.bodyBytes, Buffer.byteLength(request));
  assert.equal(answered.response.head[0], "HTTP/1.1 200 OK");
  assert.ok(answered.response.head.includes("Transfer-Encoding: chunked"));
  // Two pieces, then the last chunk: the content is theirs alone, the body counts the framing too.
  assert.equal(answered.response.content, '{"a":1}');
  assert.ok(answered.response.bodyBytes > Buffer.byteLength('{"a":1}'));
  assert.equal(accepted.request.content, notification);
  assert.equal(accepted.response.head[0], "HTTP/1.1 202 Accepted");
  assert.equal(accepted.response.content, "");
  // A header block's bytes are its lines with their CR LF, and the blank line.
  for (const { request: sent, response: received } of seen)
    for (const message of [sent, received])
      assert.equal(
        message.headerBytes,
        message.head.reduce((sum, line) => sum + Buffer.byteLength(line) + 2, 2),
      );
  // The listener sees what the meter counts.
  const total = meter.counts().http!.total;
  const sum = (pick: (exchange: HttpExchangeText) => number) => seen.reduce((all, exchange) => all + pick(exchange), 0);
  assert.equal(total.exchanges, seen.length);
  assert.equal(
    total.sent.headerBytes,
    sum((e) => e.request.headerBytes),
  );
  assert.equal(
    total.sent.bodyBytes,
    sum((e) => e.request.bodyBytes),
  );
  assert.equal(
    total.received.headerBytes,
    sum((e) => e.response.headerBytes),
  );
  assert.equal(
    total.received.bodyBytes,
    sum((e) => e.response.bodyBytes),
  );
});
