// Lesson 8's exports read as teaching text for both seeds: the fleet is lesson 7's, the terms come before their use, the revisions are named, and no maintainer's aside is left.
import assert from "node:assert/strict";
import { test } from "node:test";
import { conditionsChart } from "../../src/lessons/fleetBehindTheBoundary/charts";
import { simulateFleetLesson } from "../../src/lessons/fleetBehindTheBoundary/simulate";
import { DEFAULT_SEED } from "../../src/sim/seed";
import { lessonExports } from "./lessonText";

const exports = lessonExports().filter((e) => e.lesson.name === "08-the-fleet-behind-the-boundary");

/** The export's text up to its `## Next` heading: the body, summary, exercises and solutions. */
const beforeNext = (text: string) => text.split("\n## Next\n")[0];

/** Text with its line breaks and indents read as the single spaces markdown renders them as (prose is wrapped at 100). */
const flat = (text: string) => text.replace(/\s+/g, " ");

test("both seeds are exported, each at most 550 lines", () => {
  assert.equal(exports.length, 2);
  for (const { path, text } of exports)
    assert.ok(text.split("\n").length <= 551, `${path}: ${text.split("\n").length} lines`);
});

// SDK 2.4's string codes ("CONNECTION_CLOSED", "REQUEST_TIMEOUT") are taught now, beside SDK 1.x's -32000 and -32001.
test("no maintainer's aside and no second introduction of the fleet", () => {
  for (const { path, text } of exports) {
    for (const phrase of [
      /a test checks it/,
      /1\.24 or later/,
      /1\.32/,
      /since version 1\.\d+/,
      /brings in a fourth server/,
      /joins lesson 6's simulator as a fourth/,
    ]) {
      assert.doesNotMatch(text, phrase, `${path}: ${phrase}`);
    }
    assert.match(text, /^Lesson 7 added `fleet`/m, `${path}: points back to lesson 7`);
  }
});

test("SDK, agent and 2026-07-28 are defined before their first use; notifications/cancelled is explained", () => {
  for (const { path, text } of exports) {
    const body = text.split("**What you will learn**")[0];
    assert.match(
      flat(body),
      /the \*\*SDK\*\*, the official MCP TypeScript SDK: version 1 is the package\s+`@modelcontextprotocol\/sdk`/,
      path,
    );
    assert.match(flat(body), /`McpServer`/, path);
    assert.match(flat(body), /low-level `Server`/, path);
    assert.ok(text.indexOf("**agent**") < text.indexOf(" agent "), `${path}: agent defined first`);
    assert.ok(text.indexOf("SDK") >= text.indexOf("**SDK**"), `${path}: SDK defined first`);
    const first2026 = text.indexOf("2026-07-28");
    assert.ok(
      first2026 > text.indexOf("## Assumptions") && first2026 < text.indexOf("## The fleet"),
      `${path}: 2026-07-28 first named in the assumptions`,
    );
    assert.match(flat(text), /`notifications\/cancelled` — a notification \(a message that gets no reply\)/, path);
  }
});

test("the assumptions name the fleet client's revision, why, and what 2025-11-25 changed", () => {
  for (const { path, text } of exports) {
    const assumptions = text.split("## Assumptions")[1].split("## The fleet")[0];
    assert.match(flat(assumptions), /offers revision 2025-06-18\*\*, not lesson 7's 2025-11-25, because/, path);
    assert.match(flat(assumptions), /2025-11-25 moved them into the tool's result, marked `isError`/, path);
  }
});

test("the spec's rules the lesson leans on are stated: validation MUST, restart SHOULD, progress and timeouts", () => {
  for (const { path, text } of exports) {
    const body = beforeNext(text);
    assert.match(flat(body), /servers MUST validate all tool inputs/, path);
    assert.match(flat(body), /a fault to measure/, path);
    assert.match(flat(body), /client SHOULD restart a server process that exits unexpectedly/, path);
    assert.match(flat(body), /`notifications\/progress`/, path);
    assert.match(flat(body), /MAY then reset its timeout clock, but SHOULD still enforce a maximum timeout/, path);
    assert.match(flat(body), /SHOULD NOT let `serverInfo` change its behaviour/, path);
    assert.match(flat(body), /carry no `annotations`/, path);
  }
});

test("each table says which exchange its handshake is", () => {
  for (const { path, text } of exports) {
    assert.match(flat(text), /the handshake \(one yetenek sor per server\) and the calls/, path);
    assert.match(flat(text), /tokens: envelope tokens, MCP's opening \(initialize to tools\/list\) included/, path);
    assert.match(
      flat(text),
      /are the handshake — here MCP's opening of a connection, not lesson 6's `yetenek sor`/,
      path,
    );
  }
});

test("the chart's opacity legend has swatches in the bars' colour", () => {
  const spec = conditionsChart(simulateFleetLesson(DEFAULT_SEED)) as unknown as {
    encoding: { color: { scale: { range: string[] } }; opacity: { legend: { symbolFillColor: string } } };
  };
  assert.equal(spec.encoding.opacity.legend.symbolFillColor, spec.encoding.color.scale.range[0]);
});
