// Lesson 8's printout and JSON are pure functions of the seed: byte-stable, every section and condition × policy row present, keys in the documented order.
import assert from "node:assert/strict";
import { test } from "node:test";
import { AGENT_POLICIES } from "../../src/fleet/agents";
import { CONDITIONS } from "../../src/fleet/conditions";
import { generateFleet } from "../../src/fleet/generator";
import { solveTask } from "../../src/fleet/groundTruth";
import { MALFORMED_CALLS } from "../../src/fleet/malformed";
import { runMatrix } from "../../src/fleet/run";
import { fleetLessonJson } from "../../src/lessons/fleetBehindTheBoundary/json";
import { simulateFleetLesson } from "../../src/lessons/fleetBehindTheBoundary/simulate";
import { formatConditionTable, formatFleetLesson, msPerCall } from "../../src/lessons/fleetBehindTheBoundary/tables";
import { DEFAULT_SEED } from "../../src/sim/seed";

const result = simulateFleetLesson(DEFAULT_SEED);
const text = formatFleetLesson(result);

const SECTIONS = [
  `fleet (seed ${DEFAULT_SEED})`,
  "ground truth",
  "the fleet as a fourth server, client that knows it",
  "the fleet as a fourth server, lesson 6's client",
  "eight malformed calls down three paths",
  "conditions × policies (virtual clock)",
];

test("the printout is byte-identical across two simulations of the same seed, and ends with one newline", () => {
  assert.equal(formatFleetLesson(simulateFleetLesson(DEFAULT_SEED)), text);
  assert.ok(text.endsWith("\n") && !text.endsWith("\n\n"));
  assert.ok(!/[ \t]$/m.test(text), "no trailing spaces");
});

test("every section title is there, in order, as a `## ` line", () => {
  const titles = text.split("\n").filter((line) => line.startsWith("## ")).map((line) => line.slice(3));
  assert.deepEqual(titles, SECTIONS);
});

test("the ground truth section names the answer and the shortcut", () => {
  assert.ok(text.includes(`answer    ${result.truth.answer}\n`));
  assert.ok(text.includes(`shortcut  ${result.truth.shortcut.answer}\n`));
  assert.ok(text.includes(`${result.truth.moreRawDowntime} of the ${result.truth.lowHourCount} devices under 500 h have more raw downtime than the task device`));
});

test("the conditions table has a row per condition × policy, in order, columns aligned", () => {
  const section = text.split("## conditions × policies (virtual clock)\n")[1].trimEnd();
  assert.equal(section, formatConditionTable(result.matrix));
  const [header, ...rows] = section.split("\n");
  assert.equal(rows.length, CONDITIONS.length * AGENT_POLICIES.length);
  const policyAt = header.indexOf("policy");
  const answerAt = header.indexOf("answer");
  rows.forEach((row, k) => {
    const record = result.matrix[k];
    assert.ok(row.startsWith(`${CONDITIONS[Math.floor(k / AGENT_POLICIES.length)].name} `), row);
    assert.ok(row.slice(policyAt).startsWith(`${AGENT_POLICIES[k % AGENT_POLICIES.length].name} `), row);
    assert.equal(row.slice(answerAt), record.answer ?? "(none)");
    assert.ok(row.includes(` ${msPerCall(record)} `));
  });
});

test("the malformed-calls table has each call on each of the three paths", () => {
  const section = text.split("## eight malformed calls down three paths\n")[1].split("\n\n")[0];
  const lines = section.split("\n").slice(1);
  assert.equal(lines.length, MALFORMED_CALLS.length * 3);
  MALFORMED_CALLS.forEach((call, k) => assert.ok(lines[3 * k].startsWith(`${call.label} `), call.label));
});

test("the lesson's figures are the fleet's own: ground truth and matrix recomputed from scratch agree", () => {
  const fleet = generateFleet(DEFAULT_SEED);
  const truth = solveTask(fleet);
  assert.equal(result.truth.answer, truth.answer);
  assert.deepEqual(result.matrix, runMatrix(fleet, truth));
  assert.equal(result.models.reduce((n, m) => n + m.devices, 0), 400);
});

test("another seed prints other tables and says its seed", () => {
  const other = formatFleetLesson(simulateFleetLesson(7));
  assert.notEqual(other, text);
  assert.ok(other.startsWith("## fleet (seed 7)\n"));
});

test("fleetLessonJson has the documented keys in the documented order", () => {
  const json = fleetLessonJson(result);
  assert.deepEqual(Object.keys(json), ["lesson", "seed", "devices", "ground_truth", "levels", "lesson_client_levels", "malformed_calls", "conditions"]);
  assert.equal(json.lesson, "08-the-fleet-behind-the-boundary");
  assert.equal(json.seed, DEFAULT_SEED);
  assert.equal(json.devices.length, 400);
  assert.deepEqual(Object.keys(json.ground_truth), ["answer", "device", "risk_leader", "rate_per_100h", "low_hour_count", "raw_downtime_rank", "more_raw_downtime", "shortcut"]);
  assert.deepEqual(Object.keys(json.ground_truth.shortcut), ["answer", "device", "risk_leader"]);
  const levelKeys = ["level", "negotiated", "dropped", "calls", "failed", "count", "fetched", "failure", "request", "response", "tokens", "round_trips"];
  for (const rows of [json.levels, json.lesson_client_levels]) {
    assert.equal(rows.length, 4);
    for (const row of rows) assert.deepEqual(Object.keys(row), levelKeys);
  }
  assert.equal(json.malformed_calls.length, 8);
  for (const row of json.malformed_calls) {
    assert.deepEqual(Object.keys(row), ["label", "call", "outcomes"]);
    assert.deepEqual(Object.keys(row.call), ["name", "arguments"]);
    assert.deepEqual(Object.keys(row.outcomes), ["direct", "raw", "validating"]);
    for (const outcome of Object.values(row.outcomes)) assert.deepEqual(Object.keys(outcome), ["channel", "is_error", "text"]);
  }
  assert.equal(json.conditions.length, CONDITIONS.length * AGENT_POLICIES.length);
  for (const row of json.conditions) {
    assert.deepEqual(Object.keys(row), [
      "condition", "policy", "answer", "correct", "turns", "tool_calls", "tool_errors", "restarts", "transport_errors", "envelope", "call_micros", "startup_micros",
    ]);
    assert.deepEqual(Object.keys(row.envelope), ["request", "response", "notification", "tokens", "round_trips"]);
  }
});

test("fleetLessonJson carries the ground truth and the matrix as computed, and survives a JSON round trip", () => {
  const json = fleetLessonJson(result);
  const { truth } = result;
  assert.deepEqual(json.ground_truth, {
    answer: truth.answer,
    device: truth.device.device_id,
    risk_leader: truth.riskLeader.device_id,
    rate_per_100h: truth.rate,
    low_hour_count: truth.lowHourCount,
    raw_downtime_rank: truth.rawDowntimeRank,
    more_raw_downtime: truth.moreRawDowntime,
    shortcut: { answer: truth.shortcut.answer, device: truth.shortcut.device.device_id, risk_leader: truth.shortcut.riskLeader.device_id },
  });
  json.conditions.forEach((row, k) => {
    const r = result.matrix[k];
    assert.deepEqual(
      [row.condition, row.policy, row.answer, row.correct, row.turns, row.tool_calls, row.tool_errors, row.restarts, row.transport_errors, row.call_micros, row.startup_micros],
      [r.condition, r.policy, r.answer, r.correct, r.turns, r.toolCalls, r.toolErrors, r.restarts, r.transportErrors, r.callMicros, r.startupMicros],
    );
  });
  assert.deepEqual(JSON.parse(JSON.stringify(json)), json);
  assert.equal(JSON.stringify(fleetLessonJson(simulateFleetLesson(DEFAULT_SEED))), JSON.stringify(json));
});
