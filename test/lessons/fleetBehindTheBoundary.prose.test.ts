// Lesson 8's computed prose says what its run did, for any seed: no gap or stray value, no later lesson named, every figure the run's own.
import assert from "node:assert/strict";
import { test } from "node:test";
import { WAVE_BANDS } from "../../src/fleet/agents";
import { LATENCY_MICROS } from "../../src/fleet/conditions";
import { SLOW_PROGRESS_STEPS } from "../../src/server/faults";
import * as prose from "../../src/lessons/fleetBehindTheBoundary/prose";
import { simulateFleetLesson } from "../../src/lessons/fleetBehindTheBoundary/simulate";
import { DEFAULT_SEED } from "../../src/sim/seed";

const SEEDS = [DEFAULT_SEED, 20260219, 1, 77, 4242];

/** Prose with its line breaks and indents read as the single spaces markdown renders them as. */
const flat = (text: string) => text.replace(/\s+/g, " ");

/** Every paragraph the lesson computes, for one seed. */
function allProse(seed: number): Record<string, string> {
  const r = simulateFleetLesson(seed);
  return {
    describeFleetSeed: prose.describeFleetSeed(r),
    readGroundTruth: prose.readGroundTruth(r),
    readConditions: prose.readConditions(r),
    solveExercises: prose.solveExercises(r),
  };
}

test(`for ${SEEDS.length} seeds, no paragraph has a gap, a stray value, or a later lesson in it`, () => {
  for (const seed of SEEDS) {
    for (const [name, text] of Object.entries(allProse(seed))) {
      assert.doesNotMatch(text, /(?<!")undefined(?!")|NaN|\[object |null vs|\$\{/, `${name}, seed ${seed}`);
      assert.doesNotMatch(text, /\blessons? (9|10)\b|\ba later lesson\b|\bnext lesson\b/i, `${name}, seed ${seed}`);
      assert.doesNotMatch(text, /seed document|reference lesson|\bIM\d/, `${name}, seed ${seed}: no provenance labels`);
      assert.doesNotMatch(
        text,
        /experiment/i,
        `${name}, seed ${seed}: the source is named once, in the notebook's introduction`,
      );
      for (const line of text.split("\n"))
        assert.ok(line.length <= 100, `${name}, seed ${seed}: ${line.length} columns: ${line}`);
    }
  }
});

test("the worked example is the run's: the opening is the envelope's", () => {
  const r = simulateFleetLesson(DEFAULT_SEED);
  const thoroughRaw = r.matrix.find((m) => m.condition === "raw" && m.policy === "thorough")!;
  assert.ok(
    flat(prose.readConditions(r)).includes(
      `Of the thorough agent's ${thoroughRaw.bytes.toLocaleString("en-US")} on \`raw\`, ${r.handshakeBytes.toLocaleString("en-US")} are MCP's opening and \`tools/list\` (5 messages`,
    ),
  );
  const restart = r.matrix.find((m) => m.condition === "crash-restart" && m.policy === "thorough")!;
  assert.equal(
    restart.callMicros,
    restart.toolCalls * LATENCY_MICROS.validatingCall + restart.restarts * LATENCY_MICROS.restart,
    "call_micros (simulate --json) holds calls and restarts, no start-up",
  );
});

test("the solutions are folded, one per exercise, count the two paths' channels and name the calls the validating server refused", () => {
  for (const seed of SEEDS) {
    const r = simulateFleetLesson(seed);
    const solutions = flat(prose.solveExercises(r));
    const refused = r.malformed.filter((m) => m.outcomes.validating.text.startsWith("Input validation error:"));
    assert.equal(refused.length, 5, `seed ${seed}`);
    for (const row of refused) assert.ok(solutions.includes(`*${row.label}*`), `${seed}: ${row.label}`);
    // Exercise 1 is MCP's two channels, counted from the malformed-call table; no agent rule.
    const count = (path: "raw" | "validating", channel: string) =>
      r.malformed.filter((m) => m.outcomes[path].channel === channel).length;
    assert.deepEqual(
      [count("raw", "JSON-RPC error"), count("raw", "error result"), count("raw", "result")],
      [5, 0, 3],
      `seed ${seed}`,
    );
    assert.ok(
      solutions.includes(
        "`raw`: 5 JSON-RPC errors (4 of -32603 and 1 of -32602), 0 `isError` results and 3 plain results; " +
          "`validating`: 1 JSON-RPC error (-32602), 6 `isError` results and 1 plain result. " +
          "The unknown device id is the handler's own failure, which SHOULD be reported in the result: " +
          "`validating` does so, with an `isError` result; `raw` sends -32603.",
      ),
      `seed ${seed}`,
    );
    assert.doesNotMatch(solutions, /crowded|halves|its first two turns|another seed/, `seed ${seed}`);
    assert.equal(prose.solveExercises(r).match(/^<details>$/gm)?.length, 3, "one folded answer per exercise");
    assert.equal(prose.solveExercises(r).match(/^<summary>\d\. /gm)?.length, 3);
    assert.ok(solutions.includes("fails the call itself: `local: timed out`"), `seed ${seed}`);
    assert.doesNotMatch(solutions, /-3200\d/, `seed ${seed}: a local failure has no code`);
  }
});

test("the thorough agent's turns rebuild its run: calls per turn, and the stop where the bound says", () => {
  for (const seed of SEEDS) {
    const r = simulateFleetLesson(seed);
    const turns = r.thoroughTurns;
    assert.deepEqual(
      turns.map((t) => t.calls),
      r.turnSizes.thorough,
      `seed ${seed}: the same turns as the run`,
    );
    for (const t of turns.slice(1, -1)) assert.equal(t.calls, 2 * t.bands.length, `seed ${seed}: two pages per band`);
    // Each band turn carries the halves the turn before left waiting, then new bands up to four.
    for (let k = 2; k < turns.length - 1; k++) {
      const halves = turns[k - 1].bands.filter((b) => b.crowded).length * 2;
      const bands = turns[k].bands;
      const ranOut = bands.some((b) => b.max === 500);
      assert.ok(
        bands.length === Math.max(halves, WAVE_BANDS) || (ranOut && bands.length >= halves),
        `seed ${seed}, turn ${k + 1}`,
      );
    }
    // The stop: the last band turn is the first whose hours read pass most × hours ÷ downtime.
    const { device, shortcut } = r.truth;
    const passes = (covered: number) =>
      covered * device.downtime_min > shortcut.device.downtime_min * device.operating_hours || covered >= 500;
    const first = turns.findIndex((t) => t.bands.length > 0 && passes(t.covered));
    assert.equal(first, turns.length - 2, `seed ${seed}: stops after the first turn past the bound`);
  }
});

test("solution 3 reads the slow call's progress against the client's clock: the notifications' times, the wait, the maximum", () => {
  const slow = LATENCY_MICROS.slowTool / 1000;
  const wait = LATENCY_MICROS.clientTimeout / 1000;
  const gap = slow / SLOW_PROGRESS_STEPS;
  assert.ok(gap < wait, "each notification comes within the wait");
  for (const seed of SEEDS) {
    const text = flat(prose.solveExercises(simulateFleetLesson(seed)).split(/\n\n(?=<details>)/)[2]);
    assert.match(text, /^<details> <summary>3\. A slow call with progress/, `seed ${seed}`);
    assert.ok(
      text.includes(
        `No: the notifications come at 1,000, 2,000 and 3,000 ms, each within 1,500 ms of the clock's last start`,
      ),
      `seed ${seed}`,
    );
    assert.ok(text.includes("With a maximum of 2,000 ms it times out at 2,000 ms"), `seed ${seed}`);
  }
});

test("turn 3's 12 calls (and any turn above four bands) are named as the halves of crowded bands", () => {
  // A student's item 2: the 12 of 2 + 8 + 12 + … is turn 2's three crowded bands, halved.
  const text = flat(prose.readGroundTruth(simulateFleetLesson(DEFAULT_SEED)));
  assert.ok(
    text.includes(
      "The thorough agent's turns send 2 + 8 + 12 + 8 + 8 + 8 + 2 = 48 calls: 2 to open, two pages per band, and 2 for the winner's record and its type's risk leader; turn 3's 12 page the halves of turn 2's 3 crowded bands, those with more than 10 devices. Its answer takes a turn more.",
    ),
    text,
  );
  assert.ok(
    flat(prose.readGroundTruth(simulateFleetLesson(20260219))).includes(
      "turns 3, 5 and 7, of 12, 12 and 16 calls, page the halves of the turn before's 3, 3 and 4 crowded bands",
    ),
  );
});

test("a reading whose arithmetic the runs do not bear out says so, visibly, instead of falling silent", () => {
  const r = simulateFleetLesson(DEFAULT_SEED);
  const bump = (condition: string, change: Partial<(typeof r.matrix)[number]>) => ({
    ...r,
    matrix: r.matrix.map((row) =>
      row.condition === condition && row.policy === "thorough" ? { ...row, ...change } : row,
    ),
  });
  const direct = r.matrix.find((row) => row.condition === "direct" && row.policy === "thorough")!;
  const turns = flat(prose.readGroundTruth(bump("direct", { toolCalls: direct.toolCalls + 1 })));
  assert.match(turns, /= 48 calls, not the table's 49, which the reading did not expect: check the table row by row\./);
  const crash = r.matrix.find((row) => row.condition === "crash" && row.policy === "thorough")!;
  const conditions = flat(prose.readConditions(bump("crash", { toolErrors: crash.toolErrors + 1 })));
  assert.match(
    conditions,
    /The crash rows' calls and failures do not follow from the turns above, which the reading did not expect: check the table row by row\./,
  );
  assert.doesNotMatch(conditions, /Under `crash` the server exits/);
});
