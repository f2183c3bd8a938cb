// Invariant: the screen's depth rule holds at its boundary whether or not it knows the line's length, and knowing it only skips walks that cannot find anything; what it accepts, lists and names agree at every moment of a connection.
import assert from "node:assert/strict";
import { test } from "node:test";
import { MAX_PARAMS_DEPTH, RequestScreen, statelessMetaError } from "../../src/server/requestScreen";
import { STATELESS_REVISION, SUPPORTED_REVISIONS } from "../../src/protocol/revisions";

/** A `ping` line whose params nest `depth` levels (params itself is 1), parsed, and its length. */
function nested(depth: number): { message: { method: string; params: unknown }; length: number } {
  const params = `${'{"a":'.repeat(depth - 1)}{}${"}".repeat(depth - 1)}`;
  const line = `{"jsonrpc":"2.0","id":1,"method":"ping","params":${params}}`;
  return { message: JSON.parse(line) as { method: string; params: unknown }, length: Buffer.byteLength(line) };
}

test("params nested one level past MAX_PARAMS_DEPTH are refused −32602, with the line's length given or not; at the limit they pass", () => {
  const deep = nested(MAX_PARAMS_DEPTH + 1);
  const atLimit = nested(MAX_PARAMS_DEPTH);
  assert.ok(
    deep.length > MAX_PARAMS_DEPTH,
    "a text nesting deeper than the limit is longer than the limit: every level opens a bracket",
  );
  for (const length of [deep.length, undefined]) {
    const refused = new RequestScreen().request(deep.message, length);
    assert.equal(refused?.code, -32602);
    assert.match(refused!.message, /nested deeper than 1000 levels/);
  }
  for (const length of [atLimit.length, undefined])
    assert.equal(new RequestScreen().request(atLimit.message, length), undefined);
});

test("a line of at most MAX_PARAMS_DEPTH bytes is not walked, and no such line can nest deeper: the deepest one nests far less", () => {
  const screen = new RequestScreen();
  // Params that would be refused, claimed to come from a short line: the walk is skipped (the claim is the transport's, and it is never false).
  assert.equal(screen.request(nested(MAX_PARAMS_DEPTH + 1).message, MAX_PARAMS_DEPTH), undefined);
  // Nesting costs at least one byte per level (its opening bracket): a text of MAX_PARAMS_DEPTH bytes holds fewer levels.
  const brackets = (text: string) => [...text].filter((c) => c === "{" || c === "[").length;
  let depth = 1;
  while (nested(depth + 1).length <= MAX_PARAMS_DEPTH) depth += 1;
  assert.ok(
    depth < MAX_PARAMS_DEPTH && brackets(JSON.stringify(nested(depth).message)) <= MAX_PARAMS_DEPTH,
    `the deepest such line nests ${depth}`,
  );
});

test("accepted() is what the process accepts at each moment: every revision before an era, 2026-07-28 alone after a stateless request, unchanged by a discover probe; −32022 lists 2026-07-28 alone throughout", () => {
  const meta = (version: string) => ({
    _meta: { "io.modelcontextprotocol/protocolVersion": version, "io.modelcontextprotocol/clientCapabilities": {} },
  });
  const screen = new RequestScreen();
  assert.deepEqual(screen.accepted(), SUPPORTED_REVISIONS);
  assert.equal(screen.request({ method: "server/discover", params: meta(STATELESS_REVISION) }), undefined);
  assert.deepEqual(screen.accepted(), SUPPORTED_REVISIONS, "a probe chooses no era");
  assert.deepEqual(screen.request({ method: "tools/list", params: meta("1999-01-01") })?.data, {
    supported: [STATELESS_REVISION],
    requested: "1999-01-01",
  });
  assert.deepEqual(screen.accepted(), SUPPORTED_REVISIONS, "a refused request chooses no era");
  assert.equal(screen.request({ method: "tools/list", params: meta(STATELESS_REVISION) }), undefined);
  assert.deepEqual(screen.accepted(), [STATELESS_REVISION]);
  assert.deepEqual(screen.request({ method: "tools/list", params: meta("1999-01-01") })?.data, {
    supported: [STATELESS_REVISION],
    requested: "1999-01-01",
  });
  assert.deepEqual(
    screen.request({
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "1" } },
    })?.data,
    { supported: [STATELESS_REVISION], requested: "2025-11-25" },
  );
});

test("a legacy session: initialize once; a second is refused −32600, a request before it (ping excepted) is refused and opens nothing", () => {
  const init = {
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "1" } },
  };
  const screen = new RequestScreen();
  assert.equal(screen.request({ method: "tools/list" })?.code, -32602);
  assert.equal(screen.era, "opening");
  assert.equal(screen.request({ method: "ping" }), undefined);
  assert.equal(
    screen.request({ method: "tools/list" })?.code,
    -32601,
    "after a ping the era is legacy, and initialize still comes first",
  );
  assert.equal(screen.request(init), undefined);
  assert.equal(screen.request({ method: "tools/list" }), undefined);
  assert.equal(screen.request(init)?.code, -32600);
});

test("a legacy revision named in _meta, by a process that also serves it through initialize: -32022 says how it is served, and lists 2026-07-28 alone (what _meta may name, as the SDK lists)", () => {
  const error = statelessMetaError(
    {
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2025-11-25",
        "io.modelcontextprotocol/clientCapabilities": {},
      },
    },
    SUPPORTED_REVISIONS,
  );
  assert.equal(error?.code, -32022);
  assert.deepEqual(error?.data, { supported: [STATELESS_REVISION], requested: "2025-11-25" });
  assert.match(error!.message, /2025-11-25, which this server serves through initialize/);
  // Named by a process that does not serve it at all, the plain message, as lesson 10 prints it.
  const alone = statelessMetaError(
    {
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2025-11-25",
        "io.modelcontextprotocol/clientCapabilities": {},
      },
    },
    [STATELESS_REVISION],
  );
  assert.equal(alone?.message, "Unsupported protocol version: 2025-11-25.");
});
