// Lesson 10's simulated half: both eras over lesson 6's twelve tasks, every figure read off runs, every line within 100 characters.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runClient } from "../../src/simulatedClient/session";
import { clientTasks } from "../../src/simulatedClient/tasks";
import { generateFleet } from "../../src/fleet/generator";
import { crossingOf } from "../../src/lessons/withoutASession/crossing";
import { simulateWithoutASession } from "../../src/lessons/withoutASession/simulate";
import { formatWithoutASession } from "../../src/lessons/withoutASession/simTables";
import { PROTOCOL_FIELDS } from "../../src/sim/eras";
import { StatelessEnvelope } from "../../src/sim/statelessEnvelope";
import { LESSON_POLICY } from "../../src/world/servers";
import { knowingOwnVersions } from "../../src/sim/negotiation";
import { createWorld } from "../../src/world/world";

const SEEDS = [20260218, 20260219, 0, 7, 2 ** 53 - 1];

test("seed 20260218: the headline figures, under lesson 7's allowlisting host (no version rule)", () => {
  const { lessonSix, modes } = simulateWithoutASession(20260218);
  const [legacy, stateless, discover] = lessonSix.rows;
  assert.deepEqual([legacy.fixed.tokens, stateless.fixed.tokens, discover.fixed.tokens], [317, 407, 616]);
  assert.deepEqual([legacy.total.tokens, stateless.total.tokens, discover.total.tokens], [1034, 2129, 2338]);
  assert.deepEqual([legacy.wireCalls, stateless.wireCalls], [27, 27]);
  for (const row of lessonSix.rows) {
    assert.deepEqual(
      row.refused,
      [{ tool: "kayit_yaz", hata: "arac bildirilmedi", calls: 3 }],
      `${row.label}: the calls that ended in the client are the three to kayit_yaz, off the allowlist`,
    );
    assert.deepEqual(
      row.dropped.map((d) => [d.tool, d.server, d.reason]),
      [["kayit_yaz", "kayit", "allowlist"]],
      `${row.label}: no version rule, so kayit is kept and only the allowlist drops a tool`,
    );
    assert.equal(
      row.refused.reduce((n, r) => n + r.calls, 0),
      row.calls - row.wireCalls,
      row.label,
    );
  }
  assert.equal(
    lessonSix.crossing.at,
    null,
    "the stateless era costs more before the first call and more per call: no crossing",
  );
  assert.deepEqual(
    modes.rows.map((r) => [r.name, r.discoveries, r.total.tokens]),
    [
      ["legacy, per task", 12, 4521],
      ["legacy, per session", 1, 1034],
      ["stateless, per task", 12, 6606],
      ["stateless + discover, per task", 12, 9114],
      ["stateless, cached", 2, 2536],
      ["stateless + discover, cached", 2, 2954],
    ],
  );
});

for (const seed of SEEDS) {
  const result = simulateWithoutASession(seed);
  const { lessonSix, modes, costs } = result;

  test(`seed ${seed}: the same calls in every era, the stateless ones dearer by exactly their fields; fewer messages at every point`, () => {
    const [legacy, stateless, discover] = lessonSix.rows;
    assert.deepEqual(
      new Set(
        lessonSix.rows.map((r) =>
          JSON.stringify([r.calls, r.wireCalls, r.completed, r.work.request, r.work.round_trips]),
        ),
      ).size,
      1,
    );
    assert.deepEqual(stateless.work, discover.work);
    // Each call request carries 30 tokens of _meta; each result 4 of resultType and its server's identity (3 or 4).
    const extra = stateless.work.tokens - legacy.work.tokens - 30 * legacy.wireCalls;
    assert.ok(extra >= 7 * legacy.wireCalls && extra <= 8 * legacy.wireCalls, `${extra}`);
    assert.equal(legacy.fixed.notification, 3);
    assert.equal(stateless.fixed.notification + discover.fixed.notification, 0);
    for (let i = 0; i < legacy.cumulative.length; i++) {
      assert.ok(stateless.cumulative[i].messages < legacy.cumulative[i].messages, `point ${i}`);
      assert.equal(legacy.cumulative[i].calls, stateless.cumulative[i].calls);
    }
    assert.equal(legacy.cumulative[0].tokens, legacy.fixed.tokens);
    assert.equal(legacy.cumulative.at(-1)!.tokens, legacy.total.tokens);
    assert.equal(legacy.tokensPerCall, legacy.work.tokens / legacy.wireCalls);
  });

  test(`seed ${seed}: the crossing is read off the points`, () => {
    for (const c of [lessonSix.crossing, lessonSix.crossingWithDiscover]) {
      const a = lessonSix.rows.find((r) => r.label === c.a)!;
      const b = lessonSix.rows.find((r) => r.label === c.b)!;
      assert.deepEqual(
        c.gaps,
        a.cumulative.map((p, i) => b.cumulative[i].tokens - p.tokens),
      );
      const signs = new Set(c.gaps.map(Math.sign));
      assert.equal(c.at === null, signs.size === 1);
    }
    // A made-up pair that does cross: the order changes at the first point where it flips.
    const [legacy] = lessonSix.rows;
    const cheapStart = {
      ...legacy,
      label: "x",
      cumulative: legacy.cumulative.map((p, i) => ({ ...p, tokens: i < 3 ? p.tokens - 100 : p.tokens + 1 })),
    };
    const crossed = crossingOf(legacy, cheapStart, "tokens", (p) => p.tokens);
    assert.equal(crossed.cheaperFirst, "b");
    assert.equal(crossed.at?.task, 3);
  });

  test(`seed ${seed}: section 3's modes run section 2's tasks: once per session is its legacy run, cached between per task and once`, () => {
    const byName = Object.fromEntries(modes.rows.map((r) => [r.name, r]));
    assert.equal(modes.tasks, lessonSix.tasks);
    assert.deepEqual(byName["legacy, per session"].total, lessonSix.rows[0].total);
    assert.deepEqual(byName["stateless, cached"].discoveredBefore, [1, 7]);
    assert.ok(byName["stateless, cached"].total.tokens < byName["stateless, per task"].total.tokens);
    assert.equal(byName["stateless, cached"].discovery.tokens * 12, byName["stateless, per task"].discovery.tokens * 2);
    assert.equal(new Set(modes.rows.map((r) => `${r.calls} ${r.completed}`)).size, 1);
  });

  test(`seed ${seed}: the message costs are the fields the envelope adds, and every printed line is within 100 characters`, () => {
    const call = costs.messages.find(
      (m) => m.era === "stateless" && m.method === "tools/call" && m.kind === "request",
    )!;
    const meta = PROTOCOL_FIELDS.reduce((n, f) => n + call.fields[f], 0);
    const world = createWorld(seed);
    assert.equal(meta, new StatelessEnvelope(world.servers).metaTokens);
    for (const m of costs.messages.filter((x) => x.era === "legacy" && x.method !== "initialize")) {
      assert.equal(
        PROTOCOL_FIELDS.reduce((n, f) => n + m.fields[f], 0),
        0,
        `${m.method} carries no field in the legacy era`,
      );
    }
    const text = formatWithoutASession(result);
    for (const line of text.split("\n")) assert.ok(line.length <= 100, line);
    assert.deepEqual(simulateWithoutASession(seed), result, "pure");
  });
}

test("the spacing moves only the cached rows; spacing 0 discovers once, beyond the ttl every task", () => {
  const once = simulateWithoutASession(20260218, { taskSpacingMs: 0 }).modes.rows;
  const never = simulateWithoutASession(20260218, { taskSpacingMs: 3_600_000 }).modes.rows;
  const base = simulateWithoutASession(20260218).modes.rows;
  for (const [i, row] of base.entries()) {
    if (row.mode === "cached") {
      assert.equal(once[i].discoveries, 1);
      assert.deepEqual(never[i].total, base[i - 2].total, "cached with every result stale = per task");
    } else {
      assert.deepEqual(once[i], row);
      assert.deepEqual(never[i], row);
    }
  }
  for (const line of formatWithoutASession(simulateWithoutASession(20260218, { taskSpacingMs: 1 })).split("\n"))
    assert.ok(line.length <= 100, line);
  assert.throws(() => simulateWithoutASession(20260218, { taskSpacingMs: -1 }), RangeError);
  assert.throws(() => simulateWithoutASession(-1), RangeError);
});

test("part (a) runs lesson 6's calls: a legacy session over lesson 6's servers, under the allowlisting host", () => {
  const world = createWorld(20260218);
  const run = runClient(
    { servers: world.servers, level: 3, policy: knowingOwnVersions(LESSON_POLICY, world.servers) },
    clientTasks(world, generateFleet(20260218)).slice(0, 12),
    "per-session",
  );
  assert.deepEqual(simulateWithoutASession(20260218).lessonSix.rows[0].total, run.total);
  // Not the course's host: its version rule would drop kayit and send fewer calls.
  const courseHost = runClient(
    { servers: world.servers, level: 3, policy: LESSON_POLICY },
    clientTasks(world, generateFleet(20260218)).slice(0, 12),
    "per-session",
  );
  assert.notDeepEqual(simulateWithoutASession(20260218).lessonSix.rows[0].total, courseHost.total);
});
