// Sweeps: distributions and claim tallies against hand-computed ones, the real lessons against their own simulations, the text, the JSON and the chart.
import assert from "node:assert/strict";
import { test } from "node:test";
import { renderSvg } from "../../src/charts/render";
import { simulateWritingAServer } from "../../src/lessons/writingAServer/simulate";
import { DEFAULT_SEED, MAX_SEED } from "../../src/sim/seed";
import { sweepChartData, sweepChartSpec } from "../../src/sweep/chart";
import { FLEET_CLAIMS, WRITING_A_SERVER_CLAIMS } from "../../src/sweep/claims";
import { CONDITION_COUNTS, CONDITION_ROWS } from "../../src/sweep/counts";
import { RUN_COUNTS } from "../../src/world/runTasks";
import { sweepJson } from "../../src/sweep/json";
import { checkSweepRange, sweep, sweepLesson, type SweepLesson } from "../../src/sweep/sweep";
import { formatSweep } from "../../src/sweep/tables";
import { assertWellFormedSvg } from "./svg";

/** A lesson whose result is its seed: counts are the seed mod 3 and mod 2, so every figure can be worked out by hand. */
const TOY: SweepLesson<{ seed: number }> = {
  lesson: "toy",
  simulate: (seed) => ({ seed }),
  groups: [
    {
      name: "mods",
      title: "seed modulo",
      rows: [{ row: "a" }, { row: "b" }],
      counts: ["mod3", "seven"],
      read: ({ seed }) => [
        [seed % 3, 7],
        [seed % 2, 1],
      ],
    },
  ],
  claims: [
    { id: "not-two", statement: "seed mod 3 is not 2", holds: ({ seed }) => seed % 3 !== 2 },
    {
      id: "parity-of-default",
      statement: "seed has the default seed's parity",
      holds: ({ seed }, ref) => seed % 2 === ref.seed % 2,
    },
  ],
  chart: { group: "mods", count: "mod3", title: "Seed mod 3", axis: "remainder" },
  defaultCount: 4,
};

// Seeds 0..11. mod 3: four each of 0, 1, 2 → the 6th smallest is 1. The default seed 20260218 is
// 0 mod 3 (digit sum 21) and even, so 8 seeds differ in mod 3 and 6 in parity (6 zeros, 6 ones:
// median 0). "not two" fails on 2, 5, 8, 11; parity fails on the six odd seeds, five of them listed.
test("a toy sweep: distributions and claim tallies as worked out by hand", () => {
  const result = sweepLesson(TOY, { from: 0, count: 12 });
  assert.equal(DEFAULT_SEED % 6, 0);
  assert.deepEqual(
    { from: result.from, to: result.to, count: result.count, defaultSeed: result.defaultSeed },
    { from: 0, to: 11, count: 12, defaultSeed: DEFAULT_SEED },
  );
  assert.deepEqual(result.groups, [
    {
      name: "mods",
      title: "seed modulo",
      counts: ["mod3", "seven"],
      rows: [
        {
          key: { row: "a" },
          counts: {
            mod3: { min: 0, median: 1, max: 2, atDefault: 0, differing: 8 },
            seven: { min: 7, median: 7, max: 7, atDefault: 7, differing: 0 },
          },
        },
        {
          key: { row: "b" },
          counts: {
            mod3: { min: 0, median: 0, max: 1, atDefault: 0, differing: 6 },
            seven: { min: 1, median: 1, max: 1, atDefault: 1, differing: 0 },
          },
        },
      ],
    },
  ]);
  assert.deepEqual(result.claims, [
    { id: "not-two", statement: "seed mod 3 is not 2", held: 8, seeds: 12, failedOn: [2, 5, 8, 11] },
    {
      id: "parity-of-default",
      statement: "seed has the default seed's parity",
      held: 6,
      seeds: 12,
      failedOn: [1, 3, 5, 7, 9],
    },
  ]);
});

test("defaults: from the default seed, the lesson's own count; progress after every seed", () => {
  const calls: [number, number][] = [];
  const result = sweepLesson(TOY, { onProgress: (done, total) => calls.push([done, total]) });
  assert.equal(result.from, DEFAULT_SEED);
  assert.equal(result.count, 4);
  assert.deepEqual(calls, [
    [1, 4],
    [2, 4],
    [3, 4],
    [4, 4],
  ]);
});

test("the text: a heading, each group's counts with the row named once, the claims with their failures", () => {
  const text = formatSweep(sweepLesson(TOY, { from: 0, count: 12 }));
  assert.equal(
    text,
    [
      `sweep of toy: 12 seeds, 0 to 11; "default" is seed ${DEFAULT_SEED}'s value`,
      "",
      "seed modulo",
      "row  count  min  median  max  default  seeds differing",
      "a    mod3     0       1    2        0                8",
      "     seven    7       7    7        7                0",
      "b    mod3     0       0    1        0                6",
      "     seven    1       1    1        1                0",
      "",
      "claims: 0 of 2 held on every seed",
      "held on  failed on seeds   claim",
      "8 of 12  2, 5, 8, 11       seed mod 3 is not 2",
      "6 of 12  1, 3, 5, 7, 9, …  seed has the default seed's parity",
      "",
    ].join("\n"),
  );
});

test("bad ranges: RangeError before any seed runs", () => {
  let simulated = 0;
  const counting = { ...TOY, simulate: (seed: number) => (simulated++, { seed }) };
  for (const [from, count] of [
    [-1, 1],
    [1.5, 1],
    [0, 0],
    [0, -3],
    [0, 2.5],
    [MAX_SEED, 2],
    [MAX_SEED - 9, 11],
  ]) {
    assert.throws(() => sweepLesson(counting, { from, count }), RangeError, `${from} ${count}`);
  }
  assert.equal(simulated, 0);
  assert.doesNotThrow(() => checkSweepRange(MAX_SEED, 1));
  assert.doesNotThrow(() => checkSweepRange(0, MAX_SEED));
  assert.deepEqual(sweepLesson(TOY, { from: MAX_SEED - 1, count: 2 }).to, MAX_SEED);
});

test("lesson 6: each distribution is the one computed from simulateWritingAServer seed by seed", () => {
  const from = 500;
  const count = 41;
  const result = sweep("writing-a-server", { from, count });
  const results = Array.from({ length: count }, (_, i) => simulateWritingAServer(from + i));
  const reference = simulateWritingAServer(DEFAULT_SEED);
  const runs = result.groups.find((g) => g.name === "runs")!;
  assert.deepEqual(runs.counts, RUN_COUNTS);
  for (let level = 0; level < 4; level++) {
    assert.deepEqual(runs.rows[level].key, {
      level,
      declaration: ["name", "name + fields", "name + fields + side effect", "full"][level],
    });
    for (const name of RUN_COUNTS) {
      const values = results.map((r) => r.runs[level][name]).sort((a, b) => a - b);
      const atDefault = reference.runs[level][name];
      assert.deepEqual(
        runs.rows[level].counts[name],
        {
          min: values[0],
          median: values[20],
          max: values[40],
          atDefault,
          differing: values.filter((v) => v !== atDefault).length,
        },
        `level ${level} ${name}`,
      );
    }
  }
  const handshake = result.groups.find((g) => g.name === "handshake")!;
  assert.deepEqual(handshake.rows[3].counts.negotiated, { min: 3, median: 3, max: 3, atDefault: 3, differing: 0 });
  // Completed tasks do not move; tokens at levels 1 and 2 do (816 to 822 over these seeds), by a few.
  for (const row of runs.rows) assert.equal(row.counts.completed.differing, 0);
  assert.ok(runs.rows[1].counts.tokens.differing > 0);
  assert.deepEqual(
    result.claims.map((c) => [c.id, c.held, c.failedOn]),
    WRITING_A_SERVER_CLAIMS.map((c) => [c.id, count, []]),
  );
});

test("the same sweep twice gives an equal result", () => {
  assert.deepEqual(
    sweep("writing-a-server", { from: 7, count: 25 }),
    sweep("writing-a-server", { from: 7, count: 25 }),
  );
});

test("lesson 8: the task and every condition × policy, and every claim held on three seeds", () => {
  const result = sweep("fleet", { count: 3 });
  const [task, conditions] = result.groups;
  assert.equal(task.name, "task");
  assert.deepEqual(task.counts, ["low_hour_devices", "more_raw_downtime"]);
  assert.equal(conditions.name, "conditions");
  assert.deepEqual(
    conditions.rows.map((r) => r.key),
    CONDITION_ROWS,
  );
  assert.deepEqual(conditions.counts, CONDITION_COUNTS);
  const row = (condition: string, policy: string) =>
    conditions.rows.find((r) => r.key.condition === condition && r.key.policy === policy)!;
  assert.deepEqual(row("crash-explained", "thorough").counts.tool_calls, {
    min: 10,
    median: 10,
    max: 10,
    atDefault: 10,
    differing: 0,
  });
  assert.deepEqual(row("direct", "shortcut").counts.correct, { min: 0, median: 0, max: 0, atDefault: 0, differing: 0 });
  assert.equal(row("direct", "thorough").counts.correct.min, 1);
  assert.deepEqual(
    result.claims.map((c) => [c.id, c.held]),
    FLEET_CLAIMS.map((c) => [c.id, 3]),
  );
});

test("--json shape: lesson, range, groups by name with each row's key and counts, claims", () => {
  const json = sweepJson(sweep("writing-a-server", { count: 5 }));
  assert.deepEqual(Object.keys(json), ["lesson", "from", "to", "count", "default_seed", "groups", "claims"]);
  assert.deepEqual(
    [json.lesson, json.from, json.to, json.count, json.default_seed],
    ["06-writing-a-server", DEFAULT_SEED, DEFAULT_SEED + 4, 5, DEFAULT_SEED],
  );
  assert.deepEqual(Object.keys(json.groups), ["handshake", "runs"]);
  assert.deepEqual(Object.keys(json.groups.runs[1]), ["level", "declaration", "counts"]);
  assert.deepEqual(Object.keys(json.groups.runs[1].counts), [...RUN_COUNTS]);
  assert.deepEqual(Object.keys(json.groups.runs[1].counts.tokens), ["min", "median", "max", "default", "differing"]);
  assert.deepEqual(Object.keys(json.claims[0]), ["id", "statement", "held", "seeds", "failed_on"]);
  assert.deepEqual(JSON.parse(JSON.stringify(json)), json, "plain JSON");
});

test("the chart's data: one bar per row of the chosen count, min, median and max with a label", () => {
  const result = sweepLesson(TOY, { from: 0, count: 12 });
  assert.deepEqual(sweepChartData(result), [
    { row: "a", min: 0, median: 1, max: 2, label: "1 (0–2)" },
    { row: "b", min: 0, median: 0, max: 1, label: "0 (0–1)" },
  ]);
  const fleet = sweepChartData(sweep("fleet", { count: 2 }));
  assert.equal(fleet.length, CONDITION_ROWS.length);
  assert.deepEqual(
    fleet.find((d) => d.row === "crash-explained" && d.series === "thorough"),
    { row: "crash-explained", series: "thorough", min: 10, median: 10, max: 10, label: "10" },
  );
  assert.throws(() => sweepChartData({ ...result, chart: { ...result.chart, count: "nope" } }), /no count mods\.nope/);
});

test("the chart renders to well-formed SVG that carries the plotted values, the same bytes twice", async () => {
  const result = sweep("writing-a-server", { from: 0, count: 60 });
  const svg = await renderSvg(sweepChartSpec(result));
  const texts = assertWellFormedSvg(svg);
  const tokens = result.groups.find((g) => g.name === "runs")!.rows.map((r) => r.counts.tokens);
  for (const d of tokens)
    assert.ok(
      texts.includes(d.min === d.max ? String(d.median) : `${d.median} (${d.min}–${d.max})`),
      `${JSON.stringify(d)} in ${texts.join(" | ")}`,
    );
  for (const label of ["0 name", "1 name + fields", "2 name + fields + side effect", "3 full", "envelope tokens"])
    assert.ok(texts.includes(label), label);
  assert.ok(texts.some((t) => t.includes("60 seeds, 0 to 59")));
  assert.equal(await renderSvg(sweepChartSpec(result)), svg);
});

test("the SVG check itself rejects what is not well-formed", () => {
  const head = '<svg xmlns="http://www.w3.org/2000/svg">';
  assert.deepEqual(assertWellFormedSvg(`${head}<g><text x="1">a &amp; b</text><path d="M0"/></g></svg>`), ["a & b"]);
  for (const bad of [
    `${head}<g></svg>`,
    `${head}<g></text></g></svg>`,
    `${head}<text>a & b</text></svg>`,
    `${head}<rect x=1/></svg>`,
    `${head}</svg><svg></svg>`,
    "<g></g>",
  ]) {
    assert.throws(() => assertWellFormedSvg(bad), assert.AssertionError, bad);
  }
});
