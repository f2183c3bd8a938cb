// Discovery in both eras through one set of messages; a stateless client that caches re-fetches exactly when a result is stale.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ResultCache } from "../../src/simulatedClient/cache";
import { connectClient } from "../../src/simulatedClient/connect";
import { discoverServer, discoveryToSend, measureDiscovery } from "../../src/simulatedClient/discovery";
import { dropVisibility } from "../../src/simulatedClient/drops";
import {
  discoveryMessages,
  legacyDiscoveryMessages,
  listMessages,
  statelessDiscoveryMessages,
} from "../../src/simulatedClient/messages";
import {
  DEFAULT_TASK_SPACING_MS,
  runClient,
  runWithDiscovery,
  type ClientSetup,
} from "../../src/simulatedClient/session";
import { clientTasks } from "../../src/simulatedClient/tasks";
import { createFleetServer, FLEET_POLICY } from "../../src/fleet/server";
import { generateFleet } from "../../src/fleet/generator";
import { Envelope, ENVELOPE_TOKENS } from "../../src/sim/envelope";
import { identityWords, partsTokens, requestFields, wordsTokens } from "../../src/sim/eras";
import { countTokens } from "../../src/sim/tokenizer";
import { createWorld } from "../../src/world/world";

const world = createWorld(20260218);
const server = (name: string) => world.servers.find((s) => s.name === name)!;
const cost = (body: string) => countTokens(body) + ENVELOPE_TOKENS;
const META =
  "io.modelcontextprotocol/protocolVersion 2026-07-28 io.modelcontextprotocol/clientCapabilities io.modelcontextprotocol/clientInfo mcp-course surum 0";

test("olcum in the stateless era: the lists alone, each request with its _meta, each result with resultType, identity and cache fields", () => {
  const bodies: [string, string][] = [
    ["request", `tools/list olcum ${META}`],
    ["response", "resultType complete sayac_oku tuketim olcum surum 2 ttlMs 3600000 cacheScope public"],
    ["request", `resources/list olcum ${META}`],
    ["response", "resultType complete abone_listesi olcum surum 2 ttlMs 3600000 cacheScope public"],
  ];
  const envelope = new Envelope();
  const sent = discoverServer(server("olcum"), envelope, { era: "stateless" });
  assert.deepEqual(
    sent.map((m) => [m.kind, m.body]),
    bodies,
  );
  // tools|/list olcum + 30: 33; resul|ttype compl|ete sayac|_oku tuket|im olcum surum 2 ttlms 36000|00 cache|scope publi|c: 18
  assert.deepEqual(
    sent.map((m) => m.tokens),
    [41, 26, 42, 25],
  );
  assert.deepEqual(
    sent.map((m) => m.tokens),
    bodies.map(([, body]) => cost(body)),
  );
  assert.deepEqual(
    sent.map((m) => m.ttlMs),
    [undefined, 3_600_000, undefined, 3_600_000],
  );
  assert.deepEqual(envelope.counts(), { request: 2, response: 2, notification: 0, tokens: 134, round_trips: 2 });
});

test("server/discover first, when asked: supported versions, capabilities, identity, cache fields", () => {
  const [request, response, ...rest] = discoveryMessages(server("tarife"), "stateless", true);
  assert.equal(request.body.join(" "), `server/discover tarife ${META}`);
  assert.equal(
    response.body.join(" "),
    "resultType complete 2026-07-28 tools resources prompts tarife surum 1 ttlMs 3600000 cacheScope public",
  );
  assert.deepEqual(rest, discoveryMessages(server("tarife"), "stateless"));
  assert.deepEqual(
    discoveryMessages(server("tarife"), "legacy", true),
    discoveryMessages(server("tarife")),
    "a legacy client has initialize instead",
  );
});

test("both eras list the same content; the stateless era drops initialize and the notification and adds exactly its fields", () => {
  for (const s of [...world.servers, createFleetServer(generateFleet(3))]) {
    const content = (era: "legacy" | "stateless") =>
      discoveryMessages(s, era)
        .filter((m) => m.method !== "initialize" && m.method !== "notifications/initialized")
        .map((m) => [m.kind, m.method, m.parts.filter((p) => p.part === "content").flatMap((p) => p.words)]);
    assert.deepEqual(content("stateless"), content("legacy"), s.name);
    const legacy = measureDiscovery(s);
    const stateless = measureDiscovery(s, { era: "stateless" });
    const lists = legacy.request - 1;
    const fields = wordsTokens([
      "resultType",
      "complete",
      ...identityWords(s),
      "ttlMs",
      3_600_000,
      "cacheScope",
      "public",
    ]);
    const init = discoveryMessages(s)
      .slice(0, 3)
      .reduce((n, m) => n + cost(m.body.join(" ")), 0);
    assert.equal(
      stateless.tokens,
      legacy.tokens - init + lists * (partsTokens(requestFields("stateless")) + fields),
      s.name,
    );
    assert.deepEqual([stateless.request, stateless.response, stateless.notification], [lists, lists, 0]);
  }
});

test("the cache: fresh while now < t_received + ttlMs, stale from then on; a negative ttlMs is 0; a legacy result is not kept", () => {
  const cache = new ResultCache();
  cache.store({ kind: "response", server: "olcum", method: "tools/list", ttlMs: 1000 }, 500);
  assert.deepEqual(
    [0, 500, 1499, 1500, 9999].map((t) => cache.isFresh("olcum", "tools/list", t)),
    [true, true, true, false, false],
  );
  assert.equal(cache.isFresh("olcum", "resources/list", 500), false, "the key is the server and the method");
  assert.equal(cache.isFresh("tarife", "tools/list", 500), false);
  cache.store({ kind: "response", server: "olcum", method: "prompts/list", ttlMs: -5 }, 0);
  assert.equal(cache.isFresh("olcum", "prompts/list", 0), false);
  cache.store({ kind: "response", server: "olcum", method: "initialize" }, 0);
  cache.store({ kind: "request", server: "olcum", method: "resources/list", ttlMs: 1000 }, 0);
  assert.equal(cache.isFresh("olcum", "initialize", 0), false);
  assert.equal(cache.isFresh("olcum", "resources/list", 0), false);
});

const fleet = generateFleet(20260218);
const servers = [...world.servers, createFleetServer(fleet)];
const tasks = clientTasks(world, fleet);
const setup: ClientSetup = { servers, level: 3, policy: FLEET_POLICY };

test("a cached client re-fetches exactly at the tasks where its lists have gone stale, for any spacing", () => {
  const ttl = 3_600_000;
  const all = servers.reduce((n, s) => n + discoveryMessages(s, "stateless").length, 0);
  for (const spacing of [0, 1, 599_999, 600_000, 1_199_999, 1_200_000, 3_599_999, 3_600_000, 3_600_001, 10 ** 9]) {
    const run = runClient({ ...setup, era: "stateless", taskSpacingMs: spacing }, tasks, "cached");
    let received = -Infinity;
    const expected = tasks.map((_, i) => {
      const stale = !(i * spacing < received + ttl);
      if (stale) received = i * spacing;
      return stale ? all : 0;
    });
    assert.deepEqual(
      run.steps.map((s) => s.discoveryMessages),
      expected,
      `spacing ${spacing}`,
    );
    assert.deepEqual(
      run.steps.map((s) => s.atMs),
      tasks.map((_, i) => i * spacing),
    );
    assert.equal(run.discoveries, expected.filter((n) => n > 0).length);
  }
  const byDefault = runClient({ ...setup, era: "stateless" }, tasks, "cached");
  assert.equal(DEFAULT_TASK_SPACING_MS, 600_000);
  assert.deepEqual(
    byDefault.steps.flatMap((s, i) => (s.discoveryMessages ? [i] : [])),
    [0, 6, 12],
    "ten minutes apart: at 0, 60 and 120 minutes",
  );
});

test("per task and cached, stateless calls cost the legacy calls plus each request's _meta and each result's resultType and identity", () => {
  for (const seed of [20260218, 0, 2 ** 53 - 1]) {
    const w = createWorld(seed);
    const f = generateFleet(seed);
    const s: ClientSetup = { servers: [...w.servers, createFleetServer(f)], level: 3, policy: FLEET_POLICY };
    const t = clientTasks(w, f);
    const legacy = runClient(s, t, "per-session");
    const perTask = runClient({ ...s, era: "stateless" }, t, "per-task");
    const cached = runClient({ ...s, era: "stateless" }, t, "cached");
    const withDiscover = runClient({ ...s, era: "stateless", discover: true }, t, "per-task");
    assert.deepEqual(perTask.outcomes, legacy.outcomes);
    assert.deepEqual(cached.work, perTask.work);
    assert.deepEqual(withDiscover.work, perTask.work);
    const perServer = dropVisibility(s.servers, legacy.negotiation, t, legacy.outcomes);
    const results = perServer.reduce((n, row) => {
      const facts = s.servers.find((x) => x.name === row.server)!;
      return n + row.reachedWire * wordsTokens(["resultType", "complete", ...identityWords(facts)]);
    }, 0);
    assert.equal(perTask.work.request, legacy.work.request);
    assert.equal(perTask.work.tokens, legacy.work.tokens + legacy.work.request * 30 + results, `seed ${seed}`);
    assert.equal(perTask.work.round_trips, legacy.work.round_trips);
    assert.equal(perTask.discoveries, 13);
    assert.equal(withDiscover.discovery.request - perTask.discovery.request, 13 * s.servers.length);
  }
});

test("each era allows its own modes; spacing is a safe integer ≥ 0", () => {
  assert.throws(
    () => runClient({ ...setup, era: "stateless" }, tasks, "per-session"),
    /stateless era has no 'per-session'/,
  );
  assert.throws(() => runClient(setup, tasks, "cached"), /legacy era has no 'cached'/);
  for (const bad of [-1, 0.5, Number.NaN, 2 ** 53]) {
    assert.throws(() => runClient({ ...setup, era: "stateless", taskSpacingMs: bad }, tasks, "cached"), RangeError);
  }
});

test("one implementation per era: the dispatcher is the legacy or the stateless builder, and both share the lists", () => {
  for (const s of [...world.servers, createFleetServer(generateFleet(20260218))]) {
    assert.deepEqual(discoveryMessages(s), legacyDiscoveryMessages(s));
    assert.deepEqual(
      discoveryMessages(s, "legacy", true),
      legacyDiscoveryMessages(s),
      "server/discover is a stateless message",
    );
    for (const discover of [false, true])
      assert.deepEqual(discoveryMessages(s, "stateless", discover), statelessDiscoveryMessages(s, discover));
    assert.deepEqual(
      legacyDiscoveryMessages(s).slice(3),
      listMessages(s),
      "legacy: initialize, initialized, then the lists",
    );
    const content = (m: { parts: readonly { part: string; words: readonly unknown[] }[] }) =>
      m.parts.filter((p) => p.part === "content");
    assert.deepEqual(
      statelessDiscoveryMessages(s, false).map(content),
      listMessages(s).map(content),
      "stateless: the same lists, fields added",
    );
  }
});

test("a client asked for the tools list only sends initialize, initialized and tools/list (legacy), tools/list alone (stateless)", () => {
  const tarife = server("tarife");
  assert.deepEqual(
    discoveryToSend(tarife, { lists: ["tools"] }).map((m) => m.method),
    ["initialize", "initialize", "notifications/initialized", "tools/list", "tools/list"],
  );
  assert.deepEqual(
    discoveryToSend(tarife, { era: "stateless", lists: ["tools"] }).map((m) => m.method),
    ["tools/list", "tools/list"],
  );
  assert.deepEqual(
    discoveryToSend(tarife, { era: "stateless", discover: true, lists: [] }).map((m) => m.method),
    ["server/discover", "server/discover"],
  );
  assert.deepEqual(discoveryToSend(tarife), discoveryMessages(tarife), "by default every declared list");
  const tasks = clientTasks(world, generateFleet(20260218)).slice(0, 12);
  const setup: ClientSetup = { servers: world.servers, level: 3, policy: FLEET_POLICY, lists: ["tools"] };
  for (const [era, mode] of [
    ["legacy", "per-session"],
    ["stateless", "cached"],
  ] as const) {
    const run = runClient({ ...setup, era }, tasks, mode);
    const all = runClient({ ...setup, era, lists: undefined }, tasks, mode);
    assert.deepEqual(
      run.sent
        .map((m) => m.method)
        .filter((m) => !m.startsWith("tools/") && m !== "initialize" && m !== "notifications/initialized"),
      [],
      era,
    );
    assert.deepEqual(run.work, all.work, `${era}: the lists asked for change no call`);
    assert.deepEqual(run.outcomes, all.outcomes, era);
    assert.equal(
      run.discovery.tokens,
      run.sent.reduce((n, m) => n + m.tokens, 0),
      `${era}: the discovery is the messages sent`,
    );
  }
});

test("runWithDiscovery: once connects before the first task only; otherwise before every task", () => {
  const tasks = clientTasks(world, generateFleet(20260218));
  for (const once of [true, false]) {
    const envelope = new Envelope();
    const connected: number[] = [];
    const run = runWithDiscovery(envelope, tasks, once, (task) => {
      connected.push(task);
      return connectClient(world.servers, 3, FLEET_POLICY, envelope);
    });
    assert.deepEqual(connected, once ? [0] : tasks.map((_, i) => i));
    assert.equal(run.discoveries, connected.length);
    assert.deepEqual(
      run.discovery,
      runClient({ servers: world.servers, level: 3, policy: FLEET_POLICY }, tasks, once ? "per-session" : "per-task")
        .discovery,
    );
  }
  assert.throws(
    () => runWithDiscovery(new Envelope(), [], true, () => assert.fail("no task, no connection")),
    RangeError,
  );
});
