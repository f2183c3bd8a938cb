// Lesson 7's tables show the default seed's discovery, modes and drop, its readings state only what the run shows, for any seed, and its real lines are the committed exports'.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it, test } from "node:test";
import { simulateWritingAClient } from "../../src/lessons/writingAClient/simulate";
import {
  COUNT_KEY,
  discoveredBefore,
  formatGrowthTable,
  formatAllModesTable,
  formatDiscoveryByRevision,
  formatDiscoveryParts,
  formatRefusalResults,
  formatWritingAClient,
} from "../../src/lessons/writingAClient/tables";
import { prefixToolNames, sharedToolNames } from "../../src/lessons/writingAClient/toolNames";
import { DEFAULT_TASK_SPACING_MS } from "../../src/simulatedClient/session";
import { LINE_WIDTH } from "../../src/notebook/lineWidth";
import * as prose from "../../src/lessons/writingAClient/prose";
import { findLesson } from "../../src/lessons/catalog";
import { FLEET_POLICY, FLEET_STATE } from "../../src/fleet/server";
import { ENVELOPE_TOKENS } from "../../src/sim/envelope";
import { formatHttpRun, runCurrentClientOverHttp } from "../../src/lessons/writingAClient/httpClient";
import {
  CURRENT_CALLS,
  CURRENT_CLIENT_FILE,
  formatCurrentLines,
  formatDiscoveryLines,
  runWritingAClientOnTheWire,
  showCurrentClient,
  type WritingAClientWire,
} from "../../src/lessons/writingAClient/wire";
import { runSdkClient } from "../../src/lessons/writingAClient/sdkClient";
import { showSource } from "../../src/lessons/showSource";
import { WIRE_CLIENT_INFO } from "../../src/wireClient/clientInfo";
import { isTranscriptLine } from "../../src/wireClient/lineExchange";
import { ROOT } from "../helpers";

const lesson = simulateWritingAClient(20260218);
const text = formatWritingAClient(lesson);
const readings = () => [
  prose.describeClientSeed,
  prose.describeFleetTask,
  prose.readDiscovery,
  prose.readToolNames,
  prose.readAllModes,
  prose.readReport,
  prose.summarizeClient,
  prose.solveClientExercises,
];

/** Computed prose with its quote markers dropped and its line breaks (`wrapMarkdown`'s) and other white space folded to single spaces. */
const flat = (text: string) => text.replace(/^> /gm, "").replace(/\s+/g, " ");

/** Every line inside a fenced block of a lesson export (output, code and shown source). */
function fencedLines(markdown: string): string[] {
  return [...markdown.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].flatMap((m) => m[1].split("\n"));
}

const EXPORTS = ["07-writing-a-client.md", join("seed-20260219", "07-writing-a-client.md")];

/** What the 2026-07-28 client returns for `m3` in words: a tool execution error, `isError: true`. */
const SCHEMA_FAILURE =
  'tarife: isError true, Input validation error: Invalid arguments for tool tarife: m3: expected integer, received "on iki"';

// `initialize` carries protocolVersion, capabilities and clientInfo (14 tokens), as 2025-11-25 `basic/lifecycle.mdx`
// has it, and its result protocolVersion (5): 19 tokens more per server, 76 per discovery of the four servers, than
// bodies without them (349 → 425 per discovery; 260 → 317 for lesson 6's three; per task 5469 + 13 × 76, per session 1281 + 76).
// The count columns have short titles (req, resp, notif) glossed by a key line, so lines stay within 100 columns.
test("seed 20260218: the key table lines", () => {
  for (const line of [
    "kayit   notification  notifications/initialized kayit                               14            0",
    "kayit   response      protocolVersion 2025-11-25 kayit surum 3 tools                17            0",
    "all                      -                            12    12      4     425           18",
    "2026-07-28, the allowlisting host:",
    // Lesson 7 counts local server processes only (an expert's review).
    "discovery  discoveries  completed  tokens  round trips  local processes",
    "per task            13         10   12819          273                2",
    // server/discover lists 2026-07-28 only, as the real servers do (2026-07-28 server/discover.mdx).
    "kayit   response  resultType complete 2026-07-28 tools kayit surum 3 ttlMs      25            0",
    "2025-11-25, the allowlisting host:",
    "per task              13         10    6529          273               26",
    "per session            1         10    1429           57                2",
    "kayit   request   server/discover kayit                                         42            2",
    "fleet-south  fleet            top_devices    fleet-south__top_devices",
    "    1              505             505          0         1.00              22             22",
    "   13             6457            1357       5100         4.76             267             51",
    "               arguments    field (required), limit, model, site, firmware, min_hours, max_hours",
    COUNT_KEY,
  ]) {
    assert.ok(text.includes(`\n${line}\n`), line);
  }
  // No formula lines under the tables (an expert's review: formulae that teach no MCP).
  assert.doesNotMatch(text, /^each row: tokens = |^all: \d+ \+ /m);
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
  // Section 3's one reading: the run's figures, with the checks it makes; then a fold taking the
  // first table apart (a student's reading: the discovery figures of three servers were untraceable).
  const reading = prose.readAllModes(lesson);
  const fold = formatDiscoveryParts(lesson).replace(/^<details>/, "");
  assert.match(fold, /^<summary>Each discovery, message by message: envelope tokens, request \+ response<\/summary>\n/);
  assert.match(fold, /^2025-11-25 {2}kayit {3}25 \+ 17 +14 {2}11 \+ 12 +- +- +79$/m);
  assert.match(fold, /^2026-07-28 {2}kayit {3}42 \+ 25 +- {2}41 \+ 26 +- +- +134$/m);
  assert.equal(
    flat(reading),
    "Every client in the tables makes the same 33 calls, counting the 3 to `kayit_yaz` that the client refuses and never sends. The allowlisting host completes 10 of 13 tasks in both revisions. The 3 tasks it fails are the record tasks: each ends at its call to `kayit_yaz`, which is off the allowlist, so the client ends it. One discovery of the 4 servers costs 823 tokens in 2026-07-28 and 425 in 2025-11-25 (the first table's `all` line), counting tool names, not schemas: section 2's real `tools/list` of `kayit` alone is 540 bytes. The server's name after each method, no real message's word, is 16 of the 823 tokens and 21 of the 425. The cached client fetched again before tasks 7 and 13: task 7 starts 60 minutes after the first fetch, exactly the `ttlMs` of 3600000 ms, and a result is stale once its age reaches `ttlMs`. Under the course's host, its version rule drops `kayit`; 7 of 13 complete in both revisions.",
  );
  // The host that trusts its servers' hints comes first; the course's host is one sentence at the
  // end of that paragraph, without figures of its own. The _meta-share paragraph is gone (an
  // expert's review: percentages no exercise needs).
  const trusting = prose.readAllModes(lesson);
  assert.equal(trusting.split("\n\n").length, 1);
  assert.equal(flat(trusting).match(/course's host/g)?.length, 1);
  assert.match(
    flat(trusting),
    /Under the course's host, its version rule drops `kayit`; 7 of 13 complete in both revisions\.$/,
  );
  assert.doesNotMatch(flat(trusting), /traffic, not what a model reads|tokens of `_meta` on each/);
  // The refusal the model receives is a tool result the host builds: isError true, one text block.
  assert.equal(
    formatRefusalResults(lesson),
    [
      "the silent client, for the call to bolge_ozet:",
      '  {"content":[{"type":"text","text":"arac bildirilmedi"}],"isError":true}',
      "the reporting client, for the same call:",
      '  {"content":[{"type":"text",',
      '    "text":"arac bildirilmedi; dropped kayit (bolge_ozet kayit_yaz): declares version 3; client',
      '     knows 2"}],"isError":true}',
    ].join("\n"),
  );
  // The figures sit under the table as prose, not as a quotation.
  assert.ok(
    prose
      .readAllModes(lesson)
      .split("\n")
      .every((line) => !line.startsWith(">")),
  );
  assert.match(flat(prose.readReport(lesson)), /The report adds no message: both clients send the same ones\./);
  // The report's token price is not read (an expert's review): it taught nothing about MCP.
  assert.equal(flat(prose.readReport(lesson)), "The report adds no message: both clients send the same ones.");
  // The two counts traced (a student's reading): the silent lines as counted, and the sums.
  assert.equal(lesson.silent.resultTokens, 22);
  assert.equal(lesson.reporting.resultTokens, 50);
  // 186 requests traced (a student's reading): 13 discoveries of 12 requests, 30 calls sent.
  const perTask = lesson.mcpHost.perTask;
  assert.deepEqual(
    [perTask.discoveries, perTask.discovery.request, perTask.work.request, perTask.total.request],
    [13, 156, 30, 186],
  );
  // The 28 counts the end-of-run summary's lines (simulatedClient/reporting.ts, resultTokens), not
  // the per-call texts handed to the model (a student's reading): the sentence says so.
  assert.doesNotMatch(flat(prose.readReport(lesson)), /it adds \d+ tokens/);
  // The fleet's ground truth is lesson 8's: here only whether its task completes, in exercise 1.
  assert.match(flat(prose.solveClientExercises(lesson)), /the fleet task completes on this seed\./);
  assert.match(
    flat(prose.readDiscovery(lesson)),
    /^In the simulator, discovering all 4 servers costs 12 requests, 12 responses, 4 notifications, 425 tokens and 18 round trips\.$/,
  );
  const solutions = flat(prose.solveClientExercises(lesson));
  assert.match(
    solutions,
    /One discovery saves 3 messages, 37 tokens and 2 round trips; the course's host's 2025-11-25 per-task client, discovering 13 times, 481 tokens and 26 round trips\./,
  );
  // A real client that closes after `initialize` never gets `tools/list`: the counts and the silent
  // result stand, but the reporting client can no longer name kayit's tools or tie the failures to the drop.
  assert.match(
    solutions,
    /The counts do not change: no `kayit` tool is kept either way, so the same 6 calls end in the client, 7 of 13 tasks complete, and the silent client's report is the same\. The reporting client's is not: only `tools\/list` tells a client which tools `kayit` has \(its answer in section 2's priced lines\), so its drop line names only the server, `dropped kayit: declares version 3; client knows 2`, and its 6 failures lose `dropped for version`/,
  );
  assert.doesNotMatch(solutions, /The result does not change/);
  // Exercise 3 is a design question answered from section 2's naming rule and the tool-name
  // SHOULDs (2026-07-28 server/tools.mdx, "Tool Names"), not token arithmetic.
  assert.doesNotMatch(solutions, /k = 4/);
  assert.ok(
    solutions.includes(
      "`fleet/east__get_device` holds `/`, outside the characters a tool name SHOULD use: key the " +
        "server `fleet-east`. A 120-character key gives `get_device` a name that has 132 characters, " +
        "not 1 to 128: keep keys short. In the last case both names come out " +
        "`fleet__north__get_device`, as `__` can sit inside a key or a tool name. `prefixToolNames` " +
        'refuses the pair ("two prefixed tool names are equal"), as it refuses two servers with one ' +
        "key. Rename a key, and keep `_` out of keys, so that the first `__` always ends the key.",
    ),
    solutions,
  );
  assert.match(solutions, /`notifications\/tools\/list_changed tarife` \(17 tokens, no round trip\)/);
});

test("section 1's fleet task: its chain and arguments come from the library, and the prose says when it fails", () => {
  assert.equal(
    flat(prose.describeFleetTask(lesson)),
    'Its chain is `count_devices` with `{"max_hours":500}`, `top_devices` with `{"field":"downtime_min","limit":10,"max_hours":500}`, then `get_device` with the first row\'s `device_id`. The task fails if a call fails, which cuts the chain, or if the host refuses one. This seed\'s chain fetches `CT5-054`, which is the task\'s answer.',
  );
  assert.equal(lesson.fleetChain.fetched, lesson.fleetAnswer.device_id);
});

test("section 3's first table prices one discovery of each server; its totals are the readings'", () => {
  for (const seed of [0, 20260218, 20260219]) {
    const result = simulateWritingAClient(seed);
    const table = formatDiscoveryByRevision(result);
    const sum = (rows: typeof result.discovery) => rows.reduce((n, r) => n + r.tokens, 0);
    // The all line is the sum of the four servers, and the discovery the runs pay once.
    assert.equal(sum(result.currentDiscovery), result.mcpHost.once.discovery.tokens);
    assert.equal(sum(result.currentDiscovery), result.current.once.discovery.tokens);
    assert.equal(sum(result.discovery), result.mcpHostSessions.perSession.discovery.tokens);
    assert.match(table, /^one discovery of each server, under either host:$/m);
    for (const [i, row] of result.discovery.entries())
      assert.match(
        table,
        new RegExp(
          `^${row.server} +${row.transport} +${row.tokens} +${result.currentDiscovery[i].tokens} +${row.round_trips}$`,
          "m",
        ),
      );
    assert.match(table, new RegExp(`^all +${sum(result.discovery)} +${sum(result.currentDiscovery)} +18$`, "m"));
    assert.match(
      flat(prose.readAllModes(result)),
      /costs 823 tokens in 2026-07-28 and 425 in 2025-11-25 \(the first table's `all` line\), counting tool names, not schemas/,
    );
  }
});

test("the solutions' figures agree with runs of the same client", () => {
  // Legacy: the per-task run is the session run plus twelve more discoveries.
  const one = lesson.discovery.reduce((n, r) => n + r.tokens, 0);
  assert.equal(lesson.perSession.work.tokens + 13 * one, lesson.perTask.total.tokens);
  assert.equal(lesson.perSession.work.tokens + one, lesson.perSession.total.tokens);
  // 2026-07-28: the per-task run discovers before each of the 13 tasks, the cached run 3 times
  // (test/simulatedClient/eras.test.ts holds the renewal for any spacing).
  const { perTask, once, cached } = lesson.current;
  const current = once.discovery.tokens;
  assert.equal(once.work.tokens + 13 * current, perTask.total.tokens);
  assert.equal(once.work.tokens + 3 * current, cached.total.tokens);
  // Exercise 2: what follows kayit's initialize result is what a discovery of kayit costs beyond its first two messages.
  const kayit = lesson.discovery.find((r) => r.server === "kayit")!;
  const [request, result] = lesson.transcripts.kayit;
  assert.equal(kayit.tokens - request.tokens - result.tokens, 37);
});

test("solution 1 names the calls' tokens without figures the lesson no longer prints", () => {
  // The tables' formula lines are cut (an expert's review): the calls' share of the
  // tokens is no longer printed, so solution 1 quotes no figure for it.
  const exported = readFileSync(join(ROOT, "lessons/07-writing-a-client.md"), "utf8").replace(/\s+/g, " ");
  assert.ok(exported.includes("The calls' tokens, and all that is made from them: token totals."));
  assert.doesNotMatch(exported, /The calls' tokens \(for section 3's host|of calls; round trips = discoveries/);
});

test("the solutions are folded, one per exercise, each opened by its number", () => {
  for (const seed of [20260218, 20260219]) {
    const answers = prose.solveClientExercises(simulateWritingAClient(seed));
    const summaries = [...answers.matchAll(/<details>\n<summary>(\d)\. [^<]+<\/summary>\n\n[\s\S]+?\n\n<\/details>/g)];
    assert.deepEqual(
      summaries.map((m) => m[1]),
      ["1", "2", "3", "4", "5"],
    );
  }
});

test("readings are complete sentences for other seeds and state what their runs show", () => {
  for (const seed of [0, 1, 7, 20260219, 2 ** 32, 2 ** 53 - 1]) {
    const result = simulateWritingAClient(seed);
    for (const read of readings()) {
      const out = read(result);
      assert.doesNotMatch(out, /undefined|NaN|\[object/, `${read.name} at seed ${seed}`);
    }
    // The checks the prose makes must hold, or the prose would say otherwise.
    assert.match(
      flat(prose.readAllModes(result)),
      /^Every client in the tables makes the same 33 calls, counting the 3 to `kayit_yaz` that the client refuses and never sends\./,
    );
    // The tasks it fails are the record tasks, each ended in the client at `kayit_yaz`.
    assert.match(
      flat(prose.readAllModes(result)),
      /The 3 tasks it fails are the record tasks: each ends at its call to `kayit_yaz`, which is off the allowlist/,
    );
    assert.match(
      flat(prose.readAllModes(result)),
      /The cached client fetched again before tasks 7 and 13: task 7 starts 60 minutes after the first fetch, exactly the `ttlMs`/,
    );
    // Discovery's shares of the tokens are cut (an expert's review: too numeric).
    assert.doesNotMatch(flat(prose.readAllModes(result)), /of its tokens \(once's/);
    // The host that trusts hints completes the same tasks in both revisions.
    assert.match(flat(prose.readAllModes(result)), /completes 10 of 13 tasks in both revisions\./);
    assert.match(
      flat(prose.describeFleetTask(result)),
      /This seed's chain fetches `[A-Z0-9]+-\d+`, which is the task's answer\./,
    );
    assert.match(flat(prose.readReport(result)), /The report adds no message: both clients send the same ones\./);
    assert.match(flat(prose.solveClientExercises(result)), /the fleet task completes on this seed\./);
    assert.match(flat(prose.summarizeClient(result)), /0 on the wire; reporting it adds no message\./);
    // Every summary figure names its host, and the two eras are compared within one host.
    const summary = flat(prose.summarizeClient(result));
    const { mcpHost, current } = result;
    assert.ok(
      summary.includes(`- In 2026-07-28, the allowlisting host completes ${mcpHost.once.completed} of 13 tasks.`),
      summary,
    );
    assert.ok(
      summary.includes(
        `- The course's host, with lesson 5's version rule, drops \`kayit\` and completes ` +
          `${current.once.completed}.`,
      ),
      summary,
    );
    assert.deepEqual(result.growth[0].perTask, result.growth[0].perSession);
  }
});

test("the numbers lesson 7's markdown states are the ones the run computes, at every seed", () => {
  // Section 1 and the assumptions: the fleet at version 1 with three named tools and one resource;
  // twelve tasks and one fleet task (the most downtime under 500 hours); 8 envelope tokens per message; kayit at version 3, known at 2.
  assert.equal(ENVELOPE_TOKENS, 8);
  assert.deepEqual([FLEET_STATE.max_hours, FLEET_STATE.field], [500, "downtime_min"]);
  for (const seed of [0, 7, 20260218, 20260219]) {
    const result = simulateWritingAClient(seed);
    const fleet = result.servers.find((s) => s.name === "fleet")!;
    const kayit = result.servers.find((s) => s.name === "kayit")!;
    assert.equal(result.fleet.devices.length, 400);
    assert.equal(fleet.version, 1);
    assert.equal(result.policy.knownVersions.fleet, 1);
    assert.equal(fleet.transport, "local");
    assert.deepEqual(
      fleet.tools.map((t) => t.name),
      ["count_devices", "top_devices", "get_device"],
    );
    assert.equal(result.tasks.length, 13);
    assert.equal(kayit.version, 3);
    assert.equal(result.policy.knownVersions.kayit, 2);
    assert.equal(result.level, 3);
    assert.ok(!result.policy.allowlist.includes("kayit_yaz"));
    // Section 3: no tool kept declares a side effect, so approval off refuses nothing.
    const kept = result.servers
      .flatMap((s) => s.tools)
      .filter((t) => result.perSession.negotiation.negotiated.has(t.name));
    assert.ok(kept.length > 0 && kept.every((t) => !t.sideEffect), `seed ${seed}`);
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
  // The lesson prints every table but four: the growth rows; the silent result, which the prose
  // describes; the fleet's tools, which are lesson 8's; and discovery per server, which repeats
  // lesson 5's kind of table: the prose gives the four servers' total.
  const printed = text
    .split(/^## /m)
    .filter(
      (section) =>
        section && !/^(as tasks grow|the fleet's tools|silent result|discovery cost per server)/.test(section),
    );
  assert.equal(printed.length, 5);
  assert.ok(!exported.includes(COUNT_KEY), "no per-server discovery table");
  for (const section of printed)
    for (const line of section.split("\n").slice(1).filter(Boolean)) assert.ok(exported.includes(line), line);
  assert.ok(!exported.includes(formatGrowthTable(lesson.growth)), "the growth table is drawn, not printed");
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

test("2025-11-25's per task and per session are rows of section 3's one table, with no chart", () => {
  for (const [file, seed] of [
    [EXPORTS[0], 20260218],
    [EXPORTS[1], 20260219],
  ] as const) {
    const result = simulateWritingAClient(seed);
    const exported = readFileSync(join(ROOT, "lessons", file), "utf8");
    assert.doesNotMatch(exported, /!\[|show\.chart|growthChart/, file);
    assert.ok(exported.includes(formatAllModesTable(result)), file);
    // The processes are the table's column, read in no sentence (the lesson's length).
    assert.doesNotMatch(flat(prose.readAllModes(result)), /Over stdio, the 2025-11-25 per-task client starts/);
    assert.ok(exported.includes(prose.readAllModes(result)), file);
  }
});

describe("the real half: the SDK client on serve kayit and serve tarife, as a 2025-11-25 client", () => {
  let wire: WritingAClientWire;
  before(async () => {
    wire = await runWritingAClientOnTheWire();
  });

  it("its lines are the simulated kayit's five messages, in order, and name no drop", () => {
    const lines = wire.discovery.steps.filter(isTranscriptLine).map((s) => JSON.parse(s.line));
    const kinds = lines.map((m) => ("method" in m ? ("id" in m ? "request" : "notification") : "response"));
    assert.deepEqual(
      kinds,
      lesson.transcripts.kayit.map((m) => m.kind),
    );
    assert.deepEqual(
      lines.filter((m) => "method" in m).map((m) => m.method),
      lesson.transcripts.kayit.filter((m) => m.kind !== "response").map((m) => m.method),
    );
    assert.equal(wire.processes, 4);
    // A real subscriptions/listen stream: acknowledged first, its filter empty (tarife declares no
    // listChanged), then cancelled by the client with notifications/cancelled naming its id.
    const listen = wire.listen.steps.filter(isTranscriptLine).map((s) => JSON.parse(s.line));
    assert.deepEqual(
      listen.map((m) => m.method),
      ["subscriptions/listen", "notifications/subscriptions/acknowledged", "notifications/cancelled"],
    );
    assert.deepEqual(listen[0].params.notifications, { toolsListChanged: true });
    assert.deepEqual(listen[1].params.notifications, {});
    assert.equal(listen[1].params._meta["io.modelcontextprotocol/subscriptionId"], listen[0].id);
    assert.equal(listen[2].params.requestId, listen[0].id);
    assert.doesNotMatch(
      wire.discovery.steps
        .filter(isTranscriptLine)
        .map((s) => s.line)
        .join("\n"),
      /drop|error/i,
    );
  });

  it("kayit names version 3 in serverInfo, agrees on 2025-11-25, and declares kayit_yaz with readOnlyHint false", () => {
    assert.equal(wire.protocolVersion, "2025-11-25");
    assert.equal(wire.serverVersion, String(lesson.servers.find((s) => s.name === "kayit")!.version));
    assert.deepEqual(wire.tools, [
      { name: "bolge_ozet", readOnlyHint: true },
      { name: "kayit_yaz", readOnlyHint: false },
    ]);
  });

  it("both committed exports print the same real lines, byte for byte", () => {
    const printed = formatDiscoveryLines(wire);
    assert.match(printed, /"serverInfo":\{"name":"kayit","version":"3"\}/);
    assert.match(printed, /"annotations":\{"readOnlyHint":false,/);
    for (const file of EXPORTS) {
      const exported = readFileSync(join(ROOT, "lessons", file), "utf8");
      assert.ok(exported.includes(`\n${printed}\n`), file);
    }
  });
  it("the SDK client's policy refuses kayit after tools/list, and sends tarife one tools/call", async () => {
    const methods = (lines: typeof wire.discovery) =>
      lines.steps
        .filter(isTranscriptLine)
        .filter((s) => s.from === "client")
        .map((s) => (JSON.parse(s.line) as { method: string }).method);
    assert.deepEqual(methods(wire.discovery), ["initialize", "notifications/initialized", "tools/list"]);
    assert.deepEqual(wire.dropped.kept, []);
    assert.deepEqual(
      wire.dropped.dropped.map((d) => [d.tool, d.reason]),
      [
        ["bolge_ozet", "version"],
        ["kayit_yaz", "version"],
      ],
    );
    assert.equal(wire.dropped.sent, false);
    assert.equal(wire.dropped.text, "arac bildirilmedi");
    // The same function on tarife, whose tool the policy keeps: the call goes out.
    const tarife = await runSdkClient("tarife", FLEET_POLICY, { name: "tarife", arguments: { m3: 12 } });
    assert.deepEqual(methods(tarife.lines), ["initialize", "notifications/initialized", "tools/list", "tools/call"]);
    assert.deepEqual(tarife.use.kept, ["tarife"]);
    assert.equal(tarife.use.sent, true);
    assert.equal(tarife.use.isError, false);
    assert.equal(tarife.use.text, '{"tutar":54}');
  });

  it("the whole 2026-07-28 client discovers with server/discover, sends _meta on every request, reads isError and catches the JSON-RPC error", () => {
    const sentBy = (steps: (typeof wire.current)[number]["steps"]) =>
      steps
        .filter(isTranscriptLine)
        .filter((s) => s.from === "client")
        .map((s) => JSON.parse(s.line) as { method: string; params: { _meta?: Record<string, unknown> } });
    // On the SDK's own StdioClientTransport, pin mode probes on a process of its own, then starts
    // the session's: server/discover reaches only the first (SDK 2.4.0 Client.connect).
    assert.deepEqual(
      wire.current.map((transcript) => sentBy(transcript.steps).map((m) => m.method)),
      [["server/discover"], ["tools/list", "tools/call", "tools/call", "tools/call"]],
    );
    for (const transcript of wire.current)
      assert.ok(
        transcript.steps.filter(isTranscriptLine).some((s) => s.from === "server"),
        "each process answered",
      );
    const sent = wire.current.flatMap((transcript) => sentBy(transcript.steps));
    for (const message of sent) {
      assert.equal(message.params._meta?.["io.modelcontextprotocol/protocolVersion"], "2026-07-28");
      assert.deepEqual(message.params._meta?.["io.modelcontextprotocol/clientInfo"], {
        name: "mcp-course",
        version: "0",
      });
      assert.deepEqual(message.params._meta?.["io.modelcontextprotocol/clientCapabilities"], {});
    }
    assert.ok(!wire.current.some((t) => t.steps.some((s) => isTranscriptLine(s) && s.line.includes('"initialize"'))));
    assert.deepEqual(wire.currentSaid, [
      "listed: tarife",
      'tarife: isError false, {"tutar":54}',
      SCHEMA_FAILURE,
      "tarfe: ProtocolError -32602, Unknown tool: tarfe",
    ]);
  });

  it("its lines are the same on every run: a second run crosses the same bytes", async () => {
    const again = await runWritingAClientOnTheWire();
    assert.deepEqual(again.discovery, wire.discovery);
    assert.deepEqual(again.current, wire.current);
    assert.equal(formatCurrentLines(again), formatCurrentLines(wire));
  });

  it("both seeds' exports show the SDK client's code as the source holds it, and the lines it printed", () => {
    const listing = showSource({ summary: true }, "useServer");
    // The SDK half only: the client, its five SDK calls and the host's decision handed in; none of
    // the course's names (its identity constants, policy, gate or transport).
    assert.match(listing, /new Client\(\{ name: "mcp-course", version: "0" \}, \{ capabilities: \{\} \}\)/);
    assert.deepEqual(WIRE_CLIENT_INFO, { name: "mcp-course", version: "0" }, "the literal is the wire client's");
    for (const call of [
      "client.connect(transport)",
      "client.getServerVersion()",
      "client.getServerCapabilities()",
      "client.listTools()",
      "decide(server, tools)",
      "client.callTool(",
      "result.isError",
      "client.close()",
    ])
      assert.ok(listing.includes(call), call);
    assert.doesNotMatch(
      listing,
      /WIRE_CLIENT|declarationFromWire|decideOn|gateCall|ClientPolicy|IntendedCall|WireTool/,
    );
    // The host decides after tools/list and before tools/call, in that order in the code.
    const order = ["client.listTools()", "decide(", "client.callTool("].map((t) => listing.indexOf(t));
    assert.deepEqual(
      [...order].sort((a, b) => a - b),
      order,
    );
    const whole = showCurrentClient();
    const source = readFileSync(join(ROOT, CURRENT_CLIENT_FILE), "utf8");
    // The whole file, imports included, less only its provenance paragraph.
    for (const line of source.split("\n").filter((l) => l.startsWith("import ") || l.startsWith("export ")))
      assert.ok(whole.includes(`\n${line}\n`), line);
    assert.match(whole, /versionNegotiation: \{ mode: \{ pin: "2026-07-28" \} \}/);
    assert.match(whole, /new StdioClientTransport\(\{/);
    assert.doesNotMatch(whole, /@remarks/);
    const calls = formatCurrentLines(wire);
    assert.match(calls, /\{"method":"tools\/call","params":\{"name":"tarife","arguments":\{"m3":12\},/);
    assert.match(calls, /"isError":false/);
    assert.match(calls, /"error":\{"code":-32602,"message":"Unknown tool: tarfe"\}/);
    for (const file of EXPORTS) {
      const exported = readFileSync(join(ROOT, "lessons", file), "utf8");
      assert.ok(exported.includes(`\n${listing}\n`), `${file}: the listing is the source's`);
      assert.ok(exported.includes(`\n${calls}\n`), `${file}: the tarife lines`);
      assert.ok(exported.includes(`\n${whole}\n`), `${file}: the whole 2026-07-28 client`);
    }
  });
});

// The same client over Streamable HTTP: SDK 2.4.0's StreamableHTTPClientTransport, every message one
// POST (2026-07-28 basic/transports/streamable-http.mdx, "Sending Messages"); the probe is a POST too.
test("the 2026-07-28 client over Streamable HTTP returns what it returns over stdio, one server process receiving every message, as both exports print", async () => {
  const run = await runCurrentClientOverHttp();
  assert.deepEqual(run.said, [
    "listed: tarife",
    'tarife: isError false, {"tutar":54}',
    SCHEMA_FAILURE,
    "tarfe: ProtocolError -32602, Unknown tool: tarfe",
  ]);
  assert.equal(run.messagesIn, 2 + CURRENT_CALLS.length, "server/discover, tools/list and each call");
  for (const file of EXPORTS) {
    const exported = readFileSync(join(ROOT, "lessons", file), "utf8");
    assert.ok(exported.includes(formatHttpRun(run, run.said)), `${file}: the run as it went`);
    // The lines it returned are named, not printed again (the export is at its length limit).
    assert.ok(exported.includes("\nreturned: the same 4 lines as over stdio\n"), file);
    assert.ok(
      exported.includes("const transport = new StreamableHTTPClientTransport(new URL(url));"),
      `${file}: the line that changes`,
    );
    assert.match(flat(exported), /its `server\/discover` is one more POST to the same endpoint/, file);
  }
});

test("prefixToolNames parts two servers' equal names by the host's keys, never by serverInfo", () => {
  const fleet = lesson.servers.find((s) => s.name === "fleet")!.tools.map((t) => t.name);
  const rows = prefixToolNames([
    { key: "fleet-north", serverInfoName: "fleet", tools: fleet },
    { key: "fleet-south", serverInfoName: "fleet", tools: fleet },
  ]);
  assert.deepEqual(rows, lesson.collision);
  assert.deepEqual(sharedToolNames(rows), ["count_devices", "top_devices", "get_device"]);
  assert.equal(new Set(rows.map((r) => r.prefixed)).size, 6);
  assert.ok(rows.every((r) => r.prefixed === `${r.key}__${r.tool}`));
  // Each prefixed name stays within the characters 2026-07-28 server/tools.mdx, "Tool Names", lists.
  assert.ok(rows.every((r) => /^[A-Za-z0-9_.-]{1,128}$/.test(r.prefixed)));
  assert.throws(
    () =>
      prefixToolNames([
        { key: "fleet", serverInfoName: "fleet", tools: fleet },
        { key: "fleet", serverInfoName: "fleet", tools: fleet },
      ]),
    /a key of its own/,
  );
  assert.throws(
    () =>
      prefixToolNames([
        { key: "a", serverInfoName: "x", tools: ["b__c"] },
        { key: "a__b", serverInfoName: "y", tools: ["c"] },
      ]),
    /prefixed tool names are equal/,
  );
});

test("the 2026-07-28 runs: ten minutes apart, an hour's ttlMs, and discoveredBefore says when", () => {
  assert.equal(DEFAULT_TASK_SPACING_MS, 600_000);
  const { perTask, once, cached } = lesson.current;
  assert.ok(once.sent.filter((m) => m.kind === "response").every((m) => m.ttlMs === 3_600_000));
  assert.deepEqual([perTask.era, once.era, cached.era], ["stateless", "stateless", "stateless"]);
  assert.ok(perTask.discover && once.discover && cached.discover, "server/discover first, as the SDK's client");
  assert.equal(perTask.sent.filter((m) => m.method === "initialize").length, 0);
  assert.deepEqual(
    [discoveredBefore(perTask), discoveredBefore(once), discoveredBefore(cached)],
    ["every", "1", "1 7 13"],
  );
});

test("one round-trips column serves both revisions: each server gets as many requests, and round trips, in both", () => {
  // A student's reading: the discovery table prints one round-trips column; the lesson says why.
  for (const seed of [20260218, 20260219]) {
    const { discovery, currentDiscovery } = simulateWritingAClient(seed);
    discovery.forEach((row, i) => {
      assert.equal(row.request, currentDiscovery[i]!.request, `seed ${seed}: ${row.server}`);
      assert.equal(row.round_trips, currentDiscovery[i]!.round_trips, `seed ${seed}: ${row.server}`);
    });
  }
});
