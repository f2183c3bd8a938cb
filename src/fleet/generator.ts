/**
 * The fleet generator: 400 seeded devices, the same for the same seed on every machine.
 *
 * Seed documents 000 and 001 describe a fleet but publish neither its data nor its generator, so
 * this one is the course's own, drawn with seedrandom (ARC4, seeded with the text `fleet:<seed>`).
 * It is built so that the task of lesson 8 is worth asking for every seed: one
 * low-hour device has the highest downtime per 100 operating hours, yet so little raw downtime
 * that at least ten devices under 500 hours have more. Ranking raw downtime — even all ten rows
 * the cap allows — never finds it. `groundTruth.ts` finds it from the data alone.
 *
 * This module is not the lesson-6 generator (`sim/generator.ts`), which is a port of the
 * reference's and must stay exact; nothing here changes lesson 6's figures.
 */
import seedrandom from "seedrandom";
import {
  DEVICE_MODELS,
  FLEET_SIZE,
  LOW_HOURS,
  LOW_HOURS_SHARE,
  MAX_RISK,
  MAX_ROWS,
  MIN_RISK,
  SITES,
} from "./catalog";
import { checkSeed } from "../sim/seed";

/** One device as stored: the full record `get_device` returns. All numbers are integers. */
export type Device = {
  /** Model prefix, dash, three digits, numbered per model in draw order: `AV3-007`. */
  device_id: string;
  model: string;
  site: string;
  firmware: string;
  /** Hours in service over the window; at least 1. */
  operating_hours: number;
  /** Alerts raised over the window. */
  alerts: number;
  /** The vendor's failure-risk score, 1–99, assigned in advance; unique at the top of each model. */
  risk_score: number;
  /** Unplanned downtime over the window, in minutes. */
  downtime_min: number;
};

/** The fleet's random draw: a whole number from 0 to `n - 1`. */
type Draw = (n: number) => number;

/** A generated fleet: its seed, its devices in draw order, and the devices by id. */
export interface Fleet {
  seed: number;
  devices: readonly Device[];
  byId: ReadonlyMap<string, Device>;
}

/** Hours of an ordinary low-hour device: 24 to 499. This project's choice. */
const LOW_MIN_HOURS = 24;
/** Hours of a device at or above 500: 500 to 7,999. This project's choice. */
const HIGH_MAX_HOURS = 8000;
/** Downtime per 100 hours of an ordinary device: 0.2 + 5.8·u·v minutes, skewed low. This project's choice. */
const BASE_RATE = 0.2;
const RATE_SPREAD = 5.8;
/** Hours of the device the task is about: 6 to 35. This project's choice. */
const NEEDLE_MIN_HOURS = 6;
const NEEDLE_HOURS_SPAN = 30;

/**
 * Generates the fleet of a seed.
 *
 * Draws, per device in order: model, site, firmware, whether it is under 500 hours, its hours,
 * its downtime rate, its alerts, its risk score. Then one low-hour device is chosen and given
 * 6–35 hours and the least whole number of downtime minutes (plus 0 or 1) that puts its rate
 * strictly above every other low-hour device's. Ties at the top are then broken by lowering the
 * later devices by one: for the most raw downtime under 500 hours (so the shortcut answer names
 * one device), and for the top risk score within each model (so "the highest-risk device of the
 * same model" names one device). Lowering another device's downtime only lowers its rate.
 *
 * @param seed an integer from 0 to 2^53 − 1 (the course's seeds; default 20260218 elsewhere).
 * @throws RangeError for any other seed.
 */
export function generateFleet(seed: number): Fleet {
  checkSeed(seed);
  const random = seedrandom(`fleet:${seed}`);
  const draw: Draw = (n) => Math.floor(random() * n);
  const numbers = new Map<string, number>();
  const devices: Device[] = [];
  const low: number[] = [];
  for (let i = 0; i < FLEET_SIZE; i++) {
    const model = DEVICE_MODELS[draw(DEVICE_MODELS.length)];
    const number = (numbers.get(model.prefix) ?? 0) + 1;
    numbers.set(model.prefix, number);
    const site = SITES[draw(SITES.length)];
    const firmware = model.firmware[draw(model.firmware.length)];
    const isLow = random() < LOW_HOURS_SHARE;
    const hours = isLow
      ? LOW_MIN_HOURS + draw(LOW_HOURS - LOW_MIN_HOURS)
      : LOW_HOURS + draw(HIGH_MAX_HOURS - LOW_HOURS);
    const rate = BASE_RATE + RATE_SPREAD * random() * random();
    const downtime = Math.round((hours * rate) / 100);
    const alerts = Math.floor(downtime / 15 + 12 * random() * random());
    const risk = MIN_RISK + draw(MAX_RISK - MIN_RISK + 1);
    if (isLow) low.push(i);
    devices.push({
      device_id: `${model.prefix}-${String(number).padStart(3, "0")}`,
      model: model.name,
      site,
      firmware,
      operating_hours: hours,
      alerts,
      risk_score: risk,
      downtime_min: downtime,
    });
  }
  const needle = plantNeedle(devices, low, draw);
  breakDowntimeTie(devices, low);
  checkNeedle(seed, devices, low, needle);
  breakRiskTies(devices);
  return { seed, devices, byId: new Map(devices.map((device) => [device.device_id, device])) };
}

/**
 * Gives one low-hour device few hours and just enough downtime for the highest rate; returns it.
 *
 * @param low the indices of the devices under 500 hours.
 */
function plantNeedle(devices: Device[], low: readonly number[], draw: Draw): Device {
  const needle = devices[low[draw(low.length)]];
  needle.operating_hours = NEEDLE_MIN_HOURS + draw(NEEDLE_HOURS_SPAN);
  // The best rate among the other low-hour devices, kept as a fraction best.d / best.h.
  let best = { d: 0, h: 1 };
  for (const index of low) {
    const { downtime_min: d, operating_hours: h } = devices[index];
    if (devices[index] !== needle && d * best.h > best.d * h) best = { d, h };
  }
  // Least d with d / h_needle > best.d / best.h, then 0 or 1 more.
  needle.downtime_min = Math.floor((best.d * needle.operating_hours) / best.h) + 1 + draw(2);
  needle.alerts = Math.floor(needle.downtime_min / 15) + draw(3);
  return needle;
}

/**
 * Checks that at least ten other low-hour devices have strictly more raw downtime than the needle.
 *
 * @throws Error if not (never seen; the 1,000-seed test in `test/fleet/generator.test.ts` would
 *   fail first).
 */
function checkNeedle(
  seed: number,
  devices: readonly Device[],
  low: readonly number[],
  needle: Device,
): void {
  const more = low.filter((index) => devices[index].downtime_min > needle.downtime_min).length;
  if (more < MAX_ROWS)
    throw new Error(
      `fleet seed ${seed}: the task's device would be among the ${MAX_ROWS} highest by raw downtime`,
    );
}

/** Lowers every low-hour device tied with the first one for the most raw downtime by one minute (its rate only falls). */
function breakDowntimeTie(devices: Device[], low: readonly number[]): void {
  let leader = devices[low[0]];
  for (const index of low)
    if (devices[index].downtime_min > leader.downtime_min) leader = devices[index];
  for (const index of low) {
    const device = devices[index];
    if (device !== leader && device.downtime_min === leader.downtime_min) device.downtime_min -= 1;
  }
}

/** Lowers every device tied with its model's first top-risk device by one. */
function breakRiskTies(devices: Device[]): void {
  const leaders = new Map<string, Device>();
  for (const device of devices) {
    const leader = leaders.get(device.model);
    if (!leader || device.risk_score > leader.risk_score) leaders.set(device.model, device);
  }
  for (const device of devices) {
    const leader = leaders.get(device.model)!;
    if (device !== leader && device.risk_score === leader.risk_score) {
      if (leader.risk_score === MIN_RISK) leader.risk_score += 1;
      else device.risk_score -= 1;
    }
  }
}
