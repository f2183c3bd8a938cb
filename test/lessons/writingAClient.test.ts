// Lesson 7's tables show the default seed's discovery, modes and drop, and its readings state only what the run shows, for any seed.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { simulateWritingAClient } from "../../src/lessons/writingAClient/simulate";
import { COUNT_KEY, formatWritingAClient } from "../../src/lessons/writingAClient/tables";
import { LINE_WIDTH } from "../../src/notebook/lineWidth";
import * as prose from "../../src/lessons/writingAClient/prose";
import { findLesson } from "../../src/lessons/catalog";
import { ROOT } from "../helpers";

const lesson = simulateWritingAClient(20260218);
const text = formatWritingAClient(lesson);
const readings = () => [
  prose.describeClientSeed,
  prose.readFleetTask,
  prose.readTranscript,
  prose.readDiscovery,
  prose.readToolNames,
  prose.readModes,
  prose.readSessions,
  prose.readGrowth,
  prose.readSilentDrop,
  prose.readReport,
  prose.summarizeClient,
  prose.solveClientExercises,
];

/** Computed prose with its line breaks (`wrapMarkdown`'s) and other white space folded to single spaces. */
const flat = (text: string) => text.replace(/\s+/g, " ");

/** A lesson export's markdown outside its fenced blocks, white space folded to single spaces. */
function proseOf(markdown: string): string {
  return markdown.replace(/```[\s\S]*?```/g, " ").replace(/\s+/g, " ");
}

/** Every line inside a fenced block of a lesson export (output, code and shown source). */
function fencedLines(markdown: string): string[] {
  return [...markdown.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].flatMap((m) => m[1].split("\n"));
}

const EXPORTS = ["07-writing-a-client.md", join("seed-20260219", "07-writing-a-client.md")];

// `initialize` carries protocolVersion, capabilities and clientInfo (14 tokens), as 2025-11-25 `basic/lifecycle.mdx`
// has it, and its result protocolVersion (5): 19 tokens more per server, 76 per discovery of the four servers, than
// bodies without them (349 → 425 per discovery; 260 → 317 for lesson 6's three; per task 5469 + 13 × 76, per session 1281 + 76).
// The count columns have short titles (req, resp, notif) glossed by a key line, so lines stay within 100 columns.
test("seed 20260218: the key table lines", () => {
  for (const line of [
    "olcum   notification  notifications/initialized olcum                               14            0",
    "all                      -                            12    12      4     425           18",
    "lesson 6: yetenek sor / bildir    3     3      0      99            5",
    "lesson 7: MCP discovery           9     9      3     317           15",
    "per task              13     33          7  183   183     52    6457          267",
    "per session            1     33          7   39    39      4    1357           51",
    "difference            12      0          0  144   144     48    5100          216",
    "    1              505             505          0         1.00              22             22",
    "   13             6457            1357       5100         4.76             267             51",
    "kayit              2           0      6                 0                    6",
    "reporting   39    39      4    1357           51               1             4             54",
    "    3  full                                  6        2          7                    6",
    "    3  dropped kayit (bolge_ozet, kayit_yaz): declares version 3, client knows 2",
    "kayit               2  bolge_ozet                            kayit_yaz",
    "               arguments    field (required), limit, model, site, firmware, min_hours, max_hours",
    COUNT_KEY,
  ]) {
    assert.ok(text.includes(`\n${line}\n`), line);
  }
});

test("every line lesson 7 prints is at most 100 characters, for any seed", () => {
  for (const seed of [0, 7, 20260218, 20260219, 2 ** 53 - 1]) {
    for (const line of formatWritingAClient(simulateWritingAClient(seed)).split("\n")) {
      assert.ok(line.length <= LINE_WIDTH, `seed ${seed}: ${line.length}: ${line}`);
    }
  }
  for (const file of EXPORTS) {
    const exported = readFileSync(join(ROOT, "lessons", file), "utf8");
    for (const line of fencedLines(exported)) assert.ok(line.length <= LINE_WIDTH, `${file}: ${line}`);
  }
});

test("seed 20260218: the readings quote the run", () => {
  assert.match(
    flat(prose.readModes(lesson)),
    /The whole difference is 12 extra discoveries: 12 × 425 = 5100 tokens, 144 requests, 48 notifications and 216 round trips\./,
  );
  assert.match(flat(prose.readGrowth(lesson)), /With one task the two clients are the same client/);
  assert.match(
    flat(prose.readGrowth(lesson)),
    /grows by exactly one discovery per task — 425 tokens and 18 round trips/,
  );
  assert.match(
    flat(prose.readSilentDrop(lesson)),
    /The tasks make 33 calls, but only 27 call requests cross the wire \(39 requests in all, 12 of them discovery\)\. The other 6 end inside the client/,
  );
  assert.match(flat(prose.readReport(lesson)), /On the wire it costs nothing/);
  assert.match(flat(prose.readReport(lesson)), /At level 0 a tool is dropped and yet no call ends in the client/);
  assert.match(flat(prose.readFleetTask(lesson)), /finds 251 of the 400 devices under 500 operating hours/);
  assert.match(
    flat(prose.readFleetTask(lesson)),
    /`CT5-054`.*fetches it, so in this lesson's runs the fleet task completes\./,
  );
  assert.match(
    flat(prose.readTranscript(lesson)),
    /`tools`, `\/list` and `olcum` — so the body is 3 tokens, and the envelope adds 8: 11\./,
  );
  assert.match(
    flat(prose.readSessions(lesson)),
    /starts `olcum` and `fleet` 26 times in all, where the session client starts them 2 times/,
  );
  assert.match(flat(prose.readSessions(lesson)), /it opens 26 sessions against 2/);
  const solutions = flat(prose.solveClientExercises(lesson));
  assert.match(
    solutions,
    /One discovery saves 3 messages, 37 tokens and 2 round trips\. The per-task client discovers 13 times, so it saves 481 tokens and 26 round trips/,
  );
  assert.match(
    solutions,
    /For n = 13 and k = 4: 4 discoveries, 1700 tokens and 72 round trips of discovery, 2632 tokens in all\./,
  );
  assert.match(solutions, /`notifications\/tools\/list_changed tarife`: 17 tokens and no round trip/);
});

test("the solutions' figures agree with runs of the same client", () => {
  // Exercise 3: renewing every k tasks costs ⌈n / k⌉ discoveries; k = 1 is the per-task run.
  const one = lesson.discovery.reduce((n, r) => n + r.tokens, 0);
  assert.equal(lesson.perSession.work.tokens + 13 * one, lesson.perTask.total.tokens);
  assert.equal(lesson.perSession.work.tokens + one, lesson.perSession.total.tokens);
  // Exercise 2: what follows kayit's initialize result is what a discovery of kayit costs beyond its first two messages.
  const kayit = lesson.discovery.find((r) => r.server === "kayit")!;
  const [request, result] = lesson.transcripts.kayit;
  assert.equal(kayit.tokens - request.tokens - result.tokens, 37);
});

test("readings are complete sentences for other seeds and state what their runs show", () => {
  for (const seed of [0, 1, 7, 20260219, 2 ** 32, 2 ** 53 - 1]) {
    const result = simulateWritingAClient(seed);
    for (const read of readings()) {
      const out = read(result);
      assert.doesNotMatch(out, /undefined|NaN|\[object/, `${read.name} at seed ${seed}`);
    }
    // The checks the prose makes must hold, or the prose would say otherwise.
    assert.match(flat(prose.readModes(result)), /Both clients make the same/);
    assert.match(flat(prose.readGrowth(result)), /grows by exactly one discovery per task/);
    assert.match(flat(prose.readReport(result)), /On the wire it costs nothing/);
    assert.match(flat(prose.readFleetTask(result)), /the fleet task completes\./);
    assert.deepEqual(result.growth[0].perTask, result.growth[0].perSession);
    assert.equal(prose.solveClientExercises(result).split("\n\n").length, 5);
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
  for (const line of text.split("\n").filter((l) => l && !l.startsWith("## ")))
    assert.ok(exported.includes(line), line);
});

test("lesson 7 shows only the 2025-11-25 session it teaches: no listing of its export names another era", () => {
  const exported = readFileSync(join(ROOT, "lessons", "07-writing-a-client.md"), "utf8");
  const listings = [...exported.matchAll(/```ts\n\/\*\*[\s\S]*?```/g)].map((m) => m[0]);
  assert.ok(listings.length >= 7, `${listings.length} listings`);
  for (const listing of listings)
    assert.doesNotMatch(listing, /stateless|era\b|server\/discover|ttlMs|cached|_meta/, listing.slice(0, 200));
  assert.match(exported, /MCP revision 2025-11-25/);
  assert.doesNotMatch(exported, /planned lesson|lesson 8's|of lesson 8/);
  assert.match(exported.slice(exported.indexOf("## Next")), /Lesson 8/);
});

test("lesson 7 stands on lesson 6: its body names no later lesson, and it ends with exercises, solutions and Next", () => {
  for (const file of EXPORTS) {
    const exported = readFileSync(join(ROOT, "lessons", file), "utf8");
    const headings = [...exported.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    assert.deepEqual(headings.slice(0, 2), ["Assumptions", "The fourth server"]);
    assert.deepEqual(headings.slice(-4), ["Summary", "Exercises", "Solutions", "Next"]);
    const body = exported.slice(0, exported.indexOf("\n## Next"));
    assert.doesNotMatch(body, /[Ll]esson (8|9|10)\b|FLEET_POLICY|planned lesson/);
    assert.doesNotMatch(exported, /IM\d|reference lesson|seed document|hot loop|object shape|every seed we have tried/);
    const exercises = exported.slice(exported.indexOf("## Exercises"), exported.indexOf("## Solutions"));
    const solutions = exported.slice(exported.indexOf("## Solutions"), exported.indexOf("## Next"));
    const numbered = (part: string) => [...part.matchAll(/^(\d)\. /gm)].map((m) => m[1]);
    assert.deepEqual(numbered(solutions), numbered(exercises));
    assert.match(exercises, /`npm run build` and restart the kernel/);
  }
});

test("every Turkish name of the world is glossed in English at its first use in lesson 7's prose", () => {
  const glosses: [string, string][] = [
    ["olcum", "metering"],
    ["tarife", "tariff"],
    ["kayit", "records"],
    ["cihaz_listesi", "device list"],
    ["sayac_oku", "read meter"],
    ["tuketim", "consumption"],
    ["bolge_ozet", "region summary"],
    ["kayit_yaz", "write record"],
    ["yetenek sor", "ask capabilities"],
    ["yetenek bildir", "declare capabilities"],
    ["surum", "version"],
    ["abone_listesi", "subscriber list"],
    ["basamak_tablosu", "tier table"],
    ["bedel_aciklamasi", "charge explanation"],
    ["hata", "error"],
    ["arac bildirilmedi", "tool not declared"],
  ];
  for (const file of EXPORTS) {
    const text = proseOf(readFileSync(join(ROOT, "lessons", file), "utf8"));
    for (const [name, gloss] of glosses) {
      const at = text.indexOf(`\`${name}\``);
      assert.ok(at >= 0, `${name} is used`);
      assert.ok(text.startsWith(` (${gloss}`, at + name.length + 2), `${file}: ${name} → ${text.slice(at, at + 60)}`);
    }
  }
});

test("the servers' tool names never collide, so the allowlist's bare names each mean one tool", () => {
  for (const seed of [0, 7, 20260218, 20260219]) {
    const result = simulateWritingAClient(seed);
    const names = result.servers.flatMap((s) => s.tools.map((t) => t.name));
    assert.equal(new Set(names).size, names.length, `seed ${seed}: ${names.join(" ")}`);
    assert.equal(
      flat(prose.readToolNames(result)),
      "Here the 4 servers list 8 tools under 8 different names, so each name on the allowlist means one tool of one server.",
    );
  }
  const collided = {
    ...lesson,
    servers: lesson.servers.map((s) =>
      s.name === "fleet" ? { ...s, tools: [...s.tools, { ...s.tools[0], name: "tuketim" }] } : s,
    ),
  };
  assert.match(
    flat(prose.readToolNames(collided)),
    /under only 8 names: `tuketim` is listed by `olcum` and `fleet`, and the allowlist cannot tell those apart\./,
  );
});

test("lesson 7 dates what it says about MCP: legacy defined first, the current revision's rules named, no stale wording", () => {
  for (const file of EXPORTS) {
    const exported = readFileSync(join(ROOT, "lessons", file), "utf8");
    const text = proseOf(exported);
    const defined = text.indexOf("*legacy*");
    assert.ok(
      defined >= 0 && defined < exported.replace(/\s+/g, " ").indexOf("legacyDiscoveryMessages"),
      `${file}: legacy is defined before its first use`,
    );
    assert.ok(text.indexOf("*legacy*") < text.indexOf("legacy") + 1, `${file}: the definition is the first use`);
    for (const phrase of [
      "clients SHOULD NOT use it to change their behaviour", // 2026-07-28 server/discover.mdx, on serverInfo
      "SHOULD NOT use an individual task, thread or conversation as the lifetime of a stdio server process",
      "`nextCursor`",
      "prefixing each name with an identifier of its server",
      "where the server gives them, a `description`",
      "Discovery in revision 2025-11-25 is a conversation",
      "The client then sends a new request, `tools/list tarife`",
      "`notifications/cancelled`",
      "`isError: true`",
    ]) {
      assert.ok(text.includes(phrase), `${file}: ${phrase}`);
    }
    for (const stale of [
      /gives a client no rule/,
      /Discovery in MCP is/,
      /`undeclared`/,
      /The client answers with/,
      /re-lists/,
      /its `name`, its `description`/,
    ]) {
      assert.doesNotMatch(text, stale, file);
    }
  }
});

test("lesson 7's prose lines, computed or written, are at most 100 characters (images and table rows aside)", () => {
  for (const file of EXPORTS) {
    const exported = readFileSync(join(ROOT, "lessons", file), "utf8");
    const outside = exported.replace(/```[a-z]*\n[\s\S]*?```/g, "");
    for (const line of outside.split("\n")) {
      if (line.startsWith("![") || line.startsWith("|") || line.startsWith("<!--")) continue;
      assert.ok(line.length <= LINE_WIDTH, `${file}: ${line.length}: ${line}`);
    }
  }
});

test("the growth chart's alt text says what its two lines are and where they end", () => {
  for (const [file, seed] of [
    [EXPORTS[0], 20260218],
    [EXPORTS[1], 20260219],
  ] as const) {
    const result = simulateWritingAClient(seed);
    const last = result.growth[result.growth.length - 1];
    const exported = readFileSync(join(ROOT, "lessons", file), "utf8");
    const alt = /!\[([^\]]*)\]\(07-writing-a-client\.files\/growth-chart\.svg\)/
      .exec(exported)?.[1]
      ?.replace(/\n/g, " ");
    assert.equal(
      alt,
      `Envelope tokens after 1 to 13 tasks, one line per client: discovery before every task ends at ${last.perTask.tokens}, once per session at ${last.perSession.tokens} (seed ${seed})`,
    );
  }
});

test("lessons 6 and 7 gloss the handshake's words alike and name the code's functions (round 3)", () => {
  for (const file of EXPORTS) {
    const text = readFileSync(join(ROOT, "lessons", file), "utf8");
    assert.match(text, /`yetenek bildir` \(declare capabilities\)/, file);
    assert.doesNotMatch(text, /report capabilities/, file);
    assert.match(text, /then `agreeOn`, lesson 6's decision\s+\(`decideOn`/, file);
    for (const name of ["runClientTask", "chainOf", "endedInClient", "traceFailures", "describeDrop", "countTokens"]) {
      assert.match(
        proseOf(text),
        new RegExp(`\`${name}\` (runs|gives|tells|pairs|writes|is)`),
        `${file}: ${name} is said`,
      );
    }
    assert.match(text, /capabilities \(both required\)/, file);
    assert.match(text, /SHOULD first\s+probe with `server\/discover`/, file);
    assert.doesNotMatch(text, /a client may send `tools\/list` first/, file);
  }
});
