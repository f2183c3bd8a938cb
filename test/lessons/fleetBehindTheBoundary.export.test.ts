// Lesson 8's committed exports, both seeds: short enough, the teaching text in markdown cells held to what the run computes, the spec's hard cases (invalid arguments, local failures, retry after a restart) stated in the revision they belong to, the conventions pointed back to lessons 1–5, and no maintainer's aside left.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { AGENT_POLICIES, MAX_RETRIES } from "../../src/fleet/agents";
import { LOCAL_FAILURES } from "../../src/fleet/client";
import { CONDITIONS, CRASH_ON_CALL, LATENCY_MICROS } from "../../src/fleet/conditions";
import { TASK_QUESTION } from "../../src/fleet/groundTruth";
import { PATH_NAMES } from "../../src/fleet/paths";
import { FLEET_TOOL_DEFINITIONS } from "../../src/fleet/tools";
import {
  ANSWER_HUE,
  CHART_MEASURES,
  conditionsChart,
  MEASURE_OPACITY,
  MEASURE_SWATCH,
} from "../../src/lessons/fleetBehindTheBoundary/charts";
import { FAILED_KEY, formatConditionTable, MALFORMED_KEY } from "../../src/lessons/fleetBehindTheBoundary/tables";
import { simulateFleetLesson } from "../../src/lessons/fleetBehindTheBoundary/simulate";
import { simulateWritingAClient } from "../../src/lessons/writingAClient/simulate";
import { proseShare } from "../../src/lessons/lessonShape";
import { readNotebook } from "../../src/notebook/notebookFile";
import { fleetToolList } from "../../src/server/declarations";
import { createFleetServer } from "../../src/fleet/server";
import { generateFleet } from "../../src/fleet/generator";
import { DEFAULT_SEED } from "../../src/sim/seed";
import { FLEET_CLAIMS } from "../../src/sweep/claims";
import { ROOT } from "../helpers";
import { lessonExports } from "./lessonText";

const NAME = "08-the-fleet-behind-the-boundary";
const exports = lessonExports().filter((e) => e.lesson.name === NAME);
const notebook = readNotebook(join(ROOT, "notebooks", `${NAME}.ipynb`));
const SEEDS = [DEFAULT_SEED, 20260219, 1, 77, 4242];

/** The export's text up to its `## Next` heading: the body, summary, exercises and solutions. */
const beforeNext = (text: string) => text.split("\n## Next\n")[0];

/** Text with its line breaks and indents read as the single spaces markdown renders them as (prose is wrapped at 100). */
const flat = (text: string) => text.replace(/\s+/g, " ");

/** Text flattened, with the `> ` that opens each line of a box taken out. */
const unquoted = (text: string) => flat(text.replace(/^> /gm, ""));

/** The markdown cell with this id, flattened. */
const cell = (id: string) => flat(notebook.cells.find((c) => c.id === id)!.source);

/** Asserts that each export's text before `## Next`, flattened, matches every pattern. */
function eachBodyMatches(...patterns: RegExp[]): void {
  for (const { path, text } of exports) {
    const body = flat(beforeNext(text));
    for (const pattern of patterns) assert.match(body, pattern, path);
  }
}

const record = (seed: number, condition: string, policy: string) =>
  simulateFleetLesson(seed).matrix.find((r) => r.condition === condition && r.policy === policy)!;

test("both seeds are exported, each at most 550 lines, with at least 70% of the prose in markdown cells", () => {
  assert.equal(exports.length, 2);
  for (const { path, text } of exports) {
    const lines = text.endsWith("\n") ? text.split("\n").length - 1 : text.split("\n").length;
    assert.ok(lines <= 550, `${path}: ${lines} lines`);
  }
  const { text } = exports.find((e) => !e.path.includes("seed-"))!;
  assert.ok(proseShare(notebook, text).share >= 0.7, `share ${proseShare(notebook, text).share}`);
});

test("no maintainer's aside, no second introduction of the fleet, and lessons 1–5's conventions pointed back to", () => {
  for (const { path, text } of exports) {
    for (const phrase of [
      /a test checks it/,
      /1\.24 or later/,
      /1\.32/,
      /SDK 1\.x|SDK 2\.4/,
      /since version 1\.\d+/,
      /brings in a fourth server/,
      /course's reading of an outdated/,
    ]) {
      assert.doesNotMatch(text, phrase, `${path}: ${phrase}`);
    }
    assert.match(text, /^Lesson 7 added `fleet`/m, `${path}: points back to lesson 7`);
    const assumptions = flat(text.split("## Assumptions")[1].split("## The fleet")[0]);
    // Costs are bytes, each JSON line and its newline (as lesson 2 counted a stdio line), defined
    // in the table's key: no second token measure to keep apart from lesson 3's, and no time
    // column made of the virtual clock's assumed charges.
    assert.doesNotMatch(flat(text), /JSON tokens|envelope tokens?|not comparable/, `${path}: one cost measure`);
    assert.match(text, /^bytes: the JSON lines with their newlines, MCP's opening and tools\/list included$/m, path);
    assert.doesNotMatch(text, /ms\/call|assumed charge/, `${path}: events, not time`);
    assert.match(assumptions, /No allowlist or gate \(lesson 5\)/, path);
    // What 2026-07-28 changes here is said where it arises (restart, cancellation, below); the
    // assumptions name only the opening.
    assert.match(
      flat(assumptions),
      /2026-07-28 is the current revision, with no `initialize`\. No allowlist or gate/,
      path,
    );
    assert.doesNotMatch(flat(text), /no message for a cancelled call/, path);
    assert.doesNotMatch(assumptions, /cancellation and the stdout rule are the same/, path);
    assert.match(
      flat(text),
      /In 2025-11-25 either side may send it; in 2026-07-28 only a client cancels a call, and over stdio it MUST send it to cancel\. The server SHOULD then stop work on the call and MUST NOT send any further message for it \(`basic\/transports\/stdio\.mdx`, "Cancellation"\)\./,
      path,
    );
    // 2025-11-25's weaker rule, in basic/utilities/cancellation.mdx's own words ("Receivers of
    // cancellation notifications SHOULD: ... Not send a response for the cancelled request"), and
    // 2026-07-28's HTTP cancel (basic/patterns/cancellation.mdx, "Transport-Specific
    // Cancellation"): closing the SSE stream, no notification.
    assert.doesNotMatch(flat(text), /SHOULD not respond/, path);
    assert.match(
      flat(text),
      /\. 2025-11-25's receiver SHOULD "Not send a response for the cancelled request" \(`basic\/utilities\/cancellation\.mdx`\)\. Over Streamable HTTP in 2026-07-28, closing the request's SSE stream is the cancel, and no notification is sent \(`basic\/patterns\/cancellation\.mdx`, "Transport-Specific Cancellation"\)\./,
      path,
    );
    // The revision, with its teaching reason for a learner, said plainly (a student's reading): an
    // SDK 2.4.0 client left at versionNegotiation's default, "legacy", opens with 2025-11-25's
    // initialize, so a server meets it most. The HTTP transcript stays 2026-07-28's.
    assert.match(
      flat(assumptions),
      /- \*\*Revisions\.\*\* The simulator and stdio transcripts speak 2025-11-25; the HTTP one, 2026-07-28\. - \*\*Why two\.\*\* An SDK client that sets nothing speaks 2025-11-25 \(lesson 7\), so a server meets it most; 2026-07-28 is the current revision, with no `initialize`\./,
      path,
    );
    assert.doesNotMatch(flat(assumptions), /the switch is expected/, path);
    assert.doesNotMatch(flat(assumptions), /a real client meets it first/, path);
    // Each transcript says its revision where it appears, and the HTTP one says why it differs
    // (2026-07-28 changelog.mdx: no initialize; every request carries its revision in _meta).
    assert.match(flat(text), /Over stdio, in 2025-11-25 like the simulator: invalid arguments/, path);
    assert.match(flat(text), /Here the wait is 300 ms, over stdio in 2025-11-25:/, path);
    assert.match(
      flat(text),
      /This transcript is in 2026-07-28, unlike those over stdio: that revision has no `initialize`, so the one POST carries its revision in `_meta` and is the whole exchange\./,
      path,
    );
    // Which output is simulated and which crossed a real wire, said once.
    assert.match(
      assumptions,
      /\*\*Tables are simulated, transcripts are real\.\*\* Every table and the chart come from a simulator/,
      path,
    );
    // One SDK, named once, with its two servers' difference where the paths are; no second SDK
    // version to keep apart.
    assert.match(
      flat(text),
      /Every wire transcript comes from the real `mcp-course serve fleet`, built on the official TypeScript SDK \(lesson 2\)\./,
      path,
    );
    assert.match(flat(text), /like the SDK's low-level `Server`, checks no argument against it/, path);
    assert.match(
      flat(text),
      /`validating`, like the SDK's `McpServer`, answers invalid arguments with an `isError` result, to a 2025-11-25 client and to a 2026-07-28 one alike\. The last column is \*\*the revision rule\*\*, the course's choice and not MCP's: the course's servers answer invalid arguments by the client's revision\./,
      path,
    );
    assert.doesNotMatch(text, /the write-up's|SDK 2\b(?!\.)|version 2\)/, path);
    // "model" is the language model alone: the device type is named so, its field `model` once.
    assert.match(assumptions, /five device types \(the `model` field\)/, path);
    assert.doesNotMatch(flat(text), /same model|question's \*model\*/, path);
    // The outside experiment is one endnote at the end, saying what was borrowed, so the body
    // stands on the specification alone; its README's timings make no column here.
    // No pointer to it in the body (a student's reading): the level's reason is the teaching one.
    assert.equal(
      beforeNext(text)
        .replace(/\n> /g, " ")
        .match(/experiment/g)?.length ?? 0,
      0,
      `${path}: no provenance in the body`,
    );
    assert.equal(text.match(/https:\/\/shamirai\.ai/g)?.length, 1, path);
    assert.ok(
      flat(text)
        .trimEnd()
        .endsWith(
          " --- Endnote: the fleet's shape, question, paths, faults and measured latencies come from *MCP server authoring*, published at https://shamirai.ai/e/mcp-server-authoring/: an experiment whose agent was a language model. Its three tools come from the GitHub repository `shami-rai/loop-engineering`.",
        ),
      `${path}: the endnote is last`,
    );
    assert.doesNotMatch(text, /^Source:|undated write-up/m, path);
    // A student's reading: the source credited by name, place and repository, once.
    assert.equal(text.match(/published at/g)?.length, 1, path);
    // An expert's review: the citation says what the course takes from it, in three lines.
    const endnote = text.slice(text.indexOf("Endnote:")).trimEnd().split("\n");
    assert.equal(endnote.length, 3, `${path}: the endnote in three lines`);
    assert.equal(text.match(/shami-rai\/loop-engineering/g)?.length, 1, path);
    assert.equal(text.match(/README/g), null, `${path}: no charges taken from the README`);
    assert.doesNotMatch(text, /injected-parameters/, path);
  }
});

test("the agent is defined before its first use, among lesson 1's roles; the lesson's questions stand on their own; notifications/cancelled, the annotations' defaults and the SDK's two servers are pointed back to", () => {
  for (const { path, text } of exports) {
    assert.ok(
      text.indexOf("**agents**") > 0 && text.indexOf("**agents**") < text.indexOf(" agent "),
      `${path}: agent defined first`,
    );
    assert.match(
      flat(text),
      /Two scripted \*\*agents\*\* make the calls\. An agent is the program in the host that chooses which tools to call and reads their results; among lesson 1's roles it stands where the language model stands\./,
      path,
    );
    // The opening says what MCP content the lesson holds, and labels the agents as the course's
    // harness, not MCP.
    assert.match(
      flat(text),
      /shows what MCP says about the calls that cross it: how a refused call comes back, how a slow call reports progress, and what a timeout or a crash looks like to the client\./,
      path,
    );
    // The agents are labelled the course's test driver, not MCP, once, in their own paragraph.
    assert.match(
      flat(text),
      /The two agents, the course's test driver and not MCP, answer one question about the fleet, each in \*turns\* of calls: what a model would send in one message\./,
      path,
    );
    assert.doesNotMatch(text, /test harness|The harness/, path);
    assert.doesNotMatch(text, /on trust|in every run|`Not connected`/, path);
    assert.match(flat(text), /sends `notifications\/cancelled` with the request's id \(lesson 3\)/, path);
    // The hints box cut to what a student needs (the student's item 3): the simulated fleet
    // declares no annotations, as the experiment's server did (its README lists no annotations
    // among what its definitions carried), and the harness reads none (src/fleet has no reader of
    // them). The defaults and the real server's readOnlyHint are said where the retry is.
    assert.doesNotMatch(text, /No hints in the simulator/, path);
    assert.doesNotMatch(text, /Two declarations of one fleet|Lesson 7's simulator declared/, path);
    assert.doesNotMatch(unquoted(text), /each hint takes its default|cannot show in its tables/, path);
    // The fleet's level is said once, in Assumptions (the student's 8.3): lesson 6's level 1, and
    // why it is not lesson 7's level 3 (the old text named no level of its own).
    assert.match(
      flat(text.split("## Assumptions")[1].split("## Three tools")[0]),
      /Its tools are at lesson 6's level 1, fields and no `annotations`, so that nothing tells a client whether a call can be resent, the case the retry advice below is about\. Lesson 7 ran it at level 3, for its hosts read hints and versions; none here does\./,
      path,
    );
    assert.doesNotMatch(flat(text), /unlike lesson 7's level 3/, path);
    // A student's reading: the level's teaching reason, not "(endnote)".
    assert.doesNotMatch(flat(text), /as the experiment's server's were \(endnote\)/, path);
    assert.doesNotMatch(
      flat(text),
      /Lesson 7 ran the fleet at level 3|this lesson's simulated fleet declares no/,
      path,
    );
  }
});

test("terms are glossed at first use: ajv, a thrown error; the lesson 3 channel rules are one pointer, with no table of their own", () => {
  for (const { path, text } of exports) {
    const body = flat(beforeNext(text));
    assert.ok(
      body.indexOf("`ajv`, a JSON Schema validator library") === body.indexOf("`ajv`"),
      `${path}: ajv glossed first`,
    );
    // `direct`'s answer is named where the path is, before the malformed-call table shows it.
    assert.match(body, /a throw reaches the agent as a \*thrown error\*, on no MCP channel/, path);
    const table = text.search(/^ +direct +thrown error {2,}/m);
    assert.ok(table > 0 && text.indexOf("*thrown error*") < table, `${path}: thrown error glossed first`);
    // The two channels are lesson 3's: one pointer, and no table that re-teaches them.
    assert.match(body, /Over MCP a failed `tools\/call` takes one of lesson 3's two channels/, path);
    assert.doesNotMatch(text, /^invalid arguments +\S+ +-32603\/ok/m, path);
  }
});

test("progress notifications are taught on the real wire: the token in _meta, three notifications with progress, total and message, then the result", () => {
  eachBodyMatches(
    /it puts a \*progress token\*, a string or integer unique among its requests in flight, in the request's `_meta\.progressToken`; the server MAY then send `notifications\/progress` with that token, the `progress` so far \(which MUST increase\), and optionally a `total` and a human-readable `message`/,
    /2026-07-28 `basic\/patterns\/progress\.mdx`; in 2025-11-25, `basic\/utilities\/progress\.mdx`, either side may ask the other/,
    /\(the simulated client asks for no progress: exercise 3\)/,
  );
  for (const { path, text } of exports) {
    const wire = flat(text.split("--fault slow --slow-ms 300")[1].split("```")[0]);
    assert.match(wire, /"_meta":\{"progressToken":"slow-1"\}\}\}/, path);
    for (const step of [1, 2, 3])
      assert.match(
        wire,
        new RegExp(
          `\\{"jsonrpc":"2\\.0","method":"notifications/progress","params":\\{"progressToken":"slow-1", "progress":${step},"total":3,"message":"top_devices: part ${step} of 3 done"\\}\\}`,
        ),
        `${path}: progress ${step}`,
      );
    assert.ok(wire.indexOf('"progress":3') < wire.indexOf('"jsonrpc":"2.0","id":1}'), `${path}: the result comes last`);
    assert.match(wire, /Outcome: 3 progress notifications, then the result\./, path);
  }
});

test("the spec's rules the lesson leans on are stated: validation MUST, restart SHOULD, progress and timeouts, stderr", () => {
  eachBodyMatches(
    /servers MUST validate all tool inputs: a fault to measure/,
    // The faults' consequences as a checklist of what a client should do, each item cited.
    /What MCP asks of a client whose call fails or hangs: - \*\*A timeout on every request, and a maximum\*\* that progress never extends, both SHOULDs \(2025-11-25 `basic\/lifecycle\.mdx`, "Timeouts"; 2026-07-28 `basic\/patterns\/cancellation\.mdx`\)\./,
    /- \*\*Cancel on timeout\*\* and stop waiting; over stdio, `notifications\/cancelled` \(the same sections\)\./,
    /- \*\*Restart a crashed server\*\*: 2026-07-28's SHOULD, whose requests in flight "are simply lost and the client can retry them" \(`basic\/transports\/stdio\.mdx`, "Unexpected Termination"\)\. 2025-11-25 has no such rule: this lesson's client restarts with a new `initialize`\./,
    /- \*\*Refuse stdout that is not a message\*\*: skip a stray line, never parse glued text as a response\. The server MUST NOT write it \(2025-11-25 `basic\/transports\.mdx`, "stdio"; 2026-07-28 `basic\/transports\/stdio\.mdx`\)\./,
    // MCP gives a client no rule on retrying a call or on a stray stdout line: those two bullets
    // stay after the faults, labelled as the course's advice.
    /would make the retry safe by the course's advice below\. The course adds two rules of its own; MCP gives a client no rule for either\. - \*\*Refuse stdout/,
    /MAY then reset its timeout clock, but SHOULD still enforce a maximum timeout \(2025-11-25 `basic\/lifecycle\.mdx`, "Timeouts"; 2026-07-28 `basic\/patterns\/cancellation\.mdx`\)\./,
    /Its tools are at lesson 6's level 1, fields and no `annotations`/,
  );
  // An expert's review: MCP's rules first. What MCP asks of a client opens the faults section,
  // before its table; the course's advice stays after the faults.
  for (const { path, text } of exports) {
    const section = text.indexOf("## Faults on a virtual clock\n\nWhat MCP asks of a client");
    assert.ok(section > 0, path);
    assert.ok(text.indexOf("| fault | the MCP rule at stake") > section, path);
    assert.equal(text.match(/What MCP asks of a client/g)?.length, 1, path);
    assert.ok(text.indexOf("The course adds two rules of its own") > text.indexOf("```text\ncondition "), path);
  }
  // The fault table ties each fault to the MCP rule it exercises, with its revision, page and
  // strength (or "no rule"), and keeps the course's advice in a column of its own; `raw` is tied
  // to the validation MUST.
  const faults = cell("faults-heading");
  assert.match(
    faults,
    /\| fault \| the MCP rule at stake: revision, page, strength \| what happens \| the course's advice \| \|:---\|:---\|:---\|:---\| /,
  );
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  for (const [fault, rule, advice] of [
    [
      "slow",
      'a timeout and a cancel on it, SHOULD: 2025-11-25 `basic/lifecycle.mdx`, 2026-07-28 `basic/patterns/cancellation.mdx`, "Timeouts"',
      "none",
    ],
    [
      "crash",
      'restart it, SHOULD: 2026-07-28 `basic/transports/stdio.mdx`, "Unexpected Termination"; no rule in 2025-11-25',
      "none",
    ],
    ["crash-explained", "no rule: no MCP message says so", "say when a failure is permanent"],
    ["crash-restart", "as `crash`", "retry only by the rule below"],
    [
      "stdout-line",
      'the server MUST NOT: 2025-11-25 `basic/transports.mdx`, "stdio"; 2026-07-28 `basic/transports/stdio.mdx`; no rule for the client',
      "skip the stray line",
    ],
    ["stdout-unterminated", "as `stdout-line`", "never parse glued text"],
  ])
    assert.match(faults, new RegExp(`\\| \`${fault}\` \\| ${escape(rule)} \\| [^|]+ \\| ${escape(advice)} \\|`), fault);
  assert.match(
    flat(cell("paths-heading")),
    /It breaks the specification's rule that servers MUST validate all tool inputs: a fault to measure\./,
  );
  // What the client then sees (src/fleet/client.ts: the glued response is lost, the call times out).
  assert.match(
    faults,
    /\| `stdout-unterminated` \| as `stdout-line` \| stray text, no newline, before each response, so no response parses and each call times out \|/,
  );
});

test("§3, invalid arguments: the rule a client author needs first (lesson 3's: both channels), a call with no name a protocol error in every revision, a handler's throw an isError result by the schema's SHOULD, the channels by revision in one table", () => {
  for (const { path, text } of exports) {
    const body = flat(beforeNext(text));
    // The rule first, pointed back to lesson 3 (its home): invalid arguments may come either way.
    assert.match(
      body,
      /Over MCP a failed `tools\/call` takes one of lesson 3's two channels, and a client handles both: invalid arguments may come as an `isError` result or as -32602\. By revision, from `server\/tools\.mdx` \("Error Handling"\) and, for a throw, the schema's comment on `CallToolResult`:/,
      path,
    );
    // A call that does not fit CallToolRequest (no name) is a protocol error in every revision.
    assert.match(body, /a `tools\/call` with no `name`, a protocol error in every revision \(lesson 3\)/, path);
    // The rule, without the transport's plumbing (which of the course's layers answers it).
    assert.doesNotMatch(body, /course's transport|the SDK would answer the same/, path);
    assert.doesNotMatch(body, /disagrees with itself/, path);
    // The channels by revision, as each revision's server/tools.mdx "Error Handling" lists them:
    // 2024-11-05, 2025-03-26 and 2025-06-18 list "Invalid arguments" among protocol errors and "Invalid
    // input data" among tool execution errors; 2025-11-25 and 2026-07-28 list "Input validation errors"
    // among tool execution errors; every revision lists "Unknown tool(s)" among protocol errors.
    const rows = text.split("\n").filter((line) => line.startsWith("| "));
    // The throw's column is not the tools page's: no revision's "Error Handling" speaks of a handler's
    // throw. Its rule is the schema's comment on CallToolResult (2024-11-05 and 2025-03-26 on the
    // interface, 2025-06-18 to 2026-07-28 on its isError), so the sentence above the table names
    // both sources, and the header stays a row of short labels.
    // What the spec says and what the course's servers answer are columns apart (a student's item 3).
    const header = rows.findIndex((r) => r.startsWith("| revisions | invalid arguments, by the spec |"));
    assert.ok(header >= 0, `${path}: the error-channel table`);
    assert.equal(
      rows[header],
      "| revisions | invalid arguments, by the spec | a handler's throw | unknown tool | the course's servers, invalid arguments |",
    );
    // The older revisions are what this table adds to lesson 3's: 2024-11-05 to 2025-06-18's
    // tools pages list "Invalid arguments" under protocol errors only and "Invalid input data" under
    // tool errors: reading the latter as covering argument values is the course's, and says so.
    // 2026-07-28's row says lesson 3's point in a few words, not "as lesson 3".
    assert.deepEqual(
      rows.slice(header + 1, header + 4),
      [
        // Current revision first (a student's reading): a 2026 client reads its own row first.
        '| 2026-07-28 | either channel: the tools page says tool error ("Input validation errors"), the schema\'s `InvalidParamsError` says -32602 | `isError` result | protocol error | `isError` result |',
        '| 2025-11-25 | `isError` result ("Input validation errors") | `isError` result | protocol error | `isError` result |',
        '| 2024-11-05 to 2025-06-18 | protocol error ("Invalid arguments"), though the tool errors list "Invalid input data" | `isError` result | protocol error | -32602 |',
      ],
      path,
    );
    assert.match(text.split("\n")[text.split("\n").indexOf(rows[header]) + 1], /^\|:---\|/, path);
    assert.doesNotMatch(text, /both: the tools page lists them|\| as lesson 3 \||by the course's reading/, path);
    assert.ok(!text.includes("Before 2025-11-25 (2024-11-05 to 2025-06-18)"), path);
    // The learning goal: from 2025-11-25 the tools page files invalid arguments as an isError
    // result; only 2026-07-28's schema.mdx (InvalidParamsError) also lists them under -32602, and
    // 2025-11-25's schema.mdx names no -32602 at all.
    assert.ok(
      text.includes(
        "2. Invalid arguments, from 2025-11-25: an `isError` result; 2026-07-28's schema also lists -32602.",
      ),
      path,
    );
    assert.doesNotMatch(flat(text), /the schema still lists -32602|-32602 by the schema/, path);
    // A handler's throw: every revision's schema puts it in the result, a SHOULD; the same comment
    // sends "any other exceptional conditions" to an MCP error, so the server's own fault is -32603.
    assert.match(
      body,
      /A throw belongs in the result: every revision's schema says errors that originate from the tool SHOULD be reported there, for the model to correct\. `raw`'s -32603 departs from that SHOULD\./,
      path,
    );
    assert.match(
      body,
      /Other exceptional conditions are protocol errors: a fault in the server's machinery, not the tool's, is rightly -32603\./,
      path,
    );
    // What the course's servers choose where the revisions allow either, beside the SDK's.
    assert.match(
      body,
      /`validating`, like the SDK's `McpServer`, answers invalid arguments with an `isError` result, to a 2025-11-25 client and to a 2026-07-28 one alike\. The last column is \*\*the revision rule\*\*, the course's choice and not MCP's: the course's servers answer invalid arguments by the client's revision\./,
      path,
    );
    assert.doesNotMatch(body, /settled on `isError`|so either channel conformed/, path);
    // The summary says it in one line, pointing back to lesson 3.
    const summary = flat(text.split("## Summary")[1].split("## Exercises")[0]);
    assert.match(
      summary,
      /Invalid arguments come as an `isError` result or as -32602: a client handles both \(lesson 3\)\./,
      path,
    );
  }
});

test("§3, invalid arguments on the wire: the real validating server answers refused arguments with an isError result, an unknown tool and a request with no name with -32602", () => {
  for (const { path, text } of exports) {
    const wire = text.split("$ mcp-course serve fleet --seed")[1].split("```")[0];
    assert.match(
      wire,
      /"text":"Input validation error: Invalid arguments for tool top_devices: limit: expected\s+integer, received \\"5\\""\}\],"isError":true\}/,
      path,
    );
    assert.match(
      wire,
      /\{"jsonrpc":"2\.0","id":2,"error":\{"code":-32602,"message":"Unknown tool: rank_by_rate"\}\}/,
      path,
    );
    assert.match(wire, /"params":\{"arguments":\{"field":"downtime_min"\}\}\}/, path);
    assert.match(
      flat(wire),
      /\{"jsonrpc":"2\.0","id":3,"error":\{"code":-32602, "message":"Invalid tools\/call params: name must be a string, and it is missing\."\}\}/,
      path,
    );
    assert.match(
      wire,
      /Outcome: a result with isError true, then a JSON-RPC error -32602, then a JSON-RPC error -32602\./,
      path,
    );
  }
});

test("§3, local failures are not peer errors: 2026-07-28's Error Codes are cited, and the agents and tables show them as local: …", () => {
  // Lesson 3 is the rule's home: one sentence points back to it.
  eachBodyMatches(
    /sends `notifications\/cancelled` with the request's id \(lesson 3\) and fails the call: `local: timed out` \|/,
    /In no fault does MCP send the client a message about the failure, and MCP assigns a failure the client makes itself no error code \(2026-07-28 `basic\/index\.mdx`, "Error Codes"\)\. The fleet's client, the course's own, writes it as `local:` text; the SDK's client throws an `SdkError` \(lesson 7\)\./,
    /\| `crash` \| the pipe closes while the 6th call waits: `local: connection closed`, then `local: not connected` for each later call \| nothing: no message says the server is gone, or for how long \|/,
  );
  for (const { path, text } of exports) {
    // No local failure is written as a JSON-RPC error anywhere in the lesson.
    assert.equal(text.match(/MCP error -3200\d/g), null, path);
    const reading = cell("local-failures");
    for (const local of [LOCAL_FAILURES.timedOut, LOCAL_FAILURES.connectionClosed, LOCAL_FAILURES.notConnected])
      assert.ok(reading.includes(`\`${local}\``), `${path}: ${local}`);
    assert.doesNotMatch(reading, /MCP error|-320\d\d/, path);
    assert.match(
      flat(text.split("## Summary")[1]),
      /A failure the client makes itself \(`local: timed out`\) is no error from the server\./,
      path,
    );
  }
});

test("§3, the crash's Streamable HTTP counterpart is lesson 2's, not told a second time", () => {
  // Lesson 2 holds the broken stream in both revisions (the changelog's re-issue MUST, 2025-11-25's
  // resumption); this lesson, at its length limit, leaves it there.
  for (const { path, text } of exports) {
    assert.doesNotMatch(text, /\*The course's reading:\*/, `${path}: lesson 2's caution is not repeated`);
    assert.doesNotMatch(flat(text), /changelog|The MUST has no exception|which the client MUST re-issue/, path);
  }
  const lesson2 = lessonExports().find((e) => e.lesson.name === "02-the-transport" && !e.path.includes("seed-"));
  assert.ok(lesson2, "lesson 2's export");
  assert.match(flat(lesson2.text), /changelog\.mdx/, "lesson 2 cites the changelog");
  assert.match(flat(lesson2.text), /idempotent/, "lesson 2 holds the caution");
});
test("§3, restart and retry: only for a tool a trusted server marks readOnlyHint or idempotentHint; the fleet declares no annotations, so its client cannot know (MCP's defaults); serve fleet at level 2 and up says readOnlyHint: true", () => {
  eachBodyMatches(
    // schema.mdx ToolAnnotations (2025-03-26 to 2026-07-28): idempotentHint, "calling the tool
    // repeatedly with the same arguments will have no additional effect"; server/tools.mdx: clients
    // MUST consider annotations untrusted unless they come from trusted servers.
    /- \*\*Retry a call of unknown outcome\*\* only if one of these holds: - the server is trusted \(a client MUST treat other servers' hints as untrusted, `server\/tools\.mdx`\) and marks the tool `readOnlyHint: true` or `idempotentHint: true` \(`schema\.mdx`, `ToolAnnotations`\); - or the call carries an idempotency key of the application's own, an argument the tool declares\./,
  );
  // Each fault's client-visible signal beside what MCP tells the client (nothing, for every
  // fault), one row per fault; the retry rule is stated once in the body, and the table's advice
  // and crash-restart's retry point to it.
  const local = cell("local-failures");
  assert.match(
    local,
    /\| fault \| what the client sees \| what MCP tells it \| the thorough agent \| \|:---\|:---\|:---\|:---\|/,
  );
  assert.match(
    local,
    /\| `stdout-unterminated` \| stray text glued before each response, so no response parses: the client waits its 1,500 ms for each call and fails it, `local: timed out` \| nothing \| no answer \|/,
  );
  assert.equal(LATENCY_MICROS.clientTimeout, 1_500_000);
  assert.equal(LOCAL_FAILURES.timedOut, "local: timed out");
  assert.deepEqual(
    [...local.matchAll(/\| `([a-z-]+)` \| [^|]+ \| (nothing)\b[^|]* \|/g)].map((m) => m[1]),
    CONDITIONS.slice(3).map((c) => c.name),
  );
  assert.match(
    local,
    /\*\*The test driver's retry is a shortcut, not advice\.\*\* It resends the lost call under `crash-restart` because the course knows these tools only read\. With no `annotations` \(Assumptions\), MCP's defaults make a tool neither read-only nor idempotent\. From a trusted server, `readOnlyHint: true` would make the retry safe by the course's advice below\./,
  );
  assert.doesNotMatch(local, /these tools write nothing/, "the retry is not presented as following the rule");
  for (const { path, text } of exports) {
    const body = flat(text.split("## Summary")[0]);
    assert.equal(body.match(/Retry a call of unknown outcome/g)?.length, 1, `${path}: the retry rule, once`);
    assert.doesNotMatch(body, /safe to repeat/, path);
  }
  // What the sentences rest on: the lesson's declarations carry no annotations; serve fleet's do from level 2.
  for (const tool of FLEET_TOOL_DEFINITIONS) assert.equal("annotations" in tool, false, tool.name);
  const served = createFleetServer(generateFleet(DEFAULT_SEED));
  for (const level of [0, 1] as const)
    for (const tool of fleetToolList(served, level)) assert.equal(tool.annotations, undefined, `level ${level}`);
  for (const level of [2, 3] as const)
    for (const tool of fleetToolList(served, level))
      assert.equal(tool.annotations?.readOnlyHint, true, `level ${level}: ${tool.name}`);
});

test("the markdown cells' fixed claims are what the run computes, for several seeds", () => {
  const quoted = notebook.cells
    .find((c) => c.id === "agents-fold")!
    .source.split("\n")
    .filter((line) => line.startsWith("> "))
    .map((line) => line.slice(2))
    .join(" ");
  assert.equal(quoted, TASK_QUESTION, "the question quoted is the agents' question");
  const clock = cell("faults-heading");
  // The virtual clock is defined where it is first used, in the assumptions, as what decides a
  // timeout; its charges (LATENCY_MICROS, taken from the experiment's README, undated and naming no
  // hardware or SDK version) are assumed constants, so the lesson prints no figure made of them.
  assert.match(
    cell("assumptions"),
    /Every table and the chart come from a simulator whose time is a \*virtual clock\*, so every machine prints the same/,
  );
  assert.doesNotMatch(clock, /ms\/call|assumed charge|README|\| event \|/);
  assert.deepEqual(
    [...clock.matchAll(/\| `([a-z-]+)` \|/g)].map((m) => m[1]),
    CONDITIONS.slice(3).map((c) => c.name),
  );
  assert.ok(clock.includes(`during its ${CRASH_ON_CALL}th \`tools/call\``));
  assert.ok(
    clock.includes(
      `takes ${LATENCY_MICROS.slowTool / 1e6} s; the client waits ${LATENCY_MICROS.clientTimeout / 1e6} s`,
    ),
  );
  assert.ok(
    cell("local-failures").includes(
      `the client's ${(LATENCY_MICROS.clientTimeout / 1000).toLocaleString("en-US")} ms wait`,
    ),
  );
  for (const seed of SEEDS) {
    const r = simulateFleetLesson(seed);
    // The malformed-call reading.
    const raw = r.malformed.filter((row) => row.outcomes.raw.channel === "JSON-RPC error");
    assert.equal(raw.length, 5, `seed ${seed}`);
    // Of those, 4 put -32603 before the handler's sentence; the fifth, the unknown tool, reads as on validating.
    const handlerWords = raw.filter((row) => row.outcomes.raw.text === `MCP error -32603: ${row.outcomes.direct.text}`);
    assert.equal(handlerWords.length, 4, `seed ${seed}`);
    const others = raw.filter((row) => !handlerWords.includes(row));
    assert.deepEqual(
      others.map((row) => row.label),
      ["unknown tool"],
      `seed ${seed}`,
    );
    assert.deepEqual(others[0].outcomes.raw, others[0].outcomes.validating, `seed ${seed}`);
    // The shortcut's device is the one lesson 7's fleet task (the most downtime) finds.
    assert.equal(simulateWritingAClient(seed).fleetAnswer.device_id, r.truth.shortcut.device.device_id, `seed ${seed}`);
    const quiet = r.malformed.filter((row) => !row.outcomes.direct.isError && row.outcomes.validating.isError);
    assert.deepEqual(
      quiet.map((row) => row.label),
      ["model in the wrong case", "max_hours 499.5"],
      `seed ${seed}`,
    );
    const same = r.malformed.filter((row) =>
      PATH_NAMES.every((p) => row.outcomes[p].text === row.outcomes.direct.text),
    );
    assert.deepEqual(
      same.map((row) => row.label),
      ["unknown property"],
      `seed ${seed}`,
    );
    const unknownId = r.malformed.find((row) => row.label === "unknown device id")!.outcomes;
    assert.equal(unknownId.validating.text, unknownId.direct.text, `seed ${seed}`);
    // The faults reading and the summary.
    const t = (condition: string) => record(seed, condition, "thorough");
    assert.deepEqual([t("slow").correct, t("slow").toolErrors], [true, 1], `seed ${seed}`);
    assert.deepEqual(
      [t("crash").toolErrors, t("crash").toolCalls, t("crash").correct],
      [15, 20, false],
      `seed ${seed}`,
    );
    assert.equal(t("crash").answer, `${r.truth.shortcut.device.device_id} vs unknown`, `seed ${seed}: gave up`);
    const explained = t("crash-explained");
    assert.deepEqual(
      [explained.toolCalls, explained.toolErrors, t("crash").turns - explained.turns],
      [10, 5, 2],
      `seed ${seed}`,
    );
    assert.equal(explained.answer, t("crash").answer, `seed ${seed}`);
    assert.deepEqual([t("crash-restart").correct, t("crash-restart").toolErrors], [true, 0], `seed ${seed}`);
    assert.deepEqual([t("stdout-line").correct, t("stdout-line").toolErrors], [true, 0], `seed ${seed}`);
    assert.equal(t("stdout-unterminated").answer, null, `seed ${seed}`);
    for (const c of ["crash", "crash-explained", "crash-restart"])
      assert.equal(record(seed, c, "shortcut").toolCalls, 2, `seed ${seed}: ${c}`);
    for (const c of CONDITIONS) assert.equal(record(seed, c.name, "shortcut").correct, false, `seed ${seed}`);
    assert.ok(r.truth.moreRawDowntime >= 10, `seed ${seed}`);
    // The chart's caption: failed calls only under these four, and crash-restart right.
    assert.deepEqual(
      r.matrix.filter((m) => m.policy === "thorough" && m.toolErrors > 0).map((m) => m.condition),
      ["slow", "crash", "crash-explained", "stdout-unterminated"],
      `seed ${seed}`,
    );
    for (const claim of FLEET_CLAIMS)
      assert.ok(claim.holds(r, simulateFleetLesson(DEFAULT_SEED)), `seed ${seed}: ${claim.id}`);
  }
  assert.equal(AGENT_POLICIES.length, 2);
});

test("the agents are two or three visible lines with their question, the course's test driver; the paging is folded; exercise 1 is an MCP question on the two channels", () => {
  // A student's reading and an expert's review: the test driver in a few lines, its algorithm folded.
  const agents = notebook.cells.find((c) => c.id === "agents-heading")!.source.split("\n\n");
  assert.equal(agents.length, 2, "a heading and a lead-in; the question and the agents' rules are folded");
  const [heading, lead] = agents;
  assert.equal(heading, "## The test driver: two scripted agents");
  assert.equal(
    flat(lead),
    "The two agents, the course's test driver and not MCP, answer one question about the fleet, each in *turns* of calls: what a model would send in one message.",
  );
  const fold = notebook.cells.find((c) => c.id === "agents-fold")!.source.split("\n\n");
  assert.equal(fold[0], "<details><summary>The question, and how each agent answers it</summary>");
  assert.equal(fold.at(-1), "</details>");
  assert.match(
    flat(fold.join("\n\n")),
    /The \*thorough\* agent pages through the devices in hour bands, lowest hours first, until no unread device can win\./,
  );
  assert.match(
    flat(fold.join("\n\n")),
    /25-hour bands from 0 up, four a turn, each asked twice[^]*\*crowded\*: the next turn asks its two halves/,
  );
  assert.equal(MAX_RETRIES, 2);
  // A student's reading: in the body, the question and the agents take at most five lines: the
  // calls each agent makes, computed, why the shortcut is wrong by construction, and its point.
  for (const { path, text } of exports) {
    const start = text.indexOf("## The test driver: two scripted agents\n\n") + 41;
    const body = text.slice(start, text.indexOf("<details><summary>The question", start)).trim();
    assert.ok(body.split("\n").filter((line) => line !== "").length <= 5, `${path}: ${body}`);
    const calls =
      /The \*thorough\* agent makes (\d+) calls; the \*shortcut\* makes 2, and is wrong by construction: every seed's fleet is drawn so that its wrong answer arrives with no error\. Its point: protocol success is not task success\. The details are folded\./.exec(
        flat(body),
      );
    assert.ok(calls, path);
    assert.match(text, new RegExp(`\\ndirect +${calls[1]} +0 +0 +0 +0\\n`), `${path}: the table's direct row`);
    assert.ok(text.includes("<details><summary>This seed's answers, turn by turn</summary>"), path);
  }
  // The section sits just before the faults it drives, its answer computed; no turn table.
  const ids = notebook.cells.map((c) => c.id);
  assert.deepEqual(ids.slice(ids.indexOf("agents-heading"), ids.indexOf("agents-heading") + 5), [
    "agents-heading",
    "agents-calls",
    "agents-fold",
    "ground-truth",
    "faults-heading",
  ]);
  for (const gone of ["question-heading", "thorough-turns", "thorough-turns-close", "thorough-steps"])
    assert.ok(!ids.includes(gone), gone);
  for (const { path, text } of exports) {
    assert.doesNotMatch(text, /\*bands\*|starred|halved next turn|formatTurnTable|readThoroughTurns/, path);
    assert.doesNotMatch(text, /The agents' rules, and the thorough agent's turns/, path);
  }
  // The slow row's extra turn: the resend goes alone, in a turn of its own; crash-restart's zero
  // failures: the client's own retry hid the crash from the agent.
  for (const { path, text } of exports) {
    assert.match(
      flat(text),
      /\| nothing: the timeout is the client's own \| resends the call alone in the next turn: right, with 1 failed call and a turn more/,
      path,
    );
    assert.match(
      flat(text),
      /\| `crash-restart` \| the pipe closes; the client starts the server again, opens a new session and resends the call \| nothing \| meets no failure: right \|/,
      path,
    );
    assert.ok(
      text.includes(
        "| `crash-explained` | no rule: no MCP message says so | the same; the client says the server is gone for good |",
      ),
      path,
    );
  }
  for (const seed of SEEDS)
    assert.equal(
      record(seed, "slow", "thorough").turns,
      record(seed, "validating", "thorough").turns + 1,
      `seed ${seed}`,
    );
  // Every exercise is answered from the lesson: none edits the library or builds it, and exercise 1
  // asks about MCP's two channels, not the agents' rules (the student's 8.1, the expert's teaching 1).
  assert.doesNotMatch(cell("exercises"), /src\/|npm run build|kernel|harness|another seed/);
  assert.match(
    cell("exercises"),
    / 1\. From the malformed-call table: how many of the eight calls does each of `raw` and `validating` answer with a JSON-RPC error, with an `isError` result and with a plain result\?/,
  );
  assert.match(
    cell("exercises"),
    /A client that offered 2025-06-18 would get the `validating` server's answers for that revision \(the revision rule\)\./,
  );
  assert.match(
    cell("exercises"),
    /If the client resets its 1,500 ms clock on each, does the call time out\? And with a maximum of 2 s\?/,
  );
});

test("the chart's reading gives its numbers in words, and its alt text gives each condition's counts", () => {
  assert.match(
    flat(cell("matrix-chart-intro")),
    /Each condition has two bars, the thorough agent's calls and, paler, its failed calls, in the hue of its answer\./,
  );
  for (const seed of SEEDS) {
    const t = (condition: string) => record(seed, condition, "thorough");
    assert.deepEqual(
      ["slow", "crash", "crash-explained", "stdout-unterminated"].map((c) => t(c).toolErrors),
      [1, 15, 5, 6],
      `seed ${seed}`,
    );
    assert.deepEqual(
      CONDITIONS.filter((c) => !t(c.name).correct).map((c) => c.name),
      ["crash", "crash-explained", "stdout-unterminated"],
      `seed ${seed}`,
    );
  }
  for (const { path, text } of exports) {
    const alt = flat(text.split("![")[1].split("](")[0]);
    const seed = path.includes("seed-20260219") ? 20260219 : DEFAULT_SEED;
    for (const c of CONDITIONS)
      assert.ok(alt.includes(`${c.name} ${t2(seed, c.name)}`), `${path}: ${c.name} in ${alt}`);
  }
});

/** A condition's thorough calls and failed calls as the chart's alt text says them. */
const t2 = (seed: number, condition: string) => {
  const r = record(seed, condition, "thorough");
  return `${r.toolCalls}/${r.toolErrors}`;
};

test("the malformed calls' readings say what the text shows: the client's text form of an error, raw's 4 and the unknown tool", () => {
  assert.match(
    cell("wire-reading"),
    /The fleet's client writes a JSON-RPC error as the text `MCP error <code>: <message>`, so that the agent reads both channels as text\./,
  );
  // The table's two shortenings are keyed above it, in the words of the printout's key.
  assert.ok(
    cell("wire-reading").includes(
      `\`[V]\` stands for \`${MALFORMED_KEY[1].slice("[V]: ".length)}\`, the opening of each refusal on \`validating\`; \`[D]\` for the text read on \`direct\`.`,
    ),
  );
  assert.equal(MALFORMED_KEY[0], "[D]: the text read on direct");
  for (const { path, text } of exports) {
    // The table's call cell is show-only, its input removed: the table starts at its header.
    const table = text.split("call / path        channel")[1].split("```\n\n")[0];
    assert.doesNotMatch(table, /^\[[DV]\]:/m, `${path}: no key under the table`);
  }
  assert.match(
    cell("malformed-reading"),
    /`raw` puts `MCP error -32603:` before the handler's sentence in 4 of the 8;/,
  );
  assert.match(
    flat(cell("agents-fold")),
    /The \*shortcut\* agent asks for the device with the most downtime under 500 hours, then its type's risk leader\./,
  );
});

test("the chart's measure legend draws each measure's opacity in a neutral swatch, no answer's hue", () => {
  const spec = conditionsChart(simulateFleetLesson(DEFAULT_SEED)) as unknown as {
    encoding: {
      color: { field: string; scale: { range: string[] } };
      opacity: { field: string; scale: { range: number[] }; legend: { symbolFillColor: string } };
    };
  };
  assert.equal(spec.encoding.color.field, "answer");
  assert.equal(spec.encoding.opacity.field, "measure");
  assert.deepEqual(spec.encoding.opacity.scale.range, [...MEASURE_OPACITY]);
  // A student's reading: green swatches for "tool calls" gave "right"'s colour a second meaning;
  // the measure swatches are a neutral no answer takes (not the old mid grey either).
  assert.equal(spec.encoding.opacity.legend.symbolFillColor, MEASURE_SWATCH);
  assert.ok(!Object.values(ANSWER_HUE).includes(spec.encoding.opacity.legend.symbolFillColor));
  for (const { path } of exports) {
    const svg = readFileSync(join(ROOT, path.replace(/\.md$/, ".files/matrix-chart.svg")), "utf8");
    assert.doesNotMatch(svg, /#555555/i, `${path}: no grey swatch`);
  }
});

test("the chart and the condition table agree on every thorough run's answer: a run with no answer is `none` in both, never `wrong`", () => {
  for (const seed of SEEDS) {
    const r = simulateFleetLesson(seed);
    // The answer column of the printed table, per condition, for the thorough agent.
    const printed = new Map(
      formatConditionTable(r)
        .split("\n")
        .map((line) => line.split(/\s{2,}/))
        .filter((cols) => cols[1] === "thorough")
        .map((cols) => [cols[0], cols[cols.length - 1]]),
    );
    assert.equal(printed.size, CONDITIONS.length, `seed ${seed}`);
    const spec = conditionsChart(r) as unknown as {
      description: string;
      data: { values: { condition: string; answer: string }[] };
      encoding: { color: { scale: { domain: string[]; range: string[] } } };
    };
    for (const value of spec.data.values)
      assert.equal(value.answer, printed.get(value.condition), `seed ${seed}: ${value.condition}`);
    // Each code the table prints has a hue of its own in the legend, and each wrong one is named in the alt text.
    const { domain, range } = spec.encoding.color.scale;
    assert.deepEqual(new Set(domain), new Set(printed.values()), `seed ${seed}`);
    domain.forEach((code, k) =>
      assert.equal(range[k], ANSWER_HUE[code as keyof typeof ANSWER_HUE], `seed ${seed}: ${code}`),
    );
    // Each hue differs from every other, so that "gave up" and "none" are told apart.
    assert.equal(new Set(range).size, range.length, `seed ${seed}: one hue per code`);
    assert.equal(printed.get("stdout-unterminated"), "none", `seed ${seed}`);
    assert.match(spec.description, /no answer under stdout-unterminated/, `seed ${seed}`);
    assert.doesNotMatch(spec.description, /wrong/, `seed ${seed}`);
  }
});

test("the slow call over Streamable HTTP is shown as it crossed: a POST answered by an SSE stream of three progress events, then the response, which ends it", () => {
  eachBodyMatches(
    /the same call is one POST with lesson 2's headers, answered with one JSON object or an SSE stream\./,
    /An SSE body is text in \*events\*, each ended by a blank line: `event:` names the event's type, and each `data:` line here carries one JSON-RPC message\./,
    /The server MAY send notifications about the request before the response, which SHOULD end the stream \(2026-07-28 `basic\/transports\/streamable-http\.mdx`, "Receiving Messages"\)/,
    /with three to send, this one chose a stream\. Below, `⏎` marks a newline:/,
  );
  for (const { path, text } of exports) {
    const shown = text.split("--fault slow --slow-ms 300 --http --port 0\n")[1].split("```")[0];
    const [request, response] = shown.split(/^server → client /m);
    // The POST: lesson 2's header block, 2026-07-28's headers, and the token beside `_meta`'s version.
    for (const field of [
      "POST /mcp HTTP/1.1",
      "accept: application/json, text/event-stream",
      "mcp-method: tools/call",
      "mcp-name: top_devices",
      "mcp-protocol-version: 2026-07-28",
      "Host: 127.0.0.1:<port>",
    ])
      assert.ok(request.split("\n").includes(`  ${field}`), `${path}: ${field}`);
    assert.match(
      flat(request),
      /"_meta":\{"progressToken":"slow-1", ?"io\.modelcontextprotocol\/protocolVersion":"2026-07-28"/,
      path,
    );
    // The answer: 200, an SSE body, `Date` left out.
    const lines = response.split("\n");
    assert.ok(lines.includes("  HTTP/1.1 200 OK") && lines.includes("  content-type: text/event-stream"), path);
    assert.ok(!lines.some((line) => /^ {2}date:/i.test(line)), `${path}: no Date`);
    const body = lines.slice(lines.indexOf("") + 1);
    // Four events, each `event:`, one `data:` line (folded) and a blank line: three progress, then the response.
    const events = body.join("\n").split("\n  ⏎\n");
    assert.equal(events.length, 5, `${path}: four events, then the line naming what was left out`);
    assert.match(events[4], /^\(left out above: the response's Date field; its bytes are counted\)/, path);
    for (const [k, event] of events.slice(0, 4).entries()) {
      assert.match(event, /^ {2}event: message⏎\n {2}data: \{/, `${path}: event ${k + 1}`);
      const data = flat(event.split("data: ")[1]).replace(/⏎\s*$/, "").replace(/, /g, ",");
      const message = JSON.parse(data) as { method?: string; id?: number; params?: { progress?: number } };
      if (k < 3) {
        assert.equal(message.method, "notifications/progress", `${path}: event ${k + 1}`);
        assert.equal(message.params?.progress, k + 1, `${path}: event ${k + 1}`);
      } else assert.equal(message.id, 1, `${path}: the response comes last`);
    }
    // The reading's byte count is the heading's body bytes, counted without the chunked coding,
    // whose grouping of the events into pieces varies by runtime.
    const bodyBytes = Number(/^\(\d+ \+ (\d+) bytes, the body without its chunked coding\)$/m.exec(response)![1]);
    assert.match(
      flat(text),
      new RegExp(`The stream carried 4 events, 3 \`notifications/progress\` and the response, in ${bodyBytes} bytes: `),
      path,
    );
    // Lesson 2 counted a body with its chunked coding; this count is said to leave it out.
    assert.match(flat(text), /newlines\), not counting the chunked coding, which varies by runtime\./, path);
  }
});

test("a failed call is the server's error or the client's own, in the tables' key and the chart's legend (2026-07-28 basic/index.mdx, \"Error Codes\")", () => {
  // Local failures (`local: timed out`, `local: not connected`) come back from no server: the key
  // and the legend must not say they "came back", nor call them tool errors.
  assert.equal(FAILED_KEY, "failed: calls that ended in an error, from the server or raised by the client");
  assert.deepEqual([...CHART_MEASURES], ["tool calls", "failed calls (server's or client's own)"]);
  for (const { path, text } of exports) {
    assert.ok(text.split("\n").includes(FAILED_KEY), `${path}: the key on a line of its own`);
    assert.doesNotMatch(text, /came back an error/, path);
    const svg = readFileSync(join(dirname(join(ROOT, path)), `${NAME}.files`, "matrix-chart.svg"), "utf8");
    assert.ok(svg.includes(">failed calls (server's or client's own)</text>"), `${path}: the legend, whole`);
    assert.doesNotMatch(svg, /tool errors/, path);
  }
});

test("the summary's retry line is labelled the course's advice and keeps both of its conditions", () => {
  for (const { path, text } of exports) {
    const summary = flat(text.split("## Summary")[1].split("## Exercises")[0]);
    assert.match(
      summary,
      /- Course's advice: retry a call of unknown outcome only on a trusted server's `readOnlyHint`\/`idempotentHint`, or with an application idempotency key\./,
      path,
    );
  }
});

test("the two condition tables: a sentence before each saying what it answers, and the same rows, one condition each, in the same order", () => {
  assert.match(
    cell("faults-heading"),
    /Two simulated tables follow; the first answers what the thorough agent's calls met at the boundary\.$/,
  );
  // A student's reading: under the first table, why `crash` sends as many bytes as `crash-explained`
  // with twice the calls: the client fails each call after the crash itself, sending nothing.
  assert.equal(
    cell("answer-table-intro"),
    "After the crash the client fails each later call itself (`local: not connected`): those calls never " +
      "reach the wire and add no bytes. " +
      "The second answers whether each agent found the right answer, and in how many turns and calls:",
  );
  const ids = notebook.cells.map((c) => c.id);
  assert.deepEqual(ids.slice(ids.indexOf("faults-heading"), ids.indexOf("faults-heading") + 4), [
    "faults-heading",
    "matrix-table",
    "answer-table-intro",
    "answer-table",
  ]);
  for (const { path, text } of exports) {
    const [boundary, answers] = ["condition            calls  failed", "condition            shortcut: turns"].map(
      (header) => text.split(header)[1].split("```")[0],
    );
    const names = (table: string) =>
      table
        .split("\n")
        .map((line) => line.split(/\s{2,}/)[0])
        .filter((name) => CONDITIONS.some((c) => c.name === name));
    assert.deepEqual(
      names(boundary),
      CONDITIONS.map((c) => c.name),
      `${path}: the MCP table, unmerged`,
    );
    assert.deepEqual(
      names(answers),
      CONDITIONS.map((c) => c.name),
      `${path}: the agents' table, unmerged`,
    );
    assert.doesNotMatch(text, /^(raw|direct|crash-restart), /m, `${path}: no merged row`);
  }
});

test("the question's comparison and its answer `X vs Y` agree: the answer is the two devices compared, no score (a student's reading)", () => {
  for (const path of [
    "lessons/08-the-fleet-behind-the-boundary.md",
    "lessons/seed-20260219/08-the-fleet-behind-the-boundary.md",
  ]) {
    const flat = readFileSync(join(__dirname, "..", "..", path), "utf8").replace(/\s+/g, " ");
    assert.match(
      flat,
      /`X vs Y` answers the comparison with the two devices, and no score: `X`, the device with the highest rate, against `Y`, the highest-risk device of `X`'s type \(`X` itself if it leads its type\)\./,
      path,
    );
    assert.doesNotMatch(flat, /That retry breaks the course's own advice/, path);
    assert.doesNotMatch(flat, /The question is the experiment's \(endnote\)/, path);
  }
});

test("learning outcome 5: a local failure has no error code from MCP, and the SDK's own code is named", () => {
  // An expert's review (imprecise 1): 2026-07-28 basic/index.mdx, "Error Codes", assigns local errors
  // no code, but SDK 2.4.0 throws an SdkError with REQUEST_TIMEOUT or CONNECTION_CLOSED, so "no code"
  // alone is wrong about the SDK.
  for (const { path, text } of exports) {
    const outcomes = flat(text.split("**What you will learn**")[1].split("In the notebook")[0]);
    assert.ok(
      outcomes.includes(
        "5. A timeout or a closed pipe is a failure the client makes itself: no server sent it, and MCP gives it no error code (lesson 7's SDK throws an `SdkError`: `REQUEST_TIMEOUT`, `CONNECTION_CLOSED`).",
      ),
      path,
    );
    assert.doesNotMatch(flat(text), /no server sent it, no code\.|as `local:` text with no code/, path);
  }
});

test("the thorough agent's calls and the crash rows' calls and failures are traced from the turns shown", () => {
  for (const { path, text } of exports) {
    const prose = flat(text);
    const turns = /The thorough agent's turns send ((?:\d+ \+ )+\d+) = (\d+) calls/.exec(prose);
    assert.ok(turns, path);
    const sizes = turns[1].split(" + ").map(Number);
    assert.equal(
      sizes.reduce((a, b) => a + b, 0),
      Number(turns[2]),
      path,
    );
    assert.match(text, new RegExp(`\\ndirect +${turns[2]} +0 +0 +0 +0\\n`), `${path}: the table's direct row`);
    assert.ok(
      prose.includes(
        // A student's reading: which of turn 2's calls were answered and which failed, so the sum reads.
        "Under `crash` the server exits on the 6th call: turn 2's first 3 calls are answered and its last 5 fail; each of those 5 is resent 2 times and fails again, so 2 + 8 + 5 + 5 = 20 calls, 5 × 3 = 15 failed. Under `crash-explained` the first failure says the server is gone, so 2 + 8 = 10 calls, 5 failed.",
      ),
      path,
    );
  }
});
