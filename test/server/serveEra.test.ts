// Invariant: `mcp-course serve --era legacy|stateless` answers as a server of that era alone would, against a real subprocess (2026-07-28 basic/versioning.mdx, "Backward Compatibility" and its compatibility matrix; basic/transports/stdio.mdx, "Backward Compatibility"), and `--era both` (the default) stays dual-era, with what it lists, what it names in −32022 and what it accepts agreeing in every order (2026-07-28 basic/versioning.mdx, a dual-era server; server/discover.mdx).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { LEGACY_REVISIONS, STATELESS_REVISION } from "../../src/protocol/revisions";
import { answer, messages, notification, opening, request, runServer, STATELESS_META, statelessRequest } from "./wire";

const LEGACY = [...LEGACY_REVISIONS];

describe("serve --era legacy: a server of 2025-11-25 and earlier only", () => {
  it("server/discover, as a probe would send it, is an unknown method: −32601, and the process stays open for initialize (stdio.mdx: the probe's 'any other error' means legacy)", async () => {
    const run = await runServer(
      ["olcum", "--era", "legacy"],
      [
        statelessRequest(1, "server/discover"),
        request(2, "initialize", {
          protocolVersion: "2025-11-25",
          capabilities: {},
          clientInfo: { name: "t", version: "0" },
        }),
      ],
    );
    assert.equal(run.code, 0);
    const refused = answer(run, 1)!;
    assert.equal(refused.error.code, -32601);
    assert.match(refused.error.message, /^Method not found: server\/discover /);
    for (const version of LEGACY) assert.ok(refused.error.message.includes(version), refused.error.message);
    assert.equal(answer(run, 2)!.result.protocolVersion, "2025-11-25");
  });

  it("a stateless tools/list before initialize: −32601 (a request before initialize, 2025-11-25 lifecycle.mdx), never served statelessly", async () => {
    const run = await runServer(
      ["olcum", "--era", "legacy"],
      [
        statelessRequest(1, "tools/list"),
        notification("notifications/cancelled", { requestId: 9, _meta: STATELESS_META }),
      ],
    );
    const refused = answer(run, 1)!;
    assert.equal(refused.error.code, -32601);
    assert.match(refused.error.message, /tools\/list before initialize/);
    assert.equal(run.lines.length, 1, "the claiming notification is dropped, not answered");
  });

  it("after initialize, _meta is opaque: a request carrying it is served in the session's revision (no resultType, no ttlMs); server/discover stays unknown", async () => {
    const run = await runServer(
      ["olcum", "--era", "legacy"],
      [opening("2025-06-18"), statelessRequest(2, "tools/list"), request(3, "server/discover")],
    );
    const list = answer(run, 2)!;
    assert.ok(Array.isArray(list.result.tools));
    assert.equal(list.result.resultType, undefined);
    assert.equal(list.result.ttlMs, undefined);
    assert.equal(answer(run, 3)!.error.code, -32601);
  });

  it("initialize asking for an unknown version gets the newest legacy one back (2025-11-25 lifecycle.mdx, Version Negotiation)", async () => {
    const run = await runServer(["olcum", "--era", "legacy"], [opening("2099-01-01")]);
    assert.equal(answer(run, 1)!.result.protocolVersion, LEGACY[0]);
  });
});

describe("serve --era stateless: a server of 2026-07-28 only", () => {
  for (const version of [...LEGACY, "1999-01-01"]) {
    it(`initialize for ${version} is refused −32022, naming the versions supported in the message and data (versioning.mdx: SHOULD name them)`, async () => {
      const run = await runServer(
        ["tarife", "--era", "stateless"],
        [opening(version), statelessRequest(2, "server/discover")],
      );
      assert.equal(run.code, 0);
      const refused = answer(run, 1)!;
      assert.equal(refused.error.code, -32022);
      assert.ok(refused.error.message.includes(STATELESS_REVISION), refused.error.message);
      assert.deepEqual(refused.error.data, { supported: [STATELESS_REVISION], requested: version });
      assert.equal(run.lines.length, 2, "initialized is dropped, unanswered");
      assert.deepEqual(
        answer(run, 2)!.result.supportedVersions,
        [STATELESS_REVISION],
        "the connection stays open for a modern request",
      );
    });
  }

  it("initialize after a stateless request, and a request without _meta, are refused; no message opens the legacy era", async () => {
    const run = await runServer(
      ["kayit", "--era", "stateless"],
      [request(1, "tools/list"), statelessRequest(2, "tools/list"), opening("2025-11-25")],
    );
    assert.equal(answer(run, 1)!.error.code, -32602);
    assert.ok(Array.isArray(answer(run, 2)!.result.tools));
    assert.equal(answer(run, 1)!.id, 1);
    const init = messages(run).find((m) => m.id === 1 && m.error?.code === -32022);
    assert.ok(init, "initialize answered −32022");
  });

  it("a request naming a version it does not support: −32022 with data.supported only 2026-07-28", async () => {
    const meta = { ...STATELESS_META, "io.modelcontextprotocol/protocolVersion": "2025-11-25" };
    const run = await runServer(["olcum", "--era", "stateless"], [request(1, "tools/list", { _meta: meta })]);
    assert.deepEqual(answer(run, 1)!.error.data, { supported: [STATELESS_REVISION], requested: "2025-11-25" });
  });
});

describe("serve --era both (the default): server/discover and −32022 list 2026-07-28 alone, the one version _meta may name, while initialize still opens a legacy session", () => {
  const INIT = (id: number) => opening("2025-11-25", id);
  const claimed = (version: string) => ({
    _meta: { ...STATELESS_META, "io.modelcontextprotocol/protocolVersion": version },
  });

  it("discover, then initialize: the probe lists 2026-07-28 alone and chooses no era, so initialize is answered and opens a 2025-11-25 session (stdio.mdx, Backward Compatibility: a dual-era client probes, then picks a version from supportedVersions)", async () => {
    const run = await runServer(
      ["olcum"],
      [
        statelessRequest(1, "server/discover"),
        INIT(2),
        request(3, "tools/list"),
        statelessRequest(4, "server/discover"),
      ],
    );
    assert.equal(run.code, 0);
    assert.deepEqual(answer(run, 1)!.result.supportedVersions, [STATELESS_REVISION]);
    assert.equal(answer(run, 2)!.result.protocolVersion, "2025-11-25");
    const list = answer(run, 3)!.result;
    assert.ok(Array.isArray(list.tools));
    assert.equal(list.resultType, undefined, "served in the legacy session");
    assert.equal(
      answer(run, 4)!.error.code,
      -32601,
      "the session is legacy now: a 2025-11-25 server has no server/discover",
    );
  });

  it("initialize, then discover: discover is an unknown method of the legacy session (−32601), and a second initialize is refused −32600 (2025-11-25 lifecycle.mdx: initialization MUST be the first interaction)", async () => {
    const run = await runServer(
      ["olcum"],
      [INIT(1), statelessRequest(2, "server/discover"), INIT(3), request(4, "tools/list")],
    );
    assert.equal(answer(run, 1)!.result.protocolVersion, "2025-11-25");
    const discover = answer(run, 2)!.error;
    assert.equal(discover.code, -32601);
    const again = answer(run, 3)!.error;
    assert.equal(again.code, -32600);
    assert.match(again.message, /already initialized/);
    assert.ok(Array.isArray(answer(run, 4)!.result.tools), "the session goes on");
  });

  it("a stateless request, then a legacy tools/list: the process speaks 2026-07-28 alone from then on, and says so in server/discover, in −32022's data.supported and to initialize", async () => {
    const run = await runServer(
      ["olcum"],
      [
        statelessRequest(1, "tools/list"),
        request(2, "tools/list"),
        statelessRequest(3, "server/discover"),
        INIT(4),
        request(5, "tools/list", claimed("2025-11-25")),
        statelessRequest(6, "tools/list"),
      ],
    );
    assert.equal(answer(run, 1)!.result.resultType, "complete");
    assert.equal(
      answer(run, 2)!.error.code,
      -32602,
      "no _meta: malformed in 2026-07-28 (basic/index.mdx, Per-request protocol fields)",
    );
    assert.deepEqual(answer(run, 3)!.result.supportedVersions, [STATELESS_REVISION]);
    assert.equal(answer(run, 4)!.error.code, -32022);
    assert.deepEqual(answer(run, 4)!.error.data, { supported: [STATELESS_REVISION], requested: "2025-11-25" });
    assert.deepEqual(answer(run, 5)!.error.data, { supported: [STATELESS_REVISION], requested: "2025-11-25" });
    assert.equal(answer(run, 6)!.result.resultType, "complete", "still served statelessly");
  });

  it("a tools/list without _meta before initialize is refused −32602 and opens no era: initialize is answered after it, and a ping before initialize is served (lifecycle.mdx: pings excepted)", async () => {
    const run = await runServer(
      ["olcum"],
      [request(1, "tools/list"), request(2, "ping"), INIT(3), request(4, "tools/list")],
    );
    const refused = answer(run, 1)!.error;
    assert.equal(refused.code, -32602);
    assert.match(refused.message, /opens with initialize first\.$/);
    assert.deepEqual(answer(run, 2)!.result, {});
    assert.equal(answer(run, 3)!.result.protocolVersion, "2025-11-25");
    assert.ok(Array.isArray(answer(run, 4)!.result.tools));
  });

  it("before any era: an unknown version, or a legacy one named in _meta, is refused −32022 listing 2026-07-28 alone, and initialize is answered after it", async () => {
    const run = await runServer(
      ["olcum"],
      [request(1, "tools/list", claimed("1999-01-01")), request(2, "tools/list", claimed("2025-11-25")), INIT(3)],
    );
    assert.deepEqual(answer(run, 1)!.error.data, { supported: [STATELESS_REVISION], requested: "1999-01-01" });
    assert.deepEqual(answer(run, 2)!.error.data, { supported: [STATELESS_REVISION], requested: "2025-11-25" });
    assert.match(answer(run, 2)!.error.message, /which this server serves through initialize/);
    assert.equal(answer(run, 3)!.result.protocolVersion, "2025-11-25");
  });

  it("server/discover lists 2026-07-28 alone on a fresh process; initialize on another process is answered", async () => {
    const [stateless, legacy] = await Promise.all([
      runServer(["olcum", "--era", "both"], [statelessRequest(1, "server/discover")]),
      runServer(["olcum"], [opening("2025-11-25")]),
    ]);
    assert.deepEqual(answer(stateless, 1)!.result.supportedVersions, [STATELESS_REVISION]);
    assert.equal(answer(legacy, 1)!.result.protocolVersion, "2025-11-25");
  });
});

describe("serve --era legacy: a request before initialize", () => {
  it("a tools/list without _meta before initialize: −32601, and initialize is answered after it; a second initialize: −32600", async () => {
    const run = await runServer(
      ["olcum", "--era", "legacy"],
      [request(1, "tools/list"), opening("2025-11-25", 2), opening("2025-11-25", 3)],
    );
    assert.equal(answer(run, 1)!.error.code, -32601);
    assert.match(answer(run, 1)!.error.message, /tools\/list before initialize/);
    assert.equal(answer(run, 2)!.result.protocolVersion, "2025-11-25");
    assert.equal(answer(run, 3)!.error.code, -32600);
  });
});
