// Discovering one server costs exactly its MCP messages counted by hand, whatever the declaration level.
import assert from "node:assert/strict";
import { test } from "node:test";
import { connectClient } from "../../src/simulatedClient/connect";
import { discoverServer, measureDiscovery } from "../../src/simulatedClient/discovery";
import { discoveryMessages } from "../../src/simulatedClient/messages";
import { createFleetServer, FLEET_POLICY } from "../../src/fleet/server";
import { generateFleet } from "../../src/fleet/generator";
import { ALL_LEVELS } from "../../src/sim/declaration";
import { Envelope, ENVELOPE_TOKENS } from "../../src/sim/envelope";
import { countTokens } from "../../src/sim/tokenizer";
import { createWorld } from "../../src/world/world";

const world = createWorld(20260218);
const server = (name: string) => world.servers.find((s) => s.name === name)!;
const cost = (body: string) => countTokens(body) + ENVELOPE_TOKENS;

test("olcum: seven messages, counted by hand", () => {
  const bodies: [string, string][] = [
    // initi|alize olcum proto|colve|rsion 2025-|11-25 capab|iliti|es clien|tinfo mcp-c|ourse surum 0: 17
    ["request", "initialize olcum protocolVersion 2025-11-25 capabilities clientInfo mcp-course surum 0"],
    // proto|colve|rsion 2025-|11-25 olcum surum 2 tools resou|rces: 11
    ["response", "protocolVersion 2025-11-25 olcum surum 2 tools resources"],
    ["notification", "notifications/initialized olcum"], // notif|icati|ons/i|nitia|lized olcum: 6
    ["request", "tools/list olcum"], //             tools|/list olcum: 3
    ["response", "sayac_oku tuketim"], //          sayac|_oku tuket|im: 4
    ["request", "resources/list olcum"], //         resou|rces/|list olcum: 4
    ["response", "abone_listesi"], //               abone|_list|esi: 3
  ];
  const envelope = new Envelope();
  const sent = discoverServer(server("olcum"), envelope);
  assert.deepEqual(
    sent.map((m) => [m.kind, m.body]),
    bodies,
  );
  assert.deepEqual(
    sent.map((m) => m.tokens),
    [25, 19, 14, 11, 12, 12, 11],
  );
  assert.deepEqual(
    sent.map((m) => m.tokens),
    bodies.map(([, body]) => cost(body)),
  );
  assert.deepEqual(
    sent.map((m) => m.roundTrips),
    [1, 0, 0, 1, 0, 1, 0],
  );
  assert.deepEqual(envelope.counts(), { request: 3, response: 3, notification: 1, tokens: 104, round_trips: 3 });
});

test("tarife (remote, tools, resources and prompts) and kayit (remote, tools only), by hand", () => {
  const init = (name: string) =>
    `initialize ${name} protocolVersion 2025-11-25 capabilities clientInfo mcp-course surum 0`;
  const tarife = [
    init("tarife"),
    "protocolVersion 2025-11-25 tarife surum 1 tools resources prompts",
    "notifications/initialized tarife",
    "tools/list tarife",
    "tarife",
    "resources/list tarife",
    "basamak_tablosu",
    "prompts/list tarife",
    "bedel_aciklamasi",
  ];
  const kayit = [
    init("kayit"),
    "protocolVersion 2025-11-25 kayit surum 3 tools",
    "notifications/initialized kayit",
    "tools/list kayit",
    "bolge_ozet kayit_yaz",
  ];
  for (const [name, bodies, requests] of [
    ["tarife", tarife, 4],
    ["kayit", kayit, 2],
  ] as const) {
    const row = measureDiscovery(server(name));
    assert.deepEqual(
      discoveryMessages(server(name)).map((m) => m.body.join(" ")),
      bodies,
    );
    assert.equal(
      row.tokens,
      bodies.map(cost).reduce((a, b) => a + b, 0),
      name,
    );
    assert.deepEqual(
      [row.request, row.response, row.notification, row.round_trips],
      [requests, requests, 1, 2 * requests],
      `${name}: a remote request is two round trips, a notification none`,
    );
  }
  // initialize's parameters add 14 tokens (proto|colve|rsion 2025-|11-25 capab|iliti|es clien|tinfo mcp-c|ourse surum 0)
  // and its result's protocolVersion 5: 19 more per server than lesson 7's first bodies (115 and 60).
  assert.equal(measureDiscovery(server("tarife")).tokens, 115 + 19);
  assert.equal(measureDiscovery(server("kayit")).tokens, 60 + 19);
});

test("the fleet lists its three tools and one resource; four servers cost 12 requests, 4 notifications, 425 tokens, 18 round trips", () => {
  const fleet = createFleetServer(generateFleet(20260218));
  const row = measureDiscovery(fleet);
  assert.deepEqual(row.capabilities, ["tools", "resources"]);
  const init = "initialize fleet protocolVersion 2025-11-25 capabilities clientInfo mcp-course surum 0";
  assert.equal(
    row.tokens,
    [
      init,
      "protocolVersion 2025-11-25 fleet surum 1 tools resources",
      "notifications/initialized fleet",
      "tools/list fleet",
      "count_devices top_devices get_device",
      "resources/list fleet",
      "cihaz_listesi",
    ]
      .map(cost)
      .reduce((a, b) => a + b, 0),
  );
  const envelope = new Envelope();
  connectClient([...world.servers, fleet], 3, FLEET_POLICY, envelope);
  assert.deepEqual(envelope.counts(), {
    request: 12,
    response: 12,
    notification: 4,
    tokens: 349 + 4 * 19,
    round_trips: 18,
  });
});

test("discovery costs the same at every level and for every seed; only negotiation's decision changes", () => {
  const fleet = createFleetServer(generateFleet(7));
  const servers = [...createWorld(7).servers, fleet];
  const counts = ALL_LEVELS.map((level) => {
    const envelope = new Envelope();
    const { negotiation } = connectClient(servers, level, FLEET_POLICY, envelope);
    return { counts: envelope.counts(), negotiated: negotiation.negotiated.size };
  });
  for (const c of counts)
    assert.deepEqual(c.counts, { request: 12, response: 12, notification: 4, tokens: 349 + 4 * 19, round_trips: 18 });
  assert.deepEqual(
    counts.map((c) => c.negotiated),
    [7, 7, 7, 6],
  );
});
