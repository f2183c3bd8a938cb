// Ground truth is computed from the data: the best downtime per hour under 500 hours, its model's risk leader, the raw-downtime shortcut, and an exact grader.
import assert from "node:assert/strict";
import { test } from "node:test";
import { generateFleet } from "../../src/fleet/generator";
import { gradeAnswer, higherRate, solveTask, TASK_QUESTION, taskIsWorthAsking } from "../../src/fleet/groundTruth";
import { dev, handFleet } from "./handFleet";

/**
 * Seven devices whose answer is known:
 * - AV3-001 (10 h, 9 min: 90 per 100 h) has the best rate under 500 hours;
 * - RP2-001 (499 h, 449 min: 89.98 per 100 h) is a hair behind, and has the most raw downtime under 500 h;
 * - AV3-002 (500 h, 1000 min: 200 per 100 h) has a higher rate but is not under 500 hours;
 * - AV3-003, at 800 hours, is the highest-risk Aeris V3; RP2-001 is its own model's risk leader.
 */
const SEVEN = [
  dev("IL4-001", "InfusaLine 400", "EVN", "2.4.1", 400, 8, 30, 200),
  dev("AV3-001", "Aeris V3", "BRD", "1.8.2", 10, 1, 20, 9),
  dev("AV3-002", "Aeris V3", "CHC", "1.9.0", 500, 40, 50, 1000),
  dev("CT5-001", "CardioTrack M5", "STM", "5.0.3", 20, 2, 60, 17),
  dev("AV3-003", "Aeris V3", "WRC", "1.9.0", 800, 3, 80, 40),
  dev("IL4-002", "InfusaLine 400", "LKV", "2.6.0", 3000, 5, 95, 30),
  dev("RP2-001", "RenalPure D2", "NGH", "4.0.0", 499, 4, 99, 449),
];

test("solveTask picks the best downtime per operating hour under 500 hours, and its model's risk leader", () => {
  const fleet = handFleet(SEVEN);
  const truth = solveTask(fleet);
  assert.equal(truth.device, fleet.byId.get("AV3-001"));
  assert.equal(truth.riskLeader, fleet.byId.get("AV3-003"), "the leader is sought among all hours, not only under 500");
  assert.equal(truth.answer, "AV3-001 vs AV3-003");
  assert.equal(truth.rate, 90);
  assert.equal(truth.lowHourCount, 4);
  assert.equal(truth.rawDowntimeRank, 4, "RP2-001 449, IL4-001 200, CT5-001 17, AV3-001 9");
});

test("a device at 500 hours or more is ignored even with a higher rate; at 499 it would win", () => {
  assert.equal(
    solveTask(handFleet(SEVEN)).device.device_id,
    "AV3-001",
    "AV3-002 has 200 per 100 h at exactly 500 hours",
  );
  const at499 = SEVEN.map((d) => (d.device_id === "AV3-002" ? { ...d, operating_hours: 499 } : d));
  const truth = solveTask(handFleet(at499));
  assert.equal(truth.answer, "AV3-002 vs AV3-003");
  assert.equal(truth.lowHourCount, 5);
});

test("the shortcut is the most raw downtime under 500 hours, which may be its own risk leader", () => {
  const truth = solveTask(handFleet(SEVEN));
  assert.equal(truth.shortcut.device.device_id, "RP2-001", "AV3-002 has more downtime, but at 500 hours");
  assert.equal(truth.shortcut.riskLeader.device_id, "RP2-001");
  assert.equal(truth.shortcut.answer, "RP2-001 vs RP2-001");
  assert.equal(taskIsWorthAsking(truth), false, "the true device is 4th by raw downtime: inside the 10-row cap");
});

test("the risk leader is the highest risk_score of the same model, and may be the device itself", () => {
  const ownLeader = SEVEN.map((d) => (d.device_id === "AV3-001" ? { ...d, risk_score: 81 } : d));
  const truth = solveTask(handFleet(ownLeader));
  assert.equal(truth.answer, "AV3-001 vs AV3-001");
  // IL4-002 has risk 95, but is not an Aeris V3.
  const otherModel = SEVEN.map((d) => (d.device_id === "IL4-002" ? { ...d, model: "Aeris V3" } : d));
  assert.equal(solveTask(handFleet(otherModel)).answer, "AV3-001 vs IL4-002");
});

test("higherRate compares downtime per hour exactly, by integer cross-multiplication", () => {
  const a = dev("AV3-001", "Aeris V3", "BRD", "1.8.2", 3, 0, 1, 1); // 1/3
  const b = dev("AV3-002", "Aeris V3", "BRD", "1.8.2", 100, 0, 1, 33); // 0.33
  const c = dev("AV3-003", "Aeris V3", "BRD", "1.8.2", 10, 0, 1, 3); // 0.3
  const d = dev("AV3-004", "Aeris V3", "BRD", "1.8.2", 100, 0, 1, 30); // 0.3
  assert.equal(higherRate(a, b), true);
  assert.equal(higherRate(b, a), false);
  assert.equal(higherRate(c, d), false, "equal rates: neither is higher");
  assert.equal(higherRate(d, c), false);
});

test("solveTask refuses a fleet with no device under 500 hours", () => {
  const allHigh = handFleet(SEVEN.map((d) => ({ ...d, operating_hours: 500 + d.operating_hours })));
  assert.throws(() => solveTask(allHigh), { message: "fleet seed -1 has no device under 500 hours" });
});

test("taskIsWorthAsking: true only when ten devices under 500 hours have more raw downtime than the true device", () => {
  // The needle: 9 minutes in 10 hours. Others: 400 hours and 20 + i minutes, a far lower rate.
  const needle = dev("AV3-001", "Aeris V3", "BRD", "1.8.2", 10, 1, 50, 9);
  const others = (k: number) =>
    Array.from({ length: k }, (_, i) =>
      dev(`IL4-${String(i + 1).padStart(3, "0")}`, "InfusaLine 400", "EVN", "2.4.1", 400, 1, 10, 20 + i),
    );
  const ten = solveTask(handFleet([...others(10), needle]));
  assert.equal(ten.device, needle);
  assert.equal(ten.rawDowntimeRank, 11);
  assert.equal(taskIsWorthAsking(ten), true);
  const nine = solveTask(handFleet([...others(9), needle]));
  assert.equal(nine.rawDowntimeRank, 10);
  assert.equal(taskIsWorthAsking(nine), false, "10th by raw downtime: a full page of 10 rows finds it");
  // An eleventh device ties with the needle on downtime and sorts before it by id: the needle is 12th.
  const tie = solveTask(handFleet([...others(10), dev("AV3-000", "Aeris V3", "BRD", "1.8.2", 400, 1, 10, 9), needle]));
  assert.equal(tie.rawDowntimeRank, 12);
  // The needle with the most raw downtime is its own shortcut.
  const alone = solveTask(handFleet([{ ...needle, downtime_min: 999 }, ...others(10)]));
  assert.equal(alone.device, alone.shortcut.device);
  assert.equal(taskIsWorthAsking(alone), false);
});

test("gradeAnswer: exactly the true `X vs Y`, surrounding space ignored", () => {
  const truth = solveTask(handFleet(SEVEN));
  assert.equal(gradeAnswer(truth, "AV3-001 vs AV3-003"), true);
  assert.equal(gradeAnswer(truth, "  AV3-001 vs AV3-003 \n"), true);
  assert.equal(gradeAnswer(truth, null), false);
  assert.equal(gradeAnswer(truth, ""), false);
  assert.equal(gradeAnswer(truth, "AV3-003 vs AV3-001"), false, "wrong order");
  assert.equal(gradeAnswer(truth, "av3-001 vs av3-003"), false);
  assert.equal(gradeAnswer(truth, "AV3-001 vs AV3-003."), false);
  assert.equal(gradeAnswer(truth, "AV3-001  vs AV3-003"), false);
  assert.equal(gradeAnswer(truth, "AV3-001"), false);
  assert.equal(gradeAnswer(truth, truth.shortcut.answer), false);
});

test("for the course's seed the true answer grades right and the shortcut wrong", () => {
  const truth = solveTask(generateFleet(20260218));
  assert.match(truth.answer, /^(IL4|IL7|CT5|AV3|RP2)-\d{3} vs (IL4|IL7|CT5|AV3|RP2)-\d{3}$/);
  assert.equal(truth.answer.slice(0, 3), truth.answer.slice(-7, -4), "both devices are of the same model");
  assert.equal(gradeAnswer(truth, truth.answer), true);
  assert.equal(gradeAnswer(truth, truth.shortcut.answer), false);
  assert.equal(truth.rate, (truth.device.downtime_min * 100) / truth.device.operating_hours);
});

test("the task as asked names the threshold, the rate and the answer's form", () => {
  assert.match(TASK_QUESTION, /under 500 operating hours/);
  assert.match(TASK_QUESTION, /per 100 operating hours/);
  assert.match(TASK_QUESTION, /highest-risk device of the same device type/);
  assert.match(TASK_QUESTION, /`X vs Y`/);
});
