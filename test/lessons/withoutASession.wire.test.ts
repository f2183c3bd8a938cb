// Invariant: lesson 10's wire half counts every figure on a real wire (issue 11 §5): the stateless era's requests outgrow the legacy ones by exactly their _meta, the fixed and per-call costs are the runs' own differences, auto against a legacy-only server costs one process and the probe's two messages, and the formatted tables are the same bytes on every run and never wider than 100 characters.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { crossing, metaMemberBytes, requestMeta, runWithoutASessionOnTheWire, TASK_GAP_MS, type WithoutASessionWire } from "../../src/lessons/withoutASession/wire";
import { formatWithoutASessionWire, MAX_LINE } from "../../src/lessons/withoutASession/wireTables";
import { DEFAULT_SEED } from "../../src/sim/seed";

/** Digits of the ids 0-based request ids `from..from+n-1` take. */
function idDigits(from: number, n: number): number {
  let digits = 0;
  for (let id = from; id < from + n; id++) digits += String(id).length;
  return digits;
}

describe("lesson 10 on the wire (default seed)", () => {
  let first: WithoutASessionWire;
  let second: WithoutASessionWire;
  before(async () => {
    first = await runWithoutASessionOnTheWire(DEFAULT_SEED);
    second = await runWithoutASessionOnTheWire(DEFAULT_SEED);
  });

  it("each stateless tools/call request exceeds its legacy twin by exactly its _meta bytes, ids aside (legacy ids start after initialize and tools/list, stateless after tools/list)", () => {
    const { legacy, stateless, requestMetaBytes } = first.eras;
    assert.equal(requestMetaBytes, metaMemberBytes(requestMeta()));
    assert.ok(requestMetaBytes > 100);
    let expected = 0;
    for (const [server, n] of Object.entries(legacy.callsByServer)) {
      assert.equal(stateless.callsByServer[server], n, server);
      expected += n * requestMetaBytes + idDigits(1, n) - idDigits(2, n);
    }
    assert.equal(stateless.work.sentBytes - legacy.work.sentBytes, expected);
  });

  it("the fixed cost and the per-call cost are the differences of the counted runs, and the crossing follows from them", () => {
    for (const run of [first.eras.legacy, first.eras.stateless]) {
      assert.equal(run.beforeFirstCall.bytes + run.work.bytes, run.bytes, run.era);
      assert.equal(run.beforeFirstCall.messages + run.work.messages, run.messages, run.era);
      assert.equal(run.work.messages, 2 * run.calls, run.era);
      assert.equal(run.bytesPerCall * run.calls, run.work.bytes, run.era);
      assert.equal(run.processes, 3, run.era);
    }
    const { legacy, stateless } = first.eras;
    assert.equal(legacy.kinds.notification, 3, "one notifications/initialized per server");
    assert.equal(stateless.kinds.notification, 0);
    const k = first.eras.bytes.afterCalls;
    assert.notEqual(k, null);
    const cost = (run: typeof legacy, calls: number) => run.beforeFirstCall.bytes + calls * run.bytesPerCall;
    assert.ok(cost(stateless, k!) > cost(legacy, k!));
    if (k! > 0) assert.ok(cost(stateless, k! - 1) <= cost(legacy, k! - 1));
    assert.equal(first.eras.messages.afterCalls, null, "fewer stateless messages at every count");
    assert.deepEqual(crossing({ fixed: 10, perCall: 1 }, { fixed: 5, perCall: 3 }), { afterCalls: 3, legacy: 13, stateless: 14 });
  });

  it("discovery per task: legacy a process and an initialize per task and server; stateless lists again on the same three processes; cached lists once per ttlMs window", () => {
    const run = (era: string, plan: string) => first.discovery.runs.find((r) => r.era === era && r.plan === plan)!;
    const tasks = first.discovery.tasks;
    assert.equal(tasks, 12);
    assert.deepEqual([run("legacy", "per-task").processes, run("legacy", "per-task").initializes], [3 * tasks, 3 * tasks]);
    assert.deepEqual([run("stateless", "per-task").processes, run("stateless", "per-task").listings], [3, 3 * tasks]);
    const windows = Math.floor(((tasks - 1) * TASK_GAP_MS) / first.discovery.ttlMs) + 1;
    assert.equal(run("stateless", "cached").listings, 3 * windows);
    assert.equal(first.discovery.ttlMs, 3_600_000);
    for (const r of first.discovery.runs) assert.equal(r.completed, first.eras.legacy.completed, `${r.era} ${r.plan}`);
  });

  it("auto against serve --era legacy costs exactly one extra process and the probe's two messages, then falls back to legacy", () => {
    const legacy = first.auto.find((m) => m.server === "legacy-only")!;
    assert.equal(legacy.verdict, "legacy");
    assert.deepEqual(legacy.extra, { messages: 2, bytes: legacy.probe.bytes, processes: 1 });
    assert.deepEqual(legacy.session, legacy.direct);
    const ours = first.auto.find((m) => m.server === "dual-era")!;
    assert.equal(ours.verdict, "stateless");
    assert.deepEqual(ours.extra, { messages: 2, bytes: ours.probe.bytes, processes: 1 });
  });

  it("the mismatch transcripts are real lines: -32022 with data.supported and a retry; an initialize answered with another version and a client that closes", () => {
    const lines = first.mismatch.stateless.steps.flatMap((step) => ("line" in step ? [JSON.parse(step.line)] : []));
    assert.equal(lines[1].error.code, -32022);
    assert.deepEqual(lines[1].error.data.supported, ["2026-07-28"]);
    assert.equal(lines[2].params._meta["io.modelcontextprotocol/protocolVersion"], "2026-07-28");
    assert.equal(lines[3].result.resultType, "complete");
    const legacy = first.mismatch.legacy.steps;
    assert.equal(JSON.parse((legacy[1] as { line: string }).line).result.protocolVersion, "2025-11-25");
    assert.deepEqual(legacy.slice(2).map((step) => ("event" in step ? step.event : "")), ["closes stdin (2025-11-25 is not 2025-03-26)", "exits with code 0"]);
  });

  it("the same seed gives byte-identical tables, and no printed line exceeds 100 characters", () => {
    const text = formatWithoutASessionWire(first);
    assert.equal(text, formatWithoutASessionWire(second));
    assert.deepEqual(JSON.parse(JSON.stringify(first)), JSON.parse(JSON.stringify(second)));
    for (const line of text.split("\n")) assert.ok([...line].length <= MAX_LINE, line);
    assert.doesNotMatch(text, /\bms\b|millis|second/i);
  });
});
