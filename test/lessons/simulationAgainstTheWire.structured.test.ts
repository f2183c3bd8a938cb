// Lesson 9's structured tool results: the structured-results server, run as the lesson runs it (a
// process of its own, from dist/), lists its tool with an outputSchema, answers a subscriber with
// structuredContent and the same JSON as text, and answers a result that breaks its schema with a tool
// execution error (the SDK's McpServer checks it); the SDK client's validator accepts and refuses
// exercise 4's candidates as the lesson's solution says. The SDK client's own refusal of a result that
// breaks the schema is pinned in test/wireClient/era.test.ts.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import {
  CANDIDATE_RESULTS,
  clientVerdicts,
  listedOutputSchema,
  serverMessages,
  structuredLines,
} from "../../src/lessons/simulationAgainstTheWire/structured";
import { STRUCTURED_METERS, STRUCTURED_TOOL } from "../../src/lessons/simulationAgainstTheWire/structuredServer";
import { ROOT } from "../helpers";

type Result = {
  content: { type: string; text: string }[];
  structuredContent?: unknown;
  isError?: boolean;
};

const lines = structuredLines();

test("the tool lists an outputSchema: an object with abone and m3 required, closed, 2020-12", async () => {
  const schema = listedOutputSchema(await lines);
  assert.deepEqual(schema, {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    properties: { abone: { type: "string" }, m3: { type: "number", description: "Consumption in m³" } },
    required: ["abone", "m3"],
    additionalProperties: false,
  });
});

test("A001: structuredContent, and the same JSON serialized in a text block; A002: a tool execution error from the SDK's check", async () => {
  const [, first, second] = serverMessages(await lines).map((message) => message.result as Result);
  const { onceki, simdiki } = STRUCTURED_METERS.A001;
  assert.deepEqual(first.structuredContent, { abone: "A001", m3: simdiki! - onceki });
  assert.equal(first.content.length, 1);
  assert.equal(first.content[0].type, "text");
  assert.deepEqual(JSON.parse(first.content[0].text), first.structuredContent);
  assert.equal(first.isError, undefined);
  assert.equal(STRUCTURED_METERS.A002.simdiki, null, "A002's current reading is missing");
  assert.equal(second.isError, true);
  assert.equal(second.structuredContent, undefined, "the value that breaks the schema never crosses");
  assert.match(second.content[0].text, new RegExp(`^Output validation error: .*${STRUCTURED_TOOL}: m3:`));
});

test("exercise 4: the SDK client's validator accepts a fractional m3 and refuses a string, a missing m3 and an extra key", async () => {
  const verdicts = clientVerdicts(listedOutputSchema(await lines));
  assert.deepEqual(
    verdicts.map((v) => v.valid),
    [true, false, false, false],
  );
  assert.equal(verdicts.length, CANDIDATE_RESULTS.length);
  for (const path of ["09-the-simulation-against-the-wire.md", "seed-20260219/09-the-simulation-against-the-wire.md"]) {
    const text = readFileSync(join(ROOT, "lessons", path), "utf8").replace(/\s+/g, " ");
    const solutions = text.slice(text.indexOf("## Solutions"), text.indexOf("## Next"));
    assert.match(solutions, /The SDK's client accepts `\{"abone":"A001","m3":32\.5\}`/, path);
    for (const v of verdicts.filter((verdict) => !verdict.valid))
      assert.ok(solutions.includes(`\`${v.message}\``), `${path}: ${v.message}`);
  }
});

test("the lesson's markdown states the server's readings, which no seed changes", () => {
  assert.deepEqual(STRUCTURED_METERS.A001, { onceki: 41230, simdiki: 41262 });
  assert.equal(STRUCTURED_TOOL, "tuketim_oku");
});
