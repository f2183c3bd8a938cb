// Lesson 6's tables and figures equal the reference lesson's, byte for byte, for every fixture seed.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { writingAServerJson } from "../../src/lessons/writingAServer/json";
import { SHOWN_DECLARATIONS, SHOWN_SERVER, simulateWritingAServer } from "../../src/lessons/writingAServer/simulate";
import { ALL_LEVELS, declare } from "../../src/sim/declaration";
import { SERVER_FACTS } from "../../src/world/servers";
import { formatWritingAServer } from "../../src/lessons/writingAServer/tables";
import * as prose from "../../src/lessons/writingAServer/prose";
import { showSource } from "../../src/lessons/showSource";
import { REFERENCE, ROOT, type RunFigures } from "../helpers";

/** Computed prose with its line breaks (from wrapping at 100 characters) made spaces again. */
const flat = (text: string) => text.replace(/\n(?: {2,3})?/g, " ");

const DEFAULT = REFERENCE.find((r) => r.seed === 20260218)!;

/** Our two printed blocks, joined as the reference prints them (no blank line between the blocks). */
const asReferencePrints = (text: string) =>
  text.replace(
    "\n\nlevel                         negotiated calls",
    "\nlevel                         negotiated calls",
  );

test("seed 20260218 prints the reference's blocks byte for byte", () => {
  assert.equal(asReferencePrints(formatWritingAServer(simulateWritingAServer(20260218))), DEFAULT.printed);
});

test("the fixture's printed blocks are the ones in the reference document (when ../shared is present)", (t) => {
  const doc = join(ROOT, "..", "shared", "seeds", "004_a220583646d9517e.txt");
  if (!existsSync(doc)) return t.skip("reference document not beside this clone");
  const text = readFileSync(doc, "utf8");
  const [first, second] = formatWritingAServer(simulateWritingAServer(20260218)).split(
    "\n\nlevel                         negotiated calls",
  );
  assert.ok(text.includes(`${first}\n`), "declaration and handshake block");
  assert.ok(
    text.includes(`level                         negotiated calls${second}`),
    "task, second-run and wide block",
  );
});

test("every fixture seed prints what the reference's code prints for it", () => {
  for (const ref of REFERENCE) {
    const expected = ref.printed.replace("( task seed 20260219 )", `( task seed ${BigInt(ref.seed) + 1n} )`);
    assert.equal(
      asReferencePrints(formatWritingAServer(simulateWritingAServer(ref.seed))),
      expected,
      `seed ${ref.seed}`,
    );
  }
});

const figures = (row: { negotiated: number } & Omit<RunFigures, "agreed">): RunFigures => {
  const { negotiated, calls, failed, completed, blocked, written, request, response, tokens, round_trips } = row;
  return { agreed: negotiated, calls, failed, completed, blocked, written, request, response, tokens, round_trips };
};

test("--json figures equal the reference's for every fixture seed", () => {
  for (const ref of REFERENCE) {
    const json = writingAServerJson(simulateWritingAServer(ref.seed));
    assert.equal(json.seed, ref.seed);
    assert.deepEqual(json.subscribers, ref.subscribers);
    assert.deepEqual(json.tasks, ref.tasks);
    assert.deepEqual(
      json.handshake.map(({ level, ...rest }) => rest),
      ref.handshake,
    );
    assert.deepEqual(json.runs.map(figures), ref.runs);
    assert.equal(json.second_run.seed, ref.seed + 1);
    assert.deepEqual(json.second_run.runs.map(figures), ref.second_run);
    assert.deepEqual(json.wide.map(figures), ref.wide);
    assert.deepEqual(
      json.wide.map((w) => [w.level, w.approval]),
      [
        [1, false],
        [2, false],
        [2, true],
      ],
    );
  }
});

test("--json for 20260218 and 20260219 carries the reference's printed figures", () => {
  const d = writingAServerJson(simulateWritingAServer(20260218));
  assert.deepEqual(
    d.handshake.map((h) => [h.negotiated, h.dropped, h.request, h.response, h.tokens, h.round_trips]),
    [
      [4, 1, 3, 3, 99, 5],
      [4, 1, 3, 3, 99, 5],
      [4, 1, 3, 3, 99, 5],
      [3, 2, 3, 3, 99, 5],
    ],
  );
  assert.deepEqual(
    d.runs.map((r) => [r.negotiated, r.calls, r.failed, r.completed, r.request, r.response, r.tokens]),
    [
      [4, 12, 12, 0, 15, 15, 351],
      [4, 30, 3, 9, 30, 30, 816],
      [4, 30, 3, 9, 30, 30, 816],
      [3, 30, 6, 6, 27, 27, 744],
    ],
  );
  assert.equal(d.second_run.seed, 20260219);
  assert.deepEqual(
    d.second_run.runs.map((r) => r.completed),
    [0, 9, 9, 6],
  );
  assert.deepEqual(
    d.second_run.runs.map((r) => r.tokens),
    [351, 818, 818, 744],
  );
  assert.deepEqual(
    d.wide.map((w) => [w.negotiated, w.blocked, w.written, w.completed]),
    [
      [5, 0, 3, 12],
      [5, 3, 0, 9],
      [5, 0, 3, 12],
    ],
  );
  assert.deepEqual(Object.keys(d.subscribers).slice(0, 2), ["A001", "A002"]);
  assert.equal(Object.keys(d.subscribers).length, 60);

  // Seed 20260219 as the world seed: the contract's counts hold, the handshake is seed-free.
  const e = writingAServerJson(simulateWritingAServer(20260219));
  assert.deepEqual(e.handshake, d.handshake);
  assert.deepEqual(
    e.runs.map((r) => [r.negotiated, r.calls, r.failed, r.completed]),
    [
      [4, 12, 12, 0],
      [4, 30, 3, 9],
      [4, 30, 3, 9],
      [3, 30, 6, 6],
    ],
  );
  assert.equal(e.second_run.seed, 20260220);
});

test("the readings quote the run's own numbers, so they change with the seed", () => {
  const a = simulateWritingAServer(20260218);
  const b = simulateWritingAServer(20260219);
  assert.match(flat(prose.readRuns(a)), /tokens go from 816 to 744/);
  assert.match(flat(prose.readSecondRun(a)), /816 → 818 at level 1/);
  assert.match(flat(prose.readSecondRun(b)), /818 → 822 at level 1/);
  assert.match(flat(prose.describeSeeds(b)), /seed 20260219/);
  assert.notEqual(prose.readSecondRun(a), prose.readSecondRun(b));
});

test("the library refuses a seed that is not an integer from 0 to 2^53 − 1, with a clear message", () => {
  for (const seed of [1.5, -1, 2 ** 53, Number.NaN]) {
    assert.throws(() => simulateWritingAServer(seed), /seed must be an integer from 0 to 9007199254740991/);
  }
});

test("the worked example of envelope tokens adds up to the handshake table's level-0 row", () => {
  for (const ref of REFERENCE) {
    const result = simulateWritingAServer(ref.seed);
    const messages = prose.handshakeMessages(result.world.servers);
    const row = result.handshake[0];
    assert.equal(messages.length, row.request + row.response);
    assert.equal(
      messages.reduce((sum, m) => sum + m.cost, 0),
      row.tokens,
      `seed ${ref.seed}`,
    );
    assert.equal(
      messages.reduce((sum, m) => sum + m.roundTrips, 0),
      row.round_trips,
      `seed ${ref.seed}`,
    );
    for (const m of messages) {
      assert.equal(m.cost, m.bodyTokens + 8, m.body);
      assert.equal(m.roundTrips, m.kind === "request" ? (m.transport === "remote" ? 2 : 1) : 0, m.body);
    }
  }
});

test("exercise 2's answer is computed: knowing kayit's version, level 3 prints level 2's rows", () => {
  for (const seed of [20260218, 20260219]) {
    const result = simulateWritingAServer(seed);
    const { handshake, run } = prose.knowingKayit(result);
    const { level: _h, ...h2 } = result.handshake[2];
    const { level: _hh, ...h3 } = handshake;
    assert.deepEqual(h3, h2);
    const { level: _r, ...r2 } = result.runs[2];
    const { level: _rr, ...r3 } = run;
    assert.deepEqual(r3, r2);
  }
});

test("the solutions answer every exercise, and the prose names the course's conventions", () => {
  const result = simulateWritingAServer(20260218);
  const solutions = prose.writingAServerSolutions(result);
  assert.deepEqual(
    [...solutions.matchAll(/^<summary>(\d)\. /gm)].map((m) => m[1]),
    ["1", "2", "3", "4", "5"],
    "each answer folded under its number",
  );
  assert.equal(solutions.match(/^<details>$/gm)?.length, 5);
  assert.match(solutions.replace(/\s+/g, " "), /level 3 keeps 4 tools and drops 1/);
  assert.match(solutions.replace(/\s+/g, " "), /the 27 calls of the twelve-task run and the 30 of the wide run/);
  assert.match(flat(prose.readHandshake(result)), /course's version rule/);
  assert.match(flat(prose.readHandshake(result)), /holds for this count only/);
  assert.match(flat(prose.summarize(result)), /in envelope tokens a complete declaration cost no more/);
});

// ---- What the reader sees: the second reading of the lesson ----

import * as library from "../../src/index";
import { worldToolList } from "../../src/server/declarations";
import { findLesson } from "../../src/lessons/catalog";
import { lessonExports, lessonNotebook, shownNames } from "./lessonText";

const LESSON_6 = findLesson("06")!;
const exportsOf6 = () => lessonExports().filter((e) => e.lesson.name === LESSON_6.name);

test("lesson 6's exports carry no porting notes, caching notes or pointers to later code", () => {
  const forbidden = [
    /a port of/i,
    /ported bit for bit/i,
    /character by character, so/i,
    /compared character by character/i,
    /reference lesson/i,
    /the reference prints/i,
    /about 300 bytes/,
    /wireClient\/negotiation\.ts/,
    /gateCall/,
    /taskChain/,
    /integer-like/,
    /become bigint/,
    /pyEquals/,
    /pyStr/,
    /LESSON_HANDSHAKES/,
    /measured once for every seed/,
    /`mcp-course lesson --seed/,
  ];
  const exported = exportsOf6();
  assert.equal(exported.length, 2);
  for (const { path, text } of exported) {
    for (const pattern of forbidden) assert.doesNotMatch(text, pattern, `${path}: ${pattern}`);
    assert.match(text, /`mcp-course lesson 06 --seed N`/, path);
    assert.match(text, /if the client\s+trusts the server/, path);
    assert.match(text, /`inputSchema`/, path);
    assert.match(text, /SHOULD NOT/, path);
    assert.match(text, /-32602/, path);
    assert.match(text, /`isError: true`/, path);
    assert.match(text, /`description`/, path);
    // What lessons 1 to 5 define, lesson 6 names and points back to.
    assert.match(text, /Lessons 1 to 5 took MCP from the outside/, path);
    assert.match(text, /lesson 5's handshake/, path);
  }
});

test("the annotations' bytes are measured from the library's own tools/list results", () => {
  for (const seed of [20260218, 20260219]) {
    const result = simulateWritingAServer(seed);
    const bytes = result.world.servers.map((server) =>
      [0, 1, 2, 3].map((level) =>
        Buffer.byteLength(JSON.stringify({ tools: worldToolList(server, level as 0 | 1 | 2 | 3) })),
      ),
    );
    const sum = (level: number) => bytes.reduce((total, b) => total + b[level], 0);
    assert.deepEqual(library.mcpToolListBytes(result), [0, 1, 2, 3].map(sum));
    assert.equal(library.annotationBytes(result), sum(2) - sum(1));
    assert.equal(sum(3), sum(2), "level 3 adds nothing to a tool");
    assert.match(flat(prose.readHandshake(result)), new RegExp(`add ${sum(2) - sum(1)} bytes`));
    assert.match(flat(prose.readMcpDeclarations(result)), new RegExp(`the \`annotations\` ${sum(2) - sum(1)}\\.`));
  }
  assert.equal(library.annotationBytes(simulateWritingAServer(20260218)), 336);
  const table = library.formatMcpDeclarations(simulateWritingAServer(20260218));
  assert.match(table, /\{"name":"sayac_oku","inputSchema":\{"type":"object"\}\}/);
  for (const line of table.split("\n")) assert.ok(line.length <= 100, line);
});

test("exercise 2's cell, as the notebook prints it, gives the rows its solution states", () => {
  const cell = lessonNotebook(LESSON_6).cells.find((c) => c.id === "exercises")!.source;
  const snippet = /```ts\n([\s\S]*?)```/
    .exec(cell)![1]
    .split("\n")
    .map((line) => line.replace(/^ {3}/, ""));
  assert.match(snippet[0], /^import \{ (.+) \} from "mcp-course";$/);
  const imported = /^import \{ (.+) \} from "mcp-course";$/.exec(snippet[0])![1].split(", ");
  const body = snippet.slice(1).join("\n");
  for (const seed of [20260218, 20260219]) {
    const lesson = simulateWritingAServer(seed);
    const printed: string[] = [];
    const names = ["lesson", "console", "formatHandshakeTable", "formatRunTable", ...imported];
    const values = [
      lesson,
      { log: (text: string) => printed.push(text) },
      library.formatHandshakeTable,
      library.formatRunTable,
      ...imported.map((name) => (library as Record<string, unknown>)[name]),
    ];
    new Function(...names, body)(...values);
    const { handshake, run } = prose.knowingKayit(lesson);
    const agreed = [
      ...library
        .openSession(lesson.world, 3, {
          policy: { allowlist: library.ALLOWLIST, knownVersions: { ...library.KNOWN_VERSIONS, kayit: 3 } },
        })
        .tools.keys(),
    ].sort();
    assert.deepEqual(printed, [library.formatHandshakeTable([handshake], agreed), library.formatRunTable([run])]);
    const solution = prose.writingAServerSolutions(lesson).replace(/\s+/g, " ");
    assert.match(solution, new RegExp(`level 3 keeps ${handshake.negotiated} tools and drops ${handshake.dropped} `));
    assert.match(solution, new RegExp(`${handshake.tokens} tokens and ${handshake.round_trips} round trips`));
    assert.match(solution, new RegExp(`completes ${run.completed} tasks .* for ${run.tokens} tokens`));
  }
});

test("the shown source teaches declarations, negotiation, gates and counting only, with state, arguments and answers by name", () => {
  const shown = shownNames(lessonNotebook(LESSON_6));
  assert.deepEqual(shown, [
    "LEVELS",
    "declare",
    "handshake",
    "decideOn",
    "gateTool",
    "callArguments",
    "callTool",
    "runTask",
  ]);
  const listings = showSource(...shown);
  assert.doesNotMatch(
    listings,
    /key number|by number|Values\b|\[Key\.|const enum|element kind/,
    "no listing has to explain an index",
  );
});

test("lesson 6's computed prose is wrapped at 100 characters", () => {
  const result = simulateWritingAServer(20260218);
  for (const text of [
    prose.describeSeeds(result),
    prose.readHandshake(result),
    prose.readRuns(result),
    prose.readSecondRun(result),
    prose.readWide(result),
    prose.summarize(result),
    prose.writingAServerSolutions(result),
    prose.readMcpDeclarations(result),
  ]) {
    for (const line of text.split("\n")) assert.ok(line.length <= 100 || line.startsWith("|"), line);
  }
});

// ---- The third reading of the lesson: what its second readers found ----

test("lesson 6 dates its byte counts, its error codes and its terms (round 3)", () => {
  const result = simulateWritingAServer(20260218);
  const table = library.formatMcpDeclarations(result);
  assert.match(table, /2025-11-25: tools only/, "the bytes key names the revision the results follow");
  const reading = flat(prose.readMcpDeclarations(result));
  for (const field of ["resultType", "ttlMs", "cacheScope", "_meta"]) assert.match(reading, new RegExp(`\`${field}\``));
  for (const { path, text } of exportsOf6()) {
    assert.doesNotMatch(text, /2025-06-18 made it/, `${path}: no revision is credited with a code it does not give`);
    assert.match(text, /gave no code for them/, path);
    assert.match(text, /The version\s+rule\s+is\s+the\s+course's/, path);
    assert.match(text, /"additionalProperties": false/, path);
    assert.match(text, /`decideAt`/, path);
    assert.match(text, /`tip` \(subscriber type\)/, path);
    assert.match(text, /`yetenek bildir` \(declare capabilities\)/, path);
    assert.doesNotMatch(text, /tariff class|report capabilities|linear congruential|enum `Key`|TaskWalk` \(in/, path);
  }
});

test("solution 5 counts the level-0 calls from the run", () => {
  for (const seed of [20260218, 20260219]) {
    const result = simulateWritingAServer(seed);
    const level0 = result.runs[0].request - result.handshake[0].request;
    assert.match(
      flat(prose.writingAServerSolutions(result)),
      new RegExp(`at level 0, the ${level0} calls of the twelve-task run`),
    );
  }
});

test("the shown server's declarations are made once, frozen, and equal declare's at every level", () => {
  const server = SERVER_FACTS.find((s) => s.name === SHOWN_SERVER)!;
  for (const level of ALL_LEVELS) {
    assert.deepEqual(SHOWN_DECLARATIONS[level], declare(server, level), `level ${level}`);
    assert.ok(
      Object.isFrozen(SHOWN_DECLARATIONS[level]) && Object.isFrozen(SHOWN_DECLARATIONS[level].tools),
      `level ${level} frozen`,
    );
  }
  const [a, b] = [simulateWritingAServer(1), simulateWritingAServer(2)];
  assert.deepEqual(a.declarations, [...SHOWN_DECLARATIONS]);
  assert.notEqual(a.agreedAtFull, b.agreedAtFull, "each result has its own list of agreed names");
  assert.deepEqual(a.agreedAtFull, b.agreedAtFull);
});

// ---- Round 3's readers: what the specification asks (not the course's reading), and the terms ----

/** An export's prose: its code blocks (listings, printed tables) left out. */
const proseOf = (text: string) => text.replace(/```[\s\S]*?```/g, "");

test("lesson 6 keeps the course's reading of annotations apart from what the specification asks", () => {
  for (const { path, text } of exportsOf6()) {
    const prose = proseOf(text).replace(/\s+/g, " ");
    for (const gone of [
      /every call would be one to ask about/,
      /would be presumed to write/,
      /a client that applies the specification's SHOULDs/,
      /a client following the specification would have to ask/,
    ]) {
      assert.doesNotMatch(prose, gone, `${path}: ${gone}`);
    }
    assert.match(prose, /does not tie consent to them/, path);
    assert.match(prose, /One reading, the course's and not a rule of the specification/, path);
    assert.match(prose, /hosts must obtain explicit user consent before invoking any tool/, path);
    assert.match(prose, /should never make tool use decisions based on annotations from untrusted servers/, path);
    assert.match(prose, /MCP does not tie consent to annotations: a person SHOULD be able to deny any call/, path);
    assert.match(prose, /On the course's reading, a client asks at least about every tool not declared/, path);
    // Invalid arguments: the MUST as the page words it, both answers, and what the old revisions listed.
    assert.match(prose, /Servers MUST validate all tool inputs/, path);
    assert.match(
      prose,
      /2026-07-28's schema lists invalid arguments under -32602 \(lesson 3\): a client handles both/,
      path,
    );
    assert.match(prose, /listed invalid input data among the tool execution errors/, path);
    assert.match(prose, /as 2025-11-25 and 2026-07-28 recommend/, path);
  }
});

test("lesson 6 calls its handshake the course's stand-in for discovery, and says negotiated, not agreed", () => {
  for (const { path, text } of exportsOf6()) {
    const prose = proseOf(text).replace(/\s+/g, " ");
    assert.doesNotMatch(
      prose,
      /## Discovery|Discovery costs|Discovery cost|at discovery time|cost more at discovery/,
      path,
    );
    assert.match(prose, /The course's handshake \(its stand-in for discovery\) costs the same at every level/, path);
    assert.match(prose, /MCP's discovery grows with the declaration/, path);
    // The listings keep their `agreed`; the prose says negotiated, and says once that they are one thing.
    assert.doesNotMatch(prose.replace(/`[^`]*`/g, "").replace("the code's *agreed*", ""), /\bagree(d|s)?\b/, path);
    assert.match(prose, /the code's \*agreed\* is the prose's \*negotiated\*/, path);
    assert.match(prose, /the run's `Session` \(the simulator's object, not an MCP session\)/, path);
    assert.match(prose, /`abone yok`, not `eksik alan` \(missing field\)/, path);
    assert.match(
      prose,
      /a declaration carries the version only at level 3\. Below it the client hears the version in the handshake but may not act on it/,
      path,
    );
  }
});

test("what a client without the version rule keeps and completes is computed from the run", () => {
  for (const seed of [20260218, 20260219]) {
    const result = simulateWritingAServer(seed);
    const { handshake, run } = prose.withoutVersionRule(result);
    assert.equal(handshake.negotiated, result.handshake[2].negotiated, "the allowlist's tools, as at level 2");
    assert.match(flat(prose.readHandshake(result)), /Under the course's version rule \(lesson 5\), the most complete/);
    assert.match(
      flat(prose.readHandshake(result)),
      new RegExp(`would keep ${handshake.negotiated} tools at level 3 too`),
    );
    assert.match(
      flat(prose.readRuns(result)),
      new RegExp(`Without the version rule the client would complete ${run.completed}, as at level 2`),
    );
    assert.match(
      flat(prose.readSecondRun(result)),
      /Tools, calls, failures and completed tasks follow the contract, what was declared, not the data; tokens follow the data too/,
    );
  }
});
