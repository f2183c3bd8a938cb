// Lesson 4 states only what its run shows: the real lines of four servers, the same for the same seed, carry every seed-free fact its markdown writes; the simulator's tool and resource agree with the wire; and the readings' claims hold for other seeds.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { LINE_WIDTH } from "../../src/notebook/lineWidth";
import * as prose from "../../src/lessons/threePrimitives/prose";
import { CHOSEN_BY, simulateThreePrimitives, WAYS } from "../../src/lessons/threePrimitives/simulate";
import * as tables from "../../src/lessons/threePrimitives/tables";
import { runThreePrimitives, type ThreePrimitivesLesson } from "../../src/lessons/threePrimitives/wire";
import type { TranscriptLine } from "../../src/wireClient/lineExchange";
import { ENVELOPE_TOKENS, REMOTE_ROUND_TRIPS } from "../../src/sim/envelope";
import { countTokens } from "../../src/sim/tokenizer";
import { pyStr } from "../../src/sim/values";
import { contentWords } from "../../src/world/resources";
import { SUBSCRIBER_COUNT } from "../../src/world/subscribers";
import { TASK_COUNT } from "../../src/world/tasks";
import { createWorld } from "../../src/world/world";
import { CACHE_HINT } from "../../src/protocol/revisions";
import { ROOT } from "../helpers";

const SEEDS = [0, 7, 20260219, 9007199254740991];

/** Computed prose with its line breaks folded to single spaces. */
const flat = (text: string) => text.replace(/\s+/g, " ");

/** A transcript's lines, parsed, in order. */
function parsed(lesson: ThreePrimitivesLesson, server: "kayit" | "olcum" | "tarife" | "fleet") {
  return lesson.wire[server].steps
    .filter((step): step is TranscriptLine => "line" in step)
    .map((line) => ({ ...line, json: JSON.parse(line.line) as Record<string, any> }));
}

/** Everything the notebook prints from the run, tables and computed prose. */
function printed(lesson: ThreePrimitivesLesson): string[] {
  return [
    tables.formatPrimitiveOffers(lesson),
    tables.formatToolsListLines(lesson),
    tables.formatDescribedTool(lesson),
    tables.formatResourceReadLines(lesson),
    tables.formatResourceNotFound(lesson),
    tables.formatPromptGetLines(lesson),
    tables.formatRegionWays(lesson),
    prose.describeThreePrimitivesSeed(lesson),
    prose.readPromptText(lesson),
    prose.readRegionQuestion(lesson),
    prose.readRegionWays(lesson),
    prose.summarizeThreePrimitives(lesson),
    prose.threePrimitivesSolutions(lesson),
  ];
}

describe("lesson 4 on the default seed (4 server processes)", () => {
  let lesson: ThreePrimitivesLesson;
  before(async () => {
    lesson = await runThreePrimitives(20260218);
  });

  it("starts 4 processes, and the same seed gives the same lines, byte for byte: those of the committed export", () => {
    assert.equal(lesson.wire.processes, 4);
    const exported = readFileSync(join(ROOT, "lessons", "04-three-primitives.md"), "utf8");
    for (const text of [
      tables.formatToolsListLines(lesson),
      tables.formatDescribedTool(lesson),
      tables.formatResourceReadLines(lesson),
      tables.formatResourceNotFound(lesson),
      tables.formatPromptGetLines(lesson),
      tables.formatRegionWays(lesson),
    ])
      assert.ok(exported.includes(`\n${text}\n`), text.split("\n")[0]);
  });

  it("prints the key lines", () => {
    assert.deepEqual(tables.formatRegionWays(lesson).split("\n"), [
      "primitive  used           chosen by    server  requests  tokens  round trips  bytes  answered",
      "tool       bolge_ozet ×3  model        kayit          3     183            6   1556         3",
      "resource   abone_listesi  application  olcum          1     797            1   5617         3",
    ]);
    const toolsList = tables.formatToolsListLines(lesson).split("\n");
    assert.equal(toolsList[0], "client → server (244 bytes)");
    assert.equal(toolsList[1], '  {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{…}}}');
    assert.equal(toolsList[2], "server → client (680 bytes)");
    assert.match(
      tables.formatResourceReadLines(lesson),
      /server → client \(5339 bytes; text cut, 4238 characters in all\)/,
    );
    assert.deepEqual(tables.formatResourceNotFound(lesson).split("\n").slice(5), [
      "server → client (148 bytes)",
      "  {",
      '    "jsonrpc": "2.0", "id": 3,',
      '    "error": {',
      '      "code": -32602, "message": "Resource not found: tarife://basamak_tablosu",',
      '      "data": {"uri":"tarife://basamak_tablosu"}',
      "    }",
      "  }",
    ]);
  });

  it("every printed line fits the page, and a line is only ever cut where its header says so", () => {
    for (const text of printed(lesson)) for (const line of text.split("\n")) assert.ok(line.length <= LINE_WIDTH, line);
    for (const text of [
      tables.formatToolsListLines(lesson),
      tables.formatDescribedTool(lesson),
      tables.formatResourceReadLines(lesson),
      tables.formatResourceNotFound(lesson),
      tables.formatPromptGetLines(lesson),
    ]) {
      const lines = text.split("\n");
      const cutHeaders = lines.filter((line) => / cut, \d+ characters in all/.test(line)).length;
      const cutStrings = lines.filter((line) => /…"/.test(line)).length;
      assert.equal(cutStrings, cutHeaders, text);
      assert.ok(!lines.some((line) => /…,?$/.test(line)), "no line cut at the page's edge");
    }
  });

  it("the seed-free facts the markdown states are the run's", () => {
    assert.equal(lesson.subscribers, SUBSCRIBER_COUNT);
    assert.equal(SUBSCRIBER_COUNT, 60);
    assert.equal(TASK_COUNT, 12);
    assert.equal(ENVELOPE_TOKENS, 8);
    assert.equal(REMOTE_ROUND_TRIPS, 2);
    assert.equal(lesson.offers.length, 3);
    assert.deepEqual(
      (["tools", "resources", "prompts"] as const).map((kind) => lesson.offers.reduce((n, o) => n + o[kind].length, 0)),
      [5, 2, 1],
    );
    assert.deepEqual(
      lesson.offers.map(({ server, transport }) => [server, transport]),
      [
        ["olcum", "local"],
        ["tarife", "remote"],
        ["kayit", "remote"],
      ],
    );

    // tools/list: name and inputSchema on each tool; five keywords; annotations; no description or title.
    const [, toolsAnswer] = parsed(lesson, "kayit");
    const listed = toolsAnswer.json.result.tools as Record<string, any>[];
    assert.deepEqual(
      listed.map((tool) => tool.name),
      ["bolge_ozet", "kayit_yaz"],
    );
    const keywords = new Set<string>();
    let empty = 0;
    const walk = (schema: Record<string, any>) => {
      if (Object.keys(schema).length === 0) empty += 1;
      for (const key of Object.keys(schema)) keywords.add(key);
      for (const inner of Object.values(schema.properties ?? {})) walk(inner as Record<string, any>);
    };
    for (const tool of listed) {
      assert.equal(tool.inputSchema.type, "object");
      assert.equal(tool.description, undefined);
      assert.equal(tool.title, undefined);
      walk(tool.inputSchema);
    }
    assert.deepEqual([...keywords].sort(), ["enum", "properties", "required", "type"]);
    assert.equal(empty, 1, "deger's {}");
    // Annotations as the prose reads them: bolge_ozet only reads; kayit_yaz writes, may overwrite, is idempotent; neither is open-world.
    assert.deepEqual(listed[0].annotations, { readOnlyHint: true, openWorldHint: false });
    assert.deepEqual(listed[1].annotations, {
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: false,
    });

    // The caching hint: an hour, public, on the lists and the read; none on prompts/get.
    assert.equal(CACHE_HINT.ttlMs, 60 * 60 * 1000);
    const olcum = parsed(lesson, "olcum");
    const tarife = parsed(lesson, "tarife");
    for (const answer of [toolsAnswer, olcum[1], olcum[3], tarife[1]]) {
      assert.equal(answer.json.result.ttlMs, 3_600_000);
      assert.equal(answer.json.result.cacheScope, "public");
      assert.equal(answer.json.result.resultType, "complete");
    }
    assert.equal(tarife[3].json.result.ttlMs, undefined);
    assert.equal(tarife[3].json.result.cacheScope, undefined);

    // resources/list and the read: a URI, a name, a mimeType; the text is all 60 subscribers.
    assert.deepEqual(olcum[1].json.result.resources, [
      { uri: "olcum://abone_listesi", name: "abone_listesi", mimeType: "application/json" },
    ]);
    const text: string = olcum[3].json.result.contents[0].text;
    assert.equal(Object.keys(JSON.parse(text)).length, 60);
    assert.ok(olcum[3].line.includes('\\"'), "quotation marks are escaped on the line");
    // Not found: the tier table's URI asked of olcum, -32602 with the URI in data.
    assert.equal(olcum[4].json.params.uri, "tarife://basamak_tablosu");
    assert.deepEqual(olcum[5].json.error, {
      code: -32602,
      message: "Resource not found: tarife://basamak_tablosu",
      data: { uri: "tarife://basamak_tablosu" },
    });

    // prompts/list: 511 bytes, m3 required and tip optional; prompts/get: m3 as a string, one user message.
    assert.equal(tarife[1].bytes, 511);
    assert.deepEqual(
      tarife[1].json.result.prompts[0].arguments.map((a: any) => [a.name, a.required]),
      [
        ["m3", true],
        ["tip", false],
      ],
    );
    assert.equal(typeof tarife[2].json.params.arguments.m3, "string");
    assert.deepEqual(
      tarife[3].json.result.messages.map((m: any) => [m.role, m.content.type]),
      [["user", "text"]],
    );
    assert.equal(lesson.promptCase.task, 1, "the first charge task is task 1");

    // fleet's tools/list: every tool carries a description, none a title; get_device's entry is shown whole.
    const fleetTools = parsed(lesson, "fleet")[1].json.result.tools as Record<string, any>[];
    assert.ok(fleetTools.every((tool) => typeof tool.description === "string" && tool.title === undefined));
    const shown = tables.formatDescribedTool(lesson);
    assert.match(shown.split("\n")[0], /^fleet: server → client \(\d+ bytes\), 3 tools; get_device's entry:$/);
    assert.deepEqual(
      JSON.parse(shown.split("\n").slice(1).join("\n")),
      fleetTools.find((tool) => tool.name === "get_device"),
    );
  });

  it("the simulator counts the real server's contents, as words, in 2026-07-28's bodies", () => {
    const olcum = parsed(lesson, "olcum");
    const read = lesson.ways[1].exchanges[0];
    // The read's result: resultType, the contents' words, the server's identity and the caching hint
    // the real line carries (lesson 3's word body; sim/eras.ts).
    const result = olcum[3].json.result;
    const { name, version } = result._meta["io.modelcontextprotocol/serverInfo"];
    assert.equal(
      read.response.body,
      [
        `resultType ${result.resultType}`,
        contentWords(JSON.parse(result.contents[0].text)).map(pyStr).join(" "),
        `${name} surum ${version} ttlMs ${result.ttlMs} cacheScope ${result.cacheScope}`,
      ].join(" "),
    );
    // Every request ends with the _meta the real requests carry, each key in full, the empty
    // capabilities object its key alone.
    const meta = olcum[2].json.params._meta;
    const client = meta["io.modelcontextprotocol/clientInfo"];
    assert.ok(
      read.request.body.endsWith(
        `io.modelcontextprotocol/protocolVersion ${meta["io.modelcontextprotocol/protocolVersion"]} ` +
          "io.modelcontextprotocol/clientCapabilities " +
          `io.modelcontextprotocol/clientInfo ${client.name} surum ${client.version}`,
      ),
      read.request.body,
    );
    assert.deepEqual(meta["io.modelcontextprotocol/clientCapabilities"], {});
    // A tool's result carries no caching hint: resultType, the answer, kayit's identity.
    const call = parsed(lesson, "kayit")[3].json.result;
    assert.equal(call.ttlMs, undefined);
    const kayit = call._meta["io.modelcontextprotocol/serverInfo"];
    assert.equal(
      lesson.ways[0].exchanges[0].response.body,
      `resultType complete bolge kuzey abone 10 ${kayit.name} surum ${kayit.version}`,
    );
    for (const way of lesson.ways)
      for (const { request, response } of way.exchanges)
        for (const message of [request, response])
          assert.equal(message.tokens, countTokens(message.body) + ENVELOPE_TOKENS);
  });

  it("the readings say what the run shows", () => {
    const ways = flat(prose.readRegionWays(lesson));
    // Section 5 keeps the table, the bytes and what the read carries; its token arithmetic is gone.
    // The round trips saved split into the primitive's share and placement's (the doubled remote round trip);
    // tokens and bytes are reported apart, as placement does not move them.
    // The primitive's share is what one placement would leave; placement's is the doubled round trip.
    // The student needed a scratch pad for "1 request instead of 3 would save 2 ... Placement adds the
    // other 3": two short sentences now, same placement, then real placement, each number computed.
    // A student's reading: the 5 = 2 + 3 split as a three-row table (both local; as placed; difference).
    const split = prose.readRegionWays(lesson);
    for (const row of [
      "| round trips | (a) tool | (b) resource | (b) saves |",
      "| both servers local, 1 a request | 3 | 1 | 2 |",
      "| as placed: `kayit` remote, `olcum` local (lesson 2) | 6 | 1 | 5 |",
    ])
      assert.ok(split.includes(row), row);
    // A student's reading: a "difference" row under "(b) saves" read as a saving; the split is a line under the table.
    assert.ok(!split.includes("| difference: placement |"));
    // Both savings stand in the table's "(b) saves" column (5 as placed, 2 if all local); an expert's review:
    // the cost comparison is cut to its tables, so no sentence repeats them.
    assert.doesNotMatch(ways, /\(b\) saves 5 round trips as placed, 2 if all local\./);
    assert.ok(!ways.includes("are placement's"));
    assert.ok(!ways.includes("Were both servers local"));
    // The tool side's 183, as one line of arithmetic (a student's reading): 3 calls of a request of 42
    // and a response of 19.
    assert.ok(ways.includes("(a)'s tokens, a request and a response for each call: 3 × (42 + 19) = 183."), ways);
    assert.ok(!ways.includes("3 calls of 61 each"));
    // Calls that differ are summed, equal ones grouped (seed 20260219's `merkez` call is one token longer).
    const other = flat(readFileSync(join(ROOT, "lessons", "seed-20260219", "04-three-primitives.md"), "utf8"));
    assert.ok(other.includes("(43 + 20) + 2 × (42 + 19) = 185."), other);
    // The rows' 729, derived: one row cut into tokens, and the count of `merkez` rows (2 tokens, not 1).
    assert.ok(
      ways.includes(
        "One row of (b)'s answer in tokens (`|` cuts a word): `A001 bolge guney tip isyer|i oncek|i 87563 simdi|ki 87604` (12).",
      ),
      ways,
    );
    // A student's reading: spaces between words, `|` only for cuts, as lesson 3's fold prints them.
    assert.ok(!ways.includes("A001|bolge"));
    // The `merkez` rows' 13 is the breakdown table's alone: the prose does not repeat it.
    assert.ok(!ways.includes("a `merkez` row has"));
    assert.equal(51 * 12 + 9 * 13, 729);
    assert.ok(!ways.includes("instead of 3 would save"));
    assert.ok(!ways.includes("accounts for"));
    assert.match(ways, /which placement does not change: \(b\) cost 614 more tokens and 4061 more bytes\./);
    assert.ok(!ways.includes("round trips for 614"), "round trips and tokens are not traded in one figure");
    // The student could not rebuild the table's 797: it is given as the two word bodies, each plus 8
    // (lesson 3), 38 and 743; the 743 is `resultType complete` (4), the rows (729), then the server's tail:
    // its identity (3) and the caching hint `ttlMs 3600000 cacheScope public` (7).
    // A student's reading and an expert's review: the parts as a table, in place of the parenthesised sentence.
    const parts = prose.readRegionWays(lesson);
    for (const row of [
      "| the read: `resources/read` 3, the URI 5 (no key is counted, as in a call), `_meta` 30 | 38 |",
      // A student's reading: "(not the key `uri`, as a call's `name`)" and "(its key `uri` counts 0, as `name`)" were cryptic.
      "| the answer: `resultType complete` | 4 |",
      "| the answer: the rows, 51 of 12 tokens and 9 (`merkez`) of 13 | 729 |",
      "| the answer: identity and caching hint, `olcum surum 2 ttlMs 3600000 cacheScope public` | 10 |",
      "| the envelope, 8 for each of the two messages | 16 |",
    ])
      assert.ok(parts.includes(row), row);
    assert.ok(parts.includes("| part of (b)'s 797 tokens (lesson 3's word bodies and envelopes) | tokens |"));
    assert.equal(8 + 30 + 4 + 729 + 10 + 16, 797);
    assert.ok(!ways.includes("not the envelope's 8"));
    assert.equal(38 + 8 + 743 + 8, 797);
    // The student got 39 by counting the key `uri`: the body holds the URI's value alone (lesson 3's rule
    // for a call, whose body holds the tool's name without the key `name`).
    assert.equal(countTokens("resources/read olcum://abone_listesi"), 8);
    assert.equal(lesson.ways[1].exchanges[0].request.body.split(" ").includes("uri"), false);
    assert.match(ways, /\(b\)'s one answer carries all 60 subscribers' rows: if the host attaches them,/);
    assert.ok(!ways.includes("751"));
    // What the table does not measure, computed: the answers' body tokens, what would enter a model's
    // context (lesson 3's word bodies without envelope, resultType or _meta): 3 counts against 60 rows.
    assert.match(
      ways,
      /What would enter a model's context is another count: the answers' body tokens \(lesson 3\), without envelope, `resultType` or `_meta`\. \(a\)'s 3 results bring 12 tokens: 3 counts, each with its region\./,
    );
    assert.match(ways, /if the host attaches them, they bring 729 tokens, 61 times as many\./);
    // Section 1's rule of thumb ends with what this run shows, read from the counts: the tool wins on
    // tokens both ways. One seed and one question: no "tested", no "Verdict" (an expert's reading).
    assert.doesNotMatch(ways, /Verdict|tested/);
    assert.ok(
      ways.endsWith(
        "**What this run shows.** Section 1's rule of thumb held here: for 3 small answers the tool cost fewer tokens (183 against 797) and would bring fewer into the context (12 against 729); the resource won only on round trips. The rule is the course's: MCP chooses a primitive by who controls it (section 1), not by cost.",
      ),
      ways,
    );
    const [toolWay, readWay] = lesson.ways;
    assert.equal(toolWay.contentTokens, 12);
    assert.equal(readWay.contentTokens, 729);
    assert.ok(readWay.contentTokens < readWay.exchanges[0].response.tokens, "contents are inside the answer");
    assert.match(
      ways,
      /Both ways give the same answers, in the simulator and on the wire: `kuzey` 10, `dogu` 11 and `dogu` 11\./,
    );
    assert.ok(!ways.includes("tokens of `_meta`"), "no per-request token arithmetic");
    assert.ok(!ways.includes("for the envelope"), "the read's tokens are not taken apart");
    assert.match(
      flat(prose.readRegionQuestion(lesson)),
      /task 3 \(`kuzey`, north\), task 7 \(`dogu`, east\) and task 11 \(`dogu`, east\)\. Only 2 of the regions differ/,
    );
    const prompt = flat(prose.readPromptText(lesson));
    assert.match(prompt, /The user asks about task 1's subscriber, `A059`: 50 m³, type `mesken`\./);
    assert.match(prompt, /The amount the text names, 470, is what the `tarife` tool answers for the same/);
    // The student read "answers nothing" as "returns nothing".
    assert.match(
      flat(prose.summarizeThreePrimitives(lesson)),
      /A get returns messages for the conversation and does not itself answer the question\./,
    );
    assert.ok(!flat(prose.summarizeThreePrimitives(lesson)).includes("answers nothing"));
    // The summary leads with who decides and what the model sees; the numbers are the course's, and it says so.
    assert.match(
      flat(prose.summarizeThreePrimitives(lesson)),
      /- The model decides a tool call and reads its result; the application decides a read, seen only if attached\. Priced by the course: 3 calls cost 6 round trips \(3 of them for `kayit`'s placement\) and 183 tokens, 1 read 1 and 797\. Into a model's context, the calls' results would bring 12 tokens, the read's contents 729\./,
    );
    // Exercise 3 asks for a schema: the server's own, and the stricter one with an enum, are both right.
    const schema = flat(prose.threePrimitivesSolutions(lesson));
    // Section 5's row cut holds on every seed because every reading has five digits, 1 token
    // (src/world/subscribers.ts: 10000 + ⌊r·80000⌋, then + ⌊r·70⌋).
    for (const seed of SEEDS)
      for (const subscriber of Object.values(createWorld(seed).subscribers))
        for (const reading of [subscriber.onceki, subscriber.simdiki]) {
          assert.ok(reading >= 10000 && reading <= 90068, `${seed}: ${reading}`);
          assert.equal(countTokens(String(reading)), 1);
        }
    assert.match(
      schema,
      /\{"type":"object","properties":\{"m3":\{"type":"integer"\},"tip":\{"type":"string"\}\},"required":\["m3"\]\}/,
    );
    assert.match(schema, /Adding `"enum": \["mesken", "isyeri"\]` to `tip` is stricter, and just as right/);
    // "Household if not given" is JSON Schema's default keyword, an annotation the tool's code applies;
    // the body (section 2) says that a validator does not fill it in.
    assert.match(
      schema,
      /"Household if not given" is `"default": "mesken"` on `tip`, which only annotates \(section 2\): the tool's code must still apply it/,
    );
    // The export's prose, quoted lines (the note) unquoted, line breaks folded.
    const body = flat(readFileSync(join(ROOT, "lessons", "04-three-primitives.md"), "utf8").replace(/^> /gm, ""));
    assert.ok(body.includes("`default` only annotates: a validator does not fill it in."));
    // caching.mdx lists server/discover with the list methods and resources/read; prompt arguments are
    // strings in both revisions (GetPromptRequestParams.arguments); a description is the schema's "hint".
    assert.ok(
      body.includes(
        '2026-07-28 requires two caching fields, `ttlMs` and `cacheScope`, on the `"complete"` results of `resources/read`, the four lists (`tools/list`, `resources/list`, `resources/templates/list`, `prompts/list`) and `server/discover` (lesson 2), not on `"input_required"` ones; 2025-11-25 has neither (`server/utilities/caching.mdx`, "Cacheable Results"):',
      ),
    );
    // A student's reading: "among others" left the rest unnamed; caching.mdx's list is these six, all named.
    assert.ok(!body.includes("among others, not on"));
    // A student's reading: the fourth lesson in a row to point ahead to `server/discover`; section 2 says
    // what the fields are and points nowhere.
    assert.ok(!body.includes("`server/discover` (taught later)"));
    // An expert's review: caching.mdx, "Cacheable Results": hints are required on `resultType: "complete"` results;
    // interim `input_required` results carry none. The normative page is cited, not the schema alone.
    assert.ok(!body.includes("on the results of `server/discover`"));
    // The student: server/discover, explained in a parenthesis a lesson before it is taught, was noise.
    assert.ok(!body.includes("`server/discover` (a request asking a server what it supports)"));
    // caching.mdx, "Time-to-live (TTL) Field": the client MAY consider the result fresh; TTL is a
    // freshness hint, not a guarantee, and servers MAY change the data before it expires.
    // The two fields as a table (an expert's reading), at no cost in lines.
    assert.ok(body.includes("| field | what it says | here |"));
    assert.ok(
      body.includes(
        "| `ttlMs` | how many milliseconds the client may treat the result as fresh: a hint, not a guarantee, as the server MAY change the data sooner | 3600000, an hour |",
      ),
    );
    assert.ok(!body.includes("how long the list stays fresh"));
    assert.ok(body.includes("In both revisions prompt arguments are strings (`m3` goes as text)"));
    assert.ok(body.includes('(a "hint" to the model, says `Tool`)'));
    // schema.mdx, Tool.annotations and ToolAnnotations.title (2025-11-25, 2026-07-28): display name
    // precedence is title, annotations.title, then name; the table lists all five, title with no default.
    assert.ok(body.includes("a display shows `title`, else `annotations.title`, else `name`."));
    assert.ok(
      body.includes(
        "Tool `annotations` are five hints (`schema.mdx`, `ToolAnnotations`); all but `title` have a default:",
      ),
    );
    assert.ok(body.includes("| annotation | if true | default | applies when |"));
    assert.ok(body.includes("| `title` | – (a string: a name for people) | none | always |"));
    assert.ok(!body.includes("Four have defaults") && !body.includes("the fifth annotation"));
    // Why the world's tools carry no description: the course's servers leave them out on purpose.
    assert.ok(
      body.includes(
        "The water servers leave both out: no model runs here, and the host builds each call from the name and the schema alone.",
      ),
    );
    // Section 5 leads with who decides and what reaches the model (tools.mdx "Message Flow":
    // Client->>LLM "Process result"; resources.mdx "User Interaction Model": application-driven;
    // prompts.mdx "PromptMessage": role "user" or "assistant"), before any price.
    const rows = [
      '| (a) tool: `bolge_ozet` on `kayit`, called once per task | the model | each result, as the answer to its call | `server/tools.mdx`, "Message Flow" |',
      '| (b) resource: `abone_listesi` on `olcum`, read once, its rows counted by the host\'s own code | the application | the contents if the host attaches them, else nothing | `server/resources.mdx`, "User Interaction Model" |',
    ];
    for (const row of rows) assert.ok(body.includes(row), row);
    // A student's reading: who counts the rows; the application, not the model, uses a resource.
    assert.ok(!body.includes("its rows counted by the host |"));
    // A prompt is no way: a sentence, not a table row (a reader found "no third way" odd as a row).
    assert.ok(!body.includes("| no third way"));
    assert.ok(
      body.includes(
        'A prompt is no third way: the user picks it, and it returns text that enters the conversation as `user` or `assistant` turns, not the answer (`server/prompts.mdx`, "PromptMessage").',
      ),
    );
    // The table measures traffic, says so, and defines its last column (section 2 says no model runs);
    // placement's part in the comparison is the reading's, after the table.
    assert.ok(!body.includes("No model runs here, so nothing measures what a model would read."));
    assert.ok(
      body.includes(
        "The table below measures traffic: the messages between client and server, requests and responses together, in lesson 3's envelope tokens, on the real lines' 2026-07-28 bodies.",
      ),
    );
    assert.ok(body.includes("*Answered* is how many of the region questions each way answered."));
    assert.ok(!body.includes("Placement also differs"), "the reading after the table splits the round trips");
    assert.ok(body.indexOf(rows[0]) < body.indexOf("primitive used chosen by server requests"), "the table leads");
    // The prompt has no row in the price table, and the lesson draws no chart.
    assert.ok(!/^prompt +bedel_aciklamasi/m.test(body) && !body.includes(".svg)"));
    // Annotations: the four defaults where they are introduced, and idempotence "with the same
    // arguments" (schema.mdx ToolAnnotations, both revisions).
    // A table: each hint, what true means, its default, and when it counts.
    for (const row of [
      "| `readOnlyHint` | the tool only reads | false | always |",
      "| `destructiveHint` | its writes may change or delete, not only add | true | only if `readOnlyHint` is false |",
      "| `idempotentHint` | a repeat with the same arguments does no more | false | only if `readOnlyHint` is false |",
      "| `openWorldHint` | it may reach outside things such as the web | true | always |",
    ])
      assert.ok(body.includes(row), row);
    // Not found: -32602 in a 2025-11-25 session departs from resources.mdx's SHOULD (-32002).
    // The first exact SDK version says what it is: the one the course pins.
    assert.ok(
      body.includes(
        "The error carries the URI as `data.uri`. *The course departs from 2025-11-25 here:* its servers answer -32602 in both revisions, as does SDK 2.4.0, the official TypeScript SDK version the course pins.",
      ),
    );
    assert.ok(!body.includes("like SDK 2.4.0"));
    // server/resources.mdx, "Error Handling": the page's own example error carries data.uri (both
    // revisions), so data.uri is the specification's, not an SDK invention.
    assert.ok(body.includes("The error carries the URI as `data.uri`."));
    assert.ok(!body.includes("the SDK adds the URI as `data.uri`"));
    // The listing's annotations are named before it and read after it.
    assert.ok(
      body.includes(
        "each tool's `annotations`, hints on what it does, and the caching hint that ends `kayit`'s answer are read after the listing.",
      ),
    );
    // The caching hint in three sentences: the two required fields, what each says, and why "public" here
    // (the student: authorization contexts and SDK defaults are more than this lesson needs).
    assert.ok(body.includes('| `"public"`: these servers check no authorization |'));
    assert.ok(!body.includes("Choosing a Cache Scope"));
    assert.ok(!body.includes("SDK 2.4.0's default"));
    assert.ok(!body.includes("but the world's are fictional"));
    // resources.mdx, "Error Handling": the summary tells the spec's codes from what the course's servers send.
    assert.ok(
      body.includes(
        "The spec's not found is -32602 in 2026-07-28, -32002 in 2025-11-25; the course's servers send -32602 in both, with `data.uri`.",
      ),
    );
    assert.ok(!body.includes("not found is -32602 (2025-11-25: -32002)"));
    assert.ok(!body.includes("A real list of people"));
    // The round trips saved are partly placement: the resource's server is local, the tool's remote.
    // One sentence before the table says so (held above); the old two-sentence account is gone.
    assert.ok(!body.includes("So the round trips mix the primitive with placement"));
    // No cell prints the seed alone: the opening sentence names it.
    for (const folder of ["lessons", join("lessons", "seed-20260219")]) {
      const exported = readFileSync(join(ROOT, folder, "04-three-primitives.md"), "utf8");
      assert.ok(!/^seed \d+$/m.test(exported), folder);
    }
    // caching.mdx, "Cache Scope Field": private responses are reused within one authorization context.
    // A student's reading: authorization is never taught, so the scope in plain words ("Caches MUST NOT be
    // shared across authorization contexts (e.g. a different access token requires a different cache)").
    assert.ok(
      flat(body).includes(
        '`"private"`, one caller only (a cache MUST NOT share it between callers with different credentials, such as two access tokens)',
      ),
    );
    assert.ok(!flat(body).includes("reused only within one authorization context"));
    // Section 5's tokens are lesson 3's word bodies in 2026-07-28, the revision of the real lines it
    // sets them beside: _meta on every request, resultType and the server's identity on every result,
    // the caching hint on the read's.
    assert.ok(!body.includes("The course prices both ways in lesson 3's envelope tokens"));
    assert.ok(!body.includes("2025-11-25's bodies"));
    // Section 1 states the course's rule of thumb, labelled as the course's, after the control table;
    // section 5 tests it before its token table, and says that attached contents reach the model in full.
    const rule = body.slice(body.indexOf("**The course's rule of thumb.**"), body.indexOf("## 2 · "));
    assert.ok(body.indexOf("| prompt | the user |") < body.indexOf("**The course's rule of thumb.**"));
    assert.match(rule, /Make it a tool when the model should choose, question by question, and each answer is small/);
    assert.match(rule, /Make it a resource when the application can pick bounded data before the questions come/);
    assert.match(rule, /Section 5 tries it on one question\./);
    assert.doesNotMatch(body, /rule of thumb, tested|Verdict/);
    const test5 = body.slice(body.indexOf("## 5 · "), body.indexOf("## Summary"));
    assert.match(test5, /What would enter a model's context is another count/);
    assert.match(test5, /\(b\)'s one answer carries all 60 subscribers' rows: if the host/);
    assert.ok(test5.indexOf("primitive used chosen by") < test5.indexOf("**What this run shows.**"));
    // basic/index.mdx, "Error Codes" (2026-07-28): codes of earlier revisions stay reserved and MUST NOT
    // be emitted, -32002 among them; clients SHOULD still accept it.
    assert.ok(
      body.includes(
        'It MUST NOT send -32002, a code of earlier revisions, which clients SHOULD still take as not found (`basic/index.mdx`, "Error Codes").',
      ),
    );
    assert.ok(!body.includes("may no longer be sent"));
    // The seed sentence is an instruction for someone running the notebook, not for a reader of the export.
    assert.ok(
      body.includes(
        "In the notebook, change `SEED` and run all cells again to see another seed; `mcp-course lesson 04 --seed N` does the same in a shell.",
      ),
    );
    assert.ok(!body.includes("To run the lesson with another seed"));
    // fleet introduced once, where it first appears: what it is, what it is for, where it comes from
    // (lesson 8's endnote's source), not announced in the assumptions (a student's and an expert's reading).
    assert.ok(!body.includes("measured later on its own"));
    assert.equal(body.split("a fourth server").length, 2, "introduced once");
    assert.ok(
      body.includes(
        "then one tool of `fleet`, a fourth server of the course's world: 400 connected medical devices behind three read-only tools, shown here for its `description`s and measured in a lesson of its own, taught later. Only `fleet` declares a `description`.",
      ),
    );
    // A student's reading: no URL and no "experiment" where fleet is introduced.
    assert.ok(!body.includes("shamirai.ai") && !body.includes("experiment"));
    assert.ok(body.includes("`additionalProperties: false` no member beyond those `properties` names"));
    assert.ok(!body.includes("a fourth server outside the water world (a device inventory)"));
    // Section 5 no longer spells out the read's body word by word (the table and the bytes carry it).
    assert.ok(!body.includes("Its answer's body is `resultType`"));
    assert.ok(!/from \d+ processes/.test(body));
    // lesson 1 keeps the course's one "what would another seed move?" exercise; this one builds a
    // call's params from the lesson, its answer quoted from the run.
    assert.ok(
      body.includes(
        "1. Write the `params` of the `tools/call` request that asks section 5's first region question through the tool, `_meta` as `{…}`, and the `text` its answer carries.",
      ),
    );
    const solved = flat(prose.threePrimitivesSolutions(lesson));
    assert.ok(
      solved.includes(
        'As it crossed, `{"name":"bolge_ozet","arguments":{"bolge":"kuzey"},"_meta":{…}}`; its answer\'s `text`: `{"bolge":"kuzey","abone":10}`.',
      ),
      solved,
    );
    // A student's reading: an application-controlled read in a real host, by example.
    // A student's reading: one clear example of application control first, then the caveat.
    assert.ok(
      flat(body).includes(
        "the host decides what enters the context, for example a file the user picks. The host may also follow rules of its own, even let the model pick",
      ),
    );
    assert.ok(!flat(body).includes("say a file the user attaches, which the host reads, or by rules of its own"));
  });
});

describe("lesson 4's claims over other seeds (simulator only)", () => {
  const base = simulateThreePrimitives(20260218);
  it("the same seed gives an equal result", () => {
    for (const seed of [20260218, ...SEEDS])
      assert.deepEqual(simulateThreePrimitives(seed), simulateThreePrimitives(seed));
  });

  for (const seed of SEEDS) {
    it(`seed ${seed}: three region tasks, requests and round trips fixed, (a) and (b) agree, tokens move only with merkez`, () => {
      const lesson = simulateThreePrimitives(seed);
      assert.equal(lesson.regionTasks.length, 3);
      assert.deepEqual(
        lesson.ways.map((w) => w.way),
        WAYS,
      );
      assert.deepEqual(
        lesson.ways.map((w) => [w.request, w.response, w.round_trips]),
        [
          [3, 3, 6],
          [1, 1, 1],
        ],
      );
      assert.deepEqual(
        lesson.ways.map((w) => CHOSEN_BY[w.way]),
        ["model", "application"],
      );
      const [tool, resource] = lesson.ways;
      const truth = lesson.regionTasks.map((task) => task.subscribers);
      assert.deepEqual(tool.answers, truth);
      assert.deepEqual(resource.answers, truth);
      // Tokens: merkez is the one region of two tokens; readings one token each.
      const merkezTasks = lesson.regionTasks.filter((t) => t.region === "merkez").length;
      const baseMerkez = base.regionTasks.filter((t) => t.region === "merkez").length;
      assert.equal(tool.tokens - base.ways[0].tokens, 2 * (merkezTasks - baseMerkez));
      const merkezOf = (words: string) => words.split(" ").filter((w) => w === "merkez").length;
      assert.equal(
        resource.tokens - base.ways[1].tokens,
        merkezOf(resource.exchanges[0].response.body) - merkezOf(base.ways[1].exchanges[0].response.body),
      );
      assert.ok(resource.tokens > tool.tokens && resource.round_trips < tool.round_trips);
      assert.deepEqual([lesson.everyRegion.request, lesson.everyRegion.round_trips], [5, 10]);
    });
  }
});

describe("the primitives table gives a tool result's content, isError and optional structuredContent, and names the interim input_required answer", () => {
  // 2025-06-18 onward server/tools.mdx, "Structured Content": a result may carry structuredContent (an
  // object through 2025-11-25, any JSON value in 2026-07-28), said in a few words with no forward pointer.
  // 2026-07-28 basic/patterns/mrtr.mdx, Supported Requests.
  for (const file of ["lessons/04-three-primitives.md", "lessons/seed-20260219/04-three-primitives.md"]) {
    it(file, () => {
      const text = readFileSync(join(ROOT, file), "utf8");
      assert.ok(
        text.includes(
          "| tool | the model | `tools/list` | `tools/call` | a result: `content` and `isError` (lesson 3), optionally `structuredContent` |",
        ),
      );
      assert.ok(
        flat(text).includes(
          'Since 2025-06-18 a tool result may also carry `structuredContent` (taught later): the answer as a JSON object (any JSON value from 2026-07-28) beside the text (`server/tools.mdx`, "Structured Content").',
        ),
      );
      assert.ok(!text.includes("`content` and `isError` (lesson 3) |"));
      // 2026-07-28 basic/index.mdx, "$ref Resolution": the MUST NOT, at the end of section 2 (the student: a
      // security detail in the middle of what `required` means).
      const two = flat(text.slice(text.indexOf("## 2 "), text.indexOf("## 3 ")));
      // cut for length, an aside a student of lesson 4 does not need.
      assert.ok(!two.includes("One safety rule last"));
      // 2026-07-28 server/tools.mdx, "Capabilities" (not "Listing Tools"): the list MUST NOT vary per
      // connection (resources.mdx and prompts.mdx, same section); it MAY vary by the request's authorization.
      assert.ok(
        flat(text).includes(
          'In 2026-07-28 the list MUST NOT vary per connection or as a side effect of other requests on the connection, though it MAY vary with the authorization a request presents (`server/tools.mdx`, "Capabilities"; the resources and prompts pages say the same).',
        ),
      );
      assert.ok(!flat(text).includes('presents (`server/tools.mdx`, "Listing Tools"'));
      // The fleet's "four stored fields" are said where the description is read.
      assert.ok(
        flat(text).includes(
          "`get_device`'s names a device's record, whose four stored fields are its hours in service, alerts, risk score and downtime.",
        ),
      );
      assert.ok(
        flat(text).includes(
          "In 2026-07-28 a use may first answer `input_required` (lesson 3). The spec describes tools as functions that let a model take actions, such as writing a file, or retrieve information; resources supply context, and prompts are templates the user picks (`server/index.mdx`).",
        ),
      );
      // An expert's review: 2026-07-28 server/index.mdx describes tools as functions "to take actions" and
      // to "retrieve information"; it says nowhere that only tools act.
      assert.ok(!flat(text).includes("Only tools take actions"));
      assert.ok(!flat(text).includes("only tools are meant to act"));
    });
  }
});

describe("section 3's features left unused", () => {
  it("are read in sentences, not a table the prose never reads", () => {
    const notebook = JSON.parse(readFileSync(join(ROOT, "notebooks", "04-three-primitives.ipynb"), "utf8")) as {
      cells: { cell_type: string; source: string[] }[];
    };
    const markdown = flat(
      notebook.cells
        .filter((cell) => cell.cell_type === "markdown")
        .map((cell) => cell.source.join(""))
        .join("\n"),
    );
    assert.ok(!markdown.includes("| feature | what it is |"));
    // server/resources.mdx: templates (RFC 6570, resources/templates/list), subscriptions (2026-07-28:
    // subscriptions/listen), and pagination (server/utilities/pagination.mdx: nextCursor, cursor).
    assert.match(
      markdown,
      /Unused here \(`server\/resources\.mdx`\): \*resource templates\*, URIs with parameters \(RFC 6570\)/,
    );
    assert.match(
      markdown,
      /\*pagination\*, a list in pages \(`nextCursor`, `cursor`; `server\/utilities\/pagination\.mdx`\)/,
    );
  });
});

describe("lesson 4's exercise 2 gives what its answer needs", () => {
  it("states each region name's tokens, which exercise 1's solution alone gave before", () => {
    // The expert: the 307 of exercise 2 needs `merkez` at 2 tokens and the other regions at 1.
    const text = flat(readFileSync(join(ROOT, "lessons", "04-three-primitives.md"), "utf8"));
    const exercises = text.slice(text.indexOf("## Exercises"), text.indexOf("## Solutions"));
    assert.ok(exercises.includes("(A region's name is 1 token, `merkez`'s 2.)"));
    for (const region of ["dogu", "bati", "kuzey", "guney"]) assert.equal(countTokens(region), 1, region);
    assert.equal(countTokens("merkez"), 2);
  });
});

describe("section 1 and the pointers back to lesson 3", () => {
  it("states application-controlled plainly, and names subscriptions without a pointer lesson 3 no longer backs", () => {
    const read = (name: string) => flat(readFileSync(join(ROOT, "lessons", name), "utf8"));
    const four = read("04-three-primitives.md");
    // The student read "(*application-driven*, says its page)" as an author's hedge.
    assert.ok(!four.includes("says its page"));
    assert.ok(four.includes("It is *application-controlled*: the host decides what enters the context"));
    // Lesson 3 names `subscriptions/listen` in one clause only, so lesson 4 points back to nothing.
    assert.ok(four.includes("*subscriptions* to a resource's changes"));
    assert.ok(!four.includes("lesson 3's `subscriptions/listen`"));
  });
});
