// Lesson 10's exports, both seeds, read as a student reads them: at most 800 lines with 70% of their prose in markdown cells, every line within 100 characters (prose, output and listings), sections in the course's order, every Turkish name glossed at its first use in prose, no maintainers' notes, no lesson after the last, no raw URL in prose, the course's version drop named against MCP once, the conventions pointed back to, each of the specification's hard cases the lesson meets stated and dated, and none of the wordings the readers found wrong.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { LESSONS } from "../../src/lessons/catalog";
import { LINE_WIDTH } from "../../src/notebook/lineWidth";
import { simulateWithoutASession } from "../../src/lessons/withoutASession/simulate";
import { simulateWritingAClient } from "../../src/lessons/writingAClient/simulate";
import { proseShare } from "../../src/lessons/lessonShape";
import { readNotebook } from "../../src/notebook/notebookFile";

const ROOT = join(__dirname, "..", "..");
const EXPORTS = ["lessons/10-without-a-session.md", "lessons/seed-20260219/10-without-a-session.md"];
const SEEDS = [20260218, 20260219];
/** Whether lesson 10 is the catalog's last lesson: then it closes the course instead of pointing to the next lesson. */
const LAST = LESSONS.at(-1)!.name === "10-without-a-session";
const CLOSING = LAST ? "Where to go from here" : "Next";

/** The export's text outside fenced blocks: what the lesson says, not what it printed or listed. */
function prose(markdown: string): string {
  return markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, "");
}

/**
 * Each Turkish name of the world the lesson uses, and a word of its English gloss, which must
 * come within a sentence's reach of the name's first use in prose.
 */
const GLOSSES: readonly [string, string][] = [
  ["olcum", "metering"],
  ["tarife", "tariff"],
  ["kayit", "records"],
  ["bolge_ozet", "region summary"],
  ["kayit_yaz", "write a record"],
];

for (const [k, path] of EXPORTS.entries()) {
  const markdown = readFileSync(join(ROOT, path), "utf8");
  const said = prose(markdown);

  test(`${path}: section 2 opens with its result, which its wire table bears out`, () => {
    // A student's reading: the one-line result before the tables (more bytes, fewer messages).
    const section = markdown.slice(markdown.indexOf("## 2 ·"), markdown.indexOf("## 3 ·"));
    assert.match(
      section.replace(/\s+/g, " "),
      /^## 2 · [^\n]*? The result first: 2026-07-28 sends more bytes and fewer messages than 2025-11-25, and a typical host gives its model the same context in both\./,
    );
    assert.ok(section.indexOf("The result first") < section.indexOf("```"), path);
    const row = (era: string) =>
      section
        .slice(section.indexOf("all procs"))
        .match(new RegExp(`^${era} +\\d+ +(\\d+) +(\\d+) `, "m"))!
        .slice(1)
        .map(Number);
    const [legacy, stateless] = [row("legacy"), row("stateless")];
    assert.ok(stateless[0]! < legacy[0]!, `${path}: fewer messages`);
    assert.ok(stateless[1]! > legacy[1]!, `${path}: more bytes`);
  });

  test(`${path}: every line is at most ${LINE_WIDTH} characters`, () => {
    const wide = markdown
      .split("\n")
      .flatMap((line, k) => ([...line].length > LINE_WIDTH ? [`${k + 1}: ${line}`] : []));
    assert.deepEqual(wide, []);
  });

  test(`${path}: what you will learn, assumptions, the body, summary, exercises, solutions, and a closing section last`, () => {
    const headings = [...markdown.matchAll(/^(#{1,2}) (.+)$/gm)].map((m) => m[2]);
    const at = (name: string) => {
      const k = headings.indexOf(name);
      assert.ok(k >= 0, `no heading ${name}: ${headings.join(" | ")}`);
      return k;
    };
    assert.ok(markdown.indexOf("**What you will learn**") < markdown.indexOf("## Assumptions"));
    const body = headings.filter((h) => /^\d+ · /.test(h)).map((h) => headings.indexOf(h));
    assert.equal(body.length, 5);
    assert.ok(at("Assumptions") < Math.min(...body) && Math.max(...body) < at("Summary"));
    assert.ok(at("Summary") < at("Exercises") && at("Exercises") < at("Solutions") && at("Solutions") < at(CLOSING));
    assert.equal(
      headings.at(-1),
      CLOSING,
      LAST ? "the last lesson ends with where to go, not Next" : "Next comes last",
    );
    const exercises = markdown.slice(markdown.indexOf("## Exercises"), markdown.indexOf("## Solutions"));
    // Every exercise is answerable from the lesson and a new cell: none asks to edit and rebuild src/.
    assert.doesNotMatch(exercises, /`src\/|npm run build|rebuild|restart the kernel/);
  });

  test(`${path}: every Turkish name is glossed in English at its first use in prose`, () => {
    for (const [name, gloss] of GLOSSES) {
      const first = said.search(new RegExp(`\\b${name}\\b`));
      assert.ok(first >= 0, `${name} is not used in prose`);
      const near = said.slice(Math.max(0, first - 40), first + name.length + 120);
      assert.ok(near.includes(gloss), `${name}: no "${gloss}" near its first use: ${near}`);
    }
  });

  test(`${path}: no provenance labels or performance remarks${LAST ? ", and no lesson after this one" : ""}`, () => {
    assert.doesNotMatch(markdown, /\bIM\d+\b|reference lesson|seed document|issue \d+|hot loop|object shape|per cent/i);
    if (!LAST) return; // a later lesson's Next is held by test/lessons/order.test.ts
    assert.doesNotMatch(said, /\blesson (1[1-9]|[2-9]\d)\b/i);
    assert.doesNotMatch(said, /\bNext\b/);
  });

  test(`${path}: links have text, and no version rule runs here: lesson 5, its home, names it against the current revision`, () => {
    const bare = said.split("\n").filter((line) => /https?:\/\//.test(line.replace(/\]\(https?:\/\/[^)\s]+\)/g, "")));
    assert.deepEqual(bare, [], "a URL in prose outside a markdown link");
    // One sentence points to lesson 5's version rule; lesson 5, its home, sets it against
    // 2026-07-28's SHOULD NOT on clientInfo and serverInfo (basic/index.mdx).
    // One host for the whole lesson, lesson 7's allowlisting host: no version rule drops `kayit`
    // (the student's and the expert's item: no second host whose difference is policy, not MCP).
    assert.doesNotMatch(said, /Run 2|The course's host|Its version rule drops `kayit`/);
    assert.doesNotMatch(said, /SHOULD NOT use `clientInfo` or `serverInfo`/);
    const lessonFive = readFileSync(
      join(ROOT, path.replace(/10-without-a-session/, "05-lifecycle-and-negotiation")),
      "utf8",
    );
    assert.match(lessonFive.replace(/\s+/g, " "), /`clientInfo` and `serverInfo`[\s\S]{0,80}SHOULD NOT/);
  });

  test(`${path}: none of the wordings the readers found wrong`, () => {
    const flat = said.replace(/\s+/g, " ");
    // A local stdio server is a child process on the same machine, not one in the client's process.
    assert.doesNotMatch(flat, /client's own process/);
    // The real client is given its discover results in advance; it never received or saved one.
    assert.doesNotMatch(
      flat,
      /saved `server\/discover`|already knew|from an earlier `server\/discover`|kept them from/,
    );
    assert.match(flat, /given in advance/);
    // No search for a crossing that cannot happen: one sentence says there is none, and why.
    assert.match(
      flat,
      /On one process whose session never expires, the stateless era is never the cheaper one here, in envelope tokens or in bytes\. It costs more before the first call: on these servers .*\. It costs more on every call too, so each call widens the gap\./,
    );
    assert.doesNotMatch(flat, /gap before 1st call|Read off the points/);
    // No break-even metaphor left undefined (the student's item 5): the text says it plainly.
    assert.doesNotMatch(flat, /eras never cross|eras cross|cross neither/);
    // The expert's 2.9: the closing claims keep the scope of what was measured (stdio, one process
    // whose session never ends, envelope tokens and bytes); HTTP's headers and expiry were not.
    assert.doesNotMatch(flat, /At no point is the stateless era the cheaper one|at no point does it become/);
    // The verdict is said once, in section 2, where it is measured (the student's item 5): the
    // Summary weighs the cost against what it buys and does not repeat it.
    assert.equal(flat.split("never the cheaper one").length - 1, 1, "the verdict said once");
    assert.match(
      flat,
      /- It pays in traffic\. On lesson 6's twelve tasks it sends fewer messages but more envelope tokens and bytes, before the first call and on every call, none of it in the model's context \(HTTP's headers and session expiry were not measured\)\./,
    );
    assert.doesNotMatch(flat, /Over stdio, on one process whose session never ends/);
    // The expert's 2.11: where the eras are first compared by tokens, the tokens are named traffic.
    assert.match(
      flat,
      /per call against [\d.]+\. These are lesson 3's envelope tokens: they count traffic, not what a model reads\. Most of the stateless era's extra is `_meta`, and the wire's bytes below tell the same story\./,
    );
    // Two checks on an echoed state, in two places (the student's item 4): the tag in the SDK's
    // hook, the arguments' digest in the server's own code.
    assert.match(
      flat,
      /The server makes two checks on the state it gets back\. The first checks the tag, in the `requestState\.verify` hook the server gives the SDK in its options; the SDK runs it before any handler\. The second, in the server's own code, recomputes the digest from the retry's arguments and compares it with the body's\./,
    );
    // The probe's second process is named as the SDK's design, and its cost is counted. MCP does not
    // address a probe process; its main support is 2026-07-28 basic/index.mdx, "Statelessness"
    // ("Servers SHOULD NOT require that a client reuse the same connection or process"), and
    // versioning.mdx's MAY only keeps the era found (as lesson 7 says); the SDK's reason is its
    // negotiateStdioViaSibling's.
    assert.doesNotMatch(flat, /that MAY permits a process of its own|as MCP permits/);
    assert.doesNotMatch(flat, /The course reads the MAY above/);
    assert.match(
      flat,
      /The probe that matters to a reader is SDK 2\.4\.0's `Client`'s\. Lesson 7 gave it in full: in its `"auto"` mode, or pinned to a version, the `Client` probes on a short-lived second process, which MCP allows, and the MAY above lets it keep the era that probe found\./,
    );
    // Lesson 7 gives the SDK's reason for the second process; this lesson points back to it.
    assert.doesNotMatch(flat, /Some legacy servers exit on any request before `initialize`/);
    assert.match(flat, /A second process costs a launch of the server on every connect\./);
    // Fewer probing clients named (a student's reading): the SDK's first, ours as the instrument that
    // counts it, no table of three clients.
    assert.ok(!markdown.includes("| client | probes on |"));
    assert.doesNotMatch(flat, /Three clients probe in this section/);
    assert.doesNotMatch(flat, /The two part where/);
    assert.match(flat, /probing in place costs the same bytes and no process/);
    // The legacy-only server's answer to the probe is shown.
    // An expert's review: the in-place probe as two plain steps on one process, no scripted client.
    assert.match(
      flat,
      /Probed in place, the legacy-only server takes two steps on one process\. First it answers the SDK's probe with error `-32601`, JSON-RPC's method not found, which is not a modern error\. Then, on the same process, the client sends `initialize` and agrees on `2025-11-25`\./,
    );
    assert.doesNotMatch(flat, /A scripted client sent the legacy-only server the SDK's probe/);
    assert.doesNotMatch(flat, /its message is \d+ characters long/);
    // `Mcp-Name` is required only on tools/call, prompts/get and resources/read (lesson 2 ran them);
    // this lesson no longer lists the headers among what the course did not run.
    assert.doesNotMatch(flat, /`Mcp-Name`[^;.]*\bon every request/);
  });

  test(`${path}: the probe's rule and its code agree, and the terms of section 4 and the close are defined`, () => {
    const flat = said.replace(/\s+/g, " ");
    // The course's client mode has a name of its own, defined at its first use, so that it is not
    // taken for the SDK's `"auto"`; the prose no longer calls it `auto` mode.
    const probing = flat.indexOf("probing mode");
    assert.ok(
      probing >= 0 && probing === flat.indexOf("*probing mode*") + 1,
      "probing mode is defined at its first use",
    );
    assert.match(
      flat,
      /To count that cost, our client has a \*probing mode\* of its own\. It probes as the SDK does, on a second process it starts, lets the SDK judge the answer, and opens the server in the era found\. It differs from the SDK's in one case, covered at the end of this section: a discover result that names no modern version the client speaks\./,
    );
    assert.doesNotMatch(flat, /`auto` mode/);
    // Three probing clients: the reader is told which one each exhibit measures (the student's item).
    assert.match(
      flat,
      /The table counts our probing mode, against a legacy-only `serve olcum --era legacy` and our dual-era `serve olcum` \(\*extra\*: what probing cost beyond opening the server directly in the era it settled on\)\. After it, a probe made in place, on the one process then kept:/,
    );
    // The opening note speaks to the notebook's reader.
    assert.match(
      flat,
      /In the notebook, change `SEED` in the next cell, the lesson's only parameter, and run all cells again;/,
    );
    // The rule: no fallback keyed to one code (MUST NOT); what a recognized modern error is.
    assert.match(flat, /The fallback MUST NOT be keyed to one particular error code\./);
    // stdio.mdx, "Backward Compatibility": a result or a recognized modern error means a modern
    // server; any other error, or no answer within a timeout, a legacy one.
    assert.match(
      flat,
      /a result or a modern error means a modern server; any other error, or silence, a legacy one, to be met with `initialize`\./,
    );
    // The SDK's -32021/-32020 departure (versioning.mdx, "Backward Compatibility…") went with the
    // implementers' box to docs/dual-era-notes.md; the lesson names no SDK internals.
    assert.doesNotMatch(flat, /recognizes -32022 alone/);
    assert.doesNotMatch(flat, /probeClassifier|NOT_PROBE_RECOGNIZED|negotiateStdioViaSibling/);
    assert.doesNotMatch(flat, /takes a server that answers -32021 or -32020 for a legacy one/);
    // Exercise 3's answer is the answer, not a second discovery table (the student's item 3).
    assert.doesNotMatch(flat, /Over its 12 tasks, discovering at every task costs/);
    // The close: MCP's tasks are not the course's, and every feature it names is glossed.
    const close = flat.slice(flat.indexOf("## Where to go from here"));
    assert.match(close, /MCP's \*tasks\*, requests whose result the client collects later/);
    assert.match(close, /they are not the course's tasks, a user's questions\./);
    // The removals are the close's, each glossed there (2026-07-28 changelog.mdx: Major change 5
    // and Minor change 11). Major change 5 removes `ping` too (lesson 3 lists it among 2025-11-25's
    // requests); its keep-alive role passes to SSE comment lines (streamable-http.mdx, "Receiving
    // Messages", a Note that encourages, not a rule).
    // The changelog's list of removals is no pointer beyond the course: the close leaves it out.
    assert.doesNotMatch(close, /- removed, among others/);
    assert.doesNotMatch(close, /compatibility matrix/);
  });

  test(`${path}: the 2025-11-25 HTTP headers, the policy the eras run under, the processes not tallied, exercise 3 answerable without running`, () => {
    const flat = said.replace(/\s+/g, " ");
    // 2025-11-25 basic/transports.mdx, "Protocol Version Header" and "Session Management" 2: over HTTP
    // the version and any session id ride every later request.
    assert.match(
      flat,
      /travel once per session, in `initialize` and its result\. Over Streamable HTTP the version also rides every later request, in the `MCP-Protocol-Version` header, beside any `MCP-Session-Id` \(2025-11-25 `basic\/transports\.mdx`\)\./,
    );
    // One host, lesson 7's allowlisting host, for the whole lesson: the simulated runs, the wire runs
    // and every sentence (the student's item 1, the expert's item 3). No Run 1 / Run 2.
    assert.doesNotMatch(flat, /It runs under lesson 5's policy, the course's convention and not MCP's\./);
    assert.doesNotMatch(flat, /follows MCP|following MCP/);
    assert.doesNotMatch(flat, /as the comparison/);
    assert.doesNotMatch(flat, /Run 1|Run 2|course's host|under two hosts|The rest of the lesson runs under this host/);
    assert.match(
      flat,
      /The whole lesson runs under one host, lesson 7's \*allowlisting host\*\. Its allowlist, lesson 5's, withholds `kayit_yaz` \(write a record\); it has no version rule and trusts its servers' hints, so it keeps `bolge_ozet`/,
    );
    assert.match(
      flat,
      /The third row, \*stateless \+ discover\*, is 2026-07-28's cost as MCP advises it, with the `server\/discover` probe a client that speaks both eras SHOULD send first \(section 4\); the second leaves the probe out, to compare the eras' own messages: \*Before 1st call\* is one discovery of the three servers:/,
    );
    assert.match(flat, /section 4 counts it apart\. The simulated client sends/);
    assert.match(flat, /tell the same story\. The wire, under the same host,/);
    const sim = simulateWithoutASession(SEEDS[k]);
    const [legacy, stateless] = sim.lessonSix.rows;
    // The allowlisting host keeps kayit: only the allowlist drops a tool, and 27 calls reach a server.
    assert.deepEqual(
      legacy.dropped.map((d) => [d.tool, d.reason]),
      [["kayit_yaz", "allowlist"]],
    );
    assert.equal(legacy.wireCalls, 27);
    const messages = (c: { request: number; response: number; notification: number }) =>
      c.request + c.response + c.notification;
    assert.ok(messages(stateless.total) < messages(legacy.total) && stateless.total.tokens > legacy.total.tokens);
    assert.ok(stateless.tokensPerCall > legacy.tokensPerCall);
    const n = (v: number) => v.toLocaleString("en-US");
    assert.match(
      flat,
      new RegExp(
        `The simulated client sends ${legacy.wireCalls} of the ${legacy.calls} calls in either era and completes ${legacy.completed} tasks\\. ` +
          `The 3 to \`kayit_yaz\` end in the client, off the allowlist\\. ` +
          // Numbers in the subject's order: the stateless era's first (the student's item 1).
          `The stateless era costs more: ${n(stateless.total.tokens)} tokens in all against ${n(legacy.total.tokens)}, ` +
          `${stateless.tokensPerCall.toFixed(1)} per call against ${legacy.tokensPerCall.toFixed(1)}\\.`,
      ),
    );
    // What the stateless era buys, counted in requests on the wire (the student's item 2).
    assert.match(
      flat,
      /What the stateless era buys can be counted, though not priced: all \d+ of its requests stand alone, while each of the legacy run's \d+ requests after an `initialize` belongs to a session and must reach the process that holds it\. ## 3 · /,
    );
    // The opening names the wire half's processes without counting them by section (a tally of
    // processes is the maintainers', not the reader's).
    assert.match(flat, /the wire half starts real server processes with `mcp-course serve` and counts every byte/);
    assert.doesNotMatch(flat, /for section \d|server processes with `mcp-course serve` \(/);
    // Exercise 3 points to what section 3 prints, and asks for reasoning, not a new cell.
    const exercises = flat.slice(flat.indexOf("## Exercises"), flat.indexOf("## Solutions"));
    assert.match(
      exercises,
      /3\. Section 3 gives the lists' `ttlMs`, the rule `now < t_received \+ ttlMs` and the tasks before which the cached client listed\./,
    );
    assert.match(exercises, /3\. [^]*?Without running it: suppose the tasks came an hour apart/);
    assert.doesNotMatch(exercises, /new cell|formatModes|simulateWithoutASession\(/);
    assert.doesNotMatch(exercises, /the cached rows of `formatModes`/);
  });

  test(`${path}: the last exercise is a design one, a requestState for a tool that is not idempotent`, () => {
    // An arithmetic exercise on the simulator's tokens gave way to it (the expert's L10 item 3).
    assert.doesNotMatch(markdown, /Tokens per call|From the simulator's second table of section 2/);
    const flat = markdown.replace(/\s+/g, " ");
    const exercises = flat.slice(flat.indexOf("## Exercises"), flat.indexOf("## Solutions"));
    assert.match(
      exercises,
      /8\. Suppose `kayit_yaz` added `deger` to the column instead of writing it, so that every run changes the record again\. Which of section 5's guards would its `requestState` need, what must the server keep beyond the state,/,
    );
    // The answer: the three guards of "Server Requirements (Basic Workflow)", the single-use MUST
    // enforced server-side, and what that record costs the hand-off section 5 ran.
    const answer = flat.slice(flat.indexOf("<summary>8. A state for a tool that is not idempotent</summary>"));
    assert.match(answer, /So the signed state needs all three guards\./);
    assert.match(answer, /The authenticated principal stops a state issued to one user from running for another/);
    // The expert's item: authorization is OPTIONAL, so the token names the principal only where it is used.
    assert.match(answer, /on an HTTP server with MCP's authorization it comes from the access token\./);
    // The principal is said before it is used (mrtr.mdx names it; authorization/index.mdx, "Access
    // Token Usage": the token is in every HTTP request; clients may act on their own behalf).
    const body = flat.slice(0, flat.indexOf("## Summary"));
    assert.ok(
      body.indexOf(
        "what the page calls the *authenticated principal*: whoever the server's authorization identified as making the request, a user or a client acting on its own behalf. On an HTTP server that implements MCP's authorization (it is OPTIONAL), the access token every request then carries identifies it",
      ) >= 0 && body.indexOf("*authenticated principal*") === body.indexOf("authenticated principal") - 1,
      "the principal defined at first use",
    );
    assert.match(answer, /A short expiry, checked on receipt/);
    assert.match(answer, /the server itself MUST enforce at most once\./);
    assert.match(
      answer,
      /so section 5's hand-off now needs storage the instances share, where one shared key used to be enough\./,
    );
  });
}

for (const path of EXPORTS) {
  const markdown = readFileSync(join(ROOT, path), "utf8");
  const flat = prose(markdown).replace(/\s+/g, " ");
  const body = flat.slice(0, flat.indexOf("## Exercises"));
  const solutions = markdown.slice(markdown.indexOf("## Solutions")).replace(/\s+/g, " ");

  test(`${path}: exercise 6's sentence is lesson 7's, pointed to in the body and quoted once, in the answer`, () => {
    const sentence =
      /"Clients SHOULD NOT use an individual task, thread, or conversation as the lifetime boundary for the stdio process\."/;
    assert.match(body, /as lesson 7 said, 2026-07-28 advises against that lifetime for a stdio process/);
    assert.doesNotMatch(body, sentence);
    assert.match(flat, /Which sentence of the specification, the one lesson 7 cited, is about this\?/);
    assert.match(
      solutions,
      new RegExp(`"Statelessness" section of the specification's \\[overview page\\]\\([^)]+\\): ${sentence.source}`),
    );
  });

  test(`${path}: server/discover and clientInfo worded as the specification's SHOULD, and the skipped probe named`, () => {
    // The probe-first SHOULD is the stdio binding's (basic/transports/stdio.mdx); over Streamable
    // HTTP a dual-era client MAY try a modern request first.
    assert.doesNotMatch(flat, /may send it first, or not at all/);
    assert.match(
      flat,
      /That departs from MCP: a client that speaks both eras, as ours does, over stdio SHOULD probe with `server\/discover` before any other request/,
    );
    assert.match(flat, /the protocol version and the client's capabilities \(MUST\) and its identity \(SHOULD\)/);
    // Section 1 prices the fields in bytes only: the tokens per field are lesson 3's.
    const one = flat.slice(flat.indexOf("## 1 · "), flat.indexOf("## 2 · "));
    assert.doesNotMatch(one, /tokens/);
    assert.match(markdown, /^era {8}carried by {17}what {45}bytes$/m);
    assert.match(
      markdown,
      /^stateless {2}every request \(_meta\) {6}protocolVersion, clientInfo, clientCapabilities {4}\d+$/m,
    );
  });

  test(`${path}: input_required said incomplete, the probe-first SHOULD kept to stdio, the ids' growth said`, () => {
    // 2026-07-28 basic/index.mdx, "ResultType": input_required means the request is incomplete; a
    // server may have worked before asking, so "the tool has not run" holds for kayit alone.
    assert.doesNotMatch(flat, /is interim: the tool has not run/);
    assert.match(
      flat,
      /`input_required` result is interim: the request has not completed\. In `kayit`'s case the tool has not run yet; another server may have done part of its work before asking, which is why the replay and at-most-once rules that follow matter\./,
    );
    // The SHOULD is stdio.mdx's; over HTTP a dual-era client MAY try a modern request first, and
    // server/discover.mdx ("When to Call") makes the call optional.
    assert.doesNotMatch(solutions, /A client that speaks both eras, as ours does, SHOULD send it first/);
    assert.match(
      solutions,
      /Over stdio a client that speaks both eras, as ours does, SHOULD send it first all the same \(section 4\); over HTTP it MAY try a modern request first instead \(`basic\/transports\/streamable-http\.mdx`, "Backward Compatibility"\), and the call itself is optional \(`server\/discover\.mdx`, "When to Call"\)\./,
    );
    // Section 3's totals are not plain products: the point in one clause, no byte arithmetic.
    assert.match(
      flat,
      /Discovery at every task costs a little more than 12 times discovery once, since later ids take more digits\./,
    );
    assert.doesNotMatch(flat, /a two-digit id is a byte longer|not \d+ × /);
  });

  test(`${path}: the discovery table says which column counts discovery alone, and the _meta average adds up`, () => {
    assert.match(
      flat,
      /\*discovery bytes\*, as in section 2, is the part of \*bytes\* spent before the tasks' calls: each opening \(`initialize`, its result, `notifications\/initialized`\) and each list request and result, so the legacy per-task figure holds one opening per task and server\./,
    );
    // Which processes the column counts, defined once, not against lesson 7's count (a student's reading).
    assert.match(flat, /\*all procs\* counts the server processes the client started\./);
    assert.doesNotMatch(flat, /where lesson 7 counted only its local ones/);
    assert.match(flat, /\*all procs\* counts every server process the client started, as in section 2\./);
    assert.doesNotMatch(flat, /\*processes\* counts/);
    assert.match(markdown, /^era {8}all procs {2}messages/m);
    // The request's growth on the wire is its `_meta`, the result's its two fields: each average is
    // within a byte of the table's, and the result's says why it is above `olcum`'s.
    const m = flat.match(
      /A stateless `tools\/call` request carries (\d+) bytes of `_meta`, and its result (\d+) more from `olcum`\. Over lesson 6's \d+ calls a stateless `tools\/call` request was ([\d.]+) bytes longer on average, its result ([\d.]+), above \d+ because the calls to `tarife` carry a longer server name\./,
    );
    assert.ok(m, "the _meta sentence");
    assert.ok(Math.abs(Number(m[1]) - Number(m[3])) < 1, `${m[1]} bytes of _meta against ${m[3]} on average`);
    assert.ok(Math.abs(Number(m[2]) - Number(m[4])) < 1, `${m[2]} bytes of result against ${m[4]} on average`);
  });
}

const NOTEBOOK = readNotebook(join(ROOT, "notebooks", "10-without-a-session.ipynb"));

for (const path of EXPORTS) {
  const markdown = readFileSync(join(ROOT, path), "utf8");
  const flat = prose(markdown).replace(/\s+/g, " ");

  test(`${path}: at most 800 lines, at least 70% of the prose in markdown cells, the answers folded`, () => {
    assert.ok(markdown.split("\n").length - 1 <= 800, `${markdown.split("\n").length - 1} lines`);
    const { share } = proseShare(NOTEBOOK, markdown);
    assert.ok(share >= 0.7, `${Math.round(share * 100)}% of the prose in markdown cells`);
    // Nine folded answers; section 4's part on what the pages leave open is in the body, not folded.
    const solutions = markdown.slice(markdown.indexOf("## Solutions"));
    assert.equal(solutions.match(/^<details>$/gm)?.length, 9);
    assert.equal(markdown.match(/^<details>$/gm)?.length, 9);
    assert.doesNotMatch(markdown, /For the curious/);
    // The implementers' box is cut (the student's item 4, the expert's item 4): its notes are in
    // docs/dual-era-notes.md, and no other fold is left in the body.
    assert.doesNotMatch(markdown, /^### An aside for implementers/m);
    assert.doesNotMatch(markdown, /For implementers|a student can skip it/);
    assert.equal(markdown.match(/^<details>/gm)?.length, 9 + 1, "the answers and the setup code");
    assert.doesNotMatch(markdown, /@param|@returns/, "listings show a summary line, not the doc comment");
  });

  test(`${path}: the conventions and terms pointed back to lessons 1 to 5, the glossary not repeated, the revisions compared once`, () => {
    // The course's conventions in one short line, each named by the lesson that is its home.
    assert.match(
      markdown,
      /^- Conventions: lesson 2's doubled round trip, lesson 3's envelope tokens, lesson 5's allowlist\.$/m,
    );
    assert.match(
      flat,
      /- Terms: sessions and the eras \(lesson 5\); `_meta`, `resultType`, `server\/discover`, -32022, `ttlMs` and `cacheScope` \(lessons 3 to 5\)\./,
    );
    const assumptions = markdown.slice(markdown.indexOf("## Assumptions"), markdown.indexOf("## 1 · "));
    assert.ok(assumptions.trim().split("\n").length <= 10, "assumptions within 10 lines");
    assert.doesNotMatch(flat, /The terms of the stateless era, which lesson 9 met on the wire/);
    assert.doesNotMatch(flat, /These counts are not lesson 9's level-3 figures/);
    assert.match(
      flat,
      /The tables below count traffic over stdio: lesson 6's twelve tasks at level 3 against `olcum`, `tarife` and `kayit` in both revisions, discovering once\./,
    );
  });

  test(`${path}: section 3 of the specification's hard cases, stated and dated where the lesson meets them`, () => {
    // One sentence points back to lessons 3 and 4 (resultType's rules, absent means complete and
    // unknown is invalid, are lesson 3's, basic/index.mdx "ResultType") and keeps the points: the
    // request's _meta (MUST, identity SHOULD); ttlMs and cacheScope on complete results of
    // server/discover, the list methods and resources/read, and none on an input_required one
    // (caching.mdx, "Cacheable Results").
    assert.match(
      flat,
      /In 2026-07-28 such fields ride on every request and every result instead, as lessons 3 and 4 showed \(`basic\/index\.mdx`, "Per-request protocol fields" and "Per-response protocol fields"\); a notification need carry none of them: - each request's `_meta` carries the protocol version and the client's capabilities \(MUST\) and its identity \(SHOULD\); - each result carries `resultType` \(MUST\) and, in its `_meta`, the server's identity \(SHOULD\); - a `"complete"` result of `server\/discover`, a list method or `resources\/read` also carries the caching hints `ttlMs` and `cacheScope`; an interim `"input_required"` one carries none\./,
    );
    // Nothing is required on notifications (basic/index.mdx names request and result fields only).
    assert.doesNotMatch(flat, /ride on every message|What every message now carries/);
    assert.doesNotMatch(flat, /Lesson 5 opened `olcum` both ways/);
    const summary = flat.slice(flat.indexOf("## Summary"), flat.indexOf("## Exercises"));
    assert.match(
      summary,
      /a `"complete"` result of `server\/discover`, a list method or `resources\/read` carries `ttlMs` and `cacheScope`, an interim `"input_required"` one none/,
    );
    assert.doesNotMatch(flat, /four list methods/);
    // ttlMs glossed at its first use in section 3; no TTL abbreviation to expand.
    assert.match(flat, /Every list result carries `ttlMs`, a \*time to live\* in milliseconds, and `cacheScope`/);
    assert.equal(flat.indexOf("TTL"), -1);
    // listChanged and the freshness rule's SHOULDs are lesson 7's (their home): section 3 keeps the
    // rule it runs and one clause on list-changed, without repeating them.
    // Section 3 is cut to its wire table and what 2026-07-28 adds: lesson 7 studied the rest.
    assert.doesNotMatch(flat, /A list-changed notification would make it stale sooner/);
    assert.doesNotMatch(flat, /`ResultCache`, from `src\/simulatedClient\/cache\.ts`/);
    assert.match(
      flat,
      /Lesson 7 compared three clients in the simulator: discovering at every task, once, and while the lists' `ttlMs` lasts\./,
    );
    assert.doesNotMatch(flat, /SHOULD NOT treat the TTL as a polling interval/);
    assert.doesNotMatch(flat, /such a server SHOULD send it to each client that opened/);
    // The rule above is enough (the expert's teaching item): the virtual clock is the code's detail.
    // Why per-task totals are not exact multiples (ids grow a digit) is accounting, not teaching.
    assert.doesNotMatch(flat, /virtual clock|wall-clock cache/);
    assert.doesNotMatch(flat, /gains a digit|not exact multiples/);
    // Session lifetime: stdio's, dated, is the reason for the per-task processes; Streamable
    // HTTP's is lesson 2's and the lifetime SHOULD NOT lesson 7's, each pointed back to once.
    assert.match(
      flat,
      // A student's reading: said first in lesson 5, so pointed back to in one clause.
      /A legacy client that keeps nothing between tasks opens a new session per task and server, over stdio a new process each \(lesson 5\); as lesson 7 said/,
    );
    assert.match(flat, /as lesson 7 said, 2026-07-28 advises against that lifetime/);
    assert.doesNotMatch(flat, /a session the server names in an `MCP-Session-Id` spans many HTTP connections/);
    assert.doesNotMatch(flat, /a session ends with its connection|the client deletes it \(lesson 5\)/);
    // The consent point, in one sentence pointing back to lesson 5, in section 5, where the server
    // asks the user (the course-wide decision: stated in full in lesson 5 only).
    assert.match(
      flat.slice(flat.indexOf("## 5 · A request that asks the user"), flat.indexOf("## Summary")),
      /The server cannot check that the client asked anyone, so its question adds to the host's SHOULD of a human in the loop able to deny any tool invocation \(lesson 5\), and does not replace it\./,
    );
    // An expert's review: server/tools.mdx makes the human in the loop a SHOULD, not a duty.
    assert.doesNotMatch(flat, /the host's duty to let a human deny/);
    assert.doesNotMatch(flat, /gating on a declared side effect is a host's policy/);
  });
}

for (const path of EXPORTS) {
  const markdown = readFileSync(join(ROOT, path), "utf8");
  const flat = prose(markdown).replace(/\s+/g, " ");
  const section5 = markdown.slice(markdown.indexOf("## 5 · "), markdown.indexOf("## Summary"));

  test(`${path}: section 5 shows a multi round-trip request on the wire, field by field from the specification`, () => {
    // The real lines: lesson 3 printed the call, input_required with its elicitation and state, the
    // accepted retry and its result (its test pins them byte for byte); here they are named, and the
    // declined retry and its result are printed.
    assert.match(section5, /\$ mcp-course serve kayit --confirm-writes/);
    assert.match(section5, /client → server \(336 bytes\): the same line as in lesson 3/);
    assert.match(section5, /server → client \(477 bytes\): the same line as in lesson 3/);
    assert.match(section5, /clientCapabilities":\{"elicitation":\{\}\}/);
    assert.match(section5, /"requestState":"kayit_yaz:[0-9a-f]{16}\.[A-Za-z0-9_-]{22}"/);
    assert.match(section5, /"inputResponses":\{"confirm":\{"action":"decline"\}\}/);
    assert.match(
      section5,
      /"text":"Not written: the user answered decline\.\s*Do not retry unless the user asks\."\}\],\s+"isError":true/,
    );
    // An isError decline invites a retry (2026-07-28 server/tools.mdx, "Error Handling"): said, and
    // the text answers it.
    const flat5 = prose(section5).replace(/\s+/g, " ");
    assert.match(flat5, /A tool execution error carries feedback a model "can use to self-correct and retry"/);
    assert.match(
      flat5,
      /Retried, the call would ask the user again, who has just said no\. So the text's second sentence tells the model not to retry\./,
    );
    // The rules, cited by page and section.
    const said5 = prose(section5).replace(/\s+/g, " ");
    assert.match(
      said5,
      /In 2026-07-28 servers send no requests\. They MUST use lesson 3's multi round-trip request pattern instead/,
    );
    assert.match(
      said5,
      /\[multi round-trip page\]\(https:\/\/modelcontextprotocol\.io\/specification\/2026-07-28\/basic\/patterns\/mrtr\)/,
    );
    assert.match(
      said5,
      /on `tools\/call`, `prompts\/get` and `resources\/read` only \(lesson 3; "Supported Requests"\)/,
    );
    assert.match(
      said5,
      /A server MUST NOT put an `elicitation\/create` in `inputRequests` for a client that has not declared it/,
    );
    assert.match(said5, /error -32021 \(lesson 3's missing client capability\)/);
    // The message shapes (requestState echoed, the retry's new id) are lesson 3's, pointed back to.
    assert.match(
      said5,
      /Lesson 3 showed its messages on the wire: `kayit_yaz` on `serve kayit --confirm-writes`, the `"input_required"` result with its `inputRequests` and `requestState`, and the retry with a new id, the user's `accept` in `inputResponses` and the state echoed\./,
    );
    // mrtr.mdx "Server Requirements" 4: ours signs, with an HMAC expanded once, at its first use; the
    // state is signed, not encrypted (the client reads the body); the check is the SDK's verify hook.
    const expanded = "an HMAC-SHA256 of the body (a *keyed hash*: a tag only the key's holder can make or check)";
    assert.equal(flat.split(expanded).length, 2, "expanded once");
    assert.equal(flat.indexOf("HMAC"), flat.indexOf(expanded) + "an ".length, "at its first use");
    assert.match(
      said5,
      /Opaque means a client MUST NOT inspect, parse or modify it \(`basic\/patterns\/mrtr\.mdx`\), not that it cannot read it: a dishonest client could read the body and compute another call's digest, but not its tag\./,
    );
    // The student's item 5: opaque is a rule on the client, not a claim that it cannot read.
    assert.doesNotMatch(said5, /Opaque means the client must not interpret or change it; it could still read/);
    assert.match(
      said5,
      /in the `requestState\.verify` hook the server gives the SDK in its options; the SDK runs it before any handler/,
    );
    // SDK 2.4.0 server: createRequestStateCodec adds an expiry; why the course signs its own is the
    // course's machinery, not the body's; exercise 8's answer names the codec's expiry.
    assert.doesNotMatch(said5, /`createRequestStateCodec` signs the same way/);
    assert.match(flat, /SDK 2\.4\.0's `createRequestStateCodec` adds one\./);
    assert.doesNotMatch(said5, /seals a state/);
    assert.match(said5, /`accept` with the form's content, `decline` \(the user said no\), or `cancel`/);
    // elicitation.mdx, "Response Actions": servers handle cancel too (e.g. prompt again later).
    assert.match(
      said5,
      /nothing was written; ours answers a `cancel` the same way, where the page suggests a server might ask again later:/,
    );
    assert.match(said5, /SHOULD answer with a new `input_required` rather than an error \("Error Handling"\)/);
    // Lesson 5's point pointed back to in one sentence, not re-explained.
    assert.equal(said5.split("(lesson 5)").length, 2, "one pointer to lesson 5 in section 5");
    // mrtr.mdx: "Error Handling" (a new InputRequiredResult) covers a retry missing what was asked;
    // a well-signed state on a request it was not issued for is "Server Requirements" item 5, a SHOULD
    // to reject, and src/server/confirmWrites.ts refuses it as the forged one (exercise 8 runs it).
    assert.match(
      said5,
      /Ours does so, with the SDK's `inputRequired`, for a retry that echoes the call's own state without an answer: it asks again and writes nothing\./,
    );
    // 2026-07-28 basic/patterns/mrtr.mdx, "Server Requirements", item 4: MUST reject, no code named.
    assert.match(
      said5,
      /One that fails verification MUST be rejected \("Server Requirements"\)\. One that verifies but was issued for another call SHOULD be rejected too \(the same list: "rejecting state presented on a request that does not match"\)\. Ours refuses both, before anything is written, with the same error: the SDK's -32602 `Invalid or expired requestState`, since the page requires the rejection but names no code\./,
    );
    assert.doesNotMatch(flat, /belongs to other arguments: it asks again/);
    assert.doesNotMatch(flat, /Asking again rather than answering an error is its "Error Handling"/);
    const answer8 = flat.slice(flat.indexOf("<summary>7. A retry with other arguments</summary>"));
    assert.match(
      answer8,
      /Error -32602, `Invalid or expired requestState`, and nothing is written: a scripted client sent that retry, and the server answered with the line the forged retry got, byte for byte\./,
    );
    assert.match(
      answer8,
      /"rejecting state presented on a request that does not match" \("Server Requirements", item 5, a SHOULD\)/,
    );
    // mrtr.mdx item 8: a server MAY return InputRequiredResult on several attempts, each with a state.
    assert.match(flat, /a `requestState`, which a server hands the client to send back with the next retry\./);
    assert.doesNotMatch(flat, /send back with one retry/);
    // caching.mdx "Cacheable Results": tools/call is not among the cacheable methods.
    assert.match(
      flat,
      /The result carries no `ttlMs`, as no `tools\/call` result does \(`server\/utilities\/caching\.mdx`, "Cacheable Results"\)\./,
    );
    // The summary weighs what the price buys, not bytes alone (basic/index.mdx "Statelessness"; mrtr.mdx).
    const summary = flat.slice(flat.indexOf("## Summary"), flat.indexOf("## Exercises"));
    assert.match(
      summary,
      /- What the stateless era buys: with no session to share or route by, any instance of a server can answer any request\. Section 5 showed it: a fresh process, holding only the server's key, answered the retry of a call it never saw, so a load balancer may send each request anywhere\./,
    );
    // The benefit comes before the cost (the student's item 5).
    assert.ok(summary.indexOf("What the stateless era buys") < summary.indexOf("It pays in traffic"));
    assert.match(summary, /Which era to choose is a question of processes and routing, not of bytes\./);
    // 2026-07-28 changelog, item 5: ttlMs and cacheScope are their own feature (SEP-2549), not bought by statelessness.
    assert.match(summary, /The caching hints are a change of their own in the same revision/);
    assert.doesNotMatch(summary, /a client can cache a list for its `ttlMs`/);
    assert.match(summary, /fails verification, or was issued for another call, is refused with an error\./);
    // The computed reading of the round trip.
    assert.match(section5, /Confirmed, in lesson 3, the write took 4 messages and [\d,]+ bytes/);
  });

  test(`${path}: the close defines what it names, and the word stateless is attributed`, () => {
    const close = flat.slice(flat.indexOf("## Where to go from here"));
    assert.doesNotMatch(close, /\*multi round-trip requests\*: a server that needs input/);
    assert.match(
      close,
      /replacing `resources\/subscribe` and `resources\/unsubscribe` \(2025-11-25's requests to be told, or no longer told, when one resource changes\)/,
    );
    // 2026-07-28 deprecated.mdx: the date is the earliest removal, when a feature becomes
    // "eligible for removal; the actual removal is a Core Maintainer decision ... and may happen
    // later". The tasks extension, dated.
    assert.match(
      close,
      /deprecated in 2026-07-28, so that new implementations SHOULD NOT adopt them \(`deprecated\.mdx`, which gives each a migration path\): Roots, Sampling/,
    );
    assert.doesNotMatch(close, /to be removed in the first revision/);
    // Lesson 2 ran Streamable HTTP's headers: the close does not list them among what was not run.
    assert.match(
      close,
      /The list below points beyond the course: what it did not run, or ran only in part, that matters most next\./,
    );
    // HTTP's era detection went into section 4, where era detection is taught; the close keeps
    // a short list (the student's item 2).
    assert.doesNotMatch(close, /its own way of telling the eras apart|Mind the asymmetry|-32601/);
    assert.match(close, /an official extension since 2026-07-28 \(`io\.modelcontextprotocol\/tasks`\)/);
    // deprecated.mdx's table lists Dynamic Client Registration beside Roots, Sampling and Logging.
    assert.match(close, /Logging \(a server's log messages to the client\) and Dynamic Client Registration/);
    // 2026-07-28 basic/authorization/index.mdx, Protocol Requirements: a SHOULD NOT for stdio, not a cannot.
    assert.match(
      flat,
      /over stdio an implementation SHOULD NOT follow the authorization spec and retrieves credentials from the environment instead/,
    );
    // The implementers' box is cut (docs/dual-era-notes.md keeps it); two sentences stay in the body:
    // the pages name no action for a discover result with no version the client speaks
    // (stdio.mdx "Backward Compatibility", server/discover.mdx "DiscoverResult"), nor whether a
    // dual-era server's list is narrowed to 2026-07-28; ours stops where SDK 2.4.0 falls back
    // (test/wireClient/autoLegacyList.test.ts runs both).
    assert.doesNotMatch(flat, /has a client with none surface an error to the user/);
    assert.match(
      flat,
      /A discover result means a modern server, even one that names no revision the client speaks \(`basic\/transports\/stdio\.mdx`, "Backward Compatibility"; `basic\/versioning\.mdx`, "Compatibility Matrix"\), so the pages rule out falling back to `initialize`\. What to do instead is left unsaid; the nearest rule is "surface an error to the user if no compatible version exists" \(`basic\/versioning\.mdx`, "Protocol Version Negotiation"\)\. Meeting such a result, SDK 2\.4\.0's `Client` falls back to `initialize` \(lesson 7's table\), departing from the pages, and ours stops with an error, which follows them\. The -32022 example in `basic\/versioning\.mdx`, "Protocol Version Negotiation", lists `2025-11-25` beside `2026-07-28` in `data\.supported`; the course's servers, like SDK 2\.4\.0, list `2026-07-28` alone in `supportedVersions`, a narrower reading \(lesson 5\)\./,
    );
    // An expert's review: the spec's own -32022 example lists 2025-11-25 among a server's supported
    // versions (2026-07-28 basic/versioning.mdx), so the pages are not silent on it.
    assert.doesNotMatch(flat, /Nor do the pages say whether a dual-era server lists/);

    // An expert's review: the pages classify the server as modern, so they are not silent on the fallback;
    // lesson 7's table says the same in the same words ("names no modern revision the client speaks").
    assert.doesNotMatch(flat, /even one that names no version the client speaks/);
    assert.doesNotMatch(flat, /The pages say neither what a client does/);
    assert.doesNotMatch(flat, /A client does well to take any of the three as the end\.|the two sentences conflict/);
    assert.doesNotMatch(flat, /arguably against|Read literally/);
    assert.doesNotMatch(flat, /after a -32022 whose list holds none/);
    assert.doesNotMatch(flat, /leaves open/);
    assert.doesNotMatch(flat, /Lesson 5 read that case by the era model|follow lesson 5's reading/);
    assert.doesNotMatch(flat, /goes against "Do \*\*not\*\* fall back"/);
    assert.doesNotMatch(flat, /\| the probe's answer \| our `auto` \|/);
    // 2026-07-28 basic/versioning.mdx, "Compatibility Matrix" (Dual-era client, Legacy server, HTTP):
    // the fallback may go on to HTTP+SSE; streamable-http.mdx: an unknown method is 404 with -32601.
    // The expert's 2.10: the same -32601 reads legacy on stdio's probe (stdio.mdx, "Backward
    // Compatibility"; server/discover.mdx: servers MUST implement it) and modern with a 404 over
    // Streamable HTTP (streamable-http.mdx, "Protocol Version Header"); said in section 4, where the
    // probe's -32601 is shown (the student's item 2), not at the end of the course.
    const four = flat.slice(flat.indexOf("## 4 · "), flat.indexOf("## 5 · "));
    // The student's item 3: -32601's verdict by transport, as a two-row table, not a dense paragraph.
    assert.ok(
      markdown.includes(
        [
          "| transport | answer | verdict |",
          "|:---|:---|:---|",
          "| stdio, `server/discover` first | -32601, any non-modern error, or silence | legacy: `initialize` |",
          "| Streamable HTTP, a modern request first | `404` with -32601 | modern, lacking that method |",
        ].join("\n"),
      ),
    );
    assert.doesNotMatch(four, /A -32601 means a legacy server here only because/);
    assert.match(
      four,
      /Over stdio the probe is `server\/discover`, which every modern server MUST implement \(`server\/discover\.mdx`\), so its -32601 comes from a legacy server\./,
    );
    assert.match(
      four,
      /A modern server MUST answer a method it does not implement with `404` and -32601, while a legacy one refuses with a `4xx` whose body holds no recognized modern error \(2026-07-28 `basic\/transports\/streamable-http\.mdx`, "Protocol Version Header" and "Backward Compatibility"\)\./,
    );
    assert.ok(
      four.indexOf("answered the probe with error `-32601`") <
        four.indexOf("The code -32601 alone does not give the era."),
    );
    // 2026-07-28 basic/versioning.mdx, "Compatibility Matrix" (Dual-era client, Legacy server, HTTP).
    assert.match(
      flat,
      /A dual-era HTTP client whose `initialize` fails too may fall back to it \(`basic\/versioning\.mdx`, "Compatibility Matrix"\);/,
    );
    assert.match(
      flat,
      /It probes as the SDK does, on a second process it starts, lets the SDK judge the answer, and opens the server in the era found\./,
    );
    assert.doesNotMatch(flat, /the two differ only in the process they probe on/);
    const extensions = close.indexOf("MCP's *extensions*: optional additions outside the core protocol");
    assert.ok(
      extensions >= 0 && extensions < close.indexOf("`io.modelcontextprotocol/tasks`"),
      "extensions defined before the tasks extension is named",
    );
    assert.match(
      flat,
      /The specification calls 2026-07-28's MCP "a stateless protocol" \(`basic\/index\.mdx`, "Statelessness"\), and the course calls the modern era \*stateless\*\. Stateless means without a session, not without state\. State that spans requests MUST be referenced by an identifier the client passes on each request \(the same section\)\. The tools page gives an example, in guidance it marks non-normative: the id of a cart that a tool returns and later calls take as an argument \(`server\/tools\.mdx`, "Stateful Tools"\)\./,
    );
    // "handle", a word defined and never used again, is not coined.
    assert.doesNotMatch(flat, /\*handle\*/);
    // Section 3 keeps one discovery table, the wire's; exercise 3's answer is the answer alone, not
    // the simulator's table of the same runs (the student found it more lesson than answer).
    const three = flat.slice(flat.indexOf("## 3 · "), flat.indexOf("## 4 · "));
    assert.match(
      three,
      /Here each era runs them on the real wire, with section 2's tasks and host, 10 minutes apart\./,
    );
    assert.doesNotMatch(three, /disc\. tokens|In the simulator, over its/);
    assert.doesNotMatch(markdown, /disc\. messages|This table and section 3's agree row by row/);
    // The halves are defined once, where the lesson first splits into them.
    assert.match(
      flat,
      /The \*simulated half\* is lesson 6's simulator, counting envelope tokens\. The \*wire half\* is lesson 9's real servers and client, counting bytes\./,
    );
    // The per-task legacy run's bytes stand as measured: the ids' digits are no part of the body.
    assert.doesNotMatch(flat, /fewer of its ids reach two digits/);
  });
}

test("the SDK's sibling probe is said for pin mode too, no tokenizer credited to lesson 6, and the signed state's limits are said", () => {
  for (const file of EXPORTS) {
    const prose = readFileSync(join(ROOT, file), "utf8")
      .replace(/```[\s\S]*?```/g, " ")
      .replace(/\s+/g, " ");
    // SDK 2.4.0 Client.connect: the base StdioClientTransport probes on a sibling in 'auto' and pin mode.
    assert.ok(
      prose.includes(
        'in its `"auto"` mode, or pinned to a version, the `Client` probes on a short-lived second process',
      ),
      file,
    );
    assert.doesNotMatch(prose, /Lesson 6's tokenizer/, file);
    // 2026-07-28 mrtr.mdx: integrity MAY be omitted only when tampering can cause nothing worse
    // than request failure; a state here decides a write, so it is signed, and a forged one refused.
    assert.ok(prose.includes("Ours decides a write, so it signs"), file);
    assert.ok(
      prose.includes('"MAY be omitted only when tampering can cause nothing worse than request failure"'),
      file,
    );
    // A key in the course's source protects nothing; a deployed server's is secret and shared.
    assert.ok(prose.includes("a key anyone can read protects nothing"), file);
    assert.match(
      prose,
      /refused the retry with error -32602 `Invalid or expired requestState` before `kayit_yaz` ran, and nothing was written\./,
      file,
    );
    // mrtr.mdx "Server Requirements (Basic Workflow)": the checks listed once, here, and the Warning
    // under the replay guards quoted exactly: they do not make a state single-use; that is the
    // server's to enforce.
    const section5 = prose.slice(prose.indexOf("## 5 · "), prose.indexOf("## Summary"));
    assert.ok(
      section5.includes(
        'The page warns: "Servers for which a given `requestState` must be consumed at most once (e.g., one-time redemptions) MUST enforce that invariant server-side."',
      ),
      file,
    );
    assert.ok(section5.includes("These three do not make a state single-use."), file);
    assert.ok(
      section5.includes(
        'the multi round-trip page asks the server to check it ("Server Requirements (Basic Workflow)"): - A server MUST treat a `requestState` as attacker-controlled.',
      ),
      file,
    );
    assert.match(
      section5,
      /None of the three makes a state single-use: a tool that is not idempotent needs an expiry too and, to run at most once, a record on the server, as the warning asks\./,
      file,
    );
    assert.equal(prose.split("server-side").length, 2, `${file}: the warning is quoted once`);
    // mrtr.mdx: replay protection is a SHOULD; the state replays, harmless only for an idempotent tool.
    assert.match(prose, /Against replay the server SHOULD put the user, a short expiry/, file);
    assert.match(prose, /harmless only because `kayit_yaz` is idempotent/, file);
    assert.match(prose, /a tool that is not idempotent needs an expiry too/, file);
    // The three replay guards as a table (the student's item 5): guard, what it stops, in kayit's state.
    assert.ok(
      prose.includes("| the originating request's identity | a state carried over to another call | yes: its digest |"),
      file,
    );
  }
});

for (const path of EXPORTS) {
  const markdown = readFileSync(join(ROOT, path), "utf8");
  const flat = prose(markdown).replace(/\s+/g, " ");

  test(`${path}: the retry answered by a fresh process, the toy cache's omissions, the ids' bytes, and HTTP+SSE defined`, () => {
    // What statelessness buys, shown: lesson 3's call on one process, which exits; the retry alone on
    // a second, which writes (2026-07-28 basic/patterns/mrtr.mdx: no "shared storage layer across
    // server instances"); a third with another key refuses it.
    const section5 = markdown.slice(markdown.indexOf("## 5 · "), markdown.indexOf("## Summary"));
    assert.match(
      section5,
      /client: closes stdin \(before the retry\)\nserver: exits with code 0\nOutcome: input_required; the process exits before the retry\.\n\n\$ mcp-course serve kayit --confirm-writes\nclient → server \(479 bytes\)\n/,
    );
    assert.match(section5, /Outcome: the retry alone, on a fresh process: the record written\./);
    const said5 = prose(section5).replace(/\s+/g, " ");
    assert.match(
      said5,
      /The second process never saw the call: it started after the first had exited, and the retry was the first line it read\./,
    );
    assert.match(said5, /The retry and its answer are byte for byte lesson 3's, 479 and 210 bytes/);
    assert.match(
      said5,
      /A third process, started with another key in `MCP_COURSE_STATE_KEY`, got the same retry and answered error -32602 `Invalid or expired requestState`/,
    );
    assert.match(said5, /This is what the stateless era buys, and what section 2's counts could not show\./);
    assert.match(said5, /no "shared storage layer across server instances" \(the multi round-trip page\)/);
    // Section 3 is cut to its wire table: the toy cache's listing, the caching rules it leaves out
    // and the ids' digits under the table went with lesson 7's study.
    assert.doesNotMatch(flat, /It leaves out two rules of the caching page that our runs never meet/);
    assert.doesNotMatch(flat, /the JSON-RPC ids make the few bytes of difference/);
    // The deprecated transport is defined before the fallback names it.
    const defined = flat.indexOf("2024-11-05's *HTTP+SSE transport*, which Streamable HTTP replaced in 2025-03-26");
    const fallback = flat.indexOf("may fall back to it");
    assert.ok(defined >= 0 && defined < fallback, "HTTP+SSE defined before the fallback to it");
  });
}

test("what the stateless era buys: any instance answers but a listen stream, no routing needed for protocol state, header routing made safe by the server's check against the body (2026-07-28 streamable-http.mdx, Server Validation), and application state still shared (basic/index.mdx, Statelessness)", () => {
  for (const file of ["lessons/10-without-a-session.md", "lessons/seed-20260219/10-without-a-session.md"]) {
    const text = readFileSync(join(ROOT, file), "utf8").replace(/\s+/g, " ");
    // Header mirroring is lesson 2's; its paragraph sat inside a cost comparison it had nothing to
    // do with (the student's item 3), and is cut.
    assert.ok(!text.includes("*Header mirroring*"), file);
    assert.ok(!text.includes("Header mirroring and caching hints"), file);
    // Header routing is not bought by statelessness (2026-07-28 changelog, SEP-2243), and the
    // server's check is safe only behind a gateway that refuses older versions, which the text says
    // in the note's own words (the student's item 3).
    assert.ok(!text.includes("That holds provided the gateway refuses requests of older versions"), file);
    assert.ok(!text.includes("a gateway routing on the headers that copy the body is safe"), file);
    assert.ok(!text.includes("no routing is needed for correctness"), file);
    // No pointer from the body to an exercise (the student's item 3).
    const body = text.slice(text.indexOf("## 1 · "), text.indexOf("## Summary"));
    assert.doesNotMatch(body, /\(exercise \d\)/, file);
    // A student's reading: "may end another way" was never shown, and basic/index.mdx ("_meta") and
    // mrtr.mdx name no other ending for a call that can go on without the capability: cut.
    assert.ok(!text.includes("may end another way"), file);
    assert.ok(text.includes("the server MUST answer error -32021"), file);
    // A student's reading: section 2 ends on its counts; instances, streams and the message bus are
    // section 5's, after the retry a fresh process answered.
    const five = text.slice(text.indexOf("## 5 · "), text.indexOf("## Summary"));
    assert.ok(
      five.includes(
        "Application state that spans requests, behind a handle such as the cart id above, needs storage the instances share too.",
      ),
      file,
    );
    const two = text.slice(text.indexOf("## 2 · "), text.indexOf("## 3 · "));
    assert.doesNotMatch(two, /message bus|another instance|Application state/, file);
    // Any instance answers any request, except on a long-lived subscriptions/listen stream, whose
    // state is scoped to the request (2026-07-28 basic/patterns/index.mdx, "Subscribe and Notify";
    // subscriptions.mdx: over stdio no subscription state across reconnections). The bus is not in
    // the spec: it is the deployment's, and SDK 2.4.0's createMcpHandler `bus` option (its doc:
    // "Multi-process deployments supply their own implementation over their pub/sub backend").
    assert.ok(
      text.includes(
        'A `subscriptions/listen` stream is the exception. "Stream state is scoped to the request" (2026-07-28 `basic/patterns/index.mdx`, "Subscribe and Notify"), so the stream stays open on the instance that holds it, and a lost stream is opened again with a new request.',
      ),
      file,
    );
    assert.ok(!text.includes("such as a message bus (2026-07-28 `basic/patterns/subscriptions.mdx`)"), file);
    // Solution 4 says once what both clients would do when they agree (the student's item: the
    // same clause twice read as an unfinished edit).
    assert.match(
      text,
      /With `<=` a result is still fresh at exactly `t_received \+ ttlMs`\. The simulated client and the real one alike would list before tasks? [\d, and]+ instead of [\d, and]+\. The specification's rule is strict: `now < t_received \+ ttlMs`\./,
      file,
    );
    assert.ok(!/and the real one before tasks? [\d, and]+ instead of/.test(text), file);
    assert.ok(
      text.includes(
        "How a change raised on another instance reaches the stream MCP leaves to the deployment; the usual answer is a message bus the instances share.",
      ),
      file,
    );
    // The cost verdict, what statelessness buys and application state are paragraphs of their own.
    const raw = readFileSync(join(ROOT, file), "utf8");
    for (const opening of [
      "What the stateless era buys can be counted, though not priced:",
      "A `subscriptions/listen` stream is the exception.",
    ])
      assert.ok(raw.includes(`\n\n${opening}`), `${file}: a paragraph opens with ${opening}`);
    // Section 2's first stateless row sends no server/discover, unlike lesson 7's discovery.
    assert.ok(!text.includes("The simulator discovers as lesson 7 does."), file);
    assert.ok(
      text.includes(
        "The simulator prices messages as lesson 7 does, but its stateless client lists at once, given each server's capabilities, without `server/discover`.",
      ),
      file,
    );
    // Section 2 prints one simulated table, the one host's (Run 2's table is gone); the discovery
    // is its third row, and the columns are defined once, before it.
    assert.ok(text.includes("The third row, *stateless + discover*, is 2026-07-28's cost as MCP advises it"), file);
    // The SDK's `bus` option is a deployment detail, cut (a student's item 5).
    assert.ok(!text.includes("`bus`"), file);
    assert.equal(raw.split("\nera                   messages  tokens").length - 1, 1, file);
    assert.equal(raw.split("\nera        messages  tokens  round trips").length - 1, 0, file);
    assert.equal(text.split("*before 1st call* is the discovery").length - 1, 1, file);
    // Section 3's ten minutes are a virtual clock's: no wall clock is read (wire.ts TASK_GAP_MS).
    assert.ok(
      text.includes(
        "The 10 minutes are virtual: no wall clock is read and nothing waits. The client stamps task k (counting from 1) with the time (k − 1) × 10 minutes.",
      ),
      file,
    );
    // Why a success proves no era is lesson 5's (a legacy server may run a tools/call by its own
    // rules but fail a probe); the close no longer repeats it.
    assert.ok(!text.includes("A success proves nothing on its own."), file);
    // No second run, so no paragraph reconciling two runs' per-call figures.
    assert.ok(!/Run \d's \*per call\*/.test(text), file);
    assert.ok(!text.includes("A price per call moves with the mix of tools called."), file);
    // Exercise 2's figure is spelled where the table is: bytes/call is the second table's bytes
    // sent and received over the calls (the expert's item 5).
    assert.ok(
      text.includes(
        "*bytes/call* is a `tools/call` request and its response together, on average: the second table's *tools/call bytes sent* and *received*, added and divided by *calls*:",
      ),
      file,
    );
    assert.ok(
      text.includes(
        "2. From the wire's tables of section 2 (*bytes/call*, or the *tools/call bytes sent* and *received* it comes from),",
      ),
      file,
    );
  }
});

test("section 2's *before 1st call* is reconciled with lesson 7's first table, and the scope of the result is said", () => {
  for (const [k, file] of EXPORTS.entries()) {
    const seed = SEEDS[k]!;
    const prose = readFileSync(join(ROOT, file), "utf8").replace(/\s+/g, " ");
    const sim = simulateWithoutASession(seed);
    const fixed = (label: string) => sim.lessonSix.rows.find((r) => r.label === label)!.fixed.tokens;
    // Lesson 7's own table, less its fleet row: the same sums the sentence gives.
    const seven = simulateWritingAClient(seed);
    const three = (rows: { server: string; tokens: number }[]) =>
      rows.filter((r) => r.server !== "fleet").reduce((t, r) => t + r.tokens, 0);
    assert.equal(three(seven.discovery), fixed("legacy"), `seed ${seed}`);
    assert.equal(three(seven.currentDiscovery), fixed("stateless + discover"), `seed ${seed}`);
    const n = (v: number) => v.toLocaleString("en-US");
    assert.ok(
      prose.includes(
        `*Before 1st call* is one discovery of the three servers: in 2025-11-25 their openings and lists, ${n(fixed("legacy"))} tokens; ` +
          `in 2026-07-28 their lists alone, ${n(fixed("stateless"))}, or ${n(fixed("stateless + discover"))} with \`server/discover\` first (the third row). ` +
          `Lesson 7 counted the third row's ${n(fixed("stateless + discover"))} (its rows of \`olcum\`, \`tarife\` and \`kayit\` add up to it); ` +
          `the rest of this section leaves the probe out, as lesson 9's client did, and section 4 counts it apart.`,
      ),
      file,
    );
    // Sections 2–3 price stdio traffic; HTTP, where sessions matter most, is not measured.
    assert.match(
      prose,
      /Nor is HTTP measured, where sessions matter most: there a 2025-11-25 server MAY end a session at any time, and each end costs the client a new `initialize`, a MUST \(`basic\/transports\.mdx`, "Session Management"\), and a new `tools\/list` unless it kept the list\./,
      file,
    );
    // A student's reading: "the second" named; the section says up front it measures traffic.
    assert.doesNotMatch(prose, /Lesson 7 counted the second|not about the eras in general/, file);
    assert.match(prose, /## 2 · [^#]*? The result first: [^#]*? The tables below count traffic over stdio: /, file);
    // A student's reading: one column name for one quantity in sections 2 and 3.
    const raw = readFileSync(join(ROOT, file), "utf8");
    assert.doesNotMatch(raw, /bytes before {2}|of them discovery/, file);
    assert.equal(raw.match(/ discovery bytes {2}/g)?.length, 2, file);
    // An expert's review: exercise 2's id byte is given in the question and explained in the answer.
    assert.match(
      prose,
      /Mind the ids: the SDK's client numbers each process's requests from 0, and a legacy client's `initialize` takes the first\./,
      file,
    );
    assert.match(
      prose,
      /less 1 byte: the legacy client's `initialize` took an id first, so its calls' ids run one higher, and one stateless id is a digit shorter \(\d+ against the legacy run's \d+\)/,
      file,
    );
  }
});

test("docs/dual-era-notes.md, not the lesson, says which of the three rules a server follows to end a listen stream, and why", () => {
  // 2026-07-28 basic/patterns/cancellation.mdx: a server MUST send notifications/cancelled when it
  // tears down a subscriptions/listen stream; schema.ts CancelledNotification describes it on stdio
  // (it forbids it nowhere else); subscriptions.mdx "Graceful Closure": a completion result, SHOULD.
  const notes = readFileSync(join(ROOT, "docs", "dual-era-notes.md"), "utf8").replace(/\s+/g, " ");
  assert.match(
    notes,
    /A server should follow the MUST, the one rule of the three it may not break: send `notifications\/cancelled`, then close the stream\. On stdio the schema agrees; elsewhere its wording forbids nothing, and leaving out the completion result departs from a SHOULD alone\./,
  );
  assert.match(notes, /When that list holds legacy versions alone, the two sentences conflict/);
  for (const file of EXPORTS) {
    const flat = readFileSync(join(ROOT, file), "utf8").replace(/\s+/g, " ");
    assert.doesNotMatch(flat, /A server should follow the MUST, the one rule of the three/, file);
    assert.doesNotMatch(flat, /has that sent on stdio only/, file);
  }
});

test("section 5 says how a 2026-07-28 server asks for a completion, and that sampling is deprecated", () => {
  // A student's item 3: basic/patterns/mrtr.mdx, "Server Requirements": inputRequests values MUST be
  // an ElicitRequest, a CreateMessageRequest or a ListRootsRequest; client/sampling.mdx (Warning)
  // and deprecated.mdx (SEP-2577): new implementations SHOULD NOT adopt sampling.
  for (const file of EXPORTS) {
    const text = readFileSync(join(ROOT, file), "utf8").replace(/\s+/g, " ");
    const section = text.slice(text.indexOf("## 5 · "), text.indexOf("The server cannot check that"));
    assert.ok(
      section.includes(
        "A completion is asked for the same way: an `inputRequests` value MUST be an `ElicitRequest`, a `CreateMessageRequest` (`sampling/createMessage`) or a `ListRootsRequest` (`basic/patterns/mrtr.mdx`). But 2026-07-28 deprecates sampling: new implementations SHOULD NOT adopt it, and existing ones SHOULD migrate to integrating directly with LLM provider APIs (`client/sampling.mdx`; `deprecated.mdx`).",
      ),
      file,
    );
  }
});

test("an expert's review: section 3 says which row SDK 2.4.0's Client gives, section 5 how the digest is made, and an exercise asks what a load balancer must know", () => {
  // client/dist/*.d.mts, CacheableRequestOptions: cacheMode 'use' (the default) serves a still-fresh
  // cached entry without a round trip; 'refresh' always fetches.
  for (const file of EXPORTS) {
    const text = readFileSync(join(ROOT, file), "utf8").replace(/\s+/g, " ");
    const three = text.slice(text.indexOf("## 3 · "), text.indexOf("## 4 · "));
    assert.ok(
      three.includes(
        "SDK 2.4.0's `Client` keeps each list it fetched through `listTools`, `listResources` or `listPrompts` while its `ttlMs` lasts and, by default (`cacheMode: 'use'`), serves it with no request (`@modelcontextprotocol/client` 2.4.0, `CacheableRequestOptions`). So one long-lived SDK client, its tasks really ten minutes apart, gives the *cached* row below; the *per-task* row needs `cacheMode: 'refresh'` on each list call (a new `Client` per task would also start a process per task and server).",
      ),
      file,
    );
    // A student's reading: "anyone can compute" the digest, once the lesson says how it is made
    // (src/protocol/requestState.ts, stateBody).
    assert.ok(
      text.includes(
        "`kayit_yaz:` and a digest of the call's arguments (the first 16 hex digits of SHA-256 over their JSON, made with no key), then a tag.",
      ),
      file,
    );
    // One conceptual exercise: 2025-11-25 basic/transports.mdx (MCP-Session-Id on every later
    // request); 2026-07-28 basic/index.mdx, "Statelessness" (SHOULD NOT require the same connection
    // or process; state spanning requests MUST be referenced by an explicit identifier).
    const exercises = text.slice(text.indexOf("## Exercises"), text.indexOf("## Solutions"));
    assert.match(exercises, /9\. Suppose a server ran as several instances behind one HTTP load balancer\./, file);
    const answer = text.slice(text.indexOf("<summary>9. What a load balancer must know</summary>"));
    assert.match(answer, /The balancer must route by that header to the instance that answered `initialize`/, file);
    assert.match(answer, /The balancer may send each request to any instance\./, file);
    assert.ok(answer.indexOf("</details>") < answer.indexOf("## Where to go from here"), file);
  }
});
