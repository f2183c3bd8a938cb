// Lesson 9 in both eras: lesson 7's client, asking for the tools list only, sends what the real client sends,
// kind by kind and method by method, in 2025-11-25 and in 2026-07-28; the lesson's tables stay within 100
// columns and its text says what differs and why. The wire tests start real `serve` processes (dist/ must be built).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import {
  compareEraLevel,
  countDifferences,
  simulateEraTasks,
  type EraLevel,
} from "../../src/lessons/simulationAgainstTheWire/eras";
import {
  formatKindTable,
  formatMethodTable,
  formatTokensAndBytes,
} from "../../src/lessons/simulationAgainstTheWire/tables";
import { sdkVersions } from "../../src/lessons/simulationAgainstTheWire/measurements";
import { tallyTasks } from "../../src/world/runTasks";
import { knownDiscover } from "../../src/server/knownDiscover";
import { compareTaskRuns, runWireTasks } from "../../src/wireClient/tasks";
import { WIDE_POLICY } from "../../src/world/servers";
import { ROOT } from "../helpers";

const SEED = 20260218;
const methodsOf = (entry: EraLevel, side: "simulatedMessages" | "wireMessages") =>
  Object.fromEntries(entry.methods.filter((row) => row[side] > 0).map((row) => [row.method, row[side]]));
const kindsOf = (entry: EraLevel, side: "simulatedMessages" | "wireMessages") =>
  Object.fromEntries(entry.kinds.map((row) => [row.kind, row[side]]));

/** Both eras at levels 0 and 3: simulated beside real (six processes per era and level). */
const entries: Promise<EraLevel[]> = Promise.all(
  (["stateless", "legacy"] as const).flatMap((era) =>
    ([0, 3] as const).map(async (level) =>
      compareEraLevel(
        era,
        level,
        simulateEraTasks(SEED, level, era),
        await runWireTasks(SEED, level, { era, discover: knownDiscover, gate: "reference" }),
      ),
    ),
  ),
);

test("2026-07-28: sim and wire send the same messages, kind by kind and method by method: tools/list and tools/call only", async () => {
  for (const entry of (await entries).filter((e) => e.era === "stateless")) {
    const where = `level ${entry.level}`;
    assert.deepEqual(countDifferences(entry), [], where);
    assert.deepEqual(kindsOf(entry, "simulatedMessages"), kindsOf(entry, "wireMessages"), where);
    assert.deepEqual(methodsOf(entry, "simulatedMessages"), methodsOf(entry, "wireMessages"), where);
    assert.deepEqual(
      Object.keys(methodsOf(entry, "wireMessages")),
      ["tools/list", "tools/call"],
      `${where}: no initialize, no notification`,
    );
    assert.equal(entry.kinds.find((row) => row.kind === "notification")!.wireMessages, 0, where);
    assert.equal(
      methodsOf(entry, "wireMessages")["tools/list"],
      2 * 3,
      `${where}: one tools/list and its result per server`,
    );
    assert.equal(entry.revision, "2026-07-28");
    assert.deepEqual(
      tallyTasks(entry.simulated.outcomes),
      tallyTasks(entry.real.outcomes),
      `${where}: the same calls and outcomes`,
    );
  }
});

test("2025-11-25: sim and wire send the same messages, initialize and notifications/initialized included", async () => {
  for (const entry of (await entries).filter((e) => e.era === "legacy")) {
    const where = `level ${entry.level}`;
    assert.deepEqual(countDifferences(entry), [], where);
    assert.deepEqual(methodsOf(entry, "simulatedMessages"), methodsOf(entry, "wireMessages"), where);
    assert.deepEqual(
      Object.keys(methodsOf(entry, "wireMessages")),
      ["initialize", "notifications/initialized", "tools/list", "tools/call"],
      where,
    );
    assert.deepEqual(tallyTasks(entry.simulated.outcomes), tallyTasks(entry.real.outcomes), where);
  }
});

test("the stateless run has fewer messages than the legacy one and costs more on both sides; the tables fit in 100 columns", async () => {
  const all = await entries;
  for (const level of [0, 3]) {
    const [legacy, stateless] = (["legacy", "stateless"] as const).map((era) =>
      all.find((e) => e.era === era && e.level === level)!,
    );
    const sum = (e: EraLevel, key: "simulatedTokens" | "wireBytes" | "wireMessages") =>
      e.kinds.reduce((n, row) => n + row[key], 0);
    assert.equal(
      sum(legacy, "wireMessages") - sum(stateless, "wireMessages"),
      3 * 3,
      "initialize, its result and the notification, per server",
    );
    assert.ok(sum(stateless, "wireBytes") > sum(legacy, "wireBytes"));
    assert.ok(sum(stateless, "simulatedTokens") > sum(legacy, "simulatedTokens"));
  }
  for (const table of [formatTokensAndBytes(all), formatKindTable(all), formatMethodTable(all)]) {
    for (const line of table.split("\n")) assert.ok(line.length <= 100, `${line.length}: ${line}`);
  }
});

test("the simulated side discovers once, tools lists only, in either era", () => {
  const legacy = simulateEraTasks(SEED, 3, "legacy");
  const stateless = simulateEraTasks(SEED, 3, "stateless");
  assert.deepEqual(
    [...new Set(legacy.sent.map((m) => m.method))],
    ["initialize", "notifications/initialized", "tools/list"],
  );
  assert.deepEqual([...new Set(stateless.sent.map((m) => m.method))], ["tools/list"]);
  assert.deepEqual([legacy.discoveries, stateless.discoveries], [1, 1]);
  assert.equal(legacy.tasks, 12);
  assert.deepEqual(legacy.outcomes, stateless.outcomes, "the era changes no outcome");
});

test("both committed exports state the revisions and SDK versions, say which malformed answers differ and why, and keep their new tables within 100 columns", () => {
  const { server, client } = sdkVersions();
  for (const path of ["09-the-simulation-against-the-wire.md", "seed-20260219/09-the-simulation-against-the-wire.md"]) {
    const raw = readFileSync(join(ROOT, "lessons", path), "utf8");
    // Computed prose is wrapped at 100 columns: phrases are matched across its line breaks.
    const text = raw.replace(/\s+/g, " ");
    assert.ok(
      text.includes(`\`@modelcontextprotocol/server\` ${server}`) &&
        text.includes(`\`@modelcontextprotocol/client\` ${client}`),
      path,
    );
    assert.match(text, /revision 2025-11-25/);
    assert.match(text, /revision 2026-07-28/);
    assert.doesNotMatch(text, /McpError|unchecked|`readOnlyHint` and `destructiveHint`|faithful model/, path);
    assert.match(text, /15 of 16 answers are the simulator's, to the character; the other one differs/, path);
    assert.match(text, /the real servers answer the JSON-RPC error -32602/, path);
    // What turns the code and the channel is named and shown: fleetServed, listed before the reading.
    assert.ok(raw.indexOf('showSource("fleetServed")') < raw.indexOf("readWireMalformed(lesson)"), path);
    assert.match(text, /(It|They) differs? where `fleetServed`, listed above, turns the path code's answer/, path);
    assert.match(
      text,
      /The 15 answers that agree agree by construction: for every other call `fleetServed` passes/,
      path,
    );
    assert.doesNotMatch(
      text,
      /its error responses rethrown with the same code and message|server starts in all|source experiment/,
      path,
    );
    assert.match(text, /partly by construction/, path);
    // The lesson's claims rest on what the reader sees run: no tooling or maintainer notes in its body.
    assert.doesNotMatch(
      text,
      /npm run bench|claude_desktop_config|MCP Inspector|project's tests|README|legacy SDK 1\.x/,
      path,
    );
    assert.match(text.slice(text.indexOf("## Next")), /Lesson 10/, path);
    // Every printed line of the lesson, and every line of the source it shows, within 100 columns.
    for (const block of raw.split("\n```").filter((_, k) => k % 2 === 1)) {
      for (const line of block.split("\n")) assert.ok(line.length <= 100, `${path}: ${line.length}: ${line}`);
    }
    assert.match(text, /## The approval gate, by MCP's defaults/, path);
    assert.match(text, /no task completes, though every tool it stopped/, path);
    assert.match(text, /Lesson 7's model of discovery holds on the wire in all 7 rows/, path);
    assert.match(text, /Re-authored in zod and registered with `registerTool`/, path);
    assert.match(text, /On every call it picks the channel our `validating` server picks/, path);
    assert.match(raw, /^## Solutions$/m, path);
    assert.match(text, /run `npm run build` and restart the kernel/, path);
    assert.doesNotMatch(text, /IM\d|reference lesson 004|seed document 00\d|hot loop/, path);
    // Sections in the course's order: what you will learn, assumptions, body, summary, exercises, solutions, Next.
    const order = [
      "**What you will learn**",
      "## Assumptions",
      "## A real server",
      "## Summary",
      "## Exercises",
      "## Solutions",
      "## Next",
    ];
    const at = order.map((heading) => text.indexOf(heading));
    assert.ok(
      at.every((index, k) => index > 0 && (k === 0 || index > at[k - 1])),
      `${path}: ${at.join(", ")}`,
    );
  }
});

test("both exports: the error channels by revision, the discover result given in advance, the revision of each identity rule", () => {
  for (const path of ["09-the-simulation-against-the-wire.md", "seed-20260219/09-the-simulation-against-the-wire.md"]) {
    const raw = readFileSync(join(ROOT, "lessons", path), "utf8");
    const text = raw.replace(/\s+/g, " ");
    // -32602 for invalid arguments is the course's reading of 2025-06-18, which gives that case no code.
    assert.doesNotMatch(
      text,
      /as the SDK of lesson 8's source experiment did|modelled on lesson 8's source experiment/,
      path,
    );
    assert.doesNotMatch(text, /the rule of revision `2025-06-18`|by the rule of `2025-06-18`/, path);
    assert.match(text, /but give them no code, and −32602 is JSON-RPC's "Invalid params"/, path);
    // In 2026-07-28 no server/discover crosses the wire: the client is given the results in advance,
    // which departs from the dual-era client's SHOULD; servers MUST implement the request.
    assert.doesNotMatch(
      text,
      /the server's\s+discover result|the `server\/discover` result and every result's|`server\/discover` is the optional/,
      path,
    );
    assert.match(text, /every 2026-07-28 server MUST implement it/, path);
    assert.match(text, /SHOULD send it before any other request\. Our client does not/, path);
    assert.match(text, /That departs from the SHOULD/, path);
    // The SDK v2 client's own failures carry string codes; the client writes them as local failures, as lesson 8's does.
    assert.doesNotMatch(text, /These two codes are the SDK's own|with a code of the SDK's own/, path);
    assert.match(text, /`REQUEST_TIMEOUT`/, path);
    assert.match(text, /as lesson 8's\s+client does, `local: timed out` and `local: connection closed`/, path);
    assert.doesNotMatch(text, /-32001|SDK 1\.x's numbers/, path);
    // MCP defines no approval gate: the course's gate reads MCP's defaults.
    assert.doesNotMatch(
      text,
      /gate\s+as the MCP specification defines it|under MCP's defaults it cannot go ungated/,
      path,
    );
    assert.match(text, /under a gate that reads MCP's defaults, the course's, it cannot go ungated/, path);
    // SHOULD fields are said to be SHOULD.
    assert.match(
      text,
      /SHOULD hold the client's identity, and every result's `_meta` SHOULD hold the server's identity/,
      path,
    );
    assert.match(text, /comes from data the client was given, not from the wire/, path);
    // The version drop against 2026-07-28's SHOULD NOT; the identity's version by revision; annotations from a trusted server only.
    assert.doesNotMatch(
      text,
      /leaves a server's own version to the client's judgement|MCP requires a version in every/,
      path,
    );
    assert.match(text, /SHOULD NOT change their behaviour on a server's self-reported identity/, path);
    assert.match(text, /in 2026-07-28 the identity itself is optional/, path);
    assert.match(text, /a client that trusts the server can let its read-only tools run without asking/, path);
    // Terms at first use, before the body uses them.
    const body = text.indexOf("## A real server");
    for (const term of [
      "`_meta` is the field",
      "`resultType`, on every result",
      "`ttlMs` and `cacheScope`, on list results",
      "`server/discover` is the 2026-07-28 request",
    ]) {
      const at = text.indexOf(term);
      assert.ok(at > 0 && at < body, `${path}: ${term}`);
    }
    assert.ok(text.indexOf("`ProtocolError` for an error response") < text.indexOf('showSource("wireOutcome")'), path);
    // Wording fixed after the readers' reports.
    assert.doesNotMatch(text, /seed's measured latency|next section but one|rise and fall together/, path);
    assert.match(text, /the section "Eight malformed calls, for real"/, path);
    assert.match(text, /from level 1 to 2 the tokens stay level while the bytes rise/, path);
    // No line of the lesson's prose, computed or written, wider than 100 columns (the export's
    // first line, its generator's comment, aside).
    raw
      .split("\n")
      .slice(1)
      .forEach((line, i) =>
        assert.ok(line.length <= 100, `${path}: line ${i + 2}: ${line.length}: ${line.slice(0, 60)}`),
      );
  }
});

test("each export's solutions are computed from its own run: they name its seed and repeat its gate table's level-1 row", () => {
  for (const [path, seed, other] of [
    ["09-the-simulation-against-the-wire.md", 20260218, 20260219],
    ["seed-20260219/09-the-simulation-against-the-wire.md", 20260219, 20260218],
  ] as const) {
    const text = readFileSync(join(ROOT, "lessons", path), "utf8").replace(/\s+/g, " "); // wrapped prose, matched across its line breaks
    const solutions = text.slice(text.indexOf("## Solutions"), text.indexOf("## Next"));
    assert.ok(solutions.includes(`for seed ${seed}`), `${path}: names its seed`);
    assert.ok(!solutions.includes(String(other)), `${path}: names no other seed`);
    assert.match(solutions, /wireSolutions\(lesson\)/, path);
    const gates = text.slice(text.indexOf("formatWireGates(lesson.gates)"));
    const row = /1 fields\s+reference\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/.exec(gates);
    assert.ok(row, `${path}: the gate table's level-1 reference row`);
    const [, calls, , blocked, written, completed] = row.map(Number);
    assert.match(
      solutions,
      new RegExp(
        `${calls} calls, ${blocked === 0 ? "none" : blocked} blocked, ${written} records written, ${completed} tasks completed, for seed ${seed}`,
      ),
      path,
    );
  }
});

test("exercise 1: with approval, MCP's defaults send what the reference's rule sends without it, as solution 1 says", async () => {
  const [withApproval] = await compareTaskRuns(SEED, [1], {
    policy: WIDE_POLICY,
    approval: true,
    gate: "specification",
  });
  const [without] = await compareTaskRuns(SEED, [1], { policy: WIDE_POLICY, gate: "reference" });
  const counts = (row: { calls: number; blocked: number; written: number; completed: number }) => [
    row.calls,
    row.blocked,
    row.written,
    row.completed,
  ];
  assert.deepEqual(counts(withApproval.real), counts(without.real));
  assert.deepEqual(counts(withApproval.simulated), counts(withApproval.real), "the simulator agrees");
  assert.equal(withApproval.real.blocked, 0);
});
