// The real client over Streamable HTTP against `serve --http`, metered at the socket: in both eras and both connection modes the
// framed header and body bytes add up to the sockets' own counters, the same run counts the same twice,
// connections are one (keep-alive) or one per request, and `auto` settles by one in-place server/discover POST.
import assert from "node:assert/strict";
import { test } from "node:test";
import { knownDiscover } from "../../src/server/knownDiscover";
import { WireConnection } from "../../src/wireClient/connection";
import { HTTP_CONNECTION_MODES, type HttpConnectionMode } from "../../src/wireClient/httpFetch";
import type { ServeSpec } from "../../src/wireClient/serveCommand";
import type { TrafficCounts } from "../../src/wireClient/trafficCounts";
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
