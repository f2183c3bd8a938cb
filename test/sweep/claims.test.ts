// Each lesson's claims: true for real seeds, and each one false for a result changed just enough to break it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { simulateFleetLesson, type FleetLessonResult } from "../../src/lessons/fleetBehindTheBoundary/simulate";
import { simulateWritingAServer, type WritingAServerResult } from "../../src/lessons/writingAServer/simulate";
import { DEFAULT_SEED } from "../../src/sim/seed";
import { FEW_TOKENS, FLEET_CLAIMS, WRITING_A_SERVER_CLAIMS, type Claim } from "../../src/sweep/claims";
import type { AgentRunRecord } from "../../src/fleet/runAgents";
import type { RunRow } from "../../src/world/runTasks";

const lesson6 = simulateWritingAServer(DEFAULT_SEED);
const fleet = simulateFleetLesson(DEFAULT_SEED);

/** A claim by id (fails the test if there is none). */
function claim<R>(claims: readonly Claim<R>[], id: string): Claim<R> {
  const found = claims.find((c) => c.id === id);
  assert.ok(found, `no claim ${id}`);
  return found;
}

test("claims have unique kebab-case ids and one-line statements", () => {
  for (const claims of [
    WRITING_A_SERVER_CLAIMS.map(({ id, statement }) => ({ id, statement })),
    FLEET_CLAIMS.map(({ id, statement }) => ({ id, statement })),
  ]) {
    assert.equal(new Set(claims.map((c) => c.id)).size, claims.length);
    for (const c of claims) {
      assert.match(c.id, /^[a-z0-9]+(-[a-z0-9]+)*$/);
      assert.ok(c.statement.length > 0 && !c.statement.includes("\n"), c.id);
    }
  }
});

test("every lesson-6 claim holds for the default seed and for seeds 0, 1 and 2^53 − 1", () => {
  for (const seed of [DEFAULT_SEED, 0, 1, Number.MAX_SAFE_INTEGER]) {
    const result = seed === DEFAULT_SEED ? lesson6 : simulateWritingAServer(seed);
    for (const c of WRITING_A_SERVER_CLAIMS) assert.ok(c.holds(result, lesson6), `${c.id} at seed ${seed}`);
  }
});

/** A copy of the lesson-6 result with one run (level `i`, of `runs`, `secondRun` or `wide`) changed. */
const withRun = (where: "runs" | "second" | "wide", i: number, change: Partial<RunRow>): WritingAServerResult => {
  const patch = <T extends RunRow>(rows: T[]) => rows.map((row, j) => (j === i ? { ...row, ...change } : row));
  if (where === "runs") return { ...lesson6, runs: patch(lesson6.runs) };
  if (where === "second")
    return { ...lesson6, secondRun: { ...lesson6.secondRun, runs: patch(lesson6.secondRun.runs) } };
  return { ...lesson6, wide: patch(lesson6.wide) };
};

const LESSON_6_BREAKERS: [string, WritingAServerResult][] = [
  ["completed-independent-of-seed", withRun("runs", 1, { completed: 8 })],
  ["tokens-move-by-a-few", withRun("runs", 2, { tokens: lesson6.runs[2].tokens + FEW_TOKENS + 1 })],
  ["second-run-completes-the-same", withRun("second", 3, { completed: 5 })],
  ["second-run-tokens-move-by-a-few", withRun("second", 1, { tokens: lesson6.runs[1].tokens - FEW_TOKENS - 1 })],
  [
    "discovery-costs-the-same-at-every-level",
    { ...lesson6, handshake: lesson6.handshake.map((row, i) => (i === 2 ? { ...row, tokens: row.tokens + 1 } : row)) },
  ],
  [
    "full-declaration-keeps-fewest-tools",
    { ...lesson6, handshake: lesson6.handshake.map((row, i) => (i === 3 ? { ...row, negotiated: 4 } : row)) },
  ],
  ["names-alone-cheapest-and-complete-nothing", withRun("runs", 0, { completed: 1 })],
  ["names-alone-cheapest-and-complete-nothing", withRun("runs", 0, { tokens: 900 })],
  ["unnegotiated-calls-send-nothing", withRun("runs", 1, { request: lesson6.runs[1].request + 1 })],
  ["side-effect-level-prints-level-1", withRun("runs", 2, { blocked: 1 })],
  ["full-declaration-cheaper-and-worse", withRun("runs", 3, { completed: lesson6.runs[2].completed })],
  ["full-declaration-cheaper-and-worse", withRun("runs", 3, { tokens: lesson6.runs[2].tokens })],
  ["undeclared-side-effect-goes-through", withRun("wide", 0, { blocked: 1 })],
  ["declared-side-effect-is-gated", withRun("wide", 1, { written: 1 })],
  ["declared-side-effect-is-gated", withRun("wide", 2, { written: 0 })],
];

test("each lesson-6 claim is false for a result changed to break it, and only the changed row decides", () => {
  for (const [id, broken] of LESSON_6_BREAKERS)
    assert.equal(claim(WRITING_A_SERVER_CLAIMS, id).holds(broken, lesson6), false, id);
  assert.deepEqual(
    new Set(LESSON_6_BREAKERS.map(([id]) => id)),
    new Set(WRITING_A_SERVER_CLAIMS.map((c) => c.id)),
    "a breaker for every claim",
  );
});

test("'tokens move by a few' allows exactly FEW_TOKENS either way", () => {
  const tokens = claim(WRITING_A_SERVER_CLAIMS, "tokens-move-by-a-few");
  assert.equal(tokens.holds(withRun("runs", 1, { tokens: lesson6.runs[1].tokens + FEW_TOKENS }), lesson6), true);
  assert.equal(tokens.holds(withRun("runs", 1, { tokens: lesson6.runs[1].tokens - FEW_TOKENS }), lesson6), true);
  assert.equal(tokens.holds(withRun("runs", 1, { tokens: lesson6.runs[1].tokens - FEW_TOKENS - 1 }), lesson6), false);
});

test("every fleet claim holds for the default seed and for seed 0", () => {
  for (const result of [fleet, simulateFleetLesson(0)]) {
    for (const c of FLEET_CLAIMS) assert.ok(c.holds(result, fleet), `${c.id} at seed ${result.seed}`);
  }
});

/** A copy of the fleet result with one condition × policy record changed. */
const withRecord = (condition: string, policy: string, change: Partial<AgentRunRecord>): FleetLessonResult => ({
  ...fleet,
  matrix: fleet.matrix.map((r) => (r.condition === condition && r.policy === policy ? { ...r, ...change } : r)),
});
const tokens = (n: number) => ({ ...fleet.matrix[0].envelope, tokens: n });
const thorough = (condition: string) => fleet.matrix.find((r) => r.condition === condition && r.policy === "thorough")!;

const FLEET_BREAKERS: [string, FleetLessonResult][] = [
  ["answer-out-of-reach-of-a-page", { ...fleet, truth: { ...fleet.truth, moreRawDowntime: 9 } }],
  [
    "answer-out-of-reach-of-a-page",
    { ...fleet, truth: { ...fleet.truth, shortcut: { ...fleet.truth.shortcut, answer: fleet.truth.answer } } },
  ],
  [
    "level-0-counts-the-whole-fleet",
    { ...fleet, levels: fleet.levels.map((row, i) => (i === 0 ? { ...row, count: fleet.truth.lowHourCount } : row)) },
  ],
  [
    "level-0-counts-the-whole-fleet",
    { ...fleet, levels: fleet.levels.map((row, i) => (i === 2 ? { ...row, count: 400 } : row)) },
  ],
  [
    "lesson-6-client-refuses-the-fleet",
    {
      ...fleet,
      lessonClientLevels: fleet.lessonClientLevels.map((row, i) =>
        i === 1 ? { ...row, request: row.request + 1 } : row,
      ),
    },
  ],
  [
    "lesson-6-client-refuses-the-fleet",
    { ...fleet, lessonClientLevels: fleet.lessonClientLevels.map((row, i) => (i === 3 ? { ...row, calls: 2 } : row)) },
  ],
  [
    "validation-changes-the-contract",
    {
      ...fleet,
      malformed: fleet.malformed.map((row) => ({
        ...row,
        outcomes: { ...row.outcomes, direct: row.outcomes.validating, raw: row.outcomes.validating },
      })),
    },
  ],
  ["healthy-paths-agree", withRecord("raw", "thorough", { toolCalls: thorough("raw").toolCalls + 1 })],
  ["healthy-paths-agree", withRecord("validating", "shortcut", { answer: "IL4-000 vs IL4-001" })],
  ["thorough-right-on-healthy-paths", withRecord("validating", "thorough", { correct: false })],
  ["boundary-costs-tokens", withRecord("direct", "shortcut", { envelope: tokens(5) })],
  ["boundary-costs-tokens", withRecord("raw", "thorough", { envelope: tokens(0) })],
  ["shortcut-always-wrong", withRecord("stdout-line", "shortcut", { correct: true })],
  ["thorough-right-after-slow", withRecord("slow", "thorough", { correct: false })],
  ["thorough-right-after-slow", withRecord("slow", "thorough", { turns: thorough("validating").turns })],
  ["thorough-wrong-after-crash", withRecord("crash", "thorough", { correct: true })],
  [
    "explained-crash-stops-the-waste",
    withRecord("crash-explained", "thorough", { toolCalls: thorough("crash").toolCalls }),
  ],
  ["explained-crash-stops-the-waste", withRecord("crash-explained", "thorough", { answer: null })],
  ["thorough-right-after-restart", withRecord("crash-restart", "thorough", { restarts: 0 })],
  [
    "thorough-right-after-restart",
    withRecord("crash-restart", "thorough", { envelope: tokens(thorough("validating").envelope.tokens) }),
  ],
  ["shortcut-unmoved-by-crashes", withRecord("crash-explained", "shortcut", { toolErrors: 1 })],
  ["stray-line-is-harmless", withRecord("stdout-line", "thorough", { transportErrors: 0 })],
  ["stray-line-is-harmless", withRecord("stdout-line", "thorough", { toolErrors: 1 })],
  [
    "unterminated-stdout-breaks-every-call",
    withRecord("stdout-unterminated", "shortcut", { answer: "CT5-054 vs CT5-008" }),
  ],
  [
    "unterminated-stdout-breaks-every-call",
    withRecord("stdout-unterminated", "thorough", { toolErrors: thorough("stdout-unterminated").toolCalls - 1 }),
  ],
];

test("each fleet claim is false for a result changed to break it", () => {
  for (const [id, broken] of FLEET_BREAKERS) assert.equal(claim(FLEET_CLAIMS, id).holds(broken, fleet), false, id);
  assert.deepEqual(
    new Set(FLEET_BREAKERS.map(([id]) => id)),
    new Set(FLEET_CLAIMS.map((c) => c.id)),
    "a breaker for every claim",
  );
});

test("a claim that reads a missing condition throws, naming the seed", () => {
  const missing = { ...fleet, matrix: fleet.matrix.filter((r) => r.condition !== "slow") };
  assert.throws(
    () => claim(FLEET_CLAIMS, "thorough-right-after-slow").holds(missing, fleet),
    /seed 20260218: no run for slow × thorough/,
  );
});
