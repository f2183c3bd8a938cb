// Invariant: lesson 3 prints real lines that are the same bytes on every run (the multi round-trip request's among them, lesson 10's capture), and every number its markdown states (8 tokens, 30 calls, 6 failures, their channels and ids 3 to 8, 5 tools, 6 processes, exercise 1's call) is what the run computes, for any seed.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it, test } from "node:test";
import * as prose from "../../src/lessons/messages/prose";
import { MESSAGES_LEVEL, simulateMessages, statelessAdds } from "../../src/lessons/messages/simulate";
import {
  formatFailuresByRevision,
  formatFirstCallCost,
  formatTokenCuts,
  validationLead,
} from "../../src/lessons/messages/tables";
import {
  ABSENT_SUBSCRIBER,
  FAILURE_CASES,
  runMessagesOnTheWire,
  type MessagesWire,
} from "../../src/lessons/messages/wire";
import { formatWireTranscript } from "../../src/lessons/transcriptText";
import { LINE_WIDTH } from "../../src/notebook/lineWidth";
import { paramsError } from "../../src/server/requestScreen";
import { worldInputSchema } from "../../src/server/declarations";
import { worldServed } from "../../src/server/servedServers";
import { ENVELOPE_TOKENS } from "../../src/sim/envelope";
import { StatelessEnvelope } from "../../src/sim/statelessEnvelope";
import { countTokens, tokenize, TOKEN_LENGTH } from "../../src/sim/tokenizer";
import { isTranscriptLine } from "../../src/wireClient/lineExchange";
import { metaMemberBytes } from "../../src/wireClient/transcripts";
import { SERVER_FACTS } from "../../src/world/servers";
import { SUBSCRIBER_COUNT } from "../../src/world/subscribers";
import { TASK_COUNT } from "../../src/world/tasks";
import { createWorld } from "../../src/world/world";
import { NO_REGION } from "../../src/world/handlers";
import { readNotebook } from "../../src/notebook/notebookFile";
import { ROOT } from "../helpers";

const SEEDS = [20260218, 20260219, 0, 7, 9007199254740991];

/** Computed prose with its line breaks folded to single spaces. */
const flat = (text: string) => text.replace(/\s+/g, " ");

test("the simulator: the same seed gives an equal result; 12 tasks, 30 calls, 8 tokens a message", () => {
  assert.equal(ENVELOPE_TOKENS, 8);
  assert.equal(TOKEN_LENGTH, 5);
  assert.deepEqual(tokenize("sayac_oku"), ["sayac", "_oku"]);
  for (const seed of SEEDS) {
    const sim = simulateMessages(seed);
    assert.deepEqual(simulateMessages(seed), sim);
    assert.equal(sim.tasks, TASK_COUNT);
    assert.equal(sim.tasks, 12);
    assert.equal(sim.calls.length, 30);
    assert.equal(sim.completed, 12, "every chain runs to the end and answers right");
    assert.equal(sim.calls[0].tool, "sayac_oku");
    const [requests, responses, notifications] = sim.kinds;
    assert.deepEqual(
      sim.kinds.map((k) => [k.kind, k.messages]),
      [
        ["request", 30],
        ["response", 30],
        ["notification", 0],
      ],
    );
    for (const k of sim.kinds) {
      assert.equal(k.envelopeTokens, 8 * k.messages);
      assert.equal(k.tokens, k.bodyTokens + k.envelopeTokens);
    }
    // The recorded bodies are the words the envelope counted, token for token.
    const sum = (bodies: string[]) => bodies.reduce((n, body) => n + countTokens(body), 0);
    assert.equal(requests.bodyTokens, sum(sim.calls.map((call) => call.requestBody)));
    assert.equal(responses.bodyTokens, sum(sim.calls.map((call) => call.responseBody)));
    assert.equal(notifications.tokens, 0);
  }
});

test("the world's facts the markdown states: 60 subscribers, five tools, A061 one past the last", () => {
  assert.equal(SUBSCRIBER_COUNT, 60);
  assert.equal(ABSENT_SUBSCRIBER, "A061");
  assert.equal(SERVER_FACTS.flatMap((server) => server.tools).length, 5);
  assert.equal(FAILURE_CASES.length, 6);
});

test("exercise 2's answers hold on the server's own code: invalid arguments a result, a list of arguments −32602", () => {
  const served = worldServed(createWorld(20260218), "olcum", MESSAGES_LEVEL);
  const numeric = served.callTool("sayac_oku", { abone: 17 }, 1, "2026-07-28");
  assert.equal(numeric.isError, true);
  assert.equal(paramsError("tools/call", { name: "sayac_oku", arguments: ["A001"] })?.code, -32602);
});

test("section 4's markdown: an unknown region fails the server's check; `bolge yok` comes only where nothing checks first", () => {
  const world = createWorld(20260218);
  const checked = worldServed(world, "kayit", MESSAGES_LEVEL);
  const refused = checked.callTool("bolge_ozet", { bolge: "bati-x" }, 1, "2026-07-28");
  assert.equal(refused.isError, true);
  assert.ok(String((refused.content[0] as { text: string }).text).startsWith(validationLead("bolge_ozet")));
  // A server that declares no `bolge` (level 0, names only) runs the tool's code unchecked.
  const unchecked = worldServed(world, "kayit", 0).callTool("bolge_ozet", { bolge: "bati-x" }, 1, "2026-07-28");
  assert.equal((unchecked.content[0] as { text: string }).text, JSON.stringify({ hata: NO_REGION }));
  // So does the simulator, which hands the call to the tool's code directly.
  const handler = world.servers.flatMap((server) => server.tools).find((tool) => tool.name === "bolge_ozet")!;
  assert.deepEqual(handler.handler({ bolge: "bati-x" }), { hata: NO_REGION });
  // `tarife` without `tip` charges a household.
  const tarife = world.servers.flatMap((server) => server.tools).find((tool) => tool.name === "tarife")!;
  assert.deepEqual(tarife.handler({ m3: 50 }), tarife.handler({ m3: 50, tip: "mesken" }));
});

test("the exercises drill ids, channels and _meta rules, not the stand-in tokenizer", () => {
  const markdown = readNotebook(join(ROOT, "notebooks", "03-messages.ipynb"))
    .cells.filter((cell) => cell.cell_type === "markdown")
    .map((cell) => cell.source)
    .join("\n");
  const exercise = flat(markdown.slice(markdown.indexOf("## Exercises")));
  assert.match(
    exercise,
    /1\. A 2026-07-28 client sends a `tools\/call` with id 4, then one with id 5, before either is answered\./,
  );
  assert.match(
    exercise,
    /3\. A 2026-07-28 `sayac_oku` call reaches `olcum` with a `_meta` that \(a\) lacks `clientInfo`/,
  );
  assert.match(exercise, /4\. A 2026-07-28 client over stdio gives up on the call with id 7\./);
  assert.doesNotMatch(exercise, /envelope tokens|how many tokens/);
});

test("section 5's 2026-07-28 bodies are what the simulator charges from lesson 7 on (StatelessEnvelope)", () => {
  const envelope = new StatelessEnvelope(SERVER_FACTS);
  for (const { name } of SERVER_FACTS) {
    const adds = statelessAdds(name);
    assert.equal(adds.request, envelope.metaTokens, name);
    assert.equal(adds.response, envelope.resultTokens.get(name), name);
  }
  // olcum's call: 30 for the request's _meta and 7 for the result (lesson 10's 37 a call; tarife's 38).
  assert.deepEqual([statelessAdds("olcum").request, statelessAdds("olcum").response], [30, 7]);
  assert.equal(statelessAdds("tarife").response, 8);
});

describe("lesson 3 on the wire (default seed)", () => {
  let wire: MessagesWire;
  const sim = simulateMessages(20260218);
  before(async () => {
    wire = await runMessagesOnTheWire(20260218);
  });

  it("section 5 prices the first call per revision; exercise 3 sums 2026-07-28's additions over the tasks", () => {
    const call = sim.calls[0];
    const request = countTokens(call.requestBody) + ENVELOPE_TOKENS;
    const response = countTokens(call.responseBody) + ENVELOPE_TOKENS;
    assert.match(
      flat(prose.summarizeMessages(sim, wire)),
      new RegExp(
        `The first call cost ${request} and ${response} in 2025-11-25, ${request + 30} and ${response + 7} ` +
          "in 2026-07-28, whose bodies add `_meta` and `resultType`\\.",
      ),
    );
    // One comparison after the table: tokens and bytes 2026-07-28 adds.
    assert.equal(
      flat(prose.readFirstCallCost(sim, wire)),
      "In 2026-07-28 `_meta` adds 30 tokens and 186 bytes to the call; `resultType` and the server's " +
        "identity add 7 tokens and 102 bytes to its result.",
    );
    // The table: body and envelope tokens, then bytes, each as 2025-11-25 / 2026-07-28.
    const table = formatFirstCallCost(sim, wire);
    assert.ok(table.includes(`${request} / ${request + 30}`), table);
    assert.ok(table.includes(`${response} / ${response + 7}`), table);
    // Exercise 1 (ids) is seed-independent; exercise 3's answers come from the server's own _meta check.
    const solution = flat(prose.messagesSolutions(sim, wire));
    assert.match(
      solution,
      /\(b\) Id 5, not id 4: in 2026-07-28 an id MUST NOT be one the sender has issued and not yet received a response for/,
    );
    assert.match(solution, /\(c\) Neither: in 2025-11-25 an id MUST NOT have been used before/);
    assert.match(
      solution,
      /\(a\) The result: `clientInfo` is only a SHOULD\. \(b\) A JSON-RPC error, -32602: .*clientCapabilities is missing\."/,
    );
    assert.match(solution, /\(c\) A JSON-RPC error, -32022: "Unsupported protocol version in _meta: 2025-11-25/);
  });

  it("starts 6 server processes", () => {
    assert.equal(wire.processes, 6);
  });

  it("prints what the committed export holds: the same seed, the same bytes", () => {
    const exported = readFileSync(join(ROOT, "lessons", "03-messages.md"), "utf8");
    for (const transcript of [wire.legacyCall, wire.statelessCall, wire.confirm, wire.failureLines])
      assert.ok(exported.includes(formatWireTranscript(transcript, [], { lines: "folded" })));
    // The multi round-trip request is a four-step sequence, its wire folded under it (lesson 10 cites
    // its lines); the five calls with no arguments are one computed sentence, not a table.
    assert.match(
      exported,
      /<details><summary>The four steps on the wire<\/summary>\n\nFields: `inputRequests`, `inputResponses`, `requestState` in `basic\/patterns\/mrtr\.mdx`; [^]*? in `client\/elicitation\.mdx`\.\n\n```text\n\$ mcp-course serve kayit/,
    );
    assert.ok(exported.includes(prose.readNoArgumentCalls(wire)));
    for (const table of [formatFirstCallCost(sim, wire), formatTokenCuts(sim), formatFailuresByRevision(wire)])
      assert.ok(exported.includes(table), table);
    // No cell prints the seed alone: the opening sentence names it.
    assert.doesNotMatch(exported, /^seed \d+$/m);
  });

  it("the 2025-11-25 call: the notification gets no line, the call's result carries id 1", () => {
    const lines = wire.legacyCall.steps.filter(isTranscriptLine);
    assert.deepEqual(
      lines.map((line) => line.line),
      [
        '{"jsonrpc":"2.0","method":"notifications/initialized"}',
        '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"sayac_oku","arguments":{"abone":"A059"}}}',
        '{"result":{"content":[{"type":"text","text":"{\\"onceki\\":68051,\\"simdiki\\":68101,\\"tip\\":\\"mesken\\"}"}],"isError":false},"jsonrpc":"2.0","id":1}',
      ],
    );
    assert.deepEqual(
      lines.map((line) => line.from),
      ["client", "client", "server"],
    );
  });

  it("the failures carry ids 3 to 8 in both revisions; 2026-07-28 gave id 2 to the call without _meta, 2025-11-25 used no 2", () => {
    const ids = (lines: { line: string }[]) => lines.map(({ line }) => Number(/"id":(\d+)/.exec(line)?.[1]));
    const requests = wire.failureLines.steps.filter(isTranscriptLine).filter((line) => line.from === "client");
    assert.deepEqual(ids(requests), [3, 4, 5, 6, 7, 8]);
    const stateless = wire.statelessCall.steps.filter(isTranscriptLine).filter((line) => line.from === "client");
    assert.deepEqual(ids(stateless), [1, 2]);
    assert.ok(!stateless[1].line.includes("_meta"));
    const legacy = wire.legacyCall.steps.filter(isTranscriptLine).filter((line) => line.from === "client");
    assert.deepEqual(
      ids(legacy).filter((id) => !Number.isNaN(id)),
      [1],
      "2025-11-25's call is 1, then 3",
    );
  });

  it("the 2026-07-28 call outgrows its twin by exactly its _meta; without _meta it gets −32602", () => {
    const growth = prose.callGrowth(wire);
    assert.equal(growth.request, metaMemberBytes());
    assert.equal(growth.request, 186);
    const result = JSON.parse(
      wire.statelessCall.steps.filter(isTranscriptLine).find((line) => line.from === "server")!.line,
    );
    assert.equal(result.result.resultType, "complete");
    // The summary: `resultType` and `serverInfo` (in `_meta`) are all the result gained.
    const added = `,"resultType":"complete","_meta":${JSON.stringify(result.result._meta)}`;
    assert.equal(growth.response, Buffer.byteLength(added));
    assert.match(
      flat(prose.summarizeMessages(sim, wire)),
      /`_meta` made one call 186 bytes longer, `resultType` and `serverInfo` its result 102\./,
    );
    assert.deepEqual(result.result._meta, {
      "io.modelcontextprotocol/serverInfo": { name: "olcum", version: "2" },
    });
    assert.equal(wire.withoutMeta.member, "error");
    assert.equal(wire.withoutMeta.code, -32602);
  });

  it("section 2's multi round-trip request: lesson 10's capture, byte for byte: the call, input_required, the retry with a new id, complete", () => {
    const lines = wire.confirm.steps.filter(isTranscriptLine);
    assert.deepEqual(
      lines.map((line) => [line.from, line.line, line.bytes]),
      [
        [
          "client",
          '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"kayit_yaz","arguments":{"abone":"A044","sutun":"bedel","deger":554},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"mcp-course","version":"0"},"io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}',
          336,
        ],
        [
          "server",
          '{"result":{"resultType":"input_required","inputRequests":{"confirm":{"method":"elicitation/create","params":{"mode":"form","message":"kayit_yaz will write 554 into bedel of subscriber A044. Write it?","requestedSchema":{"type":"object","properties":{"confirm":{"type":"boolean"}},"required":["confirm"]}}}},"requestState":"kayit_yaz:52b7eb4fa06ff345.rX-mk2bontyz7sgRJrbJ7Q","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"kayit","version":"3"}}},"jsonrpc":"2.0","id":1}',
          477,
        ],
        [
          "client",
          '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"kayit_yaz","arguments":{"abone":"A044","sutun":"bedel","deger":554},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"mcp-course","version":"0"},"io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}},"inputResponses":{"confirm":{"action":"accept","content":{"confirm":true}}},"requestState":"kayit_yaz:52b7eb4fa06ff345.rX-mk2bontyz7sgRJrbJ7Q"}}',
          479,
        ],
        [
          "server",
          '{"result":{"content":[{"type":"text","text":"{\\"yazildi\\":true}"}],"isError":false,"resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"kayit","version":"3"}}},"jsonrpc":"2.0","id":2}',
          210,
        ],
      ],
    );
    // The call is exercise 1's, and the reading names the fields the lines carry.
    assert.deepEqual(JSON.parse(lines[0].line).params.arguments, { abone: "A044", sutun: "bedel", deger: 554 });
    const markdown = flat(
      readNotebook(join(ROOT, "notebooks", "03-messages.ipynb"))
        .cells.filter((cell) => cell.cell_type === "markdown")
        .map((cell) => cell.source)
        .join("\n"),
    );
    // mrtr.mdx, "Client Requirements (Basic Workflow)": a new id and the state echoed exactly (MUST);
    // the preview is a four-step sequence and a few sentences (lesson 10 holds the wire).
    for (const step of [
      "1. client → kayit tools/call kayit_yaz, id 1",
      '2. kayit → client resultType "input_required": inputRequests {confirm: a form}, requestState',
      "3. host → user the form; the user accepts",
      "4. client → kayit tools/call kayit_yaz, id 2: inputResponses {confirm: accept}, requestState",
      'kayit → client resultType "complete": yazildi true',
    ])
      assert.ok(markdown.includes(step), step);
    assert.doesNotMatch(markdown, /The first result's `inputRequests` holds/);
    assert.match(markdown, /`requestState` is opaque: the client MUST echo it unchanged/);
    // The new id is mrtr.mdx's own rule (id 1 is answered, so the general id rule alone would allow it).
    assert.match(
      markdown,
      /The retry's id MUST differ from the first request's, though that one is answered: the two are independent requests \(`basic\/patterns\/mrtr\.mdx`\)\./,
    );
    assert.doesNotMatch(markdown, /The retry MUST have a new id:/);
    // The pattern rests on a declared capability and comes back later: the body marks it a preview,
    // and only Next names the lessons that complete it (a body names no later lesson).
    assert.match(markdown, /\*\*A preview: a call that asks first\.\*\*/);
    // What the preview needs of capabilities is said where it is used, briefly; form mode is cut (the
    // expert: keep the four-step sketch, leave the rest to the lessons that complete it).
    assert.match(
      markdown,
      /A server MUST NOT ask for \*elicitation\*, input from the user, unless the client declares that it can \(`basic\/patterns\/mrtr\.mdx`\), here with `"elicitation": \{\}` in its `_meta`'s `clientCapabilities`\./,
    );
    // An expert's review: the declaration sits inside `clientCapabilities`, not directly in `_meta`.
    assert.doesNotMatch(markdown, /`"elicitation": \{\}` in its `_meta`:/);
    assert.doesNotMatch(markdown, /declares form mode/);
    // The student thought the course contradicted itself: the elicitation/create inside a result is no
    // request the server sends (mrtr.mdx: inputRequests in an InputRequiredResult, the client retries).
    assert.match(
      markdown,
      /In step 2 the server sends no request: the `elicitation\/create` inside `inputRequests` is a description, carried in a result, of what the client should ask its user\./,
    );
    assert.doesNotMatch(
      markdown,
      /Here the client's `clientCapabilities` hold `"elicitation": \{\}`\. `elicitation`, asking the user for input, is a client \*capability\*: a server MUST NOT ask for it unless the client declares it \(`mrtr\.mdx`\), and `\{\}` means forms \(`client\/elicitation\.mdx`, "Capabilities"\)\. It calls `kayit_yaz` to write 554 into `A044`'s `bedel`; `kayit` asks first/,
    );
    assert.doesNotMatch(markdown, /`url` must be declared/);
    // client/elicitation.mdx, "Capabilities": an empty object is form mode.
    assert.doesNotMatch(markdown, /says it can ask its user\./);
    assert.doesNotMatch(markdown, /Here the client can ask its user \(`elicitation` in its `clientCapabilities`\)/);
    const next = markdown.slice(markdown.indexOf("## Next"));
    assert.match(
      next,
      /Lessons 5 and 10 complete section 2's preview of a call that asks first: lesson 5 declares capabilities such as `elicitation`, lesson 10 a user's decline, how `kayit` signs its `requestState`, and a forged one\./,
    );
    // mrtr.mdx: the client MUST NOT modify requestState. How kayit protects it is lesson 10's (Next says so).
    assert.match(markdown, /`requestState` is opaque: the client MUST echo it unchanged\./);
    assert.doesNotMatch(markdown, /as `kayit` does by signing it/);
    assert.doesNotMatch(markdown, /may carry the state alone/);
    // The sequence replaced the wire transcript, which lesson 10 shows.
    assert.doesNotMatch(markdown, /a request of only `method` and `params`/);
  });

  it("the six failures: two isError results, four errors with the table's codes, errors the same line in both revisions", () => {
    const by = Object.fromEntries(wire.failures.map((row) => [row.failure, row]));
    for (const failure of ["no-subscriber", "no-arguments"]) {
      for (const revision of ["2025-11-25", "2026-07-28"] as const) {
        assert.equal(by[failure].reply[revision].member, "result");
        assert.equal(by[failure].reply[revision].isError, true);
      }
      assert.equal(by[failure].sameReply, false);
    }
    assert.equal(by["no-subscriber"].reply["2025-11-25"].text, '{"hata":"abone yok"}');
    const codes = { "unknown-tool": -32602, "unknown-method": -32601, "not-json": -32700, "no-name": -32602 };
    for (const [failure, code] of Object.entries(codes)) {
      assert.equal(by[failure].reply["2025-11-25"].code, code);
      assert.equal(by[failure].sameReply, true, failure);
    }
    assert.equal(by["not-json"].reply["2025-11-25"].hasId, false);
    assert.equal(by["not-json"].reply["2025-11-25"].text, "Parse error: the line is not valid JSON.");
    assert.equal(by["unknown-tool"].reply["2025-11-25"].text, "Unknown tool: tarife");
    assert.match(
      flat(prose.readFailuresByRevision(wire)),
      /^Each failure came on the same channel, with the same code, in both revisions\. All 4 error responses are the same line; the 2 results grew 102 bytes\.$/,
    );
    // The printed table: one row per failure, ids 3 to 8, each reply's bytes in both revisions.
    const rows = formatFailuresByRevision(wire).split("\n").slice(1, -1);
    assert.deepEqual(
      rows.map((row) => Number(row.trim().split(" ")[0])),
      [3, 4, 5, 6, 7, 8],
    );
    wire.failures.forEach((failure, k) => {
      const bytes = `${failure.reply["2025-11-25"].bytes} / ${failure.reply["2026-07-28"].bytes}`;
      assert.ok(rows[k].trimEnd().endsWith(bytes), rows[k]);
    });
    assert.match(rows[4], /error -32700, no id +46 \/ 46 +95 \/ 95$/);
  });

  it("the twelve tasks on the wire: 30 calls, 12 completed, 30 requests and 30 responses, no notification", () => {
    assert.equal(wire.tasks.calls, 30);
    assert.equal(wire.tasks.completed, 12);
    assert.deepEqual(
      Object.fromEntries(Object.entries(wire.tasks.kinds).map(([kind, count]) => [kind, count.messages])),
      { request: 30, response: 30, notification: 0 },
    );
  });

  it("the five tools with no arguments: five isError results, each naming what it expected; tarife asks only for m3", () => {
    assert.equal(wire.emptyCalls.length, 5);
    for (const row of wire.emptyCalls) {
      assert.equal(row.channel, "error result");
      assert.ok(row.text.startsWith(validationLead(row.tool)), row.text);
    }
    const tarife = wire.emptyCalls.find((row) => row.tool === "tarife")!;
    assert.equal(tarife.text.slice(validationLead("tarife").length), "m3: required, expected integer");
    assert.match(
      flat(prose.readNoArgumentCalls(wire)),
      /^The course's host, in 2026-07-28, also called each of its five tools once with `arguments: \{\}`: 5 of 5 came back as results with `isError: true`, 0 as a JSON-RPC error\. Before the tool ran, each check named every missing required argument \(`tarife`.s `tip` is optional, `mesken` by default\)/,
    );
    // One paragraph: the markdown no longer ends on a lead-in that the computed count follows.
    const markdown = readNotebook(join(ROOT, "notebooks", "03-messages.ipynb"))
      .cells.filter((cell) => cell.cell_type === "markdown")
      .map((cell) => cell.source)
      .join("\n");
    assert.ok(!markdown.includes("also called each of its five tools"));
    // The markdown's word on `tip`: optional, so the server does not ask for it.
    const schema = worldInputSchema({ name: "tarife", fields: ["m3", "tip"] }) as { required: string[] };
    assert.deepEqual(schema.required, ["m3"]);
  });

  it("every table, transcript and chart fits the page; the solutions fold each answer", () => {
    const printed = [
      formatWireTranscript(wire.legacyCall, [], { lines: "folded" }),
      formatWireTranscript(wire.statelessCall, [], { lines: "folded" }),
      formatWireTranscript(wire.confirm, [], { lines: "folded" }),
      formatWireTranscript(wire.failureLines, [], { lines: "folded" }),
      formatFirstCallCost(sim, wire),
      formatFailuresByRevision(wire),
      prose.messagesSolutions(sim, wire),
      prose.summarizeMessages(sim, wire),
    ];
    for (const line of printed.join("\n").split("\n")) assert.ok(line.length <= LINE_WIDTH, line);
    const solutions = prose.messagesSolutions(sim, wire);
    assert.equal(solutions.match(/<details>\n<summary>/g)?.length, 4);
    // The seed's paragraph says what the seed draws; how many processes ran is no reader's concern.
    assert.match(
      prose.describeMessagesSeed(sim),
      new RegExp(
        `^This run uses \\*\\*seed ${sim.seed}\\*\\* \\(60 subscribers, 12 tasks\\); its first call reads \`A\\d{3}\`\\.$`,
      ),
    );
    assert.doesNotMatch(prose.describeMessagesSeed(sim), /process|timed/);
    // Section 3 states local failures and, pointing back to lesson 2's transports, how to cancel.
    const markdown = flat(
      readNotebook(join(ROOT, "notebooks", "03-messages.ipynb"))
        .cells.filter((cell) => cell.cell_type === "markdown")
        .map((cell) => cell.source)
        .join("\n"),
    );
    const rules = markdown.slice(markdown.indexOf("**Local failures.**"));
    // Giving up is a SHOULD on every transport ("Timeouts"); the stdio MUST says how to cancel.
    assert.match(rules, /gives up on a request SHOULD cancel it \(`basic\/patterns\/cancellation\.mdx`, "Timeouts"\):/);
    assert.match(rules, /over stdio it MUST send `notifications\/cancelled`, the id as `requestId`;/);
    // Over Streamable HTTP closing the request's stream is the cancellation, and no notification is sent.
    assert.match(rules, /over HTTP it closes the request's stream\./);
    assert.match(
      rules,
      /The server then MUST NOT send anything more for it, and SHOULD stop work on it \(2026-07-28's transport pages, "Cancellation"\); the client SHOULD ignore a late answer\./,
    );
    // A student's reading: the rule for the current revision first, no SHOULD-then-MUST history.
    assert.doesNotMatch(rules, /the transport pages make that a MUST NOT/);
    // cancellation.mdx's own "Behavior Requirements" say SHOULD; the MUST NOT is stdio.mdx's and streamable-http.mdx's.
    assert.doesNotMatch(rules, /The server SHOULD then stop, and in 2026-07-28 MUST NOT/);
    // Local errors have no code and must not pass for the peer's ("Error Codes").
    assert.match(rules, /they should not pass for errors received from the other side \("Error Codes"\)/);
    // The seed sentence is an instruction for someone running the notebook, not for a reader of the export.
    assert.ok(
      markdown.includes(
        "In the notebook, change `SEED` and run all cells again to see another seed; `mcp-course lesson 03 --seed N` does the same in a shell.",
      ),
    );
    assert.ok(!markdown.includes("To run the lesson with another seed"));
    const notification = markdown.slice(markdown.indexOf("- A **notification**"), markdown.indexOf("Who may send"));
    assert.ok(!notification.includes("subscription"), notification);
    // 2026-07-28's notifications: the two the course uses (cancellation.mdx, progress.mdx), and one
    // sentence on the others, subscriptions (subscriptions.mdx) and deprecated logging (deprecated.mdx).
    // An expert's review: 2026-07-28 ClientNotification = CancelledNotification; ServerNotification also
    // has logging (deprecated, deprecated.mdx) and the subscription notifications (subscriptions.mdx).
    assert.match(
      markdown,
      /\| notification \| either side \| client: only `notifications\/cancelled`, and over HTTP none \(closing the stream cancels\); server: a few, `notifications\/cancelled` among them, below \|/,
    );
    // A student read "the client only" as "only the client sends cancelled".
    assert.doesNotMatch(markdown, /the client only `notifications\/cancelled`/);
    assert.doesNotMatch(markdown, /either side, in the few cases below/);
    assert.match(
      flat(markdown),
      /`subscriptions\/listen` is a request a client sends to hear of changes: the server keeps its answer open as a stream of change notices\. A server also sends deprecated log messages \(`notifications\/message`\)\. The course uses two notifications:/,
    );
    // A student's reading and an expert's review: the term is defined in a sentence of its own before the
    // table, not in a parenthesis, and not deferred.
    assert.ok(!flat(markdown).includes("(a request a client sends to hear of changes, taught later)"));
    // A student's reading: the fragment ("The two the course uses, ...") is a sentence now.
    assert.ok(!flat(markdown).includes("The two the course uses"));
    const notifications = [
      "| `notifications/cancelled` | client; server | the client's, on stdio, to call off a request; the server's, to end a `subscriptions/listen` stream | `basic/patterns/cancellation.mdx` |",
      "| `notifications/progress` | server | while a request runs whose `_meta` carries a `progressToken`, a token the server repeats in each progress notification | `basic/patterns/progress.mdx` |",
    ];
    for (const row of notifications) assert.ok(markdown.includes(row), row);
    // A student's reading and an expert's review: section 1 says subscriptions exist and are taught later, no more.
    assert.ok(!flat(markdown).includes("the pages disagree"));
    // Lesson 5 cites lesson 3 for a `subscriptions/listen` stream (2026-07-28 basic/patterns/subscriptions.mdx):
    // the table's row names it, in one clause.
    // glossed where it first appears, in the sentence before the table.
    assert.ok(flat(markdown).includes("to end a `subscriptions/listen` stream |"));
    assert.ok(!markdown.includes("a value the reports quote"));
    assert.doesNotMatch(markdown, /a client opens with `subscriptions\/listen`/);
    assert.doesNotMatch(markdown, /The pages differ on that last row|notifications\/subscriptions\/acknowledged/);
    assert.doesNotMatch(markdown, /In 2026-07-28 a client sends only `notifications\/cancelled`/);
    // mrtr.mdx: each retry is an independent request with a new id, over HTTP a new POST, so MRTR
    // does cost network round trips; its section titles name their page.
    assert.match(markdown, /a \*multi round-trip request\* \(`basic\/patterns\/mrtr\.mdx`\)/);
    // The preview names the result by its resultType, not by a schema type name the lesson never shows.
    assert.ok(!markdown.includes("InputRequiredResult"));
    assert.doesNotMatch(markdown, /not a network round trip/);
    assert.doesNotMatch(markdown, /progress or log while it runs/);
    assert.doesNotMatch(markdown, /a server only notifications about a request the client sent/);
    // An unreadable id: the omission is the schema's, JSONRPCErrorResponse's id?: from 2025-11-25 (the
    // 2025-06-18 JSONRPCError still required id); basic/index.mdx only says "except in error cases".
    // RequestId excludes null, so the schema's optional id is how MCP answers an unreadable id (lesson 2
    // says why; lesson 3 dates the schema). Lesson 2's 403 omits it for another reason: refused unread.
    // Where MCP departs from JSON-RPC 2.0 (§4 and §5: an unreadable id is answered with "id": null):
    // every revision's "Unlike base JSON-RPC, the ID MUST NOT be null" (basic/index.mdx, 2024-11-05's
    // basic/messages.mdx), and the error's id left out, allowed by JSONRPCErrorResponse's id? since
    // 2025-11-25 (JSONRPCError's id was required through 2025-06-18).
    assert.match(markdown, /The id, a string or an integer, MUST NOT be `null`, unlike in JSON-RPC\./);
    assert.match(
      markdown,
      /To a request whose id it could not read, such as section 3's cut line, JSON-RPC 2\.0 answers with `"id": null`\. In MCP's schema \(`JSONRPCErrorResponse`, from 2025-11-25 on\), the `id` of such an error may be absent instead\. The course's advice: a client should accept both forms\./,
    );
    // A student's reading: TypeScript's `id?` stated a protocol rule in a syntax the course does not assume.
    assert.doesNotMatch(markdown, /typed `id\?`/);
    // The student: "departs" read as a rule, "allows" as an option; the client's duty is said plainly.
    assert.doesNotMatch(markdown, /MCP departs here/);
    assert.doesNotMatch(markdown, /an MCP error leaves the `id` out, as for section 3's cut line/);
    assert.doesNotMatch(markdown, /never `null` in MCP/);
    assert.doesNotMatch(markdown, /MCP leaves `id` out/);
    assert.doesNotMatch(markdown, /leaves `id` out \(`basic\/index\.mdx`, "Error Responses"\)/);
    assert.doesNotMatch(markdown, /the HTTP transport page since 2025-03-26/);
    // 2026-07-28 basic/index.mdx, "Error Codes": -32000..-32019 legacy (SHOULD NOT use); -32020..-32099 the spec's alone (MUST NOT emit an
    // undefined one), and it defines three there.
    assert.match(
      markdown,
      /<details><summary>MCP's own error-code ranges<\/summary> 2026-07-28 splits JSON-RPC's implementation range \(`basic\/index\.mdx`, "Error Codes"\): -32000 to -32019 is legacy, which new implementations SHOULD NOT use; in -32020 to -32099 they MUST NOT send a code MCP does not define: lesson 2's -32020 and -32022, and -32021, sent when a request needs a capability its `clientCapabilities` does not declare\./,
    );
    // The student: -32021 got one clause and then came back in later lessons: it says when it comes
    // (2026-07-28 basic/index.mdx, "Per-request metadata": a capability not in clientCapabilities).
    // The _meta keys are named without their prefix; the fold says the counts use the full keys.
    assert.doesNotMatch(markdown, /shortened here/);
    // resource_link and the embedded resource, each defined in a clause.
    assert.match(
      markdown,
      /a `resource_link` \(the URI of a \*resource\*, data a server offers\) or an embedded resource \(the resource's contents themselves\)/,
    );
    // Envelope tokens, a course convention, defined once in its box beside what MCP says (it counts no cost).
    assert.match(
      markdown,
      /> \*\*Course convention, not MCP\.\*\* A message's \*\*envelope tokens\*\* are the tokens of its/,
    );
    assert.match(markdown.replace(/ > /g, " "), /MCP counts no cost\./);
    // The word body is defined per revision, as lessons 7 and 10 price it (sim/eras.ts), completely
    // enough that a reader reproduces every count by hand: the _meta keys in full, the empty
    // capabilities as their key alone, an identity as `name surum version`, the server's without its
    // key; then every step of the tokenizer (sim/tokenizer.ts).
    // A student's reading: a call's rules in the body, so the 42 is recomputed without the fold.
    assert.match(
      flat(markdown),
      /In 2026-07-28 a request adds its `_meta`, each key in full with its value; an empty object adds its key alone, and an identity reads `name surum version`, as in `mcp-course surum 0`\. The simulator's bodies are in the world's language, so `surum` \(version\) stands where the wire has `version`\. Words are lower-cased, and a token is a piece of at most five characters/,
    );
    assert.match(
      flat(markdown),
      /A result adds `resultType complete` before its words and, after them, the server's identity without its `serverInfo` key: `olcum surum 2`\./,
    );
    assert.match(
      markdown,
      /A stand-in tokenizer then counts the body: lower-cased, each comma left in a value set apart as a word, split at spaces, each word cut as above\./,
    );
    assert.doesNotMatch(markdown, /In 2026-07-28 it adds `_meta`'s keys and values/);
    assert.doesNotMatch(markdown, /a choice, not a measurement/);
    // The envelope's 8 stand for a call's method (Envelope.sendCall counts the tool's name, not
    // tools/call); any other message's body opens with its method (exercise 4's notifications/cancelled,
    // lesson 4's resources/read), so the rule and every count agree.
    // Said plainly where the constant is defined, so that lesson 7's discovery bodies are no trap.
    assert.match(
      markdown,
      /The 8 is a round number the course chose to stand for `jsonrpc`, `id`, the brackets and, for a call, its method `tools\/call`\. The \*word body\* is the rest, without the JSON's quotes, braces, colons and commas: a call's is its tool name, then each argument's name and value; a result's, the keys and values of the object in its text\. Every other request and notification keeps its method in its body: `initialize` and `tools\/list` are words there\./,
    );
    // A student's reading: "covers" and "not a count" read as a contradiction; one plain statement now.
    assert.doesNotMatch(markdown, /The constant 8 covers|The 8 is the course's constant, not a count/);
    // The student: lessons 4 and 7's exercises need the cut and the 8, which were only in the fold.
    assert.equal(countTokens("jsonrpc 2.0 id 1 tools/call") + 1, ENVELOPE_TOKENS);
    assert.equal(countTokens("sayac_oku"), 2);
    assert.match(flat(markdown), /a word of n characters is n \/ 5 tokens, rounded up \(`sayac\|_oku` 2, `A059` 1\)\./);
    assert.doesNotMatch(markdown.replace(/ > /g, " "), /\(`jsonrpc`, `id`, `method`, brackets\)/);
    assert.doesNotMatch(markdown, /the `protocolVersion` key is 8 tokens/);
    // The tokenizer's own counts of _meta's pieces sum to the 30 the computed paragraph gives.
    const pieces = [
      "io.modelcontextprotocol/protocolVersion",
      "2026-07-28",
      "io.modelcontextprotocol/clientInfo",
      "mcp-course surum 0",
      "io.modelcontextprotocol/clientCapabilities",
    ].map((words) => countTokens(words));
    assert.deepEqual(pieces, [8, 2, 7, 4, 9]);
    assert.equal(countTokens(statelessAdds("olcum").meta.join(" ")), 30);
    // The worked body: for any seed, its parts' tokens sum to the comparison table's 2026-07-28 body
    // tokens, every piece is the tokenizer's, and no line is wider than the page.
    for (const seed of SEEDS) {
      const seeded = simulateMessages(seed);
      const call = seeded.calls[0];
      const adds = statelessAdds(call.server);
      const cuts = formatTokenCuts(seeded);
      const request = countTokens(call.requestBody) + adds.request;
      const response = countTokens(call.responseBody) + adds.response;
      assert.ok(
        cuts.endsWith(
          `body tokens + 8 = envelope tokens: request ${request} + 8 = ${request + 8}; ` +
            `response ${response} + 8 = ${response + 8}`,
        ),
        cuts,
      );
      const rows = cuts.split("\n").slice(1, -1);
      assert.equal(rows.length, 7);
      const sum = (some: string[]) => some.reduce((n, row) => n + Number(row.trim().split(/\s+/).pop()), 0);
      assert.equal(sum(rows.slice(0, 4)), request);
      assert.equal(sum(rows.slice(4)), response);
      assert.match(cuts, /io\.mo\|delco\|ntext\|proto\|col\/c\|lient\|info mcp-c\|ourse surum 0 +11$/m);
      assert.match(cuts, /serverInfo +olcum surum 2 +3$/m);
      for (const line of cuts.split("\n")) assert.ok(line.length <= LINE_WIDTH, line);
    }
    // The two conventions agree with the counts: the capabilities key alone, and no serverInfo key.
    assert.deepEqual(statelessAdds("olcum").meta.slice(2, 3), ["io.modelcontextprotocol/clientCapabilities"]);
    assert.ok(!statelessAdds("olcum").tail.includes("io.modelcontextprotocol/serverInfo"));
    // Why word pieces and not bytes alone, in plain sentences, and the two limits said once, prominently:
    // a real tokenizer cuts differently, and a host seldom shows its model the envelope or _meta.
    assert.match(
      markdown,
      /rounded up \(`sayac\|_oku` 2, `A059` 1\)\. The course counts tokens, not bytes: it ignores JSON spacing\. The first call:/,
    );
    // A student's reading: one framing, in the box only (traffic, not context; roughly a model's read).
    assert.doesNotMatch(markdown, /it is near what its model would read/);
    // The student asked what envelope tokens were for: a traffic measure, from their first definition.
    assert.doesNotMatch(markdown, /what a message would cost a model that read it/);
    assert.match(
      markdown.replace(/ > /g, " "),
      /They measure traffic between client and server, not a model's context\. They compare/,
    );
    // A student's reading: said once, without hedging both ways.
    assert.doesNotMatch(flat(markdown), /roughly what its model would read/);
    // What envelope tokens are for, in the box that defines them: comparing messages within the course.
    assert.match(
      markdown.replace(/ > /g, " "),
      /They compare messages within the course; a model's tokenizer counts differently\. MCP counts no cost\./,
    );
    assert.doesNotMatch(markdown, /The course compares designs by them\./);
    assert.doesNotMatch(markdown, /a proxy for what crosses the wire/);
    assert.doesNotMatch(markdown, /They count what crosses/);
    assert.doesNotMatch(
      markdown,
      /for either revision, whose JSON differs|If the tokenizer counted the words of a request's `_meta`/,
    );
    assert.doesNotMatch(flat(prose.readFirstCallCost(sim, wire)), /in both revisions/);
    // The rule names every word a result adds, as its counts use them (resultType's key included).
    assert.doesNotMatch(markdown, /A result's adds values, no keys/);
    // Section 5 is its box, the comparison and its reading, then, folded, the stand-in tokenizer's
    // mechanics and the 2026-07-28 body worked by hand: every part's pieces.
    const cells = readNotebook(join(ROOT, "notebooks", "03-messages.ipynb")).cells.map((cell) => cell.source);
    const costCell = cells.findIndex((source) => source.includes("formatFirstCallCost(lesson, wire)"));
    assert.equal(
      cells[costCell],
      "console.log(formatFirstCallCost(lesson, wire));\nshow.markdown(readFirstCallCost(lesson, wire));",
    );
    assert.ok(cells[costCell + 1].startsWith("<details><summary>How the course finds a word body"));
    assert.ok(cells[costCell + 1].includes("A stand-in tokenizer then counts the body:"));
    assert.equal(cells[costCell + 2], "console.log(formatTokenCuts(lesson));");
    assert.equal(cells[costCell + 3], "</details>");
    // The failure table says what its pairs are.
    assert.ok(formatFailuresByRevision(wire).endsWith("each pair: 2025-11-25 / 2026-07-28"));
    // 2026-07-28 cancellation.mdx: a server MUST send notifications/cancelled to end a subscriptions/listen
    // stream, and for no other purpose; the schema's CancelledNotification says so of stdio; subscriptions.mdx
    // ("Graceful Closure") has the server answer the listen request instead. A lesson on messages
    // before subscriptions are taught leaves that to lesson 10's aside.
    assert.doesNotMatch(markdown, /A server sends `notifications\/cancelled` for one purpose only/);
    assert.doesNotMatch(markdown, /Graceful Closure/);
    assert.doesNotMatch(markdown, /\| `notifications\/cancelled` \| server \|/);
    // The three sources' disagreement is an implementers' matter, not lesson 3's (where lesson 10 puts it is
    // lesson 10's to test).
    assert.doesNotMatch(
      markdown,
      /Three sources tell how a server ends a subscription: `cancellation\.mdx` says it MUST send `notifications\/cancelled`, the schema's `CancelledNotification` has it sent on stdio only, and `subscriptions\.mdx`, "Graceful Closure", says it SHOULD answer the `subscriptions\/listen` request with a completion result, then close the stream\. None says how the signals combine\. So a client does well to take a completion result, a `notifications\/cancelled` or a closed stream as the end\./,
    );
    assert.doesNotMatch(markdown, /named twice/);
    assert.doesNotMatch(markdown, /None says how the signals combine/);
    // versioning.mdx: an unimplemented version gets -32022, a known one the server chose not to
    // support too; exercise 3(c) rests on it, so the body says it where _meta is explained.
    assert.match(
      markdown,
      /To a `protocolVersion` it does not implement, unknown or known but not supported, it MUST answer -32022, `UnsupportedProtocolVersionError` \(`basic\/versioning\.mdx`\)\. One course server process speaks both revisions, and serves 2025-11-25 only after `initialize`: so, by the course's choice, a request whose `_meta` names `2025-11-25` gets -32022\. An \*era\* is a way to begin \("Terminology"\): by `initialize` \(2025-11-25 and earlier\) or by `_meta` on every request \(2026-07-28\)\. A process that serves both is \*dual-era\*\./,
    );
    // A student's reading: two new terms in one parenthetical; now two short sentences, era first.
    assert.doesNotMatch(flat(markdown), /an \*era\* being a way to begin/);
    assert.doesNotMatch(markdown, /chose not to serve this way/);
    // Section 3 says, before the transcript, why every error response is the same line in both revisions.
    const failureIntro = markdown.slice(
      markdown.indexOf("## 3 · Two ways to fail"),
      markdown.indexOf("The 2025-11-25 lines, then all bytes"),
    );
    assert.match(
      failureIntro,
      /To see both, a script sent `olcum` six bad requests, ids 3 to 8, in each revision; .* An error carries neither `resultType` nor `_meta`, so each error response should be byte-identical in the two revisions\./,
    );
    // -32602 for invalid tool arguments: the rule first (the tools page since 2025-11-25: isError), then why a
    // client handles -32602 too: 2026-07-28's InvalidParamsError names invalid tool arguments.
    // The student wanted one rule to follow first: the advice, then why the specification gives two answers.

    assert.ok(!flat(markdown).includes("Why both:"), "the reason now leads the rule");
    // The student: `inputSchema` came before lesson 4 defined it, and the rule took three reads. Two lines.
    assert.doesNotMatch(markdown, /counts a failed `inputSchema` check among them/);
    assert.match(
      markdown,
      /\*\*Invalid arguments: handle both channels\.\*\* The course's servers return argument values that fail the tool's `inputSchema` \(the arguments' JSON shape, taught later\) as `isError`, as to id 4\. The spec is of two minds: the tools page makes such values tool execution errors \(`server\/tools\.mdx`, "Error Handling"\), but 2026-07-28's `schema\.mdx` gives "invalid tool arguments" -32602 \(`InvalidParamsError`\)\. A malformed call \(no `name`, `arguments` no object\) is a protocol error in every revision\. JSON-RPC's code for it is -32602, which 2026-07-28's schema documents and SDK 2\.4\.0 sends\. The course's advice from 2025-11-25 on: a server returns `isError`; a client handles both\./,
    );
    // An expert's review: the tools pages name no code for a malformed call, only a protocol error; -32602 is
    // documented by 2026-07-28's schema (InvalidParamsError) alone, and SDK 2.4.0 sends it.
    assert.doesNotMatch(markdown, /is -32602 in every revision/);
    // ... and shows how, in a sketch that branches on both channels.
    const sketch = cells.find((source) => source.includes("**Invalid arguments: handle both channels.**"))!;
    for (const branch of [
      "// 2026-07-28's -32602 also covers an unknown tool, a missing resource, no _meta:",
      'if ("error" in reply && reply.error.code === -32602) fixCall(reply.error); // read message, data',
      "else if (reply.result.isError) toModel(reply.result.content); // the model may correct its call",
    ])
      assert.ok(sketch.includes(branch), branch);
    // A cursor is lesson 4's: the sketch names none.
    assert.ok(!sketch.includes("cursor"));
    // -32022 has one name across the course, the 2026-07-28 schema's.
    assert.match(flat(prose.messagesSolutions(sim, wire)), /-32022, `UnsupportedProtocolVersionError`/);
    assert.doesNotMatch(prose.messagesSolutions(sim, wire), /`UnsupportedProtocolVersion`/);
    assert.doesNotMatch(
      markdown,
      /make arguments a tool's check refuses|makes arguments that fail a tool's input schema/,
    );
    // The opening names envelope tokens in one sentence and leaves their argument to section 5.
    assert.match(
      markdown,
      /Real lines of both revisions are counted in bytes and in the course's \*envelope tokens\*, a traffic measure: words cut into short pieces \(section 4\)\./,
    );
    assert.doesNotMatch(markdown, /These tokens are a proxy/);
    assert.doesNotMatch(markdown, /These tokens measure what crosses/);
    // basic/index.mdx, "Requests": the spec's own words for 2026-07-28's id rule; 2025-11-25's per session.
    assert.match(
      markdown,
      /In 2026-07-28 it MUST NOT be the id of a request the sender "has issued and not yet received a response for"; in 2025-11-25, of any earlier in the session\./,
    );
    assert.doesNotMatch(markdown, /still awaits an answer for/);
    // JSON-RPC 2.0 defines batches; MCP allowed them only in 2025-03-26 (removed in 2025-06-18).
    assert.match(markdown, /not an array \(a \*batch\*, which MCP allowed only in 2025-03-26\)/);
    // 2025-11-25 servers also sent roots/list (client/roots.mdx) and ping (basic/utilities/ping.mdx).
    assert.match(
      markdown,
      /A 2025-11-25 server could also send requests, such as `elicitation\/create` \(input from the user\), `sampling\/createMessage` \(a host model's reply\), `roots\/list` \(the client's folders\) and `ping` \(are you there\?\)\./,
    );
    // The SSE keep-alive comment is a transport detail, lesson 10's; lesson 3 keeps to messages.
    assert.doesNotMatch(markdown, /send an SSE comment/);
    assert.doesNotMatch(markdown, /By the course's reading, stdio needs none/);
    // The keep-alive is a non-normative note, and on Streamable HTTP only; stdio's is the course's reading.
    assert.doesNotMatch(markdown, /SSE comments keep streams alive/);
    assert.doesNotMatch(markdown, /\); stdio needs none\./);
    // The sketch no longer calls every -32602 "bad params".
    assert.doesNotMatch(markdown, /\/\/ bad params/);
    assert.doesNotMatch(flat(prose.summarizeMessages(sim, wire)), /held in both revisions/);
    const cancel = flat(solutions.slice(solutions.indexOf("4. Giving up")));
    assert.match(cancel, /It SHOULD cancel the request; over stdio that MUST be `notifications\/cancelled`/);
    assert.match(
      cancel,
      /Nothing comes back: the server SHOULD stop, and MUST NOT send anything more for it \(2026-07-28's stdio page\); the client SHOULD ignore a late answer\./,
    );
    // A student's reading and an expert's review: the answer stands on this lesson's text; SdkError is lesson 7's.
    assert.match(
      cancel,
      /Its library reports the timeout as a local error with no code, not as an error from the server\./,
    );
    assert.doesNotMatch(cancel, /SdkError|REQUEST_TIMEOUT/);
    // A student's reading: nothing is folded at the top; the opening is left out and taught later.
    assert.doesNotMatch(markdown, /folded at the top/);
    assert.match(
      flat(markdown),
      /follows the \*opening exchange\* \(taught later\): `initialize` and its answer, left out below, then `notifications\/initialized` \(ready\)\./,
    );
  });
});

test("section 2 defines MCP's reserved `_meta` prefix where it first uses it", () => {
  // 2026-07-28 basic/index.mdx, "`_meta`", "Prefix": a prefix whose second label is `modelcontextprotocol`
  // is reserved for MCP use. Lesson 2 never defined it, so the old pointer "(lesson 2)" led nowhere.
  const markdown = flat(
    readNotebook(join(ROOT, "notebooks", "03-messages.ipynb"))
      .cells.filter((cell) => cell.cell_type === "markdown")
      .map((cell) => cell.source)
      .join("\n"),
  );
  assert.ok(
    markdown.includes(
      'MUST hold two keys under the prefix `io.modelcontextprotocol/`, reserved for MCP ("`_meta`"): `protocolVersion`',
    ),
  );
  assert.ok(!markdown.includes("reserved prefix `io.modelcontextprotocol/` (lesson 2)"));
});

test("section 3 quotes the tools page's two sentences on what reaches the model (both revisions' server/tools.mdx, Error Handling)", () => {
  // 2025-11-25 and 2026-07-28 server/tools.mdx, "Error Handling": the SHOULD for tool execution errors, the
  // MAY for protocol errors, quoted as lesson 7 does (the student could not resolve "these" and "it").
  for (const seed of ["", "seed-20260219/"]) {
    const text = readFileSync(join(__dirname, "..", "..", "lessons", `${seed}03-messages.md`), "utf8").replace(
      /\s+/g,
      " ",
    );
    assert.ok(
      text.includes(
        'The page adds: "Clients **SHOULD** provide tool execution errors to language models to enable self-correction. Clients **MAY** provide protocol errors to language models, though these are less likely to result in successful recovery."',
      ),
      seed,
    );
    assert.ok(!text.includes("which can correct its call, and MAY give it a protocol error"), seed);
    // An expert's review: section 1 no longer weighs the pages on how a subscription ends.
    assert.ok(!text.includes("stdio only in the schema"), seed);
  }
});
