// Lesson 9: lesson 7's client, asking for the tools list only, sends what the real client sends, kind by
// kind and method by method, in 2025-11-25 and in 2026-07-28; both committed exports keep their length and
// prose share, state each of the specification's hard cases where the lesson meets it (dated, one gate
// with two readings of a missing hint, cancellation on each transport, structured results by revision),
// print no table whose rows would all say `same` and no tokens-against-bytes comparison, and compute
// their answers from their own run. The wire tests start real `serve` processes (dist/ must be built).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import {
  compareEraLevel,
  countDifferences,
  simulateEraTasks,
  type EraLevel,
} from "../../src/lessons/simulationAgainstTheWire/eras";
import { sdkVersions } from "../../src/lessons/simulationAgainstTheWire/measurements";
import { proseShare } from "../../src/lessons/lessonShape";
import { readNotebook } from "../../src/notebook/notebookFile";
import { ENVELOPE_TOKENS } from "../../src/sim/envelope";
import { LATENCY_MICROS } from "../../src/fleet/conditions";
import { findCondition } from "../../src/fleet/conditions";
import { generateFleet } from "../../src/fleet/generator";
import { createFleetServer } from "../../src/fleet/server";
import { fleetToolList } from "../../src/server/declarations";
import { WIRE_TIME_SCALE, wireSetup } from "../../src/wireClient/agents";
import { CANCELLED_SLOW_MS } from "../../src/lessons/simulationAgainstTheWire/lines";
import { shortMeta } from "../../src/lessons/simulationAgainstTheWire/tables";
import { tallyTasks } from "../../src/world/runTasks";
import { knownDiscover } from "../../src/server/knownDiscover";
import { compareTaskRuns, runWireTasks } from "../../src/wireClient/tasks";
import { GATE_RULES, toolDeclaration } from "../../src/wireClient/tools";
import { WIDE_POLICY } from "../../src/world/servers";
import { ROOT } from "../helpers";

const SEED = 20260218;
const methodsOf = (entry: EraLevel, side: "simulatedMessages" | "wireMessages") =>
  Object.fromEntries(entry.methods.filter((row) => row[side] > 0).map((row) => [row.method, row[side]]));
const kindsOf = (entry: EraLevel, side: "simulatedMessages" | "wireMessages") =>
  Object.fromEntries(entry.kinds.map((row) => [row.kind, row[side]]));

/** Both eras at levels 0 and 3: simulated beside real (six processes per era and level). */
const entries: Promise<EraLevel[]> = Promise.all(
  (["stateless", "legacy"] as const).flatMap((era) =>
    ([0, 3] as const).map(async (level) =>
      compareEraLevel(
        era,
        level,
        simulateEraTasks(SEED, level, era),
        await runWireTasks(SEED, level, { era, discover: knownDiscover, gate: "reference" }),
      ),
    ),
  ),
);

test("2026-07-28: sim and wire send the same messages, kind by kind and method by method: tools/list and tools/call only", async () => {
  for (const entry of (await entries).filter((e) => e.era === "stateless")) {
    const where = `level ${entry.level}`;
    assert.deepEqual(countDifferences(entry), [], where);
    assert.deepEqual(kindsOf(entry, "simulatedMessages"), kindsOf(entry, "wireMessages"), where);
    assert.deepEqual(methodsOf(entry, "simulatedMessages"), methodsOf(entry, "wireMessages"), where);
    assert.deepEqual(
      Object.keys(methodsOf(entry, "wireMessages")),
      ["tools/list", "tools/call"],
      `${where}: no initialize, no notification`,
    );
    assert.equal(entry.kinds.find((row) => row.kind === "notification")!.wireMessages, 0, where);
    assert.equal(
      methodsOf(entry, "wireMessages")["tools/list"],
      2 * 3,
      `${where}: one tools/list and its result per server`,
    );
    assert.equal(entry.revision, "2026-07-28");
    assert.deepEqual(
      tallyTasks(entry.simulated.outcomes),
      tallyTasks(entry.real.outcomes),
      `${where}: the same calls and outcomes`,
    );
  }
});

test("2025-11-25: sim and wire send the same messages, initialize and notifications/initialized included", async () => {
  for (const entry of (await entries).filter((e) => e.era === "legacy")) {
    const where = `level ${entry.level}`;
    assert.deepEqual(countDifferences(entry), [], where);
    assert.deepEqual(methodsOf(entry, "simulatedMessages"), methodsOf(entry, "wireMessages"), where);
    assert.deepEqual(
      Object.keys(methodsOf(entry, "wireMessages")),
      ["initialize", "notifications/initialized", "tools/list", "tools/call"],
      where,
    );
    assert.deepEqual(tallyTasks(entry.simulated.outcomes), tallyTasks(entry.real.outcomes), where);
  }
});

test("the stateless run has fewer messages than the legacy one and costs more on both sides", async () => {
  const all = await entries;
  for (const level of [0, 3]) {
    const [legacy, stateless] = (["legacy", "stateless"] as const).map((era) =>
      all.find((e) => e.era === era && e.level === level)!,
    );
    const sum = (e: EraLevel, key: "simulatedTokens" | "wireBytes" | "wireMessages") =>
      e.kinds.reduce((n, row) => n + row[key], 0);
    assert.equal(
      sum(legacy, "wireMessages") - sum(stateless, "wireMessages"),
      3 * 3,
      "initialize, its result and the notification, per server",
    );
    assert.ok(sum(stateless, "wireBytes") > sum(legacy, "wireBytes"));
    assert.ok(sum(stateless, "simulatedTokens") > sum(legacy, "simulatedTokens"));
  }
});

test("the simulated side discovers once, tools lists only, in either era", () => {
  const legacy = simulateEraTasks(SEED, 3, "legacy");
  const stateless = simulateEraTasks(SEED, 3, "stateless");
  assert.deepEqual(
    [...new Set(legacy.sent.map((m) => m.method))],
    ["initialize", "notifications/initialized", "tools/list"],
  );
  assert.deepEqual([...new Set(stateless.sent.map((m) => m.method))], ["tools/list"]);
  assert.deepEqual([legacy.discoveries, stateless.discoveries], [1, 1]);
  assert.equal(legacy.tasks, 12);
  assert.deepEqual(legacy.outcomes, stateless.outcomes, "the era changes no outcome");
});

const EXPORTS = [
  "09-the-simulation-against-the-wire.md",
  "seed-20260219/09-the-simulation-against-the-wire.md",
] as const;

/** An export as read: its raw text, and its text with every run of white space one space (wrapped prose matched across line breaks). */
function exported(path: string): { raw: string; text: string } {
  const raw = readFileSync(join(ROOT, "lessons", path), "utf8");
  return { raw, text: raw.replace(/\s+/g, " ") };
}

test("both exports: at most 700 lines, at least 70% of their prose in markdown cells, every line within 100 columns", () => {
  const nb = readNotebook(join(ROOT, "notebooks", "09-the-simulation-against-the-wire.ipynb"));
  for (const path of EXPORTS) {
    const { raw } = exported(path);
    assert.ok(raw.split("\n").length - 1 <= 700, `${path}: ${raw.split("\n").length - 1} lines`);
    const { share } = proseShare(nb, raw);
    assert.ok(share >= 0.7, `${path}: ${Math.round(share * 100)}% of the prose in markdown cells`);
    raw
      .split("\n")
      .slice(1)
      .forEach((line, i) => assert.ok([...line].length <= 100, `${path}: line ${i + 2}: ${line.slice(0, 60)}`));
  }
});

test("both exports: sections in order, the SDK's versions, no plumbing listing, no maintainers' notes", () => {
  const { server, client } = sdkVersions();
  for (const path of EXPORTS) {
    const { raw, text } = exported(path);
    assert.ok(text.includes(`\`@modelcontextprotocol/server\` ${server}`), path);
    assert.ok(text.includes(`\`@modelcontextprotocol/client\` ${client}`), path);
    const order = [
      "**What you will learn**",
      "## Assumptions",
      "## 1 · A real server",
      "## 2 · A real client",
      "## 3 · Structured tool results",
      "## 4 · A server built the SDK's high-level way",
      "## 5 · A cancellation on the wire",
      "## 6 · The simulator on the wire",
      "## Summary",
      "## Exercises",
      "## Solutions",
      "## Next",
    ];
    const at = order.map((heading) => text.indexOf(heading));
    assert.ok(
      at.every((index, k) => index > 0 && (k === 0 || index > at[k - 1])),
      `${path}: ${at.join(", ")}`,
    );
    // Plumbing is not listed; the one listing shows a summary line, not the whole doc comment.
    for (const name of ["wireOutcome", "fleetServed", "wireSetup", "invalidArguments", "toolDeclaration"])
      assert.ok(!raw.includes(`"${name}"`), `${path}: ${name} is listed`);
    // The listing's call is a show-only cell, its input removed from the export: held in the notebook.
    assert.match(
      readFileSync(join(ROOT, "notebooks", "09-the-simulation-against-the-wire.ipynb"), "utf8"),
      /showSource\(\{ summary: true \}, \\"filterShape\\"\)/,
    );
    // What is new in the high-level fleet server, its zod schema, is listed; the rest, lesson 6's
    // McpServer and registerTool, is said in prose, without the library's function names. The
    // section leads with its one lesson.
    assert.match(
      text,
      /## 4 · A server built the SDK's high-level way A high-level server lists what its schema library derives, not what you wrote: read your own server's `tools\/list`\./,
      path,
    );
    assert.match(text, /with the SDK's `McpServer` and one `registerTool` per tool/, path);
    assert.doesNotMatch(
      text,
      /createHighLevelFleetServer|fleetZodSchemas|serveHighLevelFleet|MAX_ROWS|DEFAULT_ROWS|`described`|`choices`/,
      path,
    );
    assert.doesNotMatch(text, /ArkType|Valibot|toStandardJsonSchema|fromJsonSchema/, path);
    // The checks that hold the wire to the simulator print one computed sentence, not a table of `same`.
    assert.doesNotMatch(
      raw,
      /formatLevelComparison|formatWireMalformedTable|formatAgentComparison|formatWireDiscovery/,
      path,
    );
    assert.doesNotMatch(raw, /^ *\S.* {2}same {2,}same$/m, path);
    // What was compared is shown, one row per check: what is held equal, how many, the differences.
    for (const row of [
      /^\| lesson 6's tasks \| 8 runs \| kept, calls, failed, completed, blocked, written, messages \| 0 \|$/m,
      /^\| lesson 6's gate table \| 8 runs \| calls, sent, blocked, written, completed \| 0 \|$/m,
      /^\| lesson 7's discovery \| 4 servers \| messages, method by method \| 0 \|$/m,
      /^\| lesson 8's agents \| 18 runs \| answers, calls, failed, restarts, stray lines, timeouts \| 0 \|$/m,
      /^\| lesson 8's malformed calls \| 16 answers \| channel and text, to the character \| 0 \|$/m,
    ])
      assert.match(raw, row, path);
    // A student's reading: the fold says what each count multiplies (levels × revisions, agents ×
    // conditions), and what `direct`, with no server, compares.
    assert.match(
      text.replace(/\s+/g, " "),
      /The runs: lesson 6's tasks at 4 levels × 2 revisions, and its gate table at 4 levels × 2 gates; lesson 8's 2 agents × 9 conditions, and its 8 malformed calls × 2 paths \(`raw`, `validating`\)\. Under `direct`, one of lesson 8's conditions, no server runs on either side: the handlers are called in-process, so its 2 runs check the agents' answers and calls, not MCP\./,
      path,
    );
    // The client's transport is named where §2 first says the course counts each message:
    // `MeteredTransport`, around the course's copy of the SDK's; where the SDK would have probed is
    // no note for the reader.
    assert.match(
      text,
      /The client is the SDK's `Client` over the course's counting transport, `MeteredTransport`, around its copy of the SDK's `StdioClientTransport` \(lesson 7\)/,
      path,
    );
    assert.doesNotMatch(text, /The course's counting transport, `MeteredTransport`, is one/, path);
    assert.doesNotMatch(text, /would have probed|probe a short-lived second process/, path);
    // Section 6 (a student's reading and an expert's review): a heading, one student-facing paragraph
    // saying what it checks and why a student cares (the counts the course printed are what a real
    // wire carries), one run's figures from both sides, then the table of checks, one short fold on
    // what would make a check fail; the method (lesson 6's handshake) only in that fold.
    const heading = "## 6 · The simulator";
    const code = "| side | kept |";
    const check = text.slice(text.indexOf(heading), text.indexOf(code));
    assert.match(
      check,
      /^## 6 · The simulator on the wire The counts lessons 6 to 8 printed came from the course's simulator, not from real messages\. This section makes the same runs again with real server processes on the SDK, over stdio, and compares every count\. Where they agree, those lessons' tables are what a real wire carries, and you can trust them\. One run from each side first, level 3 of lesson 6's tasks in `2025-11-25`, then every check: $/,
      path,
    );
    assert.doesNotMatch(text, /a check of the course's simulator, not of MCP/, path);
    const visible = raw.slice(raw.indexOf(heading), raw.indexOf(code));
    assert.equal(visible.match(/\n\n/g)?.length, 2, `${path}: a heading, one paragraph, the table`);
    const afterChecks = raw.slice(raw.indexOf(code), raw.indexOf("## Summary"));
    assert.match(
      afterChecks,
      /^\| side \| kept \|[^\n]*\n(?:\|[^\n]*\n){3}\n\| compared \| items \|[^\n]*\n(?:\|[^\n]*\n)+\n<details><summary>What the runs are, and what would make a check fail<\/summary>\n\nThe runs: [^]*Each check holds only where\severy count is equal, [^]*`yetenek sor`, is not MCP[^]*exercise 5\sasks what a shorter sleep would do\.\n\n<\/details>\n\n$/,
      path,
    );
    assert.equal(afterChecks.match(/<details>/g)?.length, 1, `${path}: one fold, none nested`);
    assert.doesNotMatch(afterChecks, /^crash, thorough agent/m, path);
    assert.doesNotMatch(
      readFileSync(join(ROOT, "notebooks", "09-the-simulation-against-the-wire.ipynb"), "utf8"),
      /formatShownAgentRun/,
    );
    assert.doesNotMatch(raw, /@param|@throws/, path);
    assert.doesNotMatch(text, /IM\d|reference lesson 004|seed document 00\d|hot loop|source experiment/, path);
    assert.doesNotMatch(text, /npm run bench|claude_desktop_config|MCP Inspector|README/, path);
    assert.match(text.slice(text.indexOf("## Next")), /Lesson 10/, path);
    // What the lesson is for, said first as one question, its sections named in reading order, each
    // an answer to it.
    assert.match(
      text,
      /# Lesson 9 · The Simulation against the Wire Lessons 6 to 8's tables came from a simulator\. This lesson runs the same servers as real MCP servers on the official TypeScript SDK, [^.]*\. [^.]*\. On the real wire three things of MCP show that a simulator cannot\. Section 3 returns structured tool results, which a real server and client check against a schema\. Section 4 reads what the SDK lists for arguments written in zod, which drifts from the JSON Schema we wrote\. Section 5 watches a cancellation cross the wire, on stdio and over Streamable HTTP\. Section 6 checks that the counts lessons 6 to 8 printed are what a real wire carries\./,
      path,
    );
    // The simulator's checks are one computed table; no bare "0 differences" anywhere.
    assert.equal(raw.match(/^\| compared \| items \|/gm)?.length, 1, `${path}: all checks at once`);
    assert.doesNotMatch(
      text.slice(0, text.indexOf("## Summary")),
      /0 differences|Differences from the simulator/,
      `${path}: the counts are shown, not asserted`,
    );
    // Every exercise is answerable from the lesson: none edits the library or rebuilds it.
    const exercises = text.slice(text.indexOf("## Exercises"), text.indexOf("## Solutions"));
    assert.doesNotMatch(exercises, /src\/|npm run build|rebuild|kernel/, path);
    assert.doesNotMatch(raw, /run `npm run build` and restart the kernel/, path);
  }
});

test("the conventions are pointed back to lessons 5 and 6 in one short line; no tokens against bytes, no revisions' bytes", () => {
  for (const path of EXPORTS) {
    const { raw, text } = exported(path);
    // Only the conventions the lesson uses, named, each with its home, in one item.
    assert.match(
      text,
      /## Assumptions - Lessons 6 to 8, and their conventions: the allowlist, version rule and approval gate \(lesson 5\), the declaration levels \(lesson 6\)\. - /,
      path,
    );
    assert.equal(
      text.slice(text.indexOf("## Assumptions"), text.indexOf("## 1 · ")).match(/ - /g)?.length,
      3,
      `${path}: three short items`,
    );
    // The bytes of the two revisions on lesson 6's tasks are lesson 10's comparison.
    assert.doesNotMatch(text, /It is not cheaper|moves the price from the opening onto every call|85% more/, path);
    // Envelope tokens beside the wire's bytes checked one count against the other and taught no MCP:
    // no table, chart or reading of them is left.
    assert.doesNotMatch(
      text,
      /Envelope tokens against bytes|bytes per token|bytes for each envelope token|formatTokensAndBytes|wireChart|readTokensAndBytes/,
      path,
    );
    assert.doesNotMatch(raw, /\.files\/bytes-chart\.svg/, path);
  }
});

test("the servers' transport is the rule the reader needs (stdio, one JSON line each way), and no pinned version dates the converter", () => {
  const zod = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> })
    .dependencies.zod;
  for (const path of EXPORTS) {
    const { text } = exported(path);
    // How the course's transport differs from the SDK's (docs/sdk-gaps.md#malformed-line) is a
    // maintainer's note, not the lesson's.
    assert.match(
      text,
      /starts one server on the SDK's low-level `Server`, as in lesson 6 \(SDK 2\.x marks it deprecated except for advanced use\), over stdio: one JSON line each way \(lesson 2\)\./,
      path,
    );
    assert.doesNotMatch(text, /SDK 2\.4's transport|course's own stdio transport|where SDK [\d.]+/, path);
    assert.match(text, /serves this server over stdio, as section 1's servers are;/, path);
    // The converter's output is the lesson's point, not its version.
    assert.ok(!text.includes(`zod ${zod}`) && !/the version the course pins/.test(text), path);
    assert.match(
      text,
      /Another version of the converter may write otherwise; a low-level server lists exactly the JSON it is given\./,
      path,
    );
  }
});

test("numbers the markdown states that no seed changes are the library's", () => {
  assert.equal(ENVELOPE_TOKENS, 8);
  assert.equal(WIRE_TIME_SCALE, 0.2);
  assert.deepEqual([LATENCY_MICROS.slowTool, LATENCY_MICROS.clientTimeout], [3_000_000, 1_500_000]);
  const slow = wireSetup(findCondition("slow")!, SEED);
  assert.deepEqual([slow.spec?.slowMs, slow.options.timeoutMs], [600, 300]);
  // The cancellation transcript's sleep is lesson 8's 3 s, ten times the scaled wait, so the cancellation
  // arrives long before it ends: section 5 says so, and why.
  assert.equal(CANCELLED_SLOW_MS, 3000);
  assert.equal(CANCELLED_SLOW_MS, 10 * slow.options.timeoutMs!);
  for (const path of EXPORTS) {
    const { text, raw } = exported(path);
    assert.ok(text.includes(`--fault slow --slow-ms ${CANCELLED_SLOW_MS} `), path);
    // One table of the slow fault's timings, by where it runs (a student's item 3).
    assert.ok(
      raw.includes(
        "| where | the tool sleeps | the client waits |\n|:---|:---|:---|\n" +
          "| lesson 8's tables, on its virtual clock | 3 s | 1.5 s, then cancels |\n" +
          "| lesson 8's progress transcripts | 300 ms | for the result, with progress |\n" +
          "| section 6's real runs of lesson 8's agents, five times faster | 600 ms | 300 ms, then cancels |\n" +
          "| this section's cancellation transcripts | 3 s | 300 ms, then cancels |",
      ),
      path,
    );
    assert.doesNotMatch(text, /Section 5 alone lets the tool sleep/, path);
    assert.match(
      text,
      /## 5 · A cancellation on the wire The slow fault's timings, by where it runs\. Section 6 runs lesson 8's agents again as real processes: \| where \|[^]*?\| 300 ms, then cancels \| A timeout is one of lesson 3's local failures, [^]*hears nothing within 300 ms, [^]*makes its next call\. A cancellation may reach the server after the request has completed, even after its response, a race both sides MUST handle \(2025-11-25 `basic\/utilities\/cancellation\.mdx`, "Timing Considerations"\)\. The server MAY then ignore the notification, and the client SHOULD ignore a response that arrives after it cancelled \(same page, "Behavior Requirements"\)\. A sleep ten times the wait keeps this transcript clear of it:/,
      path,
    );
  }
  // Only the slow tool's sleep and wait are scaled (the assumptions say so); stray text that leaves no
  // answer to read keeps lesson 8's 1.5 s, which changes no outcome.
  assert.equal(wireSetup(findCondition("stdout-unterminated")!, SEED).options.timeoutMs, 1500);
  // Lesson 8's fleet declares no annotations; `serve fleet` says readOnlyHint: true for all three tools from level 2.
  const fleet = createFleetServer(generateFleet(SEED));
  assert.ok(fleet.tools.every((tool) => tool.sideEffect === false));
  assert.ok(fleetToolList(fleet, 1).every((tool) => tool.annotations === undefined));
  for (const level of [2, 3] as const) {
    const tools = fleetToolList(fleet, level);
    assert.equal(tools.length, 3);
    assert.ok(
      tools.every((tool) => tool.annotations?.readOnlyHint === true),
      `level ${level}`,
    );
  }
});

test("section 3 of the specification's hard cases: invalid arguments in 2026-07-28, a malformed tools/call, both handled", () => {
  for (const path of EXPORTS) {
    const { text } = exported(path);
    // Lesson 3 is the rule's home: one sentence points back to it, with each revision's channel.
    // 2024-11-05 to 2025-06-18's tools pages list "Invalid arguments" only under protocol errors,
    // so -32602 is named as theirs, not as "one of the two" they allowed (the course's reading).
    assert.match(
      text,
      /on the channel the course gives the client's revision: from 2025-11-25 on, a result with `isError: true`, as that revision asks \(lesson 3\); before it, -32602, the protocol error the older pages list for "Invalid arguments" \(lesson 8\)\./,
      path,
    );
    assert.doesNotMatch(text, /one of the two the older pages/, path);
    assert.doesNotMatch(text, /InvalidParamsError|invalid tool arguments/, path);
    // The refusals' real lines are lesson 8's, not sent again here.
    assert.doesNotMatch(text, /Outcome: a result with isError true/, path);
  }
});

test("section 3: local failures are the client's own, not the peer's; cancellation by transport and revision, on stdio and over Streamable HTTP", () => {
  for (const path of EXPORTS) {
    const { text } = exported(path);
    // Lesson 3 is the rule's home: one sentence points back to it.
    assert.match(text, /A timeout is one of lesson 3's local failures, the client's own\./, path);
    assert.doesNotMatch(text, /SDK 1\.x's numbers, `-32001` and `-32000`|MCP error -3200[01]/, path);
    // What the receiver of the notification should do, in BCP 14 capitals.
    assert.match(text, /The server sent no answer to id 1: a receiver SHOULD NOT answer a cancelled request\./, path);
    assert.doesNotMatch(text, /SHOULD not/, path);
    // The notification's params, glossed where its real line is shown.
    assert.match(
      text,
      /The notification's `requestId` names the request withdrawn\. Its `reason`, optional, is text to log or display/,
      path,
    );
    assert.match(text, /Here is one as it crossed, after its opening\./, path);
    // Over Streamable HTTP: 2025-11-25 asked for the notification and read no disconnect as
    // cancellation; 2026-07-28 makes closing the response stream the cancellation, with no
    // notification, and keeps the notification a MUST on stdio alone.
    const http = text.slice(text.indexOf("Streamable HTTP cancels otherwise"), text.indexOf("## 6 · "));
    assert.match(
      http,
      /^Streamable HTTP cancels otherwise, and there the two revisions differ\. In 2025-11-25 a dropped connection is no cancellation\. It "SHOULD NOT be interpreted as the client cancelling its request", and a client that cancels SHOULD send the notification \(2025-11-25 `basic\/transports\.mdx`, "Sending Messages to the Server"\)\./,
      path,
    );
    assert.match(
      http,
      /In 2026-07-28 the client cancels by closing the request's SSE response stream\. The server MUST treat that disconnect as cancellation, and no `notifications\/cancelled` is required or expected \(2026-07-28 `basic\/patterns\/cancellation\.mdx`, "Transport-Specific Cancellation"\)\. The server SHOULD then stop work and MUST NOT send any further messages for the request \(`basic\/transports\/streamable-http\.mdx`, "Cancellation"\)\./,
      path,
    );
    assert.match(
      http,
      /Stdio has no stream per request to close, so there a 2026-07-28 client MUST send the notification \(`basic\/transports\/stdio\.mdx`, "Cancellation"\)\./,
      path,
    );
    assert.match(
      text,
      /Over Streamable HTTP in 2026-07-28 it closes the request's stream, and sends no notification\./,
      `${path}: the summary`,
    );
    // 2026-07-28 forbids further messages for a cancelled request on both transports (F16).
    assert.match(
      text.replace(/\s+/g, " "),
      /In 2026-07-28 it MUST NOT send any further message for it, on both transports \(`basic\/transports\/stdio\.mdx` and `basic\/transports\/streamable-http\.mdx`, "Cancellation"\)\. 2025-11-25 asked less, a SHOULD NOT respond \(`basic\/utilities\/cancellation\.mdx`, "Behavior Requirements"\)\./,
      path,
    );
    assert.doesNotMatch(text, /Over Streamable HTTP in 2026-07-28 it MUST NOT/, path);
    // The Summary keeps the MUST NOT (2026-07-28 stdio.mdx and streamable-http.mdx, "Cancellation")
    // and 2025-11-25's SHOULD NOT respond (basic/utilities/cancellation.mdx, "Behavior Requirements").
    const summary = text.slice(text.indexOf("## Summary"), text.indexOf("## Exercises"));
    assert.match(
      summary,
      /Either way the server SHOULD stop work on the request\. In 2026-07-28 it MUST NOT send anything more for it; 2025-11-25 asks only that it SHOULD NOT respond\./,
      path,
    );
    assert.doesNotMatch(summary, /SHOULD stop and send nothing more/, path);
    assert.match(text, /"method":"notifications\/cancelled","params":\{"requestId":1,/, path);
    assert.match(text, /Outcome: no answer to id 1 ever came; id 2 was answered\./, path);
    // The same slow call over Streamable HTTP in 2026-07-28, on the wire: the POST with its progress
    // token, an SSE stream opened by the first progress notification, the client's close and no
    // notification, the next call answered on a new connection, and the server's log without the
    // cancelled tool.
    const { raw } = exported(path);
    // The transcript's cell is show-only, its input removed: the transcript starts at its command.
    const start = raw.lastIndexOf("```text\n", raw.indexOf("--fault slow --slow-ms 3000 --http --port 0"));
    assert.ok(start > raw.indexOf("Streamable HTTP cancels otherwise"), `${path}: after the rules`);
    const shown = raw.slice(start, raw.indexOf("## 6 · "));
    const opened = shown.indexOf("```text\n");
    const transcript = shown.slice(opened, shown.indexOf("\n```\n", opened + 1));
    assert.match(transcript, /--fault slow --slow-ms 3000 --http --port 0/, path);
    assert.match(transcript, /^ {2}mcp-protocol-version: 2026-07-28$/m, path);
    assert.match(transcript, /"_meta":\{"progressToken":"slow-1",…\}/, path);
    assert.match(transcript, /^ {2}content-type: text\/event-stream$/m, path);
    assert.equal(transcript.match(/notifications\/progress/g)?.length, 1, `${path}: one event before the close`);
    assert.doesNotMatch(transcript, /notifications\/cancelled/, `${path}: no notification over HTTP`);
    assert.match(
      transcript,
      /^client: gives up on id 1: closes the stream, and so its connection; sends no notification$/m,
      path,
    );
    assert.match(
      transcript,
      /^client → server \(\d+ \+ \d+ bytes\), on a new connection, its header block left out$/m,
      path,
    );
    assert.match(transcript, /\{\\"count\\":\d+\}/, path);
    assert.match(
      transcript,
      /^server log: a call line for count_devices, none for top_devices; 2 TCP connections opened$/m,
      path,
    );
    const reading = shown.slice(shown.indexOf("\n```\n", opened + 1)).replace(/\s+/g, " ");
    assert.match(
      reading,
      /The client sent no `notifications\/cancelled`: the close was the whole message\. The server sent nothing more for id 1, and its log has no line for `top_devices`, as it writes a call's line only when the call returns: the tool started, reported progress once, and never finished\./,
      path,
    );
    assert.doesNotMatch(reading, /the tool never ran/, path);
    // What MCP requires of the server, then how SDK 2.4.0 does it, in two paragraphs.
    const requires = reading.indexOf("What MCP requires of the server is the outcome, not the means.");
    const sdk = reading.indexOf(
      "How SDK 2.4.0 does it: the SDK passes every handler a context, and in it `ctx.mcpReq.signal`",
    );
    assert.ok(requires > 0 && sdk > requires, `${path}: MCP's rule before the SDK's means`);
    assert.match(
      reading,
      /Once it is aborted, the SDK sends no response for the request, whatever the handler returns\. But the signal stops nothing by itself, and the fleet's handler never reads it\. Over HTTP it ended so: 1\. The client closes the request's stream\. The SDK aborts the signal; the handler sleeps on\. 2\. The handler's next progress report fails to send: the close cut the server off from the request\. 3\. The handler fails with that send and stops, before the tool has finished its work\./,
      path,
    );
    assert.doesNotMatch(reading, /had no stream to go on/, path);
    // The tool started (it reported progress), so the failed report stopped it before it finished,
    // not before it ran.
    assert.doesNotMatch(reading, /before the tool ran/, path);
    assert.match(
      reading,
      /3\. The handler fails with that send and stops, before the tool has finished its work\./,
      path,
    );
  }
});

test("section 3: the gate table is lesson 6's; one sentence points back to it, and the wire repeats its rows; annotations dated", () => {
  for (const path of EXPORTS) {
    const { raw, text } = exported(path);
    assert.doesNotMatch(text, /gate walks/, path);
    assert.doesNotMatch(text, /the reference gate|lesson 5's gate|lesson 5's reading/, path);
    assert.match(text, /\| lesson 6's gate table \| 8 runs \| [^|]* \| 0 \|/, path);
    assert.doesNotMatch(raw, /formatWireGates|readWireGates/, `${path}: the table is lesson 6's`);
    assert.doesNotMatch(text, /level +no annotations +calls +sent +blocked/, path);
    assert.doesNotMatch(text, /## 3 · The simulator on the wire, and the approval gate/, path);
    assert.doesNotMatch(text, /What declaring `annotations` buys|The simulator ran the approval gate only/, path);
    assert.doesNotMatch(text, /defaults gate|both gates|two gates/i, path);
    // inputSchema is in every revision since 2024-11-05; annotations arrived in 2025-03-26. Each
    // level says what it adds in lesson 6's words (src/server/declarations.ts): level 0 an
    // inputSchema of {"type":"object"}, level 1 its properties and required, 2 annotations, 3 the version.
    assert.match(
      text.replace(/\s+/g, " "),
      /`--level` sets lesson 6's declaration level, 0 to 3, each adding one fact\. Level 0 lists each tool's name with an `inputSchema` \(in MCP since 2024-11-05\) that names no field\. Level 1 adds the fields of the `inputSchema`, its `properties` and `required`\. Level 2 adds `annotations` \(since revision 2025-03-26\)\. Level 3 adds the server's version; below level 3 the servers send the string `undeclared` \(lesson 6\)\./,
      path,
    );
    assert.match(
      text,
      /In 2025-11-25 the `initialize` result carries a `serverInfo`, which must name a `version`\. In 2026-07-28 a server SHOULD put its identity in each result's `_meta`, and when it does, the `version` is required too\./,
      path,
    );
  }
});

test("section 3: restart and retry point back to lesson 8 in one sentence", () => {
  for (const path of EXPORTS) {
    const { text } = exported(path);
    // The restart SHOULD is 2026-07-28's (stdio.mdx, Unexpected Termination); these sessions are
    // 2025-11-25's. The retry's caution (read-only or idempotent tools) is the course's, stated in
    // lesson 8 together with the fleet's missing annotations; lesson 9 points back to it.
    assert.match(text, /Restart and retry after a server dies are lesson 8's\./, path);
    assert.doesNotMatch(text, /SHOULD to restart/, `${path}: taught in lesson 8`);
    assert.doesNotMatch(text, /Lesson 8's fleet declares no annotations/, `${path}: said in lesson 8`);
  }
});

test("each export's solutions are folded, and name no other run's seed", () => {
  for (const [path, other] of [
    [EXPORTS[0], 20260219],
    [EXPORTS[1], 20260218],
  ] as const) {
    const { text } = exported(path);
    const solutions = text.slice(text.indexOf("## Solutions"), text.indexOf("## Next"));
    assert.ok(!solutions.includes(String(other)), `${path}: names no other seed`);
    assert.equal(solutions.match(/<details> <summary>/g)?.length, 5, `${path}: five folded answers`);
    assert.match(text, /\| lesson 6's gate table \| 8 runs \| [^|]* \| 0 \|/, path);
  }
});

test("with approval, the gate reading a missing hint by MCP's defaults sends what it sends without approval where a tool with no annotations passes", async () => {
  const [withApproval] = await compareTaskRuns(SEED, [1], {
    policy: WIDE_POLICY,
    approval: true,
    gate: "specification",
  });
  const [without] = await compareTaskRuns(SEED, [1], { policy: WIDE_POLICY, gate: "reference" });
  const counts = (row: { calls: number; blocked: number; written: number; completed: number }) => [
    row.calls,
    row.blocked,
    row.written,
    row.completed,
  ];
  assert.deepEqual(counts(withApproval.real), counts(without.real));
  assert.deepEqual(counts(withApproval.simulated), counts(withApproval.real), "the simulator agrees");
  assert.equal(withApproval.real.blocked, 0);
});

test("annotations that leave readOnlyHint out are a side effect in both readings of a missing hint; exercises 1-2 are MCP's cancellation race and an array outputSchema", () => {
  const inputSchema = { type: "object" };
  const partial = { name: "kayit_yaz", inputSchema, annotations: { openWorldHint: false } };
  for (const gate of GATE_RULES) assert.equal(toolDeclaration(partial, gate).sideEffect, true, gate);
  // Only a tool with no annotations at all passes, in lesson 5's reading ("reference"); read by MCP's defaults it is held.
  const bare = { name: "kayit_yaz", inputSchema };
  assert.equal(toolDeclaration(bare, "reference").sideEffect, undefined);
  assert.equal(toolDeclaration(bare, "specification").sideEffect, true);
  for (const path of EXPORTS) {
    const { text } = exported(path);
    const solutions = text.slice(text.indexOf("## Solutions"), text.indexOf("## Next"));
    // Exercises 1 and 2 ask about MCP, not the course's gates, and the body answers them.
    assert.doesNotMatch(solutions, /Both hold it, with `onay yok`|Both give the level-1 walk/, path);
    assert.match(
      solutions,
      /Both MUST handle the race gracefully \(2025-11-25 `basic\/utilities\/cancellation\.mdx`, "Timing Considerations"\)\. The server MAY ignore the notification[^]*The client SHOULD ignore the result that arrives after it cancelled/,
      path,
    );
    assert.match(
      solutions,
      /Any JSON value that conforms to the schema, here an array[^]*the server MUST send one that conforms[^]*SHOULD hold the same array, serialized as JSON, in a `TextContent` block[^]*A 2025-11-25 server could not/,
      path,
    );
    const exercises = text.slice(text.indexOf("## Exercises"), text.indexOf("## Solutions"));
    assert.match(
      exercises,
      /1\. Over stdio, a client's `notifications\/cancelled` for id 7 reaches the server after the server has sent id 7's result\. What must or may each side do\?/,
      path,
    );
    assert.match(
      exercises,
      /2\. A 2026-07-28 tool declares an `outputSchema` of `"type": "array"`, as the tools page's `list_users` does\./,
      path,
    );
  }
});

test("section 3: structured tool results, dated, with the rules' keywords, and their real lines", () => {
  for (const path of EXPORTS) {
    const { text } = exported(path);
    const section = text.slice(text.indexOf("## 3 · Structured tool results"), text.indexOf("## 4 · "));
    // server/tools.mdx, "Structured Content" and "Output Schema": since 2025-06-18.
    assert.match(section, /Since revision 2025-06-18 a tool may also declare an `outputSchema`/, path);
    // Up to 2025-11-25 an object; in 2026-07-28 any JSON Schema and any JSON value, with the tools
    // page's array example (schema.mdx `Tool`; server/tools.mdx "Structured Content", "Output Schema").
    // An expert's review: 2025-11-25's `structuredContent` is typed on `CallToolResult`, not on
    // `Tool` (schema.ts), so each is cited where it is declared.
    assert.doesNotMatch(section, /\(2025-11-25 `schema\.mdx`, `Tool`\)/, path);
    assert.match(
      section.replace(/\s+/g, " "),
      /Up to 2025-11-25 `structuredContent` is a JSON object, and `outputSchema` a schema of `type: "object"` \(2025-11-25 `schema\.ts`, `Tool\.outputSchema` and `CallToolResult\.structuredContent`\)\. In 2026-07-28 `outputSchema` may be any JSON Schema 2020-12 \(`schema\.mdx`, `Tool`\), and `structuredContent` any JSON value that conforms to it: object, array, string, number, boolean or null \(`server\/tools\.mdx`, "Structured Content"\)\. The page's example `list_users` declares `"type": "array"` and returns an array of objects \("Output Schema"\)\./,
      path,
    );
    // Every page cited by its file name: `schema.mdx`, `server/tools.mdx`, never bare.
    assert.doesNotMatch(text, /`(?:schema|server\/tools)`/, path);
    assert.match(section, /\(2025-06-18 `server\/tools\.mdx`, "Structured Content" and "Output Schema"\)/, path);
    // A failed check: the client's duty is a SHOULD to validate; the page names no action.
    assert.match(
      section,
      /clients SHOULD validate structured results against it\. The page names no action for a result that fails\. Its "Security Considerations" ask clients to "Validate tool results before passing to LLM" \(a SHOULD\), and in 2026-07-28 to follow the rules that forbid fetching a network `\$ref` automatically \(`basic\/index\.mdx`, "`\$ref` Resolution"\)\./,
      path,
    );
    assert.match(
      section,
      /A tool that returns structured content SHOULD also return the serialized JSON in a `TextContent` block/,
      path,
    );
    assert.match(
      section,
      /servers MUST provide structured results that conform to it, and clients SHOULD validate structured results against it/,
      path,
    );
    // The real lines: the listed outputSchema, a result with structuredContent, the SDK server's refusal.
    assert.match(section, /"outputSchema":\{"\$schema":"https:\/\/json-schema\.org\/draft\/2020-12\/schema"/, path);
    assert.match(section, /"structuredContent":\{"abone":"A001","m3":32\}/, path);
    assert.match(section, /"text":"Output validation error: Invalid structured content for tool tuketim_oku/, path);
    assert.match(section, /makes `callTool` throw a `ProtocolError` with -32602 in place of the result/, path);
    // Both SDK 2.4 checks skip results with isError (the server's also skips input_required).
    const flatSection = section.replace(/\s+/g, " ");
    assert.match(
      flatSection,
      /It checks every successful result of a tool with an `outputSchema` against that schema before sending it \(not one with `isError: true`, nor lesson 3's `"input_required"`\)/,
      path,
    );
    assert.match(
      flatSection,
      /its `callTool` checks the `structuredContent` of every successful result against it/,
      path,
    );
  }
});

test("SDK 2.4.0's connect takes a prior discover result, sent nothing first, over versionNegotiation (lesson 9, section 2)", () => {
  const dir = join(ROOT, "node_modules", "@modelcontextprotocol", "client", "dist");
  const dts = readdirSync(dir)
    .filter((f) => f.endsWith(".d.mts"))
    .map((f) => readFileSync(join(dir, f), "utf8"))
    .join("\n");
  assert.match(dts, /prior\?: PriorDiscovery;/);
  assert.match(dts, /kind: 'modern';\s*discover: DiscoverResult;/);
  assert.match(dts, /Adopt `discover` directly: zero round trips\./);
  assert.match(dts, /A cached era verdict, taking precedence over `versionNegotiation`/);
  const connection = readFileSync(join(ROOT, "src", "wireClient", "connection.ts"), "utf8");
  assert.match(connection, /prior: \{ kind: "modern", discover \}/);
});

test("section 2 says once, without apology, why the client sends no probe, and what the probe's SHOULD guards; section 4 ends with the author's rule of thumb", () => {
  for (const path of EXPORTS) {
    const prose = exported(path)
      .text.replace(/```[\s\S]*?```/g, "")
      .replace(/\s+/g, " ");
    // The revision's real reason (the SDK's Client opens with initialize in 2025-11-25 by default,
    // its versionNegotiation mode "legacy"); the skipped probe is said once, in section 2, as what
    // the client does and why, with the SHOULD it leaves (2026-07-28 stdio.mdx, "Backward
    // Compatibility") and what that guards, pointing back to lesson 5 for the probe itself.
    assert.match(
      prose,
      /It opens a 2025-11-25 session, as the SDK's `Client` does by default, and reads each server's declaration from `initialize` and `tools\/list`\. In 2026-07-28 it reads `tools\/list` alone, and sends no `server\/discover` probe \(lesson 5\) first, because the simulator's 2026-07-28 client sends none: the two must send the same messages to be compared\. It is still SDK 2\.4\.0's `Client`, but its `connect` is given the option `prior` \(`\{ kind: "modern", discover \}`\), which takes precedence over `versionNegotiation`: nothing goes out before the first request\. The course builds each discover result in advance from its servers' declarations\. What a client MAY keep across restarts of the same server configuration is the era an earlier probe found, re-probing if it proves wrong \(`basic\/versioning\.mdx`\); a kept discover result is fresh only for its `ttlMs` \(`server\/utilities\/caching\.mdx`\)\. A client that speaks both eras SHOULD probe first \(`basic\/transports\/stdio\.mdx`, "Backward Compatibility"\), so skipping it with a result never probed departs from that SHOULD:/,
      path,
    );
    assert.equal(prose.match(/server\/discover/g)?.length, 1, `${path}: said once`);
    // An expert's review: what a client MAY persist across restarts is the era it found, not a
    // discover result, which is fresh only for its ttlMs (2026-07-28 basic/versioning.mdx).
    assert.doesNotMatch(prose, /one an earlier probe found, a client MAY keep across restarts/, path);
    assert.doesNotMatch(prose, /departs from MCP|Our client skips the probe|leaves the probe out/, path);
    assert.doesNotMatch(prose, /In place of each probe's answer|for a good reason/, path);
    assert.doesNotMatch(prose, /because lesson 8's simulated client did|Section 6 says why/, path);
    // No pointer back to section 2's probe; the one "(section 2)" left points to the stray-line drop.
    assert.doesNotMatch(
      prose.replace("which drops a stray line without a word (section 2)", ""),
      /\(section 2\)/,
      path,
    );
    assert.match(
      prose,
      /- The client speaks 2025-11-25, and for lesson 6's tasks also 2026-07-28 \(`_meta`, `resultType`: lessons 3 and 5\)\. Calls go out one at a time, in the simulator's order\./,
      path,
    );
    // MCP binds only the server on stray stdout lines (2026-07-28 stdio.mdx); the SDK's silent drop
    // is legal, and the course's counting copy is its own choice.
    assert.match(
      prose,
      /A server MUST NOT write anything to its `stdout` that is not a valid MCP message\. MCP defines nothing a client does with such a line \(2026-07-28 `basic\/transports\/stdio\.mdx`\)\. So the SDK's transport may drop one without a word, and it does\. The course's copy counts each instead, a choice of the course,/,
      path,
    );
    // The tool lists are measured in bytes alone: no third token measure beside lesson 3's.
    assert.match(
      prose,
      /Each tool is measured in bytes as its `tools\/list` carried it, ours beside the SDK's\./,
      path,
    );
    assert.match(exported(path).raw, /^tool +bytes +keys added +properties reordered$/m, path);
    assert.doesNotMatch(prose, /tokens \(JSON text\)|tokens of JSON text|stand-in tokenizer/, path);
    // An HTTP body's bytes say whether they include the chunked coding.
    assert.match(
      exported(path).raw,
      /^server → client \(\d+ \+ \d+ bytes\), chunked coding included, its header block left out$/m,
      path,
    );
    assert.match(
      prose,
      /Each heading counts a message's header block, then its body: a JSON body with its chunked coding \(lesson 2\), an event stream without it, as its chunks vary by runtime\. Each `_meta` is shortened to `\{…\}`, the token kept:/,
      path,
    );
    assert.doesNotMatch(prose, /says whether that count includes the chunked coding/, path);
    // SDK 2.4.0: zod's .describe() is listed as the property's description (lesson 6's transcript:
    // "abone":{"type":"string","description":"Subscriber id, e.g. A001"}).
    const four = prose.slice(prose.indexOf("## 4 ·"), prose.indexOf("## 5 ·"));
    assert.match(
      four,
      /A rule of thumb for a server's author follows\. Put each argument's model-facing description in zod's `\.describe\(\)`, which the SDK lists as that property's `description` \(lesson 6's `abone`\), and the tool's in `registerTool`'s `description`\. Then read your own `tools\/list` before shipping, and pin or snapshot-test it, so that a new version of the SDK or of zod cannot change it unseen\. $/,
      path,
    );
  }
});

test("the output check's isError follows the schema's SHOULD for errors from the tool; the tools page's server errors name no code", () => {
  // 2026-07-28 schema.mdx, CallToolResult.isError: "Any errors that originate from the tool SHOULD
  // be reported inside the result object, with isError set to true". server/tools.mdx, "Error
  // Handling": "Server errors" are listed under protocol errors, and no code is named for them.
  for (const path of EXPORTS) {
    const { text } = exported(path);
    assert.match(
      text,
      /MCP allows two answers here\. The schema's comment on `CallToolResult` says errors that originate from the tool SHOULD be reported inside the result, with `isError` set to true \(2026-07-28 `schema\.mdx`, `CallToolResult\.isError`\)\. The tools page files server errors among protocol errors and names no code for them \(`server\/tools\.mdx`, "Error Handling"\), so -32603, JSON-RPC's Internal error, is also possible\. SDK 2\.4\.0 takes the first\./,
      path,
    );
    assert.doesNotMatch(text, /is the one that fits/, path);
    assert.doesNotMatch(text, /by its own choice of channel|a server error is a protocol error \(-32603\)/, path);
  }
});

test("the client's failed output check is a ProtocolError no server sent; the lesson says how a client tells it from a server's error", () => {
  // SDK 2.4.0 Client.callTool: ProtocolError(InvalidParams, -32602) for structuredContent that fails
  // the listed outputSchema, ProtocolError(InvalidRequest, -32600) when it is missing, after a result
  // crossed. 2026-07-28 basic/index.mdx, "Error Codes": local errors surfaced in JSON-RPC shape
  // "should ensure they cannot be mistaken for errors received from the peer".
  for (const path of EXPORTS) {
    const { text } = exported(path);
    const section = text.slice(text.indexOf("## 3 · Structured tool results"), text.indexOf("## 4 · "));
    assert.match(
      section,
      /The rule first\. A client SHOULD validate [^]*and MCP names no action for a result that fails\. A server, for its part, answers a call it cannot serve \(unknown tool, malformed request\) as a protocol error with -32602, Invalid params \(lesson 3\)\. Then the SDK\. [^]*makes `callTool` throw a `ProtocolError` with -32602 in place of the result\. So the same -32602 can come from either side, and neither its class nor its code says which\. The transport log's last message for the call does: \| who raised the -32602 \| the log's last message for the call \(id 3\) \| \|:---\|:---\| \| the server, refusing the call \| an error: `\{"jsonrpc":"2\.0","id":3,"error":\{"code":-32602,…\}\}` \| \| the client's own check \| a result: `\{"result":\{…,"structuredContent":\{…\}\},…,"id":3\}` \|/,
      path,
    );
    // The client's SHOULD as a sentence with its citation (the student's item 2); the SDK's -32600
    // for a missing structuredContent folded as a detail (item 3).
    assert.match(
      section.replace(/\s+/g, " "),
      /A client SHOULD validate `structuredContent` against the tool's `outputSchema` \(2026-07-28 `server\/tools\.mdx`, "Output Schema"; 2025-06-18 and 2025-11-25 alike\), and MCP names no action for a result that fails\./,
      path,
    );
    assert.doesNotMatch(section, /The client's half is a SHOULD/, path);
    assert.match(
      section.replace(/\s+/g, " "),
      /<details><summary>The SDK's other local throw<\/summary> If the tool declared an `outputSchema`, a result with neither `structuredContent` nor `isError` makes the SDK's `callTool` throw a `ProtocolError` with -32600, Invalid Request/,
      path,
    );
    // The overview's lowercase "should" is not audited apart: the bullet below cites it.
    assert.doesNotMatch(section, /in a lowercase \*should\*/, path);
    assert.match(
      section,
      /With SDK 2\.4\.0's `Client`, tell the two apart by the table above\. A client of your own should raise a distinct local error instead, which cannot be mistaken for an error from the server \(2026-07-28 `basic\/index\.mdx`, "Error Codes"\)\./,
      path,
    );
    assert.match(text, /its `Client` throws a `ProtocolError` that no server sent\./, `${path}: the summary`);
    // The Summary says what a client not on the SDK does, and the section shows the wrapper.
    assert.match(
      text,
      /A client not on the SDK does the same work itself: it validates `structuredContent`, and raises a failed check as a local error of its own kind, never to be taken for the server's\. On SDK 2\.4\.0's `Client`, whose check throws the same `ProtocolError` as a server's error, a transport log tells the two apart\./,
      path,
    );
    assert.match(section, /transport\.onreceived = \(message, method\) => log\.push/, path);
    // The section ends with what a client does: check, report a failed check as its own, keep the
    // log by wrapping the transport, read content.
    assert.match(
      section.replace(/\s+/g, " "),
      /What a client does with a tool that declares an `outputSchema`, then: - Check `structuredContent` against the schema, as the SHOULD asks[^-]*- Report a failed check as the client's own error\.[^]*?- Keep that log by wrapping the transport\.[\s\S]*- Where it cannot use `structuredContent`, read `content`/,
      path,
    );
    // Lesson 6 says the world servers check arguments by hand; lesson 9 names the validator they call.
    assert.match(
      text.replace(/\s+/g, " "),
      /check each call's arguments in their own code, by hand as lesson 6 said, with the JSON Schema validator ajv/,
      path,
    );
    assert.match(
      text.slice(text.indexOf("## Solutions")),
      /throwing a `ProtocolError` with code -32602 in place of a result: the SDK's own check, no error from the server\./,
      path,
    );
  }
});

test("shortMeta shortens each _meta to {…}, a progress token kept, and leaves the rest as it crossed", () => {
  const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28" };
  assert.equal(
    shortMeta(JSON.stringify({ jsonrpc: "2.0", id: 1, params: { name: "t", _meta: { progressToken: "p", ...meta } } })),
    '{"jsonrpc":"2.0","id":1,"params":{"name":"t","_meta":{"progressToken":"p",…}}}',
  );
  assert.equal(
    shortMeta(JSON.stringify({ result: { content: [], _meta: meta }, jsonrpc: "2.0", id: 2 })),
    '{"result":{"content":[],"_meta":{…}},"jsonrpc":"2.0","id":2}',
  );
  assert.equal(shortMeta('{"a":{"b":[1,"_meta"]}}'), '{"a":{"b":[1,"_meta"]}}');
});

test("the opening note tells the notebook's reader, not the export's, to change the seed", () => {
  for (const path of EXPORTS) {
    const { text } = exported(path);
    assert.match(
      text.replace(/\s+/g, " "),
      /In the notebook, change `SEED` in the next cell, the lesson's only parameter, and run all cells again;/,
      path,
    );
  }
});

test("section 6's fold names one case that would differ, and the timings are lesson 9's own", () => {
  for (const path of EXPORTS) {
    const { text } = exported(path);
    assert.match(
      text,
      /Two changes would make one fail\. With the SDK's own `StdioClientTransport`, which drops a stray line without a word \(section 2\), the wire would count no stray lines under `stdout-line`\. The slow runs time out on both sides only because the tool's 600 ms sleep outlasts the client's 300 ms wait \(section 5\): exercise 5 asks/,
      path,
    );
    assert.doesNotMatch(text, /as lesson 8's 3 s is twice its 1\.5 s/, path);
  }
});

test("McpServer's tools/call: which errors become isError, and which do not (@modelcontextprotocol/server 2.4.0)", () => {
  // server/dist/mcp-*.mjs: unknown or disabled tool thrown before the try; inside it, input
  // validation, the handler and output validation become createToolError, except a ProtocolError
  // with UrlElicitationRequired (-32042), rethrown.
  for (const path of EXPORTS) {
    const { text } = exported(path);
    assert.doesNotMatch(text, /turns every error thrown there into an `isError` result/, path);
    // A student's reading: the three answers as a short list, not one sentence of fifty words.
    assert.doesNotMatch(text, /all but one kind \(folded below\)/, path);
    assert.match(
      text,
      /Its `tools\/call` handler answers \(`@modelcontextprotocol\/server` 2\.4\.0, `McpServer`\):\s+- an unknown or disabled tool: -32602, before anything else runs;\s+- an error thrown by input validation, the tool's handler or this output check: an `isError` result;\s+- a URL-elicitation-required error \(folded below\): a JSON-RPC error\.[^]*<details><summary>The one error McpServer sends on as a JSON-RPC error<\/summary>\s+A URL-elicitation-required error \(2025-11-25's -32042, `client\/elicitation\.mdx`\)/,
      path,
    );
  }
});

test("a student's reading: section 3 says which failure the host hands its model; section 5 says section 6's agents run for real; section 6 prints one run's figures before the zeros", () => {
  for (const path of EXPORTS) {
    const { raw: text } = exported(path);
    const prose = text.replace(/```[\s\S]*?```/g, "").replace(/\s+/g, " ");
    assert.ok(
      prose.includes(
        "The host hands this `isError` result to its model, as MCP advises for a tool execution error (lesson 7): the model cannot fix the server's output, but it learns that the call failed.",
      ),
      path,
    );
    // What the client's own check throws is not an isError result: said which the host does with it.
    assert.ok(
      prose.includes(
        'That error is no `isError` result. The host may tell its model that the call failed, as it MAY pass on a protocol error (lesson 7), but never the data that failed the check ("Validate tool results before passing to LLM").',
      ),
      path,
    );
    assert.ok(!prose.includes("A model cannot fix this one, but the host learns of it"), path);
    assert.ok(
      prose.includes(
        "The slow fault's timings, by where it runs. Section 6 runs lesson 8's agents again as real processes:",
      ),
      path,
    );
    const at = text.indexOf("| side | kept |");
    assert.ok(at > text.indexOf("## 6 ·") && at < text.indexOf("| compared | items |"), path);
    const rows = text
      .slice(at)
      .split("\n")
      .filter((line) => /^\| (simulator|wire) \|/.test(line));
    assert.equal(rows.length, 2, path);
    assert.equal(rows[0]!.replace("simulator", ""), rows[1]!.replace("wire", ""), `${path}: the same figures`);
  }
});
