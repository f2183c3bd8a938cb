// The fleet is a fourth simulator server: declared at four levels, negotiated, called and counted like lesson 6's three, without changing lesson 6.
import assert from "node:assert/strict";
import { test } from "node:test";
import { generateFleet, type Fleet } from "../../src/fleet/generator";
import { FLEET_SERVER_NAME, FLEET_VERSION } from "../../src/fleet/paths";
import { createFleetServer, FLEET_CHAIN, FLEET_POLICY, FLEET_STATE, runFleetChain } from "../../src/fleet/server";
import { FLEET_TOOL_DEFINITIONS } from "../../src/fleet/tools";
import { formatWritingAServer } from "../../src/lessons/writingAServer/tables";
import { simulateWritingAServer } from "../../src/lessons/writingAServer/simulate";
import { NOT_DECLARED } from "../../src/sim/client";
import { ALL_LEVELS, declare } from "../../src/sim/declaration";
import { Envelope, ENVELOPE_TOKENS } from "../../src/sim/envelope";
import { negotiate } from "../../src/sim/negotiation";
import { countTokens } from "../../src/sim/tokenizer";
import { LESSON_POLICY } from "../../src/world/servers";
import { createWorld } from "../../src/world/world";
import { REFERENCE } from "../helpers";
import { dev, handFleet } from "./handFleet";

const FILTERS = ["model", "site", "firmware", "min_hours", "max_hours"];
const FIELDS = { count_devices: FILTERS, top_devices: ["field", "limit", ...FILTERS], get_device: ["device_id"] };

const fleet = generateFleet(20260218);
const low = fleet.devices.filter((d) => d.operating_hours < 500);
/** The top raw-downtime device under 500 hours, ties by id: what the chain fetches from level 1 on. */
const topLow = [...low].sort((a, b) => b.downtime_min - a.downtime_min || (a.device_id < b.device_id ? -1 : 1))[0];

test("the fleet server: name, version, local transport, three read-only tools, one resource", () => {
  const server = createFleetServer(fleet);
  assert.equal(server.name, "fleet");
  assert.equal(server.name, FLEET_SERVER_NAME);
  assert.equal(server.version, FLEET_VERSION);
  assert.equal(server.transport, "local");
  assert.deepEqual(server.resources, ["cihaz_listesi"]);
  assert.deepEqual(server.prompts, []);
  assert.deepEqual(
    server.tools.map((t) => [t.name, t.fields, t.sideEffect]),
    [
      ["count_devices", FIELDS.count_devices, false],
      ["top_devices", FIELDS.top_devices, false],
      ["get_device", FIELDS.get_device, false],
    ],
  );
  for (const [i, tool] of server.tools.entries()) {
    assert.deepEqual(
      tool.fields,
      Object.keys(FLEET_TOOL_DEFINITIONS[i].inputSchema.properties as object),
      "fields are the schema's property names",
    );
  }
});

test("declare gives names at level 0, fields at 1, side effects at 2, the version at 3", () => {
  const server = createFleetServer(fleet);
  assert.deepEqual(declare(server, 0), { tools: { count_devices: {}, top_devices: {}, get_device: {} } });
  assert.deepEqual(declare(server, 1), {
    tools: {
      count_devices: { fields: FIELDS.count_devices },
      top_devices: { fields: FIELDS.top_devices },
      get_device: { fields: FIELDS.get_device },
    },
  });
  const level2 = {
    count_devices: { fields: FIELDS.count_devices, sideEffect: false },
    top_devices: { fields: FIELDS.top_devices, sideEffect: false },
    get_device: { fields: FIELDS.get_device, sideEffect: false },
  };
  assert.deepEqual(declare(server, 2), { tools: level2 });
  assert.deepEqual(declare(server, 3), { tools: level2, version: 1 });
});

test("a handler's throw becomes the simulator's error result {hata}", () => {
  const [count, top, get] = createFleetServer(fleet).tools;
  assert.deepEqual(count.handler({}), { count: 400 });
  assert.deepEqual(top.handler({}), {
    hata: "field is required: rank by one of operating_hours, alerts, risk_score, downtime_min.",
  });
  assert.deepEqual(get.handler({ device_id: "AV3-999" }), {
    hata: 'No device "AV3-999". Device ids are a model prefix (IL4, IL7, CT5, AV3, RP2), a dash and three digits, e.g. "AV3-007".',
  });
});

test("the chain starts from the task's threshold, downtime, a full page", () => {
  assert.deepEqual([...FLEET_CHAIN], ["count_devices", "top_devices", "get_device"]);
  assert.deepEqual(FLEET_STATE, { max_hours: 500, field: "downtime_min", limit: 10 });
});

test("with FLEET_POLICY, level 0 counts the whole fleet and top_devices fails for want of field; the chain is cut", () => {
  for (const servers of [[createFleetServer(fleet)], [...createWorld(20260218).servers, createFleetServer(fleet)]]) {
    const row = runFleetChain(servers, 0);
    assert.equal(row.count, 400, "no fields sent: no max_hours");
    assert.equal(row.calls, 2);
    assert.equal(row.failed, 1);
    assert.equal(row.fetched, null);
    assert.equal(
      row.failure,
      "top_devices: field is required: rank by one of operating_hours, alerts, risk_score, downtime_min.",
    );
  }
});

test("with FLEET_POLICY, levels 1–3 count the devices under 500 hours and fetch the top raw-downtime one", () => {
  for (const level of [1, 2, 3] as const) {
    const row = runFleetChain([createFleetServer(fleet)], level, FLEET_POLICY);
    assert.equal(row.count, low.length, `level ${level}`);
    assert.equal(row.fetched, topLow.device_id, `level ${level}`);
    assert.equal(row.calls, 3);
    assert.equal(row.failed, 0);
    assert.equal(row.failure, null);
    assert.equal(row.negotiated, 3);
    assert.equal(row.dropped, 0);
  }
});

test("beside lesson 6's servers, FLEET_POLICY keeps the fleet at every level (kayit still goes at level 3)", () => {
  const servers = [...createWorld(20260218).servers, createFleetServer(fleet)];
  const rows = ALL_LEVELS.map((level) => runFleetChain(servers, level, FLEET_POLICY));
  assert.deepEqual(
    rows.map((r) => [r.level, r.negotiated, r.dropped, r.calls, r.failed, r.count, r.fetched]),
    [
      [0, 7, 1, 2, 1, 400, null],
      [1, 7, 1, 3, 0, low.length, topLow.device_id],
      [2, 7, 1, 3, 0, low.length, topLow.device_id],
      [3, 6, 2, 3, 0, low.length, topLow.device_id],
    ],
  );
});

test("with lesson 6's LESSON_POLICY the fleet's tools are dropped (allowlist at 0–2, version at 3) and no call is sent", () => {
  const servers = [...createWorld(20260218).servers, createFleetServer(fleet)];
  for (const level of ALL_LEVELS) {
    const handshake = new Envelope();
    const negotiation = negotiate(servers, level, LESSON_POLICY, handshake);
    const fleetDrops = negotiation.dropped.filter((d) => d.server === "fleet");
    const reason = level === 3 ? "version" : "allowlist";
    assert.deepEqual(
      fleetDrops,
      ["count_devices", "top_devices", "get_device"].map((tool) => ({ tool, server: "fleet", reason })),
      `level ${level}`,
    );
    for (const tool of FLEET_CHAIN) assert.equal(negotiation.negotiated.has(tool), false);

    const row = runFleetChain(servers, level, LESSON_POLICY);
    assert.equal(row.failure, `count_devices: ${NOT_DECLARED}`);
    assert.equal(NOT_DECLARED, "arac bildirilmedi");
    assert.equal(row.calls, 1);
    assert.equal(row.failed, 1);
    assert.equal(row.count, null);
    assert.equal(row.fetched, null);
    assert.equal(row.negotiated, level === 3 ? 3 : 4);
    assert.equal(row.dropped, level === 3 ? 5 : 4);
    const { request, response, tokens, round_trips } = handshake.counts();
    assert.deepEqual(
      [row.request, row.response, row.tokens, row.round_trips],
      [request, response, tokens, round_trips],
      "only the handshake crossed the wire",
    );
    assert.deepEqual([request, response, round_trips], [4, 4, 6], "four servers; tarife and kayit are remote");
  }
});

/** Three devices: two under 500 hours (IL4-001 has the more downtime), one above. */
const THREE: Fleet = handFleet([
  dev("AV3-001", "Aeris V3", "BRD", "1.8.2", 10, 1, 12, 9),
  dev("IL4-001", "InfusaLine 400", "EVN", "2.4.1", 250, 0, 90, 40),
  dev("CT5-001", "CardioTrack M5", "STM", "5.2.0", 900, 3, 47, 300),
]);

/** A message's cost by hand: its body's tokens plus the envelope's 8. */
const cost = (body: string) => countTokens(body) + ENVELOPE_TOKENS;

test("envelope counts equal a hand count of every message (fleet alone, levels 0 and 1)", () => {
  const handshake =
    cost("yetenek sor fleet") + cost("yetenek bildir fleet surum 1 count_devices top_devices get_device cihaz_listesi");
  assert.equal(
    handshake,
    12 + 26,
    "yeten|ek sor fleet; yeten|ek bildi|r fleet surum 1 count|_devi|ces top_d|evice|s get_d|evice cihaz|_list|esi",
  );

  const level0 = runFleetChain([createFleetServer(THREE)], 0);
  const messages0 = [
    "count_devices",
    "count 3",
    "top_devices",
    "hata field is required: rank by one of operating_hours, alerts, risk_score, downtime_min.",
  ];
  assert.deepEqual([level0.request, level0.response, level0.round_trips], [3, 3, 3]);
  assert.equal(level0.tokens, handshake + messages0.map(cost).reduce((a, b) => a + b, 0));

  const level1 = runFleetChain([createFleetServer(THREE)], 1);
  assert.equal(level1.count, 2);
  assert.equal(level1.fetched, "IL4-001");
  const messages1 = [
    "count_devices max_hours 500",
    "count 2",
    "top_devices field downtime_min limit 10 max_hours 500",
    "total_matching 2 returned 2 devices [{'device_id': 'IL4-001', 'model': 'InfusaLine 400', 'downtime_min': 40}, {'device_id': 'AV3-001', 'model': 'Aeris V3', 'downtime_min': 9}]",
    "get_device device_id IL4-001",
    "device_id IL4-001 model InfusaLine 400 site EVN firmware 2.4.1 operating_hours 250 alerts 0 risk_score 90 downtime_min 40",
  ];
  assert.deepEqual([level1.request, level1.response, level1.round_trips], [4, 4, 4]);
  assert.equal(level1.tokens, handshake + messages1.map(cost).reduce((a, b) => a + b, 0));
});

test("adding the fleet changes nothing in lesson 6: three servers, and the reference's printed blocks", () => {
  const world = createWorld(20260218);
  assert.deepEqual(
    world.servers.map((s) => s.name),
    ["olcum", "tarife", "kayit"],
  );
  // Run the fleet beside the world's servers first: nothing may leak into lesson 6.
  for (const level of ALL_LEVELS) runFleetChain([...world.servers, createFleetServer(fleet)], level);
  const printed = REFERENCE.find((r) => r.seed === 20260218)!.printed;
  const ours = formatWritingAServer(simulateWritingAServer(20260218));
  assert.equal(
    ours.replace(
      "\n\nlevel                         negotiated calls",
      "\nlevel                         negotiated calls",
    ),
    printed,
  );
});
