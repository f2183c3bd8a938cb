// The three fleet tools are declared exactly, and their handlers count, rank (10-row cap) and fetch as documented, with errors that say what is valid.
import assert from "node:assert/strict";
import { test } from "node:test";
import Ajv from "ajv";
import { MODEL_NAMES, RANKABLE_FIELDS, SITES } from "../../src/fleet/catalog";
import { generateFleet, type Device } from "../../src/fleet/generator";
import {
  createFleetHandlers,
  FLEET_TOOL_DEFINITIONS,
  FLEET_TOOL_NAMES,
  type ToolArguments,
} from "../../src/fleet/tools";
import { handFleet, TWELVE } from "./handFleet";

const FIVE_MODELS = ["InfusaLine 400", "InfusaLine 700", "CardioTrack M5", "Aeris V3", "RenalPure D2"];
const EIGHT_SITES = ["BRD", "CHC", "EVN", "LKV", "NGH", "PDM", "STM", "WRC"];
const FOUR_FIELDS = ["operating_hours", "alerts", "risk_score", "downtime_min"];

/** The declarations with every `description` removed (checked separately), for an exact comparison. */
function withoutDescriptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== "description")
        .map(([key, v]) => [key, withoutDescriptions(v)]),
    );
  }
  return value;
}

const FILTERS = {
  model: { type: "string", enum: FIVE_MODELS },
  site: { type: "string", enum: EIGHT_SITES },
  firmware: { type: "string" },
  min_hours: { type: "integer", minimum: 0 },
  max_hours: { type: "integer", minimum: 0 },
};

test("the declarations are exactly three tools with these schemas", () => {
  assert.deepEqual([...FLEET_TOOL_NAMES], ["count_devices", "top_devices", "get_device"]);
  assert.deepEqual(
    FLEET_TOOL_DEFINITIONS.map((t) => t.name),
    ["count_devices", "top_devices", "get_device"],
  );
  assert.deepEqual(withoutDescriptions(FLEET_TOOL_DEFINITIONS), [
    { name: "count_devices", inputSchema: { type: "object", properties: FILTERS } },
    {
      name: "top_devices",
      inputSchema: {
        type: "object",
        properties: {
          field: { type: "string", enum: FOUR_FIELDS },
          limit: { type: "integer", minimum: 1, maximum: 10, default: 5 },
          ...FILTERS,
        },
        required: ["field"],
      },
    },
    {
      name: "get_device",
      inputSchema: { type: "object", properties: { device_id: { type: "string" } }, required: ["device_id"] },
    },
  ]);
  // The enums are the catalog's own lists, not copies that could drift.
  const [count, top] = FLEET_TOOL_DEFINITIONS.map(
    (t) => t.inputSchema.properties as Record<string, { enum?: unknown }>,
  );
  assert.deepEqual(top.field.enum, [...RANKABLE_FIELDS]);
  assert.deepEqual(count.model.enum, [...MODEL_NAMES]);
  assert.deepEqual(count.site.enum, [...SITES]);
  assert.deepEqual(
    Object.keys(top).slice(2),
    Object.keys(count),
    "top_devices takes the same filters, after field and limit",
  );
});

test("every tool and every property has a non-empty description", () => {
  for (const tool of FLEET_TOOL_DEFINITIONS) {
    assert.ok(typeof tool.description === "string" && tool.description.trim().length > 0, tool.name);
    for (const [key, spec] of Object.entries(
      tool.inputSchema.properties as Record<string, { description?: unknown }>,
    )) {
      assert.ok(typeof spec.description === "string" && spec.description.trim().length > 0, `${tool.name}.${key}`);
    }
  }
});

test("every schema is a valid JSON Schema under ajv's strict mode", () => {
  const ajv = new Ajv({ strict: true });
  for (const tool of FLEET_TOOL_DEFINITIONS) assert.doesNotThrow(() => ajv.compile(tool.inputSchema), tool.name);
});

const hand = createFleetHandlers(handFleet(TWELVE));

test("count_devices: no filters counts the whole fleet; each filter keeps exact matches", () => {
  const cases: [ToolArguments, number][] = [
    [{}, 12],
    [{ model: "Aeris V3" }, 3],
    [{ model: "CardioTrack M5" }, 3],
    [{ site: "BRD" }, 3],
    [{ site: "EVN" }, 2],
    [{ firmware: "1.9.0" }, 2],
    [{ firmware: "9.9.9" }, 0],
    [{ model: "Aeris V3", site: "BRD" }, 2],
    [{ model: "Aeris V3", max_hours: 500 }, 2],
    [{ model: "InfusaLine 400", site: "EVN", firmware: "2.6.0", min_hours: 1, max_hours: 500 }, 1],
  ];
  for (const [args, count] of cases) assert.deepEqual(hand.count_devices(args), { count }, JSON.stringify(args));
});

test("count_devices: min_hours is inclusive and max_hours exclusive, for devices exactly at the edges", () => {
  // Hours at the edge: AV3-001 499, AV3-002 500, RP2-002 501; CT5-002 has 1.
  assert.deepEqual(hand.count_devices({ min_hours: 500 }), { count: 4 }, "500, 501, 3000, 7999");
  assert.deepEqual(hand.count_devices({ max_hours: 500 }), { count: 8 }, "everything below 500, 499 included");
  assert.deepEqual(hand.count_devices({ min_hours: 499, max_hours: 501 }), { count: 2 }, "499 and 500, not 501");
  assert.deepEqual(hand.count_devices({ min_hours: 500, max_hours: 500 }), { count: 0 });
  assert.deepEqual(hand.count_devices({ min_hours: 1, max_hours: 2 }), { count: 1 }, "CT5-002 at 1 hour");
  assert.deepEqual(hand.count_devices({ min_hours: 7999 }), { count: 1 });
  assert.deepEqual(hand.count_devices({ max_hours: 1 }), { count: 0 });
});

test("count_devices: a model name in the wrong case counts 0 (handlers leave that to the schema); unknown keys are ignored", () => {
  assert.deepEqual(hand.count_devices({ model: "Aeris v3" }), { count: 0 });
  assert.deepEqual(hand.count_devices({ model: "aeris v3" }), { count: 0 });
  assert.deepEqual(hand.count_devices({ site: "brd" }), { count: 0 });
  assert.deepEqual(hand.count_devices({ max_hours: 500, status: "active" }), { count: 8 });
  // Nor does the handler insist on whole hours: 499.5 is simply "below 499.5".
  assert.deepEqual(hand.count_devices({ max_hours: 499.5 }), { count: 8 });
  assert.deepEqual(hand.count_devices({ max_hours: 499 }), { count: 7 });
});

test("count_devices: hours that are not numbers are an error naming the key", () => {
  assert.throws(() => hand.count_devices({ min_hours: "500" }), {
    message: 'min_hours must be a number of operating hours, got "500".',
  });
  assert.throws(() => hand.count_devices({ max_hours: null }), {
    message: "max_hours must be a number of operating hours, got null.",
  });
});

test("top_devices: rows sorted by the field, highest first, ties by device id, capped at the limit", () => {
  assert.deepEqual(hand.top_devices({ field: "downtime_min", limit: 10 }), {
    total_matching: 12,
    returned: 10,
    devices: [
      { device_id: "IL7-001", model: "InfusaLine 700", downtime_min: 400 },
      { device_id: "IL4-001", model: "InfusaLine 400", downtime_min: 150 },
      { device_id: "AV3-002", model: "Aeris V3", downtime_min: 60 },
      { device_id: "RP2-002", model: "RenalPure D2", downtime_min: 41 },
      { device_id: "AV3-001", model: "Aeris V3", downtime_min: 30 },
      { device_id: "CT5-001", model: "CardioTrack M5", downtime_min: 25 },
      { device_id: "IL7-002", model: "InfusaLine 700", downtime_min: 25 },
      { device_id: "CT5-003", model: "CardioTrack M5", downtime_min: 18 },
      { device_id: "RP2-001", model: "RenalPure D2", downtime_min: 12 },
      { device_id: "AV3-003", model: "Aeris V3", downtime_min: 9 },
    ],
  });
  assert.deepEqual(hand.top_devices({ field: "risk_score", limit: 3, max_hours: 500 }), {
    total_matching: 8,
    returned: 3,
    devices: [
      { device_id: "CT5-002", model: "CardioTrack M5", risk_score: 99 },
      { device_id: "IL4-002", model: "InfusaLine 400", risk_score: 90 },
      { device_id: "CT5-001", model: "CardioTrack M5", risk_score: 61 },
    ],
  });
  assert.deepEqual(hand.top_devices({ field: "operating_hours", limit: 2, model: "Aeris V3", min_hours: 499 }), {
    total_matching: 2,
    returned: 2,
    devices: [
      { device_id: "AV3-002", model: "Aeris V3", operating_hours: 500 },
      { device_id: "AV3-001", model: "Aeris V3", operating_hours: 499 },
    ],
  });
  assert.deepEqual(hand.top_devices({ field: "alerts", model: "RenalPure D2", site: "WRC" }), {
    total_matching: 0,
    returned: 0,
    devices: [],
  });
});

test("top_devices: the default limit is 5, and fewer match than the limit returns them all", () => {
  const five = hand.top_devices({ field: "downtime_min" });
  assert.equal(five.total_matching, 12);
  assert.equal(five.returned, 5);
  assert.deepEqual(
    (five.devices as { device_id: string }[]).map((r) => r.device_id),
    ["IL7-001", "IL4-001", "AV3-002", "RP2-002", "AV3-001"],
  );
  assert.deepEqual(hand.top_devices({ field: "alerts", limit: 10, model: "Aeris V3" }), {
    total_matching: 3,
    returned: 3,
    devices: [
      { device_id: "AV3-002", model: "Aeris V3", alerts: 5 },
      { device_id: "AV3-001", model: "Aeris V3", alerts: 3 },
      { device_id: "AV3-003", model: "Aeris V3", alerts: 1 },
    ],
  });
});

test("top_devices: a limit outside 1 to 10, or not an integer, is an error naming the range", () => {
  const expected: [unknown, string][] = [
    [0, "limit must be an integer from 1 to 10, got 0."],
    [11, "limit must be an integer from 1 to 10, got 11."],
    [50, "limit must be an integer from 1 to 10, got 50."],
    ["5", 'limit must be an integer from 1 to 10, got "5".'],
    [4.5, "limit must be an integer from 1 to 10, got 4.5."],
    [-1, "limit must be an integer from 1 to 10, got -1."],
  ];
  for (const [limit, message] of expected)
    assert.throws(() => hand.top_devices({ field: "downtime_min", limit }), { message }, String(limit));
  assert.equal(hand.top_devices({ field: "downtime_min", limit: 1 }).returned, 1);
  assert.equal(hand.top_devices({ field: "downtime_min", limit: 10 }).returned, 10);
});

test("top_devices: a missing or unknown field is an error listing the four rankable fields", () => {
  assert.throws(() => hand.top_devices({}), {
    message: "field is required: rank by one of operating_hours, alerts, risk_score, downtime_min.",
  });
  assert.throws(() => hand.top_devices({ limit: 5 }), /field is required/);
  assert.throws(() => hand.top_devices({ field: "rate" }), {
    message: 'Cannot rank by "rate": field must be one of operating_hours, alerts, risk_score, downtime_min.',
  });
  // A key every device has, but that is not rankable, is refused too.
  assert.throws(() => hand.top_devices({ field: "device_id" }), /Cannot rank by "device_id"/);
  assert.throws(
    () => hand.top_devices({ field: "Downtime_min" }),
    /field must be one of operating_hours, alerts, risk_score, downtime_min/,
  );
});

test("get_device returns the full record, as a copy", () => {
  const record = hand.get_device({ device_id: "AV3-002" });
  assert.deepEqual(record, {
    device_id: "AV3-002",
    model: "Aeris V3",
    site: "CHC",
    firmware: "1.9.0",
    operating_hours: 500,
    alerts: 5,
    risk_score: 70,
    downtime_min: 60,
  });
  record.downtime_min = 0;
  assert.deepEqual(
    hand.get_device({ device_id: "AV3-002" }).downtime_min,
    60,
    "changing the answer does not change the fleet",
  );
});

test("get_device: an unknown id is an error that names it and the id format", () => {
  const format = 'Device ids are a model prefix (IL4, IL7, CT5, AV3, RP2), a dash and three digits, e.g. "AV3-007".';
  assert.throws(() => hand.get_device({ device_id: "AV3-999" }), { message: `No device "AV3-999". ${format}` });
  assert.throws(() => hand.get_device({ device_id: "av3-001" }), { message: `No device "av3-001". ${format}` });
  assert.throws(() => hand.get_device({ device_id: "toString" }), { message: `No device "toString". ${format}` });
  assert.throws(() => hand.get_device({ device_id: 1 }), { message: `No device 1. ${format}` });
  assert.throws(() => hand.get_device({}), { message: `No device undefined. ${format}` });
});

// The seed fleet: the same handlers against a brute force over 400 devices.
const fleet = generateFleet(20260218);
const seeded = createFleetHandlers(fleet);

function bruteRank(devices: readonly Device[], field: (typeof RANKABLE_FIELDS)[number]): Device[] {
  return [...devices].sort((a, b) =>
    a[field] !== b[field] ? b[field] - a[field] : a.device_id < b.device_id ? -1 : 1,
  );
}

test("seed fleet: counts by every filter equal a brute-force count and add up to 400", () => {
  assert.deepEqual(seeded.count_devices({}), { count: 400 });
  let byModel = 0;
  let bySite = 0;
  for (const model of FIVE_MODELS) byModel += seeded.count_devices({ model }).count as number;
  for (const site of EIGHT_SITES) bySite += seeded.count_devices({ site }).count as number;
  assert.equal(byModel, 400);
  assert.equal(bySite, 400);
  for (const hours of [0, 1, 24, 100, 499, 500, 501, 4000, 8000]) {
    const below = fleet.devices.filter((d) => d.operating_hours < hours).length;
    assert.deepEqual(seeded.count_devices({ max_hours: hours }), { count: below }, `max_hours ${hours}`);
    assert.deepEqual(seeded.count_devices({ min_hours: hours }), { count: 400 - below }, `min_hours ${hours}`);
  }
  for (const model of FIVE_MODELS) {
    for (const site of EIGHT_SITES) {
      const expected = fleet.devices.filter(
        (d) => d.model === model && d.site === site && d.operating_hours < 500,
      ).length;
      assert.deepEqual(seeded.count_devices({ model, site, max_hours: 500 }), { count: expected }, `${model} ${site}`);
    }
  }
});

/** Whether a device passes the filters, written out independently of `matchingDevices`. */
function keeps(d: Device, filters: { model?: string; site?: string; min_hours?: number; max_hours?: number }): boolean {
  return (
    (filters.model === undefined || d.model === filters.model) &&
    (filters.site === undefined || d.site === filters.site) &&
    (filters.min_hours === undefined || d.operating_hours >= filters.min_hours) &&
    (filters.max_hours === undefined || d.operating_hours < filters.max_hours)
  );
}

test("seed fleet: top_devices never returns more than 10 rows, and they are the brute-force top rows", () => {
  for (const field of RANKABLE_FIELDS) {
    for (const filters of [{}, { max_hours: 500 }, { model: "Aeris V3" }, { site: "WRC", min_hours: 500 }]) {
      const matching = fleet.devices.filter((d) => keeps(d, filters));
      assert.ok(matching.length > 10, "each filter matches more than the cap");
      const result = seeded.top_devices({ field, limit: 10, ...filters });
      assert.equal(result.total_matching, matching.length);
      assert.equal(result.returned, 10);
      assert.deepEqual(
        result.devices,
        bruteRank(matching, field)
          .slice(0, 10)
          .map((d) => ({ device_id: d.device_id, model: d.model, [field]: d[field] })),
        `${field} ${JSON.stringify(filters)}`,
      );
    }
    for (const limit of [11, 400]) assert.throws(() => seeded.top_devices({ field, limit }), /from 1 to 10/);
  }
});

test("seed fleet: get_device returns every device's full record", () => {
  for (const device of fleet.devices) assert.deepEqual(seeded.get_device({ device_id: device.device_id }), device);
});
