// A seed decides a 400-device fleet exactly, and for every seed the task's device is rate-first yet outside the 10 highest by raw downtime.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DEVICE_ID_PATTERN, DEVICE_MODELS, SITES } from "../../src/fleet/catalog";
import { generateFleet, type Device, type Fleet } from "../../src/fleet/generator";
import { solveTask, taskIsWorthAsking } from "../../src/fleet/groundTruth";
import { EDGE_SEEDS } from "../helpers";

/** Seeds 0 … 999, the course's default, and a few large ones. */
const PROPERTY_SEEDS = [
  ...Array.from({ length: 1000 }, (_, i) => i),
  20260218,
  20260219,
  2 ** 31,
  2 ** 32 + 7,
  123456789012345,
  2 ** 53 - 1,
];

/** Devices under 500 operating hours, written out here rather than taken from the catalog. */
const under500 = (fleet: Fleet): Device[] => fleet.devices.filter((d) => d.operating_hours < 500);

/** Raw downtime, highest first, ties by device id: an independent ranking (not `rankBy`). */
function byDowntime(devices: readonly Device[]): Device[] {
  return [...devices].sort((a, b) =>
    a.downtime_min !== b.downtime_min ? b.downtime_min - a.downtime_min : a.device_id < b.device_id ? -1 : 1,
  );
}

test("a fleet has 400 devices, and every id is listed once in byId", () => {
  const fleet = generateFleet(20260218);
  assert.equal(fleet.seed, 20260218);
  assert.equal(fleet.devices.length, 400);
  assert.equal(fleet.byId.size, 400);
  for (const device of fleet.devices) assert.equal(fleet.byId.get(device.device_id), device);
});

test("the same seed gives equal fleets and identical JSON; different seeds give different fleets", () => {
  for (const seed of [0, 1, 20260218, 2 ** 53 - 1]) {
    const a = generateFleet(seed);
    const b = generateFleet(seed);
    assert.notEqual(a.devices, b.devices, "each call builds its own devices");
    assert.deepEqual(a, b, `seed ${seed}`);
    assert.equal(JSON.stringify(a.devices), JSON.stringify(b.devices), `seed ${seed}`);
  }
  const seen = new Set<string>();
  for (const seed of [0, 1, 2, 3, 20260218, 20260219, 2 ** 53 - 1])
    seen.add(JSON.stringify(generateFleet(seed).devices));
  assert.equal(seen.size, 7, "seven seeds, seven different fleets");
});

test("ids match the pattern and the model's prefix, numbered 001, 002, … per model in draw order without gaps", () => {
  for (const seed of [0, 20260218, 2 ** 53 - 1]) {
    const next = new Map<string, number>();
    for (const device of generateFleet(seed).devices) {
      assert.match(device.device_id, DEVICE_ID_PATTERN);
      const model = DEVICE_MODELS.find((m) => m.name === device.model);
      assert.ok(model, `unknown model ${device.model}`);
      const [prefix, digits] = device.device_id.split("-");
      assert.equal(prefix, model.prefix, device.device_id);
      const expected = (next.get(prefix) ?? 0) + 1;
      assert.equal(digits, String(expected).padStart(3, "0"), `seed ${seed}: ${device.device_id} out of order`);
      next.set(prefix, expected);
    }
    assert.equal(
      [...next.values()].reduce((a, b) => a + b, 0),
      400,
    );
  }
});

test("sites, firmware, integers and ranges: every device of 20 seeds is well formed", () => {
  const keys = ["alerts", "device_id", "downtime_min", "firmware", "model", "operating_hours", "risk_score", "site"];
  for (const seed of [...Array.from({ length: 18 }, (_, i) => i * 7919), 20260218, 2 ** 53 - 1]) {
    for (const d of generateFleet(seed).devices) {
      const where = `seed ${seed} ${d.device_id}`;
      assert.deepEqual(Object.keys(d).sort(), keys, where);
      assert.ok(SITES.includes(d.site), where);
      assert.ok(
        DEVICE_MODELS.find((m) => m.name === d.model)!.firmware.includes(d.firmware),
        `${where}: firmware ${d.firmware}`,
      );
      for (const field of ["operating_hours", "alerts", "risk_score", "downtime_min"] as const) {
        assert.ok(Number.isSafeInteger(d[field]) && d[field] >= 0, `${where}: ${field} ${d[field]}`);
      }
      assert.ok(d.operating_hours >= 1, where);
      assert.ok(d.risk_score >= 1 && d.risk_score <= 99, `${where}: risk ${d.risk_score}`);
    }
  }
});

test("every model has exactly one device with its highest risk score, for 1,000 seeds", () => {
  for (let seed = 0; seed < 1000; seed++) {
    const top = new Map<string, { score: number; count: number }>();
    for (const d of generateFleet(seed).devices) {
      const t = top.get(d.model);
      if (!t || d.risk_score > t.score) top.set(d.model, { score: d.risk_score, count: 1 });
      else if (d.risk_score === t.score) t.count += 1;
    }
    for (const [model, t] of top)
      assert.equal(t.count, 1, `seed ${seed}: ${t.count} devices of ${model} share risk ${t.score}`);
  }
});

test("the share under 500 hours stays between 50% and 75% for 1,000 seeds, with a mean close to 254/400", () => {
  let total = 0;
  for (let seed = 0; seed < 1000; seed++) {
    const low = under500(generateFleet(seed)).length;
    assert.ok(low >= 200 && low <= 300, `seed ${seed}: ${low} of 400 under 500 hours`);
    total += low;
  }
  const mean = total / 1000;
  assert.ok(Math.abs(mean - 254) < 2, `mean ${mean} devices under 500 hours`);
});

test("bad seeds are refused with a RangeError; edge seeds work", () => {
  for (const seed of [-1, 1.5, 2 ** 53, NaN, Infinity, -0.5])
    assert.throws(() => generateFleet(seed), RangeError, `seed ${seed}`);
  for (const seed of EDGE_SEEDS) assert.equal(generateFleet(seed).devices.length, 400, `seed ${seed}`);
});

test("THE PROPERTY (the task is worth asking at every seed): for 1,000 seeds and more, the true device is rate-first, not the shortcut, and outside the top 10 by raw downtime", () => {
  for (const seed of PROPERTY_SEEDS) {
    const fleet = generateFleet(seed);
    const truth = solveTask(fleet);
    const low = under500(fleet);
    const needle = truth.device;
    const where = `seed ${seed}: ${needle.device_id}`;
    assert.ok(fleet.devices.includes(needle) && needle.operating_hours < 500, where);
    // Its rate is strictly above every other low-hour device's (exact, by cross-multiplication).
    for (const other of low) {
      if (other === needle) continue;
      assert.ok(
        needle.downtime_min * other.operating_hours > other.downtime_min * needle.operating_hours,
        `${where} does not beat ${other.device_id}`,
      );
    }
    // Brute force: not among the ten highest by raw downtime, and ten have strictly more.
    const top10 = byDowntime(low).slice(0, 10);
    assert.equal(top10.length, 10, where);
    assert.ok(!top10.includes(needle), `${where} is in the top 10 by raw downtime`);
    assert.ok(
      low.filter((d) => d.downtime_min > needle.downtime_min).length >= 10,
      `${where}: fewer than 10 have more downtime`,
    );
    // What solveTask reports agrees with the brute force.
    assert.notEqual(needle, truth.shortcut.device, where);
    assert.equal(truth.shortcut.device, byDowntime(low)[0], where);
    assert.equal(truth.rawDowntimeRank, byDowntime(low).indexOf(needle) + 1, where);
    assert.ok(truth.rawDowntimeRank > 10, where);
    assert.equal(truth.lowHourCount, low.length, where);
    assert.ok(taskIsWorthAsking(truth), where);
  }
});

test("the shortcut names one device: the most raw downtime under 500 hours is never tied (1,000 seeds)", () => {
  for (const seed of PROPERTY_SEEDS) {
    const low = under500(generateFleet(seed));
    const most = Math.max(...low.map((d) => d.downtime_min));
    assert.equal(low.filter((d) => d.downtime_min === most).length, 1, `seed ${seed}`);
    const truth = solveTask(generateFleet(seed));
    assert.equal(
      truth.moreRawDowntime,
      low.filter((d) => d.downtime_min > truth.device.downtime_min).length,
      `seed ${seed}`,
    );
    assert.ok(
      truth.moreRawDowntime >= 10,
      `seed ${seed}: ten devices have strictly more raw downtime, whatever the order of ties`,
    );
  }
});
