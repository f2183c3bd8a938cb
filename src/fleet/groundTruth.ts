/**
 * The lesson-8 task and its ground truth, computed from the fleet's data and never stored.
 *
 * Source: seed document 000, "Experiment design": among devices under 500 operating hours, which
 * had the most unplanned downtime per 100 operating hours, and how does its vendor risk score
 * compare with the highest-risk device of the same device type? The answer is written `X vs Y`
 * (`AV3-007 vs AV3-024` in the source fleet). The known wrong answer, the shortcut, ranks raw
 * downtime instead of the rate (`IL7-032 vs IL7-032` in the source).
 */
import { LOW_HOURS, MAX_ROWS } from "./catalog";
import type { Device, Fleet } from "./generator";
import { rankBy } from "./tools";

/** The task as the agents are given it. Source: seed document 000 (reworded). */
export const TASK_QUESTION =
  "Among devices under 500 operating hours, which had the most unplanned downtime per 100 operating hours, " +
  "and how does its risk score compare with the highest-risk device of the same device type? Answer as `X vs Y`.";

/** An answer `X vs Y` and the two devices it names. */
export interface TaskAnswer {
  /** The device the answer is about. */
  device: Device;
  /** The highest-risk device of the same model (possibly `device` itself). */
  riskLeader: Device;
  /** `"<device_id> vs <riskLeader.device_id>"`. */
  answer: string;
}

/** The ground truth of one fleet, with the facts that make the task worth asking. */
export interface TaskTruth extends TaskAnswer {
  /** The device's downtime per 100 operating hours (a float, for display only; ranking is exact). */
  rate: number;
  /** Devices under 500 hours. */
  lowHourCount: number;
  /** The device's place when low-hour devices are ranked by raw downtime, ties in device-id order (1 = most). */
  rawDowntimeRank: number;
  /** Low-hour devices with strictly more raw downtime than the device (its rank without the tie-break, less one). */
  moreRawDowntime: number;
  /** The answer of ranking raw downtime and stopping: the most raw downtime under 500 hours. */
  shortcut: TaskAnswer;
}

/** The answer text for a device: `X vs Y`. */
export function answerFor(fleet: Fleet, device: Device): TaskAnswer {
  const leader = rankBy(
    fleet.devices.filter((d) => d.model === device.model),
    "risk_score",
  )[0];
  return { device, riskLeader: leader, answer: `${device.device_id} vs ${leader.device_id}` };
}

/** Whether `a` has more downtime per operating hour than `b`; integers, cross-multiplied. */
export function higherRate(a: Device, b: Device): boolean {
  return a.downtime_min * b.operating_hours > b.downtime_min * a.operating_hours;
}

/**
 * Solves the task from the data.
 *
 * @returns the answer, the shortcut answer, and the true device's raw-downtime rank.
 * @throws Error if no device is under 500 hours (a generated fleet always has some).
 */
export function solveTask(fleet: Fleet): TaskTruth {
  const low = fleet.devices.filter((d) => d.operating_hours < LOW_HOURS);
  if (low.length === 0) {
    throw new Error(`fleet seed ${fleet.seed} has no device under ${LOW_HOURS} hours`);
  }
  let best = low[0];
  for (const device of low) if (higherRate(device, best)) best = device;
  const byDowntime = rankBy(low, "downtime_min");
  return {
    ...answerFor(fleet, best),
    rate: (best.downtime_min * 100) / best.operating_hours,
    lowHourCount: low.length,
    rawDowntimeRank: byDowntime.indexOf(best) + 1,
    moreRawDowntime: low.filter((d) => d.downtime_min > best.downtime_min).length,
    shortcut: answerFor(fleet, byDowntime[0]),
  };
}

/**
 * Whether the task is worth asking: the true device is not the shortcut, and it is outside the
 * top {@link MAX_ROWS} by raw downtime whatever the order of ties (at least that many low-hour
 * devices have strictly more raw downtime).
 */
export function taskIsWorthAsking(truth: TaskTruth): boolean {
  return truth.device !== truth.shortcut.device && truth.moreRawDowntime >= MAX_ROWS;
}

/** Grades an agent's final answer: exactly the true `X vs Y` (surrounding space ignored). */
export function gradeAnswer(truth: TaskTruth, answer: string | null): boolean {
  return answer !== null && answer.trim() === truth.answer;
}
