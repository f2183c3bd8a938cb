// The reference's round-trip rule against the wire: lesson 6's tasks with olcum on stdio and tarife and kayit on
// Streamable HTTP count the same on two runs; the stateless era sends the simulator's requests to each server, and a
// new connection per request pays exactly the reference's two round trips each, where keep-alive pays one and one more
// for the connection. With the open policy every call of the tasks goes out; a pool the caller passes is used and left
// running.
import assert from "node:assert/strict";
import { test } from "node:test";
import { knownDiscover } from "../../src/server/knownDiscover";
import { DEFAULT_SEED } from "../../src/sim/seed";
import { OPEN_POLICY } from "../../src/world/servers";
import { httpServers } from "../../src/wireClient/httpServe";
import { doubled, measureRoundTrips, type RoundTripRun, type ServerTrips } from "../../src/wireClient/roundTrips";

const LEVELS = [0, 3] as const;

test("two runs give the same counts and bytes; each level in both eras, three ways, server by server", async () => {
  const options = { discover: knownDiscover, levels: LEVELS };
  const first = await measureRoundTrips(DEFAULT_SEED, options);
  const second = await measureRoundTrips(DEFAULT_SEED, options);
  assert.deepEqual(second, first);
  assert.deepEqual(
    first.map((run) => `${run.level} ${run.era} ${run.way}`),
    LEVELS.flatMap((level) => [
      `${level} legacy per-request`,
      `${level} legacy keep-alive`,
      `${level} stateless per-request`,
      `${level} stateless keep-alive`,
      `${level} null simulator`,
    ]),
  );
  for (const run of first)
    assert.deepEqual(
      run.servers.map((row) => row.server),
      ["olcum", "tarife", "kayit"],
    );

  const find = (level: number, era: string | null, way: string): RoundTripRun =>
    first.find((run) => run.level === level && run.era === era && run.way === way)!;
  for (const level of LEVELS) {
    const simulator = find(level, null, "simulator").servers;
    for (const era of ["legacy", "stateless"] as const) {
      const perRequest = find(level, era, "per-request").servers;
      const keepAlive = find(level, era, "keep-alive").servers;
      for (const [k, row] of perRequest.entries()) {
        const kept: ServerTrips = keepAlive[k];
        // The same messages both ways; only TCP differs.
        assert.equal(kept.requests, row.requests);
        assert.equal(kept.httpRequests, row.httpRequests);
        if (row.transport === "stdio") {
          assert.equal(row.roundTrips, row.requests, "stdio: a round trip per request");
          assert.equal(row.connections, null);
          assert.equal(kept.bytes, row.bytes);
          assert.equal(doubled(row), false);
          continue;
        }
        assert.equal(row.transport, "http");
        // Every message the client sends is a POST; the legacy era adds the optional GET stream (answered 405).
        assert.equal(row.httpRequests, row.requests + row.notifications + (era === "legacy" ? 1 : 0));
        assert.equal(row.connections, row.httpRequests, "per-request: a connection for each request");
        assert.equal(row.roundTrips, 2 * row.httpRequests!);
        assert.ok(doubled(row), `${row.server}: the doubled round trip holds with a new connection per request`);
        assert.equal(kept.connections, 1, "keep-alive: one connection for the run");
        assert.equal(kept.roundTrips, kept.httpRequests! + 1);
        assert.equal(doubled(kept), kept.httpRequests === 1, `${row.server}: keep-alive doubles only a lone request`);
      }
      if (era === "stateless")
        // No handshake of the wire's own: the simulator's requests, server by server, and on a new connection per
        // request its round trips too.
        for (const [k, row] of perRequest.entries()) {
          assert.equal(row.requests, simulator[k].requests, row.server);
          assert.equal(row.roundTrips, simulator[k].roundTrips, row.server);
        }
    }
  }
});

test("a level or an era that is not one is refused before any server starts", async () => {
  await assert.rejects(measureRoundTrips(DEFAULT_SEED, { discover: knownDiscover, levels: [7 as 0] }), RangeError);
  await assert.rejects(
    measureRoundTrips(DEFAULT_SEED, { discover: knownDiscover, eras: ["bogus" as "legacy"] }),
    /no era bogus/,
  );
});

test("the open policy sends every call, counted the same by the wire and the rule; the caller's pool stays up", async () => {
  const servers = httpServers();
  try {
    const runs = await measureRoundTrips(DEFAULT_SEED, {
      discover: knownDiscover,
      levels: [3],
      eras: ["stateless"],
      policy: OPEN_POLICY,
      approval: true,
      servers,
    });
    const [perRequest, keepAlive, rule] = runs;
    assert.deepEqual(
      runs.map((run) => run.way),
      ["per-request", "keep-alive", "simulator"],
    );
    // 30 calls and one list per server: olcum 18 + 1, tarife 6 + 1, kayit 6 + 1.
    for (const run of runs)
      assert.deepEqual(
        run.servers.map((row) => row.requests),
        [19, 7, 7],
      );
    assert.deepEqual(
      rule.servers.map((row) => row.roundTrips),
      [19, 14, 14],
    );
    assert.deepEqual(
      perRequest.servers.map((row) => row.roundTrips),
      rule.servers.map((row) => row.roundTrips),
    );
    assert.deepEqual(
      keepAlive.servers.map((row) => row.roundTrips),
      [19, 8, 8],
    );
    for (const [k, row] of perRequest.servers.entries()) {
      const kept = keepAlive.servers[k];
      // The same messages both ways; over HTTP, header blocks and bodies add up to the bytes.
      assert.equal(kept.messageBytes, row.messageBytes);
      if (row.transport === "stdio") {
        assert.equal(row.messageBytes, row.bytes);
        assert.equal(row.headerBytes, null);
      } else {
        assert.ok(row.headerBytes! > 0 && row.bytes! > row.headerBytes!);
        assert.ok(kept.headerBytes! > row.headerBytes!, "keep-alive's headers say so, every answer adds a field");
      }
    }
    for (const row of rule.servers) assert.equal(row.messageBytes, null);
    // The pool was not closed: its tarife still answers.
    const url = await servers.url({ server: "tarife", level: 3, seed: DEFAULT_SEED });
    const response = await fetch(url, { method: "GET" });
    assert.equal(response.status, 405, "a live 2026-07-28 endpoint refuses GET");
  } finally {
    await servers.close();
  }
});
