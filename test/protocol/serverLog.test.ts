// Invariant: parseEvents reads back every line ServeLog writes, in order, as the object written,
// and skips whatever else a server's stderr may hold, whether given the log's text or its lines.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseEvents } from "../../src/protocol/serverLog";
import { ServeLog } from "../../src/server/log";
import type { LineTransportStats } from "../../src/server/lineTransport";

/** A run's log as ServeLog writes it: a start, a call, a refused line, the stop. */
function writtenLog(): string {
  let text = "";
  const log = new ServeLog((lines) => (text += lines));
  log.serving({ server: "fleet", level: 3, seed: 7, fault: "none", path: "validating" });
  log.call({ tool: "count_devices", durationMs: 1.23456, isError: false, arguments: { model: "x" } });
  log.lineEvent({ kind: "rejected", code: -32700, message: "Parse error", bytes: 3 });
  const stats: LineTransportStats = {
    messagesIn: 2,
    messagesOut: 1,
    bytesIn: 90,
    bytesOut: 80,
    rejected: 1,
    ignored: 0,
    dropped: 0,
  };
  log.stopping("end of input", stats);
  return text;
}

test("every line ServeLog writes comes back, in order, as the object written", () => {
  const text = writtenLog();
  const events = parseEvents(text);
  assert.deepEqual(
    events.map((event) => event.event),
    ["serving", "call", "rejected", "stopping"],
  );
  const lines = text.trimEnd().split("\n");
  assert.deepEqual(
    events,
    lines.map((line) => JSON.parse(line) as unknown),
  );
  assert.equal(events[1].tool, "count_devices");
  assert.deepEqual(events[1].argument_bytes, { model: 3 });
  assert.equal(events[3].messages_in, 2);
});

test("the log's text and its lines give the same events", () => {
  const text = writtenLog();
  assert.deepEqual(parseEvents(text.split("\n")), parseEvents(text));
});

test("anything else on stderr is skipped: text, other JSON values, objects without a string event, a cut line", () => {
  const serving = '{"event":"serving","server":"tarife"}';
  const stopping = '{"event":"stopping","reason":"crash"}';
  const stderr = [
    "Error: boom",
    "    at main (serve.js:1:1)",
    serving,
    "",
    "42",
    "null",
    '"event"',
    '[{"event":"call"}]',
    '{"tool":"tarife"}',
    '{"event":7}',
    stopping,
    '{"event":"call","tool":"tar', // the last line, cut short
  ].join("\n");
  assert.deepEqual(parseEvents(stderr), [JSON.parse(serving), JSON.parse(stopping)]);
  assert.deepEqual(parseEvents(""), []);
  assert.deepEqual(parseEvents([]), []);
});
