// Invariant: a transcript prints each line as it crossed — folded after commas outside strings, never losing or adding a character — and the default layout is the pretty one, ending included.
import assert from "node:assert/strict";
import { test } from "node:test";
import { foldLine, formatWireLines, formatWireTranscript } from "../../src/lessons/transcriptText";
import type { Transcript } from "../../src/wireClient/lineExchange";

const line = (from: "client" | "server", text: string) => ({
  from,
  line: text,
  bytes: Buffer.byteLength(text) + 1,
});

const LONG = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  result: {
    note: 'a, b, c: commas inside a string, and a quote " too, which never break a line',
    tools: Array.from({ length: 6 }, (_, k) => ({ name: `tool_${k}`, inputSchema: { type: "object" } })),
  },
});

const TRANSCRIPT: Transcript = {
  era: "stateless",
  command: "mcp-course serve olcum",
  steps: [
    line("client", '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'),
    line("server", LONG),
    { from: "client", event: "closes stdin (done)" },
    { from: "server", event: "exits with code 0" },
  ],
  outcome: "listed",
};

test("foldLine gives the line back piece by piece, each within the width, breaking after a comma outside strings", () => {
  const note = JSON.stringify('a, b, c: commas inside a string, and a quote " too, which never break a line');
  const from = LONG.indexOf(note);
  const insideCommas = new Set([...note].flatMap((char, k) => (char === "," ? [from + k + 1] : [])));
  for (const width of [20, 40, 98]) {
    const pieces = foldLine(LONG, width);
    assert.equal(pieces.join(""), LONG);
    for (const piece of pieces) assert.ok(piece.length <= width, piece);
  }
  let at = 0;
  const pieces = foldLine(LONG, 98);
  for (const piece of pieces.slice(0, -1)) {
    at += piece.length;
    assert.ok(piece.endsWith(","), piece);
    assert.ok(!insideCommas.has(at), "no break after a comma inside a string");
  }
  assert.deepEqual(foldLine("short", 98), ["short"]);
  assert.deepEqual(foldLine("abcdefghij", 4), ["abcd", "efgh", "ij"], "no comma: cut at the width");
  assert.throws(() => foldLine(LONG, 0), RangeError);
});

test("the default layout is the pretty one with its events and outcome; folded prints each line as it crossed; either can be left out", () => {
  const pretty = formatWireTranscript(TRANSCRIPT);
  assert.equal(formatWireTranscript(TRANSCRIPT, [], { lines: "pretty", events: true, outcome: true }), pretty);
  assert.match(pretty, /\n {2}\{\n {4}"jsonrpc": "2\.0", "id": 1,/, "short members packed side by side");
  assert.match(pretty, /\nclient: closes stdin \(done\)\nserver: exits with code 0\nOutcome: listed\.$/);
  const folded = formatWireTranscript(TRANSCRIPT, [], { lines: "folded" });
  const body = folded
    .split("\n")
    .filter((text) => text.startsWith("  "))
    .map((text) => text.slice(text.startsWith("    ") ? 4 : 2));
  assert.equal(body.join(""), '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' + LONG);
  const bare = formatWireTranscript(TRANSCRIPT, [], { lines: "folded", events: false, outcome: false });
  assert.ok(!/closes stdin|exits with|Outcome/.test(bare));
  assert.ok(folded.startsWith(bare));
});

test("foldLine falls back to the last space, then to the width; the end mark follows the last piece", () => {
  assert.deepEqual(foldLine('{"message":"one two three four"}', 16), ['{"message":"one', " two three", ' four"}']);
  assert.deepEqual(foldLine("abc,def", 98, "⏎"), ["abc,def⏎"]);
  assert.deepEqual(foldLine("abcdefgh", 4, "⏎"), ["abcd", "efgh", "⏎"]);
});

test("pretty lines: _meta written {…} when asked, and a string too long for the page cut, the header naming the cut", () => {
  const text = "x".repeat(300);
  const long = JSON.stringify({ jsonrpc: "2.0", id: 2, result: { text, _meta: { server: "olcum" } } });
  const printed = formatWireLines([line("server", long)], { elideMeta: true });
  assert.match(
    printed[0],
    new RegExp(`^server → client \\(${Buffer.byteLength(long) + 1} bytes; text cut, 300 characters in all\\)$`),
  );
  assert.ok(printed.some((piece) => piece.includes('"_meta": {…}') || piece.includes('"_meta":{…}')));
  for (const piece of printed) assert.ok([...piece].length <= 100, piece);
});
