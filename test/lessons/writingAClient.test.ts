// Lesson 7's tables show the default seed's discovery, modes and drop, and its readings state only what the run shows, for any seed.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { simulateWritingAClient } from "../../src/lessons/writingAClient/simulate";
import { formatWritingAClient } from "../../src/lessons/writingAClient/tables";
import * as prose from "../../src/lessons/writingAClient/prose";
import { findLesson } from "../../src/lessons/catalog";
import { ROOT } from "../helpers";

const lesson = simulateWritingAClient(20260218);
const text = formatWritingAClient(lesson);
const readings = () => [prose.describeClientSeed, prose.readDiscovery, prose.readModes, prose.readGrowth, prose.readSilentDrop, prose.readReport, prose.summarizeClient];

// Since issue 12 §1 `initialize` carries protocolVersion, capabilities and clientInfo (14 tokens) and its result
// protocolVersion (5): 19 tokens more per server, 76 per discovery of the four servers, than the first bodies
// (349 → 425 per discovery; 260 → 317 for lesson 6's three; per task 5469 + 13 × 76, per session 1281 + 76).
test("seed 20260218: the key table lines", () => {
  for (const line of [
    "olcum   notification  notifications/initialized olcum                               14            0",
    "all                      -                                12        12             4     425           18",
    "lesson 6: yetenek sor / bildir        3         3             0      99            5",
    "lesson 7: MCP discovery               9         9             3     317           15",
    "per task              13     33          7      183       183            52    6457          267",
    "per session            1     33          7       39        39             4    1357           51",
    "difference            12      0          0      144       144            48    5100          216",
    "    1                         505                            505          0                     22                        22         1.00",
    "kayit              2           0      6                 0                    6",
    "reporting       39        39             4    1357           51               1             4             54",
  ]) {
    assert.ok(text.includes(`\n${line}\n`), line);
  }
});

test("seed 20260218: the readings quote the run", () => {
  assert.match(prose.readModes(lesson), /The whole difference is 12 extra discoveries: 12 × 425 = 5100 tokens, 144 requests, 48 notifications and 216 round trips\./);
  assert.match(prose.readGrowth(lesson), /With one task the two clients are the same client/);
  assert.match(prose.readGrowth(lesson), /grows by exactly one discovery per task — 425 tokens and 18 round trips/);
  assert.match(prose.readSilentDrop(lesson), /The tasks make 33 calls, but only 27 call requests cross the wire \(39 requests in all, 12 of them discovery\)\. The other 6 end inside the client/);
  assert.match(prose.readReport(lesson), /On the wire it costs nothing/);
  assert.match(prose.readReport(lesson), /At level 0 a tool is dropped and yet no call ends in the client/);
});

test("readings are complete sentences for other seeds and state what their runs show", () => {
  for (const seed of [0, 1, 7, 20260219, 2 ** 32, 2 ** 53 - 1]) {
    const result = simulateWritingAClient(seed);
    for (const read of readings()) {
      const out = read(result);
      assert.doesNotMatch(out, /undefined|NaN|\[object/, `${read.name} at seed ${seed}`);
    }
    // The checks the prose makes must hold, or the prose would say otherwise.
    assert.match(prose.readModes(result), /Both clients make the same/);
    assert.match(prose.readGrowth(result), /grows by exactly one discovery per task/);
    assert.match(prose.readReport(result), /On the wire it costs nothing/);
    assert.deepEqual(result.growth[0].perTask, result.growth[0].perSession);
  }
});

test("the result is pure: the same seed gives the same tables, in any order", () => {
  const other = simulateWritingAClient(7);
  assert.equal(formatWritingAClient(simulateWritingAClient(20260218)), text);
  assert.equal(formatWritingAClient(simulateWritingAClient(7)), formatWritingAClient(other));
});

test("the catalog lists lesson 7 between 6 and 8, and the committed export carries the run's tables", () => {
  assert.equal(findLesson("07")?.name, "07-writing-a-client");
  assert.equal(findLesson("writing-a-client")?.title, "Writing a Client");
  const exported = readFileSync(join(ROOT, "lessons", "07-writing-a-client.md"), "utf8");
  assert.match(exported.split("\n")[0], /with seed 20260218/);
  for (const line of text.split("\n").filter((l) => l && !l.startsWith("## "))) assert.ok(exported.includes(line), line);
});

test("lesson 7 shows only the 2025-11-25 session it teaches: no listing of its export names another era", () => {
  const exported = readFileSync(join(ROOT, "lessons", "07-writing-a-client.md"), "utf8");
  const listings = [...exported.matchAll(/```ts\n\/\*\*[\s\S]*?```/g)].map((m) => m[0]);
  assert.ok(listings.length >= 7, `${listings.length} listings`);
  for (const listing of listings) assert.doesNotMatch(listing, /stateless|era\b|server\/discover|ttlMs|cached|_meta/, listing.slice(0, 200));
  assert.match(exported, /MCP revision 2025-11-25/);
  assert.doesNotMatch(exported, /planned lesson|lesson 8's|of lesson 8/);
  assert.match(exported.slice(exported.indexOf("## Next")), /Lesson 8/);
});
