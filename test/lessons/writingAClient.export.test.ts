// Lesson 7's exports, both seeds, as a reader gets them: within the course's length and prose share, conventions pointed back to lessons 1 to 5, the course's gate named as lesson 5 names it beside MCP's rule, dated facts dated, plumbing listings out and the rest cut to a one-line summary.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { proseShare } from "../../src/lessons/lessonShape";
import { LINE_WIDTH } from "../../src/notebook/lineWidth";
import { readNotebook } from "../../src/notebook/notebookFile";
import { ROOT } from "../helpers";

const NAME = "07-writing-a-client";
const EXPORTS = [join("lessons", `${NAME}.md`), join("lessons", "seed-20260219", `${NAME}.md`)];
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

/** The export's prose: outside fenced blocks, quote markers dropped, white space folded to single spaces. */
const proseOf = (markdown: string) =>
  markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/^> ?/gm, "")
    .replace(/\s+/g, " ");

/** The body, from the title to `## Next` (the only place a later lesson may be named). */
const bodyOf = (markdown: string) => markdown.slice(0, markdown.indexOf("\n## Next"));

test("both exports are at most 700 lines, and the notebook's markdown cells hold at least 70% of their prose", () => {
  const nb = readNotebook(join(ROOT, "notebooks", `${NAME}.ipynb`));
  for (const file of EXPORTS) {
    const text = read(file);
    assert.ok(text.split("\n").length - 1 <= 700, `${file}: ${text.split("\n").length - 1} lines`);
    const { share, inCells, inExport } = proseShare(nb, text);
    assert.ok(share >= 0.7, `${file}: ${inCells} of ${inExport} words in markdown cells`);
  }
});

test("no plumbing listing: the whole 2026-07-28 client, then the 2025-11-25 client with a one-line summary", () => {
  for (const file of EXPORTS) {
    const text = read(file);
    // The whole file of the current-revision client, imports included, comes first.
    const whole = text.indexOf("`src/lessons/writingAClient/currentClient.ts`, the whole file:");
    assert.ok(whole >= 0, `${file}: the whole 2026-07-28 client`);
    const wholeListing = text.slice(whole, text.indexOf("```\n", text.indexOf("```ts", whole) + 5));
    for (const line of [
      'import { Client, ProtocolError, type Transport } from "@modelcontextprotocol/client";',
      'import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";',
      'versionNegotiation: { mode: { pin: "2026-07-28" } }',
      "await client.connect(transport);",
      "await client.listTools();",
      "await client.callTool(call);",
      "result.isError",
      "error instanceof ProtocolError",
      "await client.close();",
    ])
      assert.ok(wholeListing.includes(line), `${file}: ${line}`);
    // The whole file imports only the SDK and Node: no module of the course.
    assert.doesNotMatch(wholeListing, /from "\.|CLI_SCRIPT/, `${file}: no course import in the whole client`);
    const captions = [...text.matchAll(/^`(\w+)`, from `src\/[^`]+`:$/gm)].map((m) => m[1]);
    assert.deepEqual(captions, ["useServer"], file);
    assert.ok(whole < text.indexOf("`useServer`, from"), file);
    for (const name of [
      "legacyDiscoveryMessages",
      "runWithDiscovery",
      "dropVisibility",
      "reportDrops",
      "listMessages",
      "sendDiscovery",
    ])
      assert.doesNotMatch(text, new RegExp(`export function ${name}\\b`), `${file}: ${name} is not listed`);
    // The discovery builder's helpers reach the reader nowhere: the real lines and the table show its messages.
    for (const name of ["DISCOVERY_METHODS", "initializeParams", "identityWords", "capabilitiesOf", "LEGACY_REVISION"])
      assert.ok(!text.includes(name), `${file}: ${name} is not shown`);
    const listings = [...text.matchAll(/`, from `src\/[^`]+`:\n\n```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
    assert.equal(listings.length, 1);
    for (const listing of listings) {
      const [first, second] = listing.split("\n");
      assert.match(first, /^\/\*\* .+ \*\/$/, `${file}: a one-line summary, not a docstring`);
      assert.ok(first.length <= LINE_WIDTH, first);
      assert.match(second, /^export (async )?function /);
      assert.doesNotMatch(listing, /@param|@returns|@throws/, file);
      assert.doesNotMatch(listing, /stateless|server\/discover|ttlMs|_meta/, `${file}: the 2025-11-25 session only`);
      // The SDK half only: the course's policy is handed in as `decide`, and none of its names shows.
      assert.doesNotMatch(
        listing,
        /WIRE_CLIENT|declarationFromWire|decideOn|gateCall|ClientPolicy|IntendedCall|WireTool|ServerUse/,
        `${file}: no course plumbing in the SDK client's listing`,
      );
      assert.ok(listing.includes("const decision = decide(server, tools); // the host's policy: apply yours here"));
    }
  }
});

test("conventions are pointed back to their lessons in a sentence, not explained again", () => {
  for (const file of EXPORTS) {
    const prose = proseOf(read(file));
    for (const pointer of [
      "envelope tokens (body tokens plus 8, lesson 3)", // envelope tokens and the 8-token constant
      "two to a remote one (lesson 2)", // the doubled remote round trip
      "lesson 5's allowlist, all but `kayit_yaz` (write record), widened to `fleet`'s tools",
      "the course's gate (lesson 5)",
      "| *the course's host* | lesson 5: two of its rules depart from MCP",
      "(the legacy era, lesson 5)",
      "adds lesson 3's `_meta` to every request",
    ])
      assert.ok(prose.includes(pointer), `${file}: ${pointer}`);
    // No convention is given to lesson 6, whose home it is not, and the envelope is not worked again.
    assert.doesNotMatch(prose, /lesson 6's (envelope|policy|handshake|rule)|as lesson 6 priced/, file);
    assert.doesNotMatch(prose, /pieces of at most five characters|A worked example of the envelope/, file);
    assert.doesNotMatch(prose, /a field for metadata that any request may hold/, file);
  }
});

test("one name for the gate: lesson 5's name, the course's gate, pointed back to, its MCP counterpart left to lesson 5", () => {
  for (const file of EXPORTS) {
    const prose = proseOf(read(file));
    assert.doesNotMatch(prose, /approval gate|reference gate|the gate that follows/i, file);
    assert.match(
      prose,
      /`kayit_yaz` says `"readOnlyHint":false`: it may write, so the course's gate \(lesson 5\) would hold a call to it\./,
      file,
    );
    // Lesson 5 sets the gate beside MCP's human in the loop (its test pins that); here it is not told again.
    assert.doesNotMatch(prose, /human in the loop/, file);
  }
});

test("dated facts are dated: annotations, listChanged, local failures, sessions; title and outputSchema are lesson 6's", () => {
  for (const file of EXPORTS) {
    const prose = proseOf(read(file));
    for (const phrase of [
      // listChanged and its notification are lesson 6's; in 2026-07-28 the notification comes on a
      // subscriptions/listen stream and invalidates a cached result (server/utilities/caching.mdx,
      // "Interaction with Notifications").
      "None of the four servers declares `listChanged: true`.",
      'The notification makes the cached result stale at once ("Interaction with Notifications")',
      // Timeouts are lesson 3's (its test pins the rules); here one pointer, and SDK 2.4.0's default and error class.
      "A timeout or a closed connection (lesson 3) throws an `SdkError` instead, whose `code` is `REQUEST_TIMEOUT` after a timeout (60 seconds by default in SDK 2.4.0) or `CONNECTION_CLOSED`",
      // Sessions are lesson 5's (over HTTP, lesson 2's session ID and DELETE): one pointer, with the
      // one fact the lesson's counts use, that a stdio session lasts as long as the server process.
      "in 2025-11-25, against once per session, in server processes too.",
      // A course's reading, not a sentence of 2025-11-25: marked as such, with the page it reads.
      "Over stdio that is a new server process (lesson 5's reading).",
      // 2026-07-28 has no opening: server/discover is a MAY (basic/versioning.mdx, "Protocol Version
      // Negotiation"), sent first by this lesson's clients. Only cacheable results carry ttlMs
      // (2026-07-28 caching.mdx, "Cacheable Results").
      "2026-07-28, opens nothing: a client MAY send `server/discover` first, as this lesson's do, and each list result says how long it stays fresh (`ttlMs`, lesson 4)",
      // SDK 2.4.0 attaches the _meta keys only once a modern era is negotiated. The per-request
      // fields are MCP's on client requests only (2026-07-28 basic/index.mdx, "Per-request protocol
      // fields": "Client requests carry…"); a notification's _meta is NotificationMetaObject (schema),
      // with none of them: the SDK adds them to notifications by its own choice.
      'In 2026-07-28 the SDK adds lesson 3\'s `_meta` to every request, as MCP asks (`basic/index.mdx`, "Per-request protocol fields"). It adds them to notifications too, which MCP does not ask.',
      // Tool names SHOULD be unique within a server (2025-11-25 and 2026-07-28 server/tools.mdx,
      // "Tool Names"); the note on collisions across servers is new in 2026-07-28.
      "Tool names SHOULD be unique within a server, in both revisions; across servers, 2026-07-28 adds a note",
      // 2026-07-28 basic/index.mdx, "Statelessness": the SHOULD NOT is about a stdio process's
      // lifetime, not about listing before each task.
      '2026-07-28 says: "Clients SHOULD NOT use an individual task, thread, or conversation as the lifetime boundary for the stdio process" (`basic/index.mdx`, "Statelessness")',
      // 2025-11-25 makes no client keep its session: either side may end one (basic/lifecycle.mdx,
      // "Shutdown"); over HTTP a server MAY end it and the client MUST then send a new initialize
      // (basic/transports.mdx, "Session Management" 3-4): it answers requests with that session
      // id with 404, the client's trigger. Keeping it is what the per-session client does.
      "A 2025-11-25 client can keep its session across tasks and discover once, like the per-session client below.",
      'Either side may end a session; a server that ends one over HTTP answers the next request `404`, and the client MUST send a new `initialize` (`basic/transports.mdx`, "Session Management").',
      "In 2025-11-25, a per-task client opens a new session for each task.",
      // 2025-11-25 server/tools.mdx, "List Changed Notification", gives only the server's SHOULD;
      // listing again is what a client may do, not text of that page.
      // Sessions are counted in 2025-11-25 because servers still speak it.
      "then one in 2025-11-25, which older servers still speak (the legacy era, lesson 5)",
      "`nextCursor`",
    ])
      assert.ok(prose.includes(phrase), `${file}: ${phrase}`);
    assert.ok(!prose.includes("still advises against the per-task client:"), file);
    // Not a rule of 2025-11-25: a client may keep its session, not must.
    assert.ok(!prose.includes("In 2025-11-25 a client keeps its session open"), file);
    // 2026-07-28 has no opening exchange (basic/versioning.mdx: clients MAY call server/discover).
    assert.doesNotMatch(prose, /the opening is `server\/discover`/, file);
    assert.ok(!prose.includes("and the client lists them again within its session (2025-11-25"), file);
    // When annotations came is lesson 6's to say; here it is not said again.
    assert.doesNotMatch(prose, /since 2025-03-26/, file);
  }
});

test("lessons 2 and 3 are pointed back to once, the default revision is said once, and code names are explained", () => {
  for (const file of EXPORTS) {
    const text = read(file);
    const prose = proseOf(text);
    const count = (phrase: RegExp) => (prose.match(phrase) ?? []).length;
    // The question is framed in 2026-07-28 up front, before What you will learn; where the client
    // switches to 2025-11-25, a heading says so, and no default revision is assumed.
    const frame = prose.indexOf("How often should a client pay for discovery: before every task, once, or again");
    assert.ok(frame >= 0 && frame < prose.indexOf("**What you will learn**"), `${file}: the frame, up front`);
    assert.ok(
      prose.includes(
        "How often should a client pay for discovery: before every task, once, or again whenever a result has gone stale?",
      ),
      file,
    );
    assert.match(text, /^### In 2025-11-25, with the course's host$/m, file);
    assert.equal(count(/names no revision|From here on: 2025-11-25/g), 0, `${file}: no default revision`);
    // How a session ends over HTTP is lessons 2 and 5's: pointed back to, not told again. Only what
    // follows a server's ending it (a new initialize) is cited here, once.
    assert.doesNotMatch(prose, /closing its HTTP connections/, `${file}: no connection ends a session`);
    assert.equal(count(/DELETE|MCP-Session-Id/g), 0, `${file}: sessions are lesson 5's`);
    assert.equal(count(/Session Management/g), 1, `${file}: a new initialize, cited once`);
    const at = prose.indexOf("A timeout or a closed connection (lesson 3) throws an `SdkError`");
    assert.ok(at >= 0, `${file}: timeouts point back to lesson 3`);
    const passage = prose.slice(at, prose.indexOf(". ", prose.indexOf("timeout", at)) + 1);
    assert.match(
      passage,
      /A timeout or a closed connection \(lesson 3\) throws an `SdkError` instead, whose `code` is `REQUEST_TIMEOUT` after a timeout \(60 seconds by default in SDK 2\.4\.0\) or `CONNECTION_CLOSED`/,
    );
    assert.doesNotMatch(passage, /SHOULD|notifications\/cancelled|\.mdx/, `${file}: pointed back to, not told again`);
    // Section 3's listen stream is ended by notifications/cancelled, as stdio asks of a subscription.
    const listenEnd =
      'On stdio the client ends the stream with `notifications/cancelled`, naming the request\'s id ("Cancellation").';
    assert.ok(prose.includes(listenEnd), file);
    assert.doesNotMatch(
      prose.replace(passage, "").replace(listenEnd, ""),
      /timeout|notifications\/cancelled/i,
      `${file}: in one passage`,
    );
    // One decision, one name: lesson 6's decideOn; the simulator's agreeOn is not named beside it.
    assert.doesNotMatch(text, /agreeOn/, file);
    // The fleet's devices, their fields and its task's ground truth are lesson 8's: not told here,
    // beyond the arguments of the fleet task's chain (section 1, computed).
    const chain = text.indexOf("Its chain is `count_devices` with");
    assert.ok(chain > text.indexOf("## 1 · ") && chain < text.indexOf("## 2 · "), `${file}: the chain`);
    const withoutChain = text.slice(0, chain) + text.slice(text.indexOf("\n\n", chain));
    assert.doesNotMatch(withoutChain, /downtime_min|operating_hours|risk_score|max_hours|^top_devices {2}/m, file);
    // Exercises are answered from the lesson, not from a source file.
    const exercises = text.slice(text.indexOf("\n1. ", text.indexOf("## Exercises")), text.indexOf("## Solutions"));
    assert.doesNotMatch(exercises, /src\/|runWithDiscovery/, file);
  }
});

test("a real JSON line where discovery's messages are discussed, and the body names no later lesson", () => {
  for (const file of EXPORTS) {
    const text = read(file);
    assert.match(
      text,
      /\$ mcp-course serve kayit\nclient → server \(156 bytes\)\n {2}\{"method":"initialize","params":\{"protocolVersion":"2025-11-25"/,
    );
    assert.match(text, /"serverInfo":\{"name":"kayit","version":"3"\}/);
    assert.match(text, /\{"jsonrpc":"2\.0","method":"notifications\/initialized"\}/);
    const body = bodyOf(text);
    assert.doesNotMatch(body, /[Ll]esson (8|9|10)\b|FLEET_POLICY|planned lesson|reference lesson/, file);
    assert.match(text.slice(text.indexOf("## Next")), /Lesson 8/);
  }
});

test("the shape: assumptions of at most 10 lines, numbered sections, folded answers, Next last", () => {
  for (const file of EXPORTS) {
    const text = read(file);
    const headings = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    assert.deepEqual(headings, [
      "Assumptions",
      "1 · The fourth server",
      "2 · A client on the SDK",
      "3 · Every task, once, or while fresh",
      "4 · What the model is told",
      "Summary",
      "Exercises",
      "Solutions",
      "Next",
    ]);
    const assumptions = text.slice(text.indexOf("## Assumptions\n") + 16, text.indexOf("\n## 1 ·"));
    assert.ok(assumptions.trim().split("\n").length <= 10, `${file}: assumptions`);
    const exercises = text.slice(text.indexOf("## Exercises"), text.indexOf("## Solutions"));
    const solutions = text.slice(text.indexOf("## Solutions"), text.indexOf("## Next"));
    const numbered = [...exercises.matchAll(/^(\d)\. /gm)].map((m) => m[1]);
    const folded = [...solutions.matchAll(/^<summary>(\d)\. /gm)].map((m) => m[1]);
    assert.deepEqual(folded, numbered);
  }
});

test("every Turkish word lesson 7 uses in its prose is glossed at its first use there", () => {
  const glosses: [string, string][] = [
    ["olcum", "metering"],
    ["tarife", "tariff"],
    ["kayit", "records"],
    ["cihaz_listesi", "device list"],
    ["kayit_yaz", "write record"],
    ["basamak_tablosu", "tier table"],
    ["bedel_aciklamasi", "charge explanation"],
    ["abone_listesi", "subscriber list"],
  ];
  for (const file of EXPORTS) {
    const prose = proseOf(read(file));
    for (const [name, gloss] of glosses) {
      const at = prose.indexOf(`\`${name}\``);
      assert.ok(at >= 0, `${name} is used`);
      assert.ok(prose.startsWith(` (${gloss}`, at + name.length + 2), `${file}: ${name} → ${prose.slice(at, at + 60)}`);
    }
    // One gloss for the client's answer to any tool it does not hold, at its first use; section 4 uses it bare.
    const first = prose.indexOf("`arac bildirilmedi`");
    assert.ok(prose.startsWith('`arac bildirilmedi` ("tool not declared")', first), `${file}: first gloss`);
    // A student's reading: the misspelt name's bare answer, which exercise 4 needs, has a paragraph
    // and a bold lead of its own, not a clause inside the refusal's paragraph.
    assert.ok(!prose.includes("that says why: a misspelt name gets"), file);
    assert.ok(
      read(file).includes(
        "\n\n**A misspelt name**, a tool no server listed, gets the same bare `arac bildirilmedi` from both.",
      ),
      file,
    );
    // Shown for a tool kayit declared and the policy dropped; that the answer is the host's for any tool
    // it did not keep is said once, before the lines (`decide`'s "A call to any other tool it refuses").
    assert.ok(
      prose.includes(
        "so the host kept neither tool and refused the call to `bolge_ozet`: no `tools/call` was sent. `kayit_yaz` says",
      ),
      file,
    );
    const anyTool = prose.indexOf("refuses a call to any other with `arac bildirilmedi`");
    assert.ok(anyTool >= 0 && anyTool < prose.indexOf("refused the call to `bolge_ozet`"), file);
    assert.doesNotMatch(prose, /not negotiated/, file);
  }
});

test("one word per thing: placement is lesson 2's, discovery is defined once, pages are cited as lessons 1 to 5 cite them", () => {
  for (const file of EXPORTS) {
    const text = read(file);
    const prose = proseOf(text);
    assert.ok(
      prose.includes("The first table prices one discovery of each server, local or remote (lesson 2's placement)."),
      `${file}: local and remote are placements`,
    );
    // A student's reading: why one round-trips column serves both revisions, said in one clause.
    assert.ok(
      prose.includes("Both revisions send a server as many requests, so one *round trips* column serves both."),
      file,
    );
    // Discovery per server is priced in tokens and round trips, not as lesson 5's kind of table.
    assert.doesNotMatch(text, /^server {2}placement {2}version {2}capabilities/m, file);
    assert.doesNotMatch(text, /^server {2}transport /m, file);
    // Discovery is lesson 6's word, pointed back to once; what the lesson counts as discovery is said
    // at its first use (MCP requires no list request).
    assert.ok(
      prose.includes(
        "a client has to learn what each server offers, by *discovery* (lesson 6): here a first exchange, then a list request",
      ),
      `${file}: discovery defined at its first use`,
    );
    assert.equal((prose.match(/by \*discovery\*/g) ?? []).length, 1, `${file}: defined once`);
    assert.ok(prose.includes("MCP requires no list request"), file);
    // Spec pages as `page.mdx`, sections in quotes: no bare page paths.
    assert.doesNotMatch(prose, /`(basic|server)\/(?!discover`)[a-z/_-]+`/, `${file}: a page cited without .mdx`);
    assert.ok(prose.includes('(2026-07-28 `basic/index.mdx`, "Statelessness")'), file);
    // The fleet in a few lines: why it is here, why its names are English, what it offers; the body
    // names no later lesson (the test above), nor points to one.
    const fleet = prose.indexOf("## 1 · The fourth server");
    const section = prose.slice(fleet, prose.indexOf("## 2 · "));
    assert.ok(
      section.startsWith(
        '## 1 · The fourth server `fleet` gives discovery a fourth server, local like `olcum`: the `fleet` server of lesson 4, outside the water world, so its tool names are English. It declares version `"1"` in `serverInfo`; its devices are drawn from the seed.',
      ),
      file,
    );
    assert.ok(
      section.includes(
        "It offers three tools that change nothing (`count_devices`, `top_devices` and `get_device`), one resource, `cihaz_listesi` (device list), and no prompts.",
      ),
      file,
    );
    // The fleet task's chain, computed (its calls, arguments and when it fails), follows in one paragraph.
    const chain = section.indexOf("Its chain is ");
    assert.ok(chain > 0, `${file}: the chain`);
    assert.ok(section.slice(0, chain).split(" ").length < 90, `${file}: section 1 is a few lines`);
    assert.ok(section.slice(chain).split(" ").length < 60, `${file}: the chain in a line or two`);
    assert.doesNotMatch(prose, /to which the course returns|the field `model`/, file);
    assert.doesNotMatch(prose, /the Next section says where it returns/, `${file}: one sentence says why, no pointer`);
    // The course's policy step is told in prose, in lesson 5's words.
    // An expert's review: no "negotiated tools" here, a course word lesson 5 defines once.
    assert.ok(prose.includes("keeps the listed tools its allowlist and version rule allow,"), file);
    assert.ok(!prose.includes("negotiated tools"), file);
    // A student's reading: lesson 4 introduces `fleet`; here a back reference to it,
    // no experiment "taught later"; "agents" (defined only in the next lesson) is not used.
    assert.ok(
      prose.includes(
        "Its client talks to `olcum` (metering), `tarife` (tariff), `kayit` (records) and `fleet`, the fourth server of lesson 4, with its 400 medical devices.",
      ),
      file,
    );
    assert.doesNotMatch(prose, /taught later|for that experiment/, file);
    // The pinned row probes, yet a client can open directly (a student's reading): SDK
    // 2.4.0's ConnectOptions.prior, "taking precedence over `versionNegotiation`".
    assert.ok(
      prose.includes(
        "A client holding a server's discover result can skip the probe: `connect`'s option `prior`, `{ kind: \"modern\", discover }`, takes precedence over `versionNegotiation`.",
      ),
      file,
    );
    assert.doesNotMatch(prose, /lesson 5\)\. client talks|in which agents ask/, file);
    // Terms named are defined, or not named.
    assert.ok(prose.includes("`resources/templates/list` (*resource templates*: URI patterns"), file);
    assert.doesNotMatch(prose, /`completions`/, file);
    // The listings' identifiers are glossed; the course's internals are not named at all.
    for (const name of ["`MCP_COURSE` is the path of the course's `mcp-course` command"])
      assert.ok(prose.includes(name), `${file}: ${name}`);
    assert.doesNotMatch(prose, /CLI_SCRIPT|WIRE_CLIENT_INFO|declarationFromWire|`decideOn`|`gateCall`/, file);
    // "Envelope" means lesson 3's envelope tokens only: the simulator's message counter is not shown.
    assert.doesNotMatch(text, /`Envelope`|\bEnvelope\b(?! tokens)|envelope: Envelope/, file);
    assert.doesNotMatch(text, /return \{ session: /, file);
    // Declaration levels are the servers'; the client's behaviour is what follows from them.
    assert.doesNotMatch(prose, /levels 0 to 2 stand for a client/, file);
  }
});

test("the whole 2026-07-28 client's run shows the SDK's stdio probe on a process of its own, as the prose says", () => {
  for (const file of EXPORTS) {
    const text = read(file);
    const prose = proseOf(text);
    // SDK 2.4.0 Client.connect: on the base StdioClientTransport, 'auto' and pin mode send
    // server/discover to a short-lived sibling process, then start the session's. The probe is MCP's
    // (2026-07-28 basic/transports/stdio.mdx, "Backward Compatibility"); its own process is the
    // SDK's choice, not the specification's, for the reason its documentation of
    // `versionNegotiation` gives: servers on SDKs that exit on any pre-`initialize` request.
    // The probe's own process is the SDK's, in the box headed as the SDK's, with the reason SDK
    // 2.4.0's `VersionNegotiationMode` documentation gives and its cost ("one extra spawn per
    // connect"). MCP names no probe process; its main support is 2026-07-28 basic/index.mdx,
    // "Statelessness" (servers SHOULD NOT require the same connection or process; the Note: an open
    // stdio process is not a session). basic/versioning.mdx's MAY (keeping an era found across
    // restarts) is secondary.
    // The SDK's rules: two lines in the body, the rest folded (a student's reading).
    // The SDK's rules as a decision table, probe answer | SDK 2.4.0 does | MCP says (a student's reading).
    for (const row of [
      "| probe answer | SDK 2.4.0 does | MCP says |",
      "| a result sharing a modern revision with the client | goes on in 2026-07-28 | the same |",
      "| -32022 listing modern revisions, none the client's | `connect` fails | the same: no shared version |",
      '| -32022 listing a modern revision the client speaks | probes again with it, once | the same: retry with a supported version (`basic/versioning.mdx`, "Protocol Version Negotiation") |',
      // A student's reading: one condition a row, not three in one cell. SDK 2.4.0's classifyResult
      // falls back on a discover result sharing no modern revision; classifyRpcError on a -32022 whose
      // `supported` parseSupportedList rejects, and on one listing no modern revision.
      '| a result naming no modern revision the client speaks | falls back to `initialize` | the server is modern: do not fall back (`basic/transports/stdio.mdx`, "Backward Compatibility"; `basic/versioning.mdx`, "Compatibility Matrix"); surface an error instead |',
      "| -32022 with no usable `supported` list | falls back to `initialize` | the server is modern: do not fall back (the same pages) |",
      "| -32022 listing only legacy revisions | falls back to `initialize` | undecided: see the fold |",
      '| -32020 or -32021 | falls back to `initialize` | the server is modern: "correct the request, rather than falling back" (`basic/transports/streamable-http.mdx`, "Backward Compatibility") |',
      "| any other error, or no answer in time | falls back to `initialize` | the same: the server is legacy |",
    ])
      assert.ok(text.includes(`\n${row}\n`), `${file}: ${row}`);
    // A student's reading: the cell gives the SDK's behaviour and MCP's verdict in a few words; the
    // pages' open case (a -32022 listing legacy revisions alone) is folded (a student's reading).
    assert.ok(
      text
        .replace(/\s+/g, " ")
        .includes(
          '<details><summary>More of SDK 2.4.0\'s rules, and a case MCP leaves open</summary> MCP leaves one case open: to a -32022 listing legacy revisions alone, stdio\'s page says both "Use one of the versions in its advertised `supported` list" and "Do **not** fall back to `initialize`" (`basic/transports/stdio.mdx`, "Backward Compatibility"). `connect` also fails',
        ),
      file,
    );
    assert.ok(!prose.includes("One case is left open"), `${file}: the open case is folded`);
    assert.doesNotMatch(text, /\| [^\n]*sets the page's "Use one of the versions/, file);
    assert.ok(!prose.includes("only one listing no modern revision leads on"), `${file}: the paragraph replaced`);
    // The fallback is not one case (an expert's review): SDK 2.4.0's classifyRpcError falls back on
    // every error but a -32022 with a modern revision (NOT_PROBE_RECOGNIZED: -32001, -32020,
    // -32021), and classifyResult on a discover result sharing no modern revision.
    assert.ok(!prose.includes("only a -32022 listing no modern revision"), file);
    // -32020 and -32021 are modern errors, after which versioning.mdx has a client retry, not fall back.
    assert.ok(text.includes("-32020 or -32021 | falls back to `initialize` | the server is modern"), file);
    // An expert's review: a discover result sharing no version leaves nothing to retry (no "retry" in
    // that row); SDK 2.4.0's classifyRpcError gives a -32022 listing a mutual modern version the
    // verdict "corrective" and negotiateEra re-probes once; pin mode never falls back.
    assert.ok(!text.includes("the server is modern: retry, do not fall back"), `${file}: the merged row is split`);
    // The verifying expert: SDK 2.4.0's classifyResult counts only modern revisions (a result sharing
    // only 2025-11-25 falls back); -32020/-32021's "correct the request" is streamable-http.mdx's
    // (Backward Compatibility), not versioning.mdx's; a -32022 with no usable supported list falls back
    // in the SDK (parseSupportedList); and the fold leaves paths out, so it is not "in full".
    assert.ok(!text.includes("| a result sharing a revision with the client |"), file);
    assert.ok(!text.includes("correct the request, no fallback (`basic/versioning.mdx`"), file);
    assert.ok(!text.includes("rules in full"), file);
    assert.ok(prose.includes('In `"auto"` mode SDK 2.4.0 reads the probe\'s answer by these rules:'), file);
    // A student's reading: after the table, what to do where `"auto"` departs from MCP. SDK 2.4.0's
    // negotiateEra throws in pin mode on every verdict that `"auto"` turns into a fallback.
    assert.ok(
      prose.includes(
        'So do not rely on `"auto"` where it falls back on a modern answer: pin 2026-07-28 for a server known to be modern. A pinned `connect` throws there: surface the error (`basic/versioning.mdx`, "Protocol Version Negotiation"), or correct a -32020 or -32021.',
      ),
      file,
    );
    assert.ok(!prose.includes("to keep to MCP where they differ"), file);
    const folded = text.replace(/\s+/g, " ");
    assert.ok(
      folded.includes(
        '`basic/transports/stdio.mdx`, "Backward Compatibility"). `connect` also fails on HTTP 401, 403 or 5xx',
      ),
      file,
    );
    assert.ok(
      folded.includes(
        'Over stdio, with its `StdioClientTransport`, the SDK sends the probe of `"auto"` and of the pin to a short-lived process of its own, then starts the one it keeps: some servers built on older SDKs exit on any request before `initialize`. MCP allows it: servers SHOULD NOT require that a client reuse the same process (2026-07-28 `basic/index.mdx`, "Statelessness"). </details>',
      ),
      file,
    );
    assert.doesNotMatch(text, /reads as covering it/, file);
    assert.doesNotMatch(prose, /The course takes it as allowed by a MAY/, file);
    // stdio.mdx "Backward Compatibility": the probe is RECOMMENDED for a modern-only client, which
    // the pinned client shown is, and a SHOULD for a dual-era one. RECOMMENDED is SHOULD (lesson 1),
    // so the rule is said once, with SHOULD only, never as two strengths.
    // Only over stdio (an expert's review): over Streamable HTTP a dual-era client MAY tell the era
    // from its first modern request (2026-07-28 streamable-http.mdx, "Backward Compatibility"), and
    // server/discover.mdx ("When to Call") calls the request optional; said where the HTTP probe shows.
    assert.ok(
      prose.includes(
        'Over stdio the probe is MCP\'s: a client SHOULD send `server/discover` before any other request (2026-07-28 `basic/transports/stdio.mdx`, "Backward Compatibility": of a pinned client and a dual-era one alike).',
      ),
      file,
    );
    assert.doesNotMatch(prose, /The probe is MCP's: a client SHOULD/, `${file}: not said of every transport`);
    assert.ok(
      prose.includes(
        "and one server process received all five messages. MCP does not ask for that POST over HTTP: a client MAY tell the era from its first modern request (lesson 5).",
      ),
      file,
    );
    assert.equal((prose.match(/RECOMMENDED/g) ?? []).length, 0, file);
    assert.doesNotMatch(prose, /MCP permits that extra process/, file);
    // The probe is glossed in prose before the first listing that names it.
    assert.ok(
      prose.includes("Its `connect` begins with a *probe*: a `server/discover` sent before anything else"),
      file,
    );
    const gloss = text.indexOf("Its `connect` begins with a *probe*:");
    assert.ok(gloss >= 0 && gloss < text.indexOf("server/discover on a probe process"), `${file}: probe glossed first`);
    // The course's reading of a 2025-11-25 stdio session is lesson 5's, referred back to, not cited
    // again; the SDK's way of ending its probe is left out (SDK internals no later part uses).
    assert.doesNotMatch(prose, /SIGTERM/, `${file}: the SDK's way of ending its probe is not weighed again`);
    assert.ok(prose.includes("Over stdio that is a new server process (lesson 5's reading)."), file);
    assert.ok(
      text.includes("await client.connect(transport); // server/discover on a probe process, then spawns"),
      file,
    );
    const probe = text.indexOf("$ mcp-course serve tarife --era stateless   # the SDK's probe\n");
    // 2026-07-28 has no session: the process the SDK keeps is "the kept process".
    const kept = text.indexOf("$ mcp-course serve tarife --era stateless   # the kept process\n");
    assert.ok(probe >= 0 && kept > probe, file);
    assert.doesNotMatch(text, /# the session/, file);
    assert.equal(text.slice(probe, kept).match(/"method":"/g)?.length, 1, `${file}: server/discover alone`);
    // How many processes the lesson's run started is plumbing: not said.
    assert.doesNotMatch(text, /The real\s+lines come from|server processes and carry/, file);
  }
});

test("the drop is lesson 5's, pointed back to: the lesson keeps only the reporting client, its report the course's construct", () => {
  for (const file of EXPORTS) {
    const text = read(file);
    const prose = proseOf(text);
    // The version rule's drop of kayit is measured in lessons 5 and 6: no table of where the calls went,
    // no report per declaration level here.
    assert.doesNotMatch(text, /^server {2}tools listed {2}tools kept/m, file);
    assert.doesNotMatch(text, /^level {2}report$/m, file);
    // Section 4 leads with MCP's rule on what a client passes its model, then names the report as
    // the course's device (2025-11-25 and 2026-07-28 server/tools.mdx, "Error Handling").
    const section = prose.indexOf("## 4 · ");
    assert.ok(
      prose.startsWith(
        "## 4 · What the model is told A host that calls a tool for its model passes the outcome back to the model.",
        section,
      ),
      file,
    );
    assert.ok(prose.indexOf("*reporting client*") > prose.indexOf("to enable self-correction"), file);
    // An expert's review: each client named once, by the name the lines and reports print after.
    assert.ok(
      prose.includes(
        "The course's host has two clients: the *silent client* sends only `arac bildirilmedi`; the *reporting client* adds the reason.",
      ),
      file,
    );
    assert.ok(
      prose.includes("Only a client that reports its drops lets the model tell a dropped tool from a misspelt one"),
      file,
    );
    assert.doesNotMatch(bodyOf(text), /from its own cache/, file);
  }
});

test("the SDK's calls are told from the course's host before its listing, and the simulated part is said before its first table", () => {
  for (const file of EXPORTS) {
    const text = read(file);
    const prose = proseOf(text);
    const split = prose.indexOf("Which call to make, if any, is the host's decision, handed in as `decide`.");
    assert.ok(split >= 0 && split < prose.indexOf("`useServer`, from"), `${file}: SDK and host told apart first`);
    // The listing's types, each in a few words, before it.
    const types = prose.indexOf(
      "`Implementation` is the SDK's type of `serverInfo`; `HostDecision` (a call, or a refusal's text) and `CallOutcome` (sent or not, `isError`, text) are the course's:",
    );
    assert.ok(types > split && types < prose.indexOf("`useServer`, from"), `${file}: the types glossed first`);
    // The course's policy step, after the listing, in two sentences.
    const policy = prose.indexOf("The host's `decide` keeps");
    assert.ok(policy > prose.indexOf("`useServer`, from"), file);
    assert.equal(
      prose.slice(policy, prose.indexOf("The course's discovery, counted below")).trim(),
      'The host\'s `decide` keeps the listed tools its allowlist and version rule allow, and refuses a call to any other with `arac bildirilmedi` ("tool not declared"): no `tools/call` is sent.',
      file,
    );
    // Section 3 prints a real subscriptions/listen stream later: these are the last real lines the
    // tables count, not the lesson's last real lines (a student's reading).
    assert.ok(!text.includes("the lesson's last real lines"), `${file}: no claim the stream contradicts`);
    const simulated = text.indexOf("From here on a counted message is the simulator's");
    assert.ok(simulated >= 0 && simulated < text.indexOf("server  kind "), `${file}: said before the first table`);
    assert.doesNotMatch(prose, /simulated but section 2's/, `${file}: said once, up front`);
  }
});

/** The export's blockquoted lines, `>` taken off, as one line of single spaces. */
function blockquotes(text: string): string {
  return text
    .split("\n")
    .filter((line) => line.startsWith(">"))
    .map((line) => line.replace(/^>\s?/, ""))
    .join(" ")
    .replace(/\s+/g, " ");
}

test("section 4: MCP's SHOULD and MAY quoted as the tools page has them, with one real line of each channel", () => {
  // 2026-07-28 server/tools.mdx, "Error Handling", word for word (2025-11-25 has the same two sentences).
  const may =
    "Clients **MAY** provide protocol errors to language models, though these are less likely to result in successful recovery.";
  const should = "Clients **SHOULD** provide tool execution errors to language models to enable self-correction.";
  for (const file of EXPORTS) {
    const text = read(file);
    const quoted = blockquotes(text);
    assert.ok(quoted.includes(may) && quoted.includes(should), `${file}: both sentences, exactly`);
    // One real line per channel, each under its channel and what MCP asks of the client.
    assert.ok(
      text.includes(
        'tool execution error, a result with isError: true (SHOULD be passed to the model):\n  tarife: isError true, Input validation error: Invalid arguments for tool tarife: m3: expected\n    integer, received "on iki"\nprotocol error, a thrown JSON-RPC error (MAY be passed to the model):\n  tarfe: ProtocolError -32602, Unknown tool: tarfe\n',
      ),
      file,
    );
    // The same lines crossed the wire in section 2: the isError result and the -32602 error.
    assert.match(text, /"text":"Input validation error: [^]*?"isError":true/, file);
    const prose = proseOf(text);
    assert.ok(
      prose.includes("a *tool execution error*: a result with `isError: true`, which `callTool` returned"),
      file,
    );
    assert.ok(prose.includes("a *protocol error*: a JSON-RPC error, -32602: `callTool` threw"), file);
    assert.ok(prose.includes("MCP sets no format for either"), file);
    // The report stays the course's device, after MCP's half, and shorter than before.
    // Its one point: a refusal in the host is invisible to the model unless the host says so.
    const report = prose.slice(
      prose.indexOf("A third failure sends no message"),
      prose.indexOf("Each is the host's own message"),
    );
    // MCP leaves a host's refusal open (no page says what the model learns of it); the course reads its
    // SHOULD on tool execution errors, by analogy, as returning the refusal in that form (isError true).
    assert.ok(
      report.includes(
        "A third failure sends no message: a call the host refuses itself. MCP leaves a host's refusal open.",
      ),
      file,
    );
    // The device cut to its principle: the refusal goes back to the model as tool-result text saying why.
    assert.ok(
      report.includes(
        "*The course's reading*, by analogy with the SHOULD above: the refusal goes back to the model as tool-result text, `isError` true, that says why.",
      ),
      file,
    );
    assert.doesNotMatch(report, /the course's device|invisible to the model/, file);
    assert.ok(report.split(" ").length < 130, `${file}: the report device in brief`);
  }
});

test("the SDK's auto mode: when connect fails, in one short paragraph, on stdio and over HTTP apart", () => {
  // SDK 2.4.0, src/client/probeClassifier.ts (dist/public-*.mjs): classifyRpcError falls back to
  // initialize on a -32022 whose `supported` holds no modern version, and fails on one that lists
  // modern versions the client lacks; classifyHttpError fails on 401/403 and >= 500;
  // classifyProbeOutcome fails on an unusable reply, a network error, and a timeout over HTTP (on
  // stdio a timeout falls back).
  for (const file of EXPORTS) {
    const text = read(file);
    assert.match(text, /^\| `"auto"` \| .* \| in the cases below \|$/m, file);
    // In a box headed as the SDK's, not MCP's: the fallback, then every failure.
    assert.ok(
      text
        .replace(/\s+/g, " ")
        .includes(
          "`connect` also fails on HTTP 401, 403 or 5xx; on a 2xx reply it cannot parse, a network failure, or no answer in time over HTTP (over stdio it falls back); or when the fallback `initialize` fails.",
        ),
      file,
    );
    // The old box said any -32022 naming revisions the client lacks fails, and left out HTTP.
    assert.doesNotMatch(text, /names only revisions the client lacks|when the probe cannot be sent/, file);
    assert.doesNotMatch(text, /^- when the probe/m, `${file}: no list of cases`);
  }
});

test("the simulated bodies are said to carry the server's name, which the real line does not", () => {
  for (const file of EXPORTS) {
    const text = read(file);
    // Said once, plainly (a student's reading): a priced row is the simulator's words, not the wire's
    // bytes, and why it adds the server's name: its tables count four servers' messages together.
    const said = proseOf(text).indexOf(
      "From here on a counted message is the simulator's: a row of its words (names, versions, capabilities, `surum` for \"version\"; no schemas, nothing from the seed), not the wire's bytes. It adds the server's name after the method (`tools/list kayit`), a word no real message carries, to say whose each row is.",
    );
    assert.ok(said >= 0 && said < proseOf(text).indexOf("`tarife` also lists one resource, `basamak_tablosu`"), file);
    assert.doesNotMatch(proseOf(text), /real lines' words count|is the simulator's addition/, file);
    assert.doesNotMatch(proseOf(text), /a little higher/, file);
    assert.match(text, /"method":"tools\/list","jsonrpc":"2\.0","id":1\}/, `${file}: the real line, no name`);
  }
});

test("the era switch: its reason at the top, lesson 10's 2026-07-28 figures only in Next", () => {
  for (const file of EXPORTS) {
    const text = read(file);
    const next = text.slice(text.indexOf("## Next"));
    assert.match(
      next.replace(/\s+/g, " "),
      /Lesson 10 measures section 3's three clients on the real wire, in both eras\./,
    );
    assert.doesNotMatch(bodyOf(text), /lesson 10/i, file);
  }
});

test("section 3: one table of host, revision and mode, one reading, and 'once' defined directly", () => {
  for (const file of EXPORTS) {
    const text = read(file);
    const prose = proseOf(text);
    const section = text.slice(text.indexOf("## 3 · "), text.indexOf("## 4 · "));
    // Three tables in one block, each captioned with its host: one discovery of each server in
    // both revisions (the same under either host), then, for the host that trusts its servers'
    // hints, the 2026-07-28 cadence and 2025-11-25 per task against per session. The course's host
    // is one sentence of prose.
    assert.match(
      section,
      /^one discovery of each server, under either host:\nserver {2}placement {2}2025-11-25 tokens {2}2026-07-28 tokens {2}round trips$/m,
      file,
    );
    assert.match(section, /^kayit +remote +79 +134 +4$/m, file);
    assert.match(section, /^all +425 +823 +18$/m, file);
    assert.match(section, /^2026-07-28, the allowlisting host:\ndiscovery {2}discoveries/m, file);
    assert.match(section, /^2025-11-25, the allowlisting host:\ndiscovery /m, file);
    assert.doesNotMatch(section, /the course's host \(lesson 5's version rule\):/, file);
    assert.doesNotMatch(section, /^host +revision/m, file);
    for (const row of [
      /^per task +13 +10 +\d+ +273 +2$/m,
      /^once +1 +10 +\d+ +57 +2$/m,
      /^cached +3 +10 +\d+ +93 +2$/m,
      /^per task +13 +10 +\d+ +273 +26$/m,
      /^per session +1 +10 +\d+ +57 +2$/m,
    ])
      assert.match(section, row, file);
    // The host that trusts its servers' hints is read first; the course's host follows in one
    // sentence, without its own figures.
    assert.match(
      prose,
      /Under the course's host, its version rule drops `kayit`; 7 of 13 complete in both revisions\.\s/,
      file,
    );
    assert.doesNotMatch(prose, /tokens per task, \d+ once and \d+ cached/, file);
    assert.ok(
      prose.indexOf("Every client in the tables makes") <
        prose.indexOf("Under the course's host, its version rule drops"),
      file,
    );
    assert.doesNotMatch(prose, /calls not sent save/, file);
    // The consent caveat is stated in full in lesson 5 only; here one pointing sentence. The host
    // that trusts hints runs here with lesson 5's allowlist, said where the tables introduce it.
    assert.doesNotMatch(prose, /as a SHOULD permits/, file);
    assert.doesNotMatch(prose, /standing consent/, file);
    assert.ok(read(file).includes("\n2026-07-28, the allowlisting host:\n"), file);
    assert.doesNotMatch(prose, /It is defensible only where the user has given standing consent/, file);
    assert.equal(
      (section.match(/^```text$/gm) ?? []).length,
      4,
      `${file}: the listen stream, the kayit bodies, the table and the fold taking it apart`,
    );
    // 'once' is defined directly, not as a cached client with a trick spacing: back to back, its
    // lists never go stale. No tangled caveat on another spacing.
    assert.ok(
      prose.includes(
        "*once* discovers before the first task and never again. Its tasks run back to back, all within one `ttlMs`, so its lists never go stale;",
      ),
      file,
    );
    assert.doesNotMatch(prose, /Spaced like cached's/, file);
    // processes names the two local servers it counts.
    assert.ok(
      prose.includes(
        // One rule, said so a reader can compare another lesson's count (a student's reading):
        // the client's own stdio processes, one per local server and session; the probe left out.
        "*local processes* counts the processes the client starts over stdio: one per local server (`olcum`, `fleet`) and session, or kept for all tasks in 2026-07-28; SDK 2.4.0's probe is left out.",
      ),
      file,
    );
    assert.ok(prose.includes("*cached* runs the tasks ten minutes apart, keeps each result while fresh"), file);
    assert.doesNotMatch(prose, /here all 13 tasks run within one `ttlMs`/, file);
    assert.ok(!prose.includes("*once* is the cached client"), file);
    assert.ok(prose.includes("*per task* keeps nothing between tasks and discovers before each one;"), file);
    assert.doesNotMatch(prose, /within MCP's rules|follows MCP|following MCP|onay yok/, file);
    assert.ok(prose.includes("on a *virtual clock* where messages take no time,"), file);
    // One 2026-07-28 discovery's bodies, so that its price can be checked word by word.
    assert.match(section, /^kayit +request +server\/discover kayit +\d+ +2$/m, file);
    assert.ok(prose.includes("lists only `2026-07-28` in `supportedVersions`, as the real ones:"), file);
    assert.match(section, /^kayit +response +resultType complete 2026-07-28 tools kayit /m, file);
    assert.doesNotMatch(prose, /lists four revisions|speak both eras/, file);
    // caching.mdx, "Freshness Calculation": the rule, and both of its client SHOULDs.
    assert.ok(
      prose.includes(
        'A result is fresh while `now < t_received + ttlMs`, where `t_received` is when the client received it. Once it is stale, the client SHOULD re-fetch it on next access; it SHOULD NOT treat the TTL as a polling interval (2026-07-28 `server/utilities/caching.mdx`, "Freshness Calculation").',
      ),
      file,
    );
    // caching.mdx, "Freshness Calculation": its MUST for clients that poll anyway.
    assert.ok(
      prose.includes(
        "A client that polls anyway MUST apply jitter and backoff (the same section): it spreads its requests at random and waits longer between them.",
      ),
      file,
    );
    assert.match(
      prose,
      /The cached client fetched again before tasks 7 and 13: task 7 starts 60 minutes after the first fetch, exactly the `ttlMs` of 3600000 ms, and a result is stale once its age reaches `ttlMs`\./,
      file,
    );
    // No 2025-11-25 box: its rows are in the table.
    assert.doesNotMatch(section, /^> /m, file);
  }
});

test("tool names across servers: 2026-07-28's note quoted word for word, and one prefixing scheme computed on two servers", () => {
  // 2026-07-28 server/tools.mdx, "Tool Names", the note (2025-11-25 has only "unique within a server").
  const should =
    "Clients or proxies that aggregate tools from multiple servers **MAY** encounter naming collisions (for example, two servers each exposing a `search` tool) and **SHOULD** implement a disambiguation strategy such as prefixing tool names with a server identifier.";
  const shouldNot =
    "The server `name` (from `serverInfo`) is not guaranteed to be unique across servers and **SHOULD NOT** be relied upon for disambiguation.";
  for (const file of EXPORTS) {
    const text = read(file);
    const quoted = blockquotes(text);
    assert.ok(quoted.includes(should) && quoted.includes(shouldNot), `${file}: both sentences, exactly`);
    assert.ok(text.includes("const prefixed = prefixToolNames(["), file);
    for (const line of [
      "host's key   serverInfo name  listed as      shown to the model as",
      "fleet-north  fleet            count_devices  fleet-north__count_devices",
      "fleet-south  fleet            get_device     fleet-south__get_device",
    ])
      assert.ok(text.includes(`\n${line}\n`), `${file}: ${line}`);
    const prose = proseOf(text);
    assert.ok(prose.includes("The host knows each server by the key it gave it"), file);
    assert.ok(prose.includes("The course's scheme prefixes each listed name with that key and `__`"), file);
    // The SHOULDs the scheme keeps to, which exercise 3 is answered from.
    assert.ok(
      prose.includes("a tool name SHOULD hold 1 to 128 ASCII letters, digits, `_`, `-` or `.` (the same section)"),
      file,
    );
    assert.ok(prose.includes("3. A host adds more fleet servers."), file);
  }
});

test("2026-07-28 bodies are priced as lesson 3 defines them, said before the first such table and computed after it", () => {
  for (const file of EXPORTS) {
    const text = read(file);
    const prose = proseOf(text);
    // Assumptions: each request counts its _meta, each result its resultType and serverInfo
    // (2026-07-28 basic/index.mdx, "Per-request protocol fields", "Per-response protocol fields").
    // said where the first priced 2026-07-28 discovery is shown, to keep Assumptions short.
    const rule = prose.indexOf(
      "priced as lesson 3 prices bodies (a request's `_meta`, a result's `resultType` and `serverInfo` included)",
    );
    assert.ok(rule > prose.indexOf("## 3 · "), `${file}: the rule`);
    assert.doesNotMatch(prose, /in 2026-07-28, the `_meta` keys and cache fields/, `${file}: not discovery only`);
    // Section 3 shows one 2026-07-28 discovery, its bodies with their _meta keys and result fields.
    const section = text.slice(text.indexOf("## 3 · "), text.indexOf("## 4 · "));
    assert.match(section, /io\.modelcontextprotocol\/protocolVersion 2026-07-28/, file);
    assert.match(section, /^kayit +response +resultType complete /m, file);
  }
});

test("callTool throws a ProtocolError for a JSON-RPC error; the SDK's own output check is lesson 9's", () => {
  // The SDK's outputSchema check belongs with structuredContent, which lesson 9 teaches; here a
  // thrown ProtocolError is said only to carry a JSON-RPC error.
  for (const file of EXPORTS) {
    const text = read(file);
    const prose = proseOf(text);
    assert.ok(prose.includes("It throws a `ProtocolError`, with a JSON-RPC `code`, for a JSON-RPC error."), file);
    assert.doesNotMatch(prose, /outputSchema|SDK 2\.4\.0 checks it|the SDK's own check/, file);
    assert.ok(text.includes("said.push(`${call.name}: ProtocolError ${error.code}, ${error.message}`);"), file);
    assert.doesNotMatch(text, /: JSON-RPC error -\d/, `${file}: no printed line calls a thrown error the server's`);
    assert.match(prose, /A JSON-RPC error makes `callTool` throw a `ProtocolError`\./, file);
  }
});

test("section 3 shows a real subscriptions/listen stream, its empty acknowledgment and its cancellation", () => {
  // 2026-07-28 basic/patterns/subscriptions.mdx: the acknowledgment comes first, with the stream's
  // id; its filter is the subset the server agreed to honor; on stdio the client cancels.
  for (const file of EXPORTS) {
    const text = read(file);
    const section = text.slice(text.indexOf("## 3 · "), text.indexOf("## 4 · "));
    assert.match(section, /"method":"subscriptions\/listen",/, file);
    assert.match(section, /"notifications":\{"toolsListChanged":true\}/, file);
    assert.match(
      section,
      /"params":\{"notifications":\{\},"_meta":\{"io\.modelcontextprotocol\/subscriptionId":1\}\}\}/,
      file,
    );
    assert.ok(
      proseOf(section).includes(
        "`tarife` declares no `listChanged`, so the filter comes back empty: no `notifications/tools/list_changed` will come, and the client relies on `ttlMs` alone.",
      ),
      file,
    );
  }
});

test("the refusal reaches the model as the host's own isError tool result", () => {
  for (const file of EXPORTS) {
    const text = read(file);
    const section = text.slice(text.indexOf("## 4 · "), text.indexOf("## Summary"));
    assert.match(section, /^ {2}\{"content":\[\{"type":"text","text":"arac bildirilmedi"\}\],"isError":true\}$/m, file);
    assert.match(section, /^ {4}"text":"arac bildirilmedi; dropped kayit \(bolge_ozet kayit_yaz\): declares/m, file);
    assert.ok(
      proseOf(text).includes(
        "Each is the host's own message to its model, built in the client: no server sent it, and no message crossed the wire.",
      ),
      file,
    );
  }
});

test("a server's list-changed notification is a SHOULD, sent in 2026-07-28 on a listen stream (server/tools.mdx)", () => {
  for (const file of EXPORTS) {
    const prose = proseOf(read(file));
    // The listen stream is lesson 3's (its notifications table), not lesson 4's (an expert's review).
    assert.doesNotMatch(prose, /receive notifications \(lesson 4\)/, file);
    // Section 3 names its host at its head (a student's reading).
    assert.ok(
      prose.includes("## 3 · Every task, once, or while fresh Host: *the allowlisting host* (Assumptions)."),
      file,
    );
    assert.ok(
      prose.includes(
        "A server that declares `listChanged: true` SHOULD send `notifications/tools/list_changed` when its tools change, in 2026-07-28 only on a `subscriptions/listen` stream that asked for it with `toolsListChanged: true`. That stream is a request the client keeps open to receive notifications (lesson 3), and the flag is its filter: send me tool list changes.",
      ),
      file,
    );
  }
});

test("the Summary says a 2025-11-25 client lists again on a list-changed notification", () => {
  // 2025-11-25 server/tools.mdx, "List Changed Notification": with listChanged, servers SHOULD
  // notify, and clients re-list; "once per session" alone would say otherwise.
  for (const file of EXPORTS) {
    const prose = proseOf(read(file));
    const summary = prose.slice(prose.indexOf("## Summary"), prose.indexOf("## Exercises"));
    assert.ok(
      summary.includes("A 2025-11-25 client discovers once per session, and again on a list-changed notification."),
      file,
    );
  }
});

test("no dangling text: no colon before prose, no sentence broken across a short line", () => {
  for (const file of EXPORTS) {
    const text = read(file);
    // The cell before the allowlist reading is hidden: a colon there led into prose, not a listing.
    assert.doesNotMatch(text, /allowlist holds bare names:/, file);
    assert.ok(
      proseOf(text).includes(
        "this client's allowlist holds bare names, such as `tarife`, without the server that lists them.",
      ),
      file,
    );
    // The opening paragraph's second sentence runs on, not broken after `server/discover`.
    assert.doesNotMatch(text, /MAY send `server\/discover`\n/, file);
  }
});

test("the cadence tables' _meta-share paragraph is cut; both clients' end-of-run reports are shown", () => {
  for (const file of EXPORTS) {
    const text = read(file);
    const prose = proseOf(text);
    // An expert's review: the percentages of _meta no exercise needed are gone.
    assert.doesNotMatch(prose, /tokens of `_meta` on each of|traffic, not what a model reads \(lesson 3\)\. In/, file);
    // An expert's review: exercises 2 and 4 lean on the silent client's report, now printed
    // beside the reporting client's; exercise 4's `tuketm` is named a made-up misspelling.
    assert.ok(
      text.includes(
        "the silent client's report:\n  completed 7 of 13\n  3 × bolge_ozet: arac bildirilmedi\n  3 × kayit_yaz: arac bildirilmedi\nthe reporting client's report:\n  completed 7 of 13\n  dropped kayit",
      ),
      file,
    );
    assert.ok(prose.includes("At the end of the run, each client sums up its failures:"), file);
    assert.ok(
      prose.includes(
        "4. Suppose the model once calls `tuketm`, a made-up misspelling of lesson 1's `tuketim` (consumption).",
      ),
      file,
    );
  }
});

test("section 3 names its host once, says what the simulated discovery counts, and why the cache refetched", () => {
  for (const file of EXPORTS) {
    const text = read(file);
    const section = text.slice(text.indexOf("## 3 ·"), text.indexOf("## 4 ·"));
    const spaced = section.replace(/\s+/g, " ");
    // The real kayit tools/list line in section 2 is the 540 bytes the sentence names.
    const kayitList =
      /client → server \(47 bytes\)\n.*\nserver → client \((\d+) bytes\)\n {2}\{"result":\{"tools":\[\{"name":"bolge_ozet"/.exec(
        text,
      );
    assert.ok(kayitList, file);
    assert.equal(Number(kayitList[1]), 540, file);
    assert.ok(spaced.includes("section 2's real `tools/list` of `kayit` alone is 540 bytes"), file);
    assert.equal(spaced.split("*the allowlisting host*").length, 2, `${file}: defined once`);
    assert.ok(
      !spaced.includes("host that trusts its servers' hints,") ||
        spaced.indexOf("*the allowlisting host*") < spaced.indexOf("host that trusts its servers' hints,"),
      file,
    );
    assert.doesNotMatch(spaced, /the host that trusts its servers' hints:/, file);
    assert.match(spaced, /a result is stale once its age reaches `ttlMs`/, file);
    // "only" scoped to -32022 answers, as the mode table reads (a student's reading).
    assert.ok(!text.includes('in `"auto"` mode only a -32022'), file);
  }
});

test("the merged lists' name clash said plainly, exercise 2 answerable from the lesson, the hosts named once", () => {
  for (const file of EXPORTS) {
    const text = read(file);
    const prose = proseOf(text);
    assert.ok(
      prose.includes("A host that merges servers' tool lists must also handle two servers offering the same name;"),
      file,
    );
    // A student's reading: the name clash is a paragraph of its own, with a bold lead.
    assert.match(text, /\n\n\*\*Two servers, one tool name\.\*\* A host that merges/, file);
    assert.doesNotMatch(prose, /These counts miss equal tool names|handle equal tool names/, file);
    // Exercise 2's solution rests on what the lesson shows (section 2's priced kayit lines).
    assert.doesNotMatch(text, /the simulator reads them from the declaration/, file);
    assert.ok(prose.includes("(its answer in section 2's priced lines)"), file);
    // An expert's review: exercise 2's token figures come from section 3's folded table, and it says so.
    assert.ok(prose.includes("what would one discovery save (see section 3's fold), and"), file);
    // The fleet's level said exactly: lesson 7's servers declare annotations (level 3).
    assert.ok(prose.includes("The servers, `fleet` included, declare fields, `annotations` and version"), file);
    // A student's reading: the lesson's two hosts, and where each is defined, in one table before
    // their first use; later sentences use exactly these names.
    const hosts = prose.indexOf("| host | defined in | its rules |");
    assert.ok(hosts > 0 && hosts < prose.indexOf("## 1 · The fourth server"), file);
    assert.ok(
      prose.includes(
        "| *the course's host* | lesson 5: two of its rules depart from MCP, to show what each warning prevents |",
      ),
      file,
    );
    assert.ok(prose.includes("| *the allowlisting host* | lesson 5 |"), file);
    assert.ok(!prose.includes("The hosts are lesson 5's: *the allowlisting host*"), file);
    assert.ok(!prose.includes("Section 2's host"), file);
  }
});

test("the summary dates the name-collision SHOULD: only 2026-07-28's tools page has it", () => {
  // An expert's review (imprecise 1): 2025-11-25 `server/tools.mdx`, "Tool Names", asks only that
  // names be unique within a server; the SHOULD to disambiguate across servers is 2026-07-28's Note.
  for (const file of EXPORTS) {
    const summary = proseOf(read(file).split("## Summary")[1].split("## Exercises")[0]);
    assert.ok(
      summary.includes("In 2026-07-28, a client that gathers several servers' tools SHOULD tell equal names apart."),
      file,
    );
    assert.doesNotMatch(
      summary,
      /list-changed notification\. A client that gathers several servers' tools SHOULD/,
      file,
    );
  }
});

test("SDK 2.4.0's listTools first serves a still-fresh cached list, sending nothing; the cached client is its default", () => {
  // An expert's review: `listTools` does not always send `tools/list`. With no cursor, SDK 2.4.0's
  // Client.listTools asks _serveFromCache first; CacheMode 'use' (the default) "serve[s] a still-fresh
  // cached entry without a round trip", and 'refresh' or 'bypass' always fetch.
  const dir = join(ROOT, "node_modules", "@modelcontextprotocol", "client", "dist");
  const dts = readdirSync(dir)
    .filter((f) => f.endsWith(".d.mts"))
    .map((f) => readFileSync(join(dir, f), "utf8"))
    .join("\n");
  assert.match(dts, /type CacheMode = 'use' \| 'refresh' \| 'bypass';/);
  assert.match(dts, /'use'` \(the default\) — serve a still-fresh cached entry without a round/);
  assert.match(dts, /listTools\(params\?: ListToolsRequest\['params'\], options\?: CacheableRequestOptions\)/);
  const js = readdirSync(dir)
    .filter((f) => f.endsWith(".mjs"))
    .map((f) => readFileSync(join(dir, f), "utf8"))
    .join("\n");
  assert.match(
    js,
    /const hit = await this\._serveFromCache\("tools\/list", void 0, options\);\s+if \(hit !== void 0\) return hit;/,
  );
  for (const file of EXPORTS) {
    const prose = proseOf(read(file));
    assert.ok(!prose.includes("`listTools` sends `tools/list`; called with no cursor"), `${file}: the old claim`);
    assert.ok(
      prose.includes(
        'Called with no cursor, `listTools` first looks in the client\'s cache: a list still fresh by its `ttlMs` comes back with nothing sent. Otherwise it sends `tools/list`, follows each `nextCursor` (lesson 4\'s pagination) and caches all the pages\' tools; `cacheMode: "refresh"` or `"bypass"` forces a request.',
      ),
      file,
    );
    // An expert's review: section 3's cached client is what one long-lived SDK Client does unasked.
    const section = prose.slice(prose.indexOf("## 3 · "), prose.indexOf("## 4 · "));
    assert.ok(
      section.includes(
        // It sends server/discover only at connect, and a new Client per task would start a process per
        // task (against 2026-07-28's "Statelessness" SHOULD NOT): per task is cacheMode "refresh".
        'as a long-lived, pinned SDK 2.4.0 `Client` does unasked (sending `server/discover` only at `connect`; per task: `cacheMode: "refresh"` on each list call).',
      ),
      file,
    );
  }
});
