// Lesson 4, "Three Primitives": the same seed gives the same world, and the prose reads its numbers off it. A stub that
// `mcp-course new-lesson` wrote: add the default seed's key table lines and that the prose's claims hold for other
// seeds, as test/lessons/writingAClient.test.ts does for lesson 7.
import assert from "node:assert/strict";
import { test } from "node:test";
import { describeThreePrimitivesSeed } from "../../src/lessons/threePrimitives/prose";
import { simulateThreePrimitives } from "../../src/lessons/threePrimitives/simulate";
import { formatThreePrimitivesRegions } from "../../src/lessons/threePrimitives/tables";
import { SUBSCRIBER_COUNT } from "../../src/world/subscribers";

test("the same seed gives an equal result, and every subscriber lives in one region", () => {
  for (const seed of [20260218, 20260219, 0]) {
    const result = simulateThreePrimitives(seed);
    assert.deepEqual(simulateThreePrimitives(seed), result);
    const total = result.regions.reduce((sum, { subscribers }) => sum + subscribers, 0);
    assert.equal(total, SUBSCRIBER_COUNT);
  }
});

test("the seed's sentence reads each number off the result", () => {
  const result = simulateThreePrimitives(20260218);
  const sentence = describeThreePrimitivesSeed(result).replace(/\s+/g, " ");
  assert.match(sentence, /^Seed 20260218: 60 subscribers \(/);
  for (const { region, subscribers } of result.regions) assert.ok(sentence.includes(`${region} ${subscribers}`));
});

test("the table: a row a region, then the total, within the page", () => {
  const lines = formatThreePrimitivesRegions(simulateThreePrimitives(20260218)).split("\n");
  assert.match(lines[0], /^region +subscribers$/);
  assert.match(lines.at(-1)!, /^total +60$/);
  assert.equal(lines.length, 7);
  for (const line of lines) assert.ok(line.length <= 100, line);
});
