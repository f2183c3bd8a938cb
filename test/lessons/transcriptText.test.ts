// Invariant: a transcript's wrapped layout prints each line as it crossed: its pieces, joined without their indents, are the line, and none is wider than the page or ends in a space.
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatWireTranscript, wrapLine } from "../../src/lessons/transcriptText";
import { LINE_WIDTH } from "../../src/notebook/lineWidth";

const LINES = [
  '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"sayac_oku","arguments":{"abone":"A059"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}',
  '{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Invalid params: a 2026-07-28 request must carry io.modelcontextprotocol/protocolVersion (a string) and more words after it."}}',
  "x".repeat(250),
  "short",
];

test("wrapLine: the pieces join back into the line, fit the page, and break after commas or before spaces", () => {
  for (const line of LINES) {
    const pieces = wrapLine(line);
    assert.equal(pieces.map((piece, k) => piece.slice(k === 0 ? 2 : 4)).join(""), line);
    for (const piece of pieces) {
      assert.ok(piece.length <= LINE_WIDTH, piece);
      assert.ok(!piece.endsWith(" "), piece);
    }
    for (const piece of pieces.slice(0, -1))
      if (line.includes(",") || line.includes(" "))
        assert.ok(/,$/.test(piece) || pieces[pieces.indexOf(piece) + 1].slice(4).startsWith(" "), piece);
  }
  assert.deepEqual(wrapLine("short"), ["  short"]);
});

test("formatWireTranscript: the wrapped layout changes only lines too wide for the page", () => {
  const transcript = {
    era: "stateless" as const,
    command: "mcp-course serve olcum",
    steps: LINES.slice(0, 2).map((line, k) => ({
      from: k === 0 ? ("client" as const) : ("server" as const),
      line,
      bytes: Buffer.byteLength(line) + 1,
    })),
    outcome: "done",
  };
  const pretty = formatWireTranscript(transcript);
  const wrapped = formatWireTranscript(transcript, [], "wrapped");
  assert.notEqual(pretty, wrapped);
  assert.deepEqual(wrapped.split("\n").slice(0, 2), [
    "$ mcp-course serve olcum",
    `client → server (${LINES[0].length + 1} bytes)`,
  ]);
  assert.ok(wrapped.endsWith("Outcome: done."));
  for (const line of wrapped.split("\n")) assert.ok(line.length <= LINE_WIDTH, line);
});
