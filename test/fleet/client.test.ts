// FleetClient, call by call: each condition's handshake, virtual time, envelope and fault outcome match the seed's faults table, deterministically.
import assert from "node:assert/strict";
import { test } from "node:test";
import { FleetClient, LOCAL_FAILURES, NOT_CONNECTED, SERVER_GONE, type ClientStats } from "../../src/fleet/client";
import { CONDITIONS, CRASH_ON_CALL, LATENCY_MICROS, findCondition, type Condition } from "../../src/fleet/conditions";
import { generateFleet } from "../../src/fleet/generator";
import { createPathServer, type ToolCall, type ToolOutcome } from "../../src/fleet/paths";
import { PROTOCOL_VERSION } from "../../src/fleet/protocol";
import { ENVELOPE_TOKENS } from "../../src/sim/envelope";
import { DEFAULT_SEED } from "../../src/sim/seed";
import { countTokens } from "../../src/sim/tokenizer";

const fleet = generateFleet(DEFAULT_SEED);

function cond(name: string): Condition {
  const found = findCondition(name);
  assert.ok(found, `condition ${name}`);
  return found;
}

const COUNT: ToolCall = { name: "count_devices", arguments: { max_hours: 500 } };
const TOP: ToolCall = { name: "top_devices", arguments: { field: "downtime_min", max_hours: 500, limit: 10 } };
const GET: ToolCall = { name: "get_device", arguments: { device_id: fleet.devices[0].device_id } };
/** Twelve varied valid calls: more than the crash point, every tool. */
const SCRIPT: ToolCall[] = [COUNT, TOP, GET, COUNT, TOP, GET, COUNT, TOP, GET, COUNT, TOP, GET];

/** What a healthy direct connection answers for each call of SCRIPT. */
const expected: ToolOutcome[] = (() => {
  const direct = new FleetClient(fleet, cond("direct"));
  return SCRIPT.map((call) => direct.callTool(call));
})();

const HANDSHAKE = { request: 2, response: 2, notification: 1 };

test("every healthy answer is a result, identical on the three paths", () => {
  for (const name of ["direct", "raw", "validating"]) {
    const client = new FleetClient(fleet, cond(name));
    const outcomes = SCRIPT.map((call) => client.callTool(call));
    for (const o of outcomes) assert.deepEqual([o.isError, o.channel], [false, "result"], name);
    assert.deepEqual(outcomes, expected, name);
  }
});

test("healthy raw and validating: the handshake is counted before any call, startup and per-call time are the probe's", () => {
  for (const [name, startup, perCall] of [
    ["raw", LATENCY_MICROS.rawStartup, 90],
    ["validating", LATENCY_MICROS.validatingStartup, 93],
  ] as const) {
    const client = new FleetClient(fleet, cond(name));
    const before = client.stats();
    // initialize request + response, notifications/initialized, tools/list request + response.
    assert.deepEqual(
      [before.envelope.request, before.envelope.response, before.envelope.notification],
      [2, 2, 1],
      name,
    );
    assert.equal(before.envelope.round_trips, 2);
    assert.ok(before.envelope.tokens >= 5 * ENVELOPE_TOKENS);
    assert.deepEqual([before.calls, before.errors, before.callMicros, before.startupMicros], [0, 0, 0, startup], name);

    SCRIPT.forEach((call, k) => {
      client.callTool(call);
      const s = client.stats();
      assert.equal(s.callMicros, perCall * (k + 1), `${name} call ${k + 1}`);
      assert.equal(s.envelope.request, HANDSHAKE.request + k + 1);
      assert.equal(s.envelope.response, HANDSHAKE.response + k + 1);
      assert.equal(s.envelope.notification, HANDSHAKE.notification);
    });
    const after = client.stats();
    assert.deepEqual(
      [after.calls, after.errors, after.restarts, after.transportErrors, after.startupMicros],
      [SCRIPT.length, 0, 0, 0, startup],
    );
  }
  assert.equal(LATENCY_MICROS.rawCall, 90);
  assert.equal(LATENCY_MICROS.validatingCall, 93);
});

test("a call's tokens are its request params and response result as JSON text, plus the envelope for each", () => {
  const client = new FleetClient(fleet, cond("validating"));
  const before = client.stats().envelope.tokens;
  const outcome = client.callTool(COUNT);
  const request = JSON.stringify({ name: COUNT.name, arguments: COUNT.arguments });
  const response = JSON.stringify({ content: [{ type: "text", text: outcome.text }] });
  assert.equal(
    client.stats().envelope.tokens - before,
    countTokens(request) + countTokens(response) + 2 * ENVELOPE_TOKENS,
  );
});

/** A message's bytes as stdio writes it: its JSON text and one newline. */
const lineBytes = (message: unknown) => Buffer.byteLength(JSON.stringify(message)) + 1;

test("a connection's bytes are its lines: the handshake's five messages, then each call's request and response", () => {
  const client = new FleetClient(fleet, cond("validating"));
  const server = createPathServer("validating", fleet);
  const opening = [
    {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: "mcp-course", version: "0" },
      },
    },
    { jsonrpc: "2.0", method: "notifications/initialized", params: {} },
    { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} },
  ] as const;
  const answers = opening.map((m) => server.handle(m)).filter((a) => a !== undefined);
  assert.equal(answers.length, 2);
  const handshake = [...opening, ...answers].reduce((sum, m) => sum + lineBytes(m), 0);
  assert.equal(client.stats().bytes, handshake);
  client.callTool(COUNT);
  const request = {
    jsonrpc: "2.0",
    id: 3,
    method: "tools/call",
    params: { name: COUNT.name, arguments: COUNT.arguments },
  } as const;
  const response = server.handle(request);
  assert.equal(client.stats().bytes, handshake + lineBytes(request) + lineBytes(response));
});

test("bytes: none in-process; a timed-out call adds notifications/cancelled and loses its response, which the server never sends; stray text is not counted", () => {
  const direct = new FleetClient(fleet, cond("direct"));
  SCRIPT.forEach((call) => direct.callTool(call));
  assert.equal(direct.stats().bytes, 0);
  const healthy = new FleetClient(fleet, cond("validating"));
  const slow = new FleetClient(fleet, cond("slow"));
  healthy.callTool(TOP);
  slow.callTool(TOP);
  const cancelled = {
    jsonrpc: "2.0",
    method: "notifications/cancelled",
    params: { requestId: 3, reason: "Request timed out" },
  };
  // Both sent the same request (id 3); only the healthy one got an answer.
  const answer = createPathServer("validating", fleet).handle({
    jsonrpc: "2.0",
    id: 3,
    method: "tools/call",
    params: { name: TOP.name, arguments: TOP.arguments },
  });
  assert.equal(slow.stats().bytes - healthy.stats().bytes, lineBytes(cancelled) - lineBytes(answer));
  const noisy = new FleetClient(fleet, cond("stdout-line"));
  const quiet = new FleetClient(fleet, cond("validating"));
  for (const call of SCRIPT) [noisy, quiet].forEach((client) => client.callTool(call));
  assert.equal(noisy.stats().bytes, quiet.stats().bytes);
});

test("direct: no envelope message at all, no startup, 22 µs per call", () => {
  const client = new FleetClient(fleet, cond("direct"));
  const zero = { request: 0, response: 0, notification: 0, tokens: 0, round_trips: 0 };
  assert.deepEqual(client.stats().envelope, zero);
  SCRIPT.forEach((call, k) => {
    client.callTool(call);
    assert.equal(client.stats().callMicros, 22 * (k + 1));
  });
  const s = client.stats();
  assert.deepEqual(s.envelope, zero);
  assert.equal(s.startupMicros, 0);
  assert.equal(LATENCY_MICROS.directCall, 22);
});

test("slow: the first top_devices times out at the client timeout and is cancelled, and no reply is sent; the next one is served", () => {
  const client = new FleetClient(fleet, cond("slow"));
  const count = client.callTool(COUNT);
  assert.deepEqual(count, expected[0], "count_devices before it is not slowed");
  assert.equal(client.stats().callMicros, LATENCY_MICROS.validatingCall);

  const timedOut = client.callTool(TOP);
  assert.deepEqual(timedOut, { isError: true, channel: "client", text: LOCAL_FAILURES.timedOut });
  const s = client.stats();
  assert.equal(
    s.callMicros - LATENCY_MICROS.validatingCall,
    LATENCY_MICROS.clientTimeout,
    "costs exactly the client timeout",
  );
  assert.equal(s.envelope.notification, HANDSHAKE.notification + 1, "notifications/cancelled is counted");
  assert.equal(s.envelope.request, HANDSHAKE.request + 2);
  assert.equal(s.envelope.response, HANDSHAKE.response + 1, "the cancelled request gets no response");
  assert.deepEqual([s.calls, s.errors], [2, 1]);

  const again = client.callTool(TOP);
  assert.deepEqual(again, expected[1], "the second top_devices succeeds normally");
  const t = client.stats();
  assert.equal(t.callMicros - s.callMicros, LATENCY_MICROS.validatingCall);
  assert.deepEqual([t.calls, t.errors, t.envelope.notification], [3, 1, HANDSHAKE.notification + 1]);

  // Only the first top_devices is slow, however many follow.
  for (let k = 0; k < 5; k++) assert.equal(client.callTool(TOP).isError, false);
  assert.equal(client.stats().errors, 1);
  assert.ok(LATENCY_MICROS.slowTool > LATENCY_MICROS.clientTimeout, "the tool is slower than the client waits");
});

test("slow: the timeout does not depend on top_devices coming second", () => {
  const client = new FleetClient(fleet, cond("slow"));
  assert.equal(client.callTool(TOP).text, LOCAL_FAILURES.timedOut);
  assert.equal(client.stats().callMicros, LATENCY_MICROS.clientTimeout);
  assert.deepEqual(client.callTool(TOP), expected[1]);
});

test("crash: calls 1–5 succeed, the 6th reads local: connection closed, every later one local: not connected, without a message sent", () => {
  assert.equal(CRASH_ON_CALL, 6);
  const client = new FleetClient(fleet, cond("crash"));
  for (let k = 0; k < CRASH_ON_CALL - 1; k++)
    assert.deepEqual(client.callTool(SCRIPT[k]), expected[k], `call ${k + 1}`);
  const sixth = client.callTool(SCRIPT[5]);
  assert.deepEqual(sixth, { isError: true, channel: "client", text: LOCAL_FAILURES.connectionClosed });
  const atCrash = client.stats();
  assert.equal(atCrash.envelope.request, HANDSHAKE.request + 6, "the 6th request was sent");
  assert.equal(atCrash.envelope.response, HANDSHAKE.response + 5, "and never answered");
  assert.equal(atCrash.callMicros, 6 * LATENCY_MICROS.validatingCall);

  for (let k = 6; k < SCRIPT.length; k++) {
    assert.deepEqual(
      client.callTool(SCRIPT[k]),
      { isError: true, channel: "client", text: NOT_CONNECTED },
      `call ${k + 1}`,
    );
  }
  const s = client.stats();
  assert.equal(NOT_CONNECTED, "local: not connected");
  assert.deepEqual(s.envelope, atCrash.envelope, "nothing more crosses the wire");
  assert.equal(s.callMicros, atCrash.callMicros, "a call on a closed connection takes no time");
  assert.deepEqual([s.calls, s.errors, s.restarts], [SCRIPT.length, SCRIPT.length - 5, 0]);
});

test("crash: the 6th tools/call crashes the server even when the first five were errors", () => {
  const client = new FleetClient(fleet, cond("crash"));
  const bad: ToolCall = { name: "rank_by_rate", arguments: {} };
  for (let k = 0; k < 5; k++) assert.equal(client.callTool(bad).channel, "JSON-RPC error");
  assert.equal(client.callTool(COUNT).text, LOCAL_FAILURES.connectionClosed);
});

test("crash-explained: the 6th call and every later one say plainly that the server is gone", () => {
  const client = new FleetClient(fleet, cond("crash-explained"));
  for (let k = 0; k < 5; k++) assert.deepEqual(client.callTool(SCRIPT[k]), expected[k]);
  const atSix = client.callTool(SCRIPT[5]);
  assert.deepEqual(atSix, { isError: true, channel: "client", text: SERVER_GONE });
  const requests = client.stats().envelope.request;
  for (let k = 6; k < SCRIPT.length; k++) assert.deepEqual(client.callTool(SCRIPT[k]), atSix);
  assert.equal(client.stats().envelope.request, requests);
  assert.equal(client.stats().errors, SCRIPT.length - 5);
  assert.notEqual(SERVER_GONE, NOT_CONNECTED);
});

test("crash-restart: the 6th call succeeds after one respawn with a second handshake and the restart's extra time; no second crash", () => {
  const client = new FleetClient(fleet, cond("crash-restart"));
  for (let k = 0; k < 5; k++) assert.deepEqual(client.callTool(SCRIPT[k]), expected[k]);
  const five = client.stats();
  assert.deepEqual(client.callTool(SCRIPT[5]), expected[5]);
  const six = client.stats();
  assert.equal(six.restarts, 1);
  assert.equal(six.errors, 0);
  assert.equal(
    six.callMicros - five.callMicros,
    LATENCY_MICROS.validatingCall + LATENCY_MICROS.restart,
    "a normal call plus the restart",
  );
  assert.equal(six.startupMicros, five.startupMicros, "the restart is counted in the call, not in startup");
  // The crashed request, a second handshake, the retried request and its response.
  assert.equal(six.envelope.request - five.envelope.request, 1 + HANDSHAKE.request + 1);
  assert.equal(six.envelope.response - five.envelope.response, HANDSHAKE.response + 1);
  assert.equal(six.envelope.notification - five.envelope.notification, HANDSHAKE.notification);

  // Well past a second 6th call on the new server: all succeed, no second crash.
  for (let round = 0; round < 3; round++)
    SCRIPT.forEach((call, k) => assert.deepEqual(client.callTool(call), expected[k]));
  const s = client.stats();
  assert.deepEqual([s.calls, s.errors, s.restarts], [6 + 3 * SCRIPT.length, 0, 1]);
  assert.equal(s.callMicros, s.calls * LATENCY_MICROS.validatingCall + LATENCY_MICROS.restart);
});

test("stdout-line: every call succeeds and raises one transport error", () => {
  const client = new FleetClient(fleet, cond("stdout-line"));
  SCRIPT.forEach((call, k) => {
    assert.deepEqual(client.callTool(call), expected[k]);
    assert.equal(client.stats().transportErrors, k + 1);
  });
  const s = client.stats();
  assert.deepEqual(
    [s.calls, s.errors, s.callMicros],
    [SCRIPT.length, 0, SCRIPT.length * LATENCY_MICROS.validatingCall],
  );
  assert.equal(s.envelope.notification, HANDSHAKE.notification);
});

test("stdout-unterminated: every call times out at the client timeout, each a transport error", () => {
  const client = new FleetClient(fleet, cond("stdout-unterminated"));
  SCRIPT.forEach((call, k) => {
    assert.deepEqual(
      client.callTool(call),
      { isError: true, channel: "client", text: LOCAL_FAILURES.timedOut },
      `call ${k + 1}`,
    );
    const s = client.stats();
    assert.equal(s.transportErrors, k + 1);
    assert.equal(s.callMicros, (k + 1) * LATENCY_MICROS.clientTimeout);
    assert.equal(s.envelope.notification, HANDSHAKE.notification + k + 1, "each timed-out request is cancelled");
  });
  assert.deepEqual([client.stats().calls, client.stats().errors], [SCRIPT.length, SCRIPT.length]);
});

test("two clients on the same condition and calls give identical outcomes and stats, for every condition", () => {
  const mixed: ToolCall[] = [
    ...SCRIPT,
    { name: "top_devices", arguments: { field: "nope" } },
    { name: "get_device", arguments: { device_id: "AV3-999" } },
    ...SCRIPT,
  ];
  for (const condition of CONDITIONS) {
    const run = (): [ToolOutcome[], ClientStats] => {
      const client = new FleetClient(fleet, condition);
      return [mixed.map((call) => client.callTool(call)), client.stats()];
    };
    const a = new FleetClient(fleet, condition);
    const b = new FleetClient(fleet, condition);
    // Interleaved call by call: the clients share nothing.
    const outA: ToolOutcome[] = [];
    const outB: ToolOutcome[] = [];
    for (const call of mixed) {
      outA.push(a.callTool(call));
      outB.push(b.callTool(call));
    }
    assert.deepEqual(outA, outB, condition.name);
    assert.deepEqual(a.stats(), b.stats(), condition.name);
    assert.deepEqual(run(), [outA, a.stats()], condition.name);
  }
});

test("stats() returns a copy: changing it changes nothing", () => {
  const client = new FleetClient(fleet, cond("validating"));
  const s = client.stats();
  s.calls = 99;
  s.envelope.request = 99;
  assert.equal(client.stats().calls, 0);
  assert.equal(client.stats().envelope.request, 2);
});

test("a failure the client makes itself reads local: …, never as an error response: no MCP error code, none of the legacy -32000 to -32019", () => {
  for (const text of Object.values(LOCAL_FAILURES)) {
    assert.match(text, /^local: /, text);
    assert.doesNotMatch(text, /MCP error|-320\d\d/, text);
  }
  assert.equal(SERVER_GONE, LOCAL_FAILURES.serverGone);
  assert.equal(NOT_CONNECTED, LOCAL_FAILURES.notConnected);
  // Every outcome a fault gives on the client's channel is one of them.
  for (const name of ["slow", "crash", "crash-explained", "stdout-unterminated"]) {
    const client = new FleetClient(fleet, cond(name));
    for (const call of [...SCRIPT, ...SCRIPT]) {
      const outcome = client.callTool(call);
      if (outcome.channel === "client")
        assert.ok((Object.values(LOCAL_FAILURES) as string[]).includes(outcome.text), `${name}: ${outcome.text}`);
    }
  }
});
