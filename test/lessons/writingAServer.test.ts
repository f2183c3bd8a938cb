// Lesson 6's tables and figures equal the reference lesson's, byte for byte, for every fixture seed; its markdown's numbers are the run's for any seed, and its exports state the spec's hard cases.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { writingAServerJson } from "../../src/lessons/writingAServer/json";
import {
  gateReadings,
  SHOWN_DECLARATIONS,
  SHOWN_SERVER,
  simulateWritingAServer,
} from "../../src/lessons/writingAServer/simulate";
import { ALL_LEVELS, declare } from "../../src/sim/declaration";
import { SERVER_FACTS } from "../../src/world/servers";
import { formatGateTable, formatWideTable, formatWritingAServer } from "../../src/lessons/writingAServer/tables";
import * as prose from "../../src/lessons/writingAServer/prose";
import { readBesideMcp, readGates, readSecondRun } from "../../src/lessons/writingAServer/prose";
import { knowingKayit, withoutVersionRule } from "../../src/lessons/writingAServer/simulate";
import { sameRunRow } from "../../src/world/runTasks";
import { sameHandshakeCost } from "../../src/world/handshakes";
import { REFERENCE, ROOT, type RunFigures } from "../helpers";

/** The minimal server's one run, started once for this file: no id, time or seed changes a byte. */
let minimalRunOnce: Promise<MinimalServerRun> | undefined;
function minimalRun(): Promise<MinimalServerRun> {
  return (minimalRunOnce ??= minimalServerRun());
}

/** Each seed's real server lines, captured once for this file: a capture starts three server processes. */
const captures = new Map<number, ReturnType<typeof captureServerLines>>();
function serverLines(seed: number): ReturnType<typeof captureServerLines> {
  if (!captures.has(seed)) captures.set(seed, captureServerLines(seed));
  return captures.get(seed)!;
}

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

test("the seed's description quotes the run's own seed", () => {
  const b = simulateWritingAServer(20260219);
  assert.match(flat(prose.describeSeeds(b)), /seed 20260219/);
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
    const { handshake, run } = knowingKayit(result);
    const { level: _h, ...h2 } = result.handshake[2];
    const { level: _hh, ...h3 } = handshake;
    assert.deepEqual(h3, h2);
    const { level: _r, ...r2 } = result.runs[2];
    const { level: _rr, ...r3 } = run;
    assert.deepEqual(r3, r2);
  }
});

test("the solutions answer every exercise, each folded, with the run's numbers", async () => {
  const result = simulateWritingAServer(20260218);
  const solutions = prose.writingAServerSolutions(result, await serverLines(20260218), await minimalRun());
  assert.deepEqual(
    [...solutions.matchAll(/^<summary>(\d)\. /gm)].map((m) => m[1]),
    ["1", "2", "3", "4", "5"],
    "each answer folded under its number",
  );
  assert.equal(solutions.match(/^<details>$/gm)?.length, 5);
  assert.match(flat(solutions), /Level 3 keeps 4 tools and drops 1/);
  assert.doesNotMatch(flat(solutions), /they moved at levels 1 and 2\./, "no seed-count exercise");
  assert.match(
    flat(solutions),
    /the reply is a result with `isError: true`, `Input validation error: Invalid arguments for tool sayac_oku: abone: required, expected string`, not the handler's `\{"hata":"abone yok"\}`/,
    "exercise 3's answer quotes the real server's reply at level 1",
  );
  assert.match(
    flat(solutions),
    /`\{"abone": "Z9"\}` passes the schema: the handler answers a result with `isError: true`, `no subscriber Z9`\. `\{"abone": 7\}` fails it: the SDK answers before the handler runs, a result with `isError: true`, `Input validation error: … expected string, received number`/,
    "exercise 4's answer: the minimal server's handler and the SDK's check, as the process answered",
  );
  // The two readings of a tool with no `annotations` have the course's two names, never another.
  assert.doesNotMatch(solutions, /the reference gate|lesson 5's gate|its gate|the approval gate stopped/);
  // Exercise 5 asks one question about the wide table (an expert's review): the tasks level 2
  // loses without approval, and why, from the run.
  assert.match(
    flat(solutions),
    /The 3 \*record\* tasks\. Each ends with a call to `kayit_yaz`, which at level 2 declares `annotations` without `readOnlyHint: true`: the course's gate holds it, and with no one to approve it, the call fails with `onay yok` \(no approval; the 3 in `blocked`\)\. At level 1 it sends no `annotations`, and the course's gate passes it unasked\./,
  );
  assert.doesNotMatch(flat(solutions), /The other four|approves all/, "the old exercise 5 is gone");
});

// ---- What the reader sees ----

import * as library from "../../src/index";
import { worldToolList } from "../../src/server/declarations";
import { findLesson } from "../../src/lessons/catalog";
import { fencedBlocks, lessonExports, lessonNotebook, shownNames } from "./lessonText";
import { captureServerLines, minimalServerRun, type MinimalServerRun } from "../../src/lessons/writingAServer/wire";
import { findSource, showFile, showSource } from "../../src/lessons/showSource";
import { servedFactory } from "../../src/server/servedFactory";
import { Server as SdkServer } from "@modelcontextprotocol/server";

const LESSON_6 = findLesson("06")!;
const exportsOf6 = () => lessonExports().filter((e) => e.lesson.name === LESSON_6.name);

/** An export's prose: its code blocks (listings, printed tables) left out, its lines joined. */
const proseOf = (text: string) => text.replace(/```[\s\S]*?```/g, "").replace(/\s+/g, " ");

/** The notebook's markdown cells, their lines joined: the text no seed changes. */
const markdownOf6 = () =>
  lessonNotebook(LESSON_6)
    .cells.filter((cell) => cell.cell_type === "markdown")
    .map((cell) => cell.source)
    .join("\n\n")
    .replace(/\s+/g, " ");

/** Seeds over which the markdown's numbers are checked against the run. */
const SEEDS = [0, 7, 20260218, 20260219, 9007199254740991];

test("lesson 6's exports carry no porting notes, caching notes or pointers to later code", () => {
  const forbidden = [
    /a port of/i,
    /ported bit for bit/i,
    /character by character, so/i,
    /compared character by character/i,
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
    // No export names a source no reader has (a student's reading).
    assert.doesNotMatch(text, /reference\s+lesson/i, path);
    assert.match(text, /`mcp-course lesson 06 --seed N`/, path);
    assert.match(text, /Lessons 1 to 5 took MCP from the outside/, path);
  }
});

test("every number lesson 6's markdown states is what the run computes, for any seed", () => {
  const md = markdownOf6();
  for (const seed of SEEDS) {
    const r = simulateWritingAServer(seed);
    const [b0, b1, b2, b3] = library.mcpToolListBytes(r);
    const servers = r.world.servers.length;
    const tools = r.world.servers.reduce((sum, server) => sum + server.tools.length, 0);
    const [h0, , , h3] = r.handshake;
    const [n, f, e, full] = r.runs;
    const [silent, gated, approved] = r.wide;
    const gate = (level: number, reading: "passes" | "mcp") =>
      gateReadings(r).find((row) => row.level === level && row.reading === reading)!;
    const [mcp1, mcp2] = [gate(1, "mcp"), gate(2, "mcp")];
    const calls = (run: { level: number; request: number }) => run.request - r.handshake[run.level].request;
    const expected = [
      `The ${servers} servers' ${tools} tools come to ${b0} bytes at level 0, ${b1} at level 1 and ${b2} at level 2: ` +
        `the fields add ${b1 - b0} bytes, the \`annotations\` ${b2 - b1}. Level 3 adds nothing to a tool`,
      `Level 0 completes ${n.completed} of ${r.tasks.length} tasks, as \`{"type": "object"}\` foretells: every call ` +
        "goes out empty, and each chain stops at its first call with `abone yok` or `bolge yok`.",
      `The chains run: ${f.calls} calls, ${f.completed} tasks completed. The ${f.failed} failures`,
      `of ${f.request} requests sent, ${r.handshake[1].request} are the handshake's.`,
      `without its fields a tool cannot be called right, and ${n.completed} of ${r.tasks.length} tasks complete; ` +
        `with them, ${f.completed}.`,
      `the fields add ${b1 - b0} to the \`tools/list\` results, the \`annotations\` ${b2 - b1}`,
      `with no \`annotations\` the defaults-reading gate held all ${mcp1.blocked} first calls, reads included; ` +
        `with them, only the ${mcp2.blocked} calls to \`kayit_yaz\`. The course's gate let \`kayit_yaz\` write ` +
        "unasked at level 1.",
    ];
    assert.equal(mcp1.blocked, r.tasks.length, "every task's first call held");
    assert.equal(silent.completed, approved.completed);
    assert.equal(gated.written, 0);
    assert.equal(calls(f), f.calls - f.failed, "the refused calls are never sent");
    for (const sentence of expected) assert.ok(md.includes(sentence), `seed ${seed}: ${sentence}`);
    assert.equal(b3, b2, "level 3 adds no byte to a tool");
    assert.ok(sameRunRow(e, f), "level 2 prints level 1's row");
    assert.deepEqual(Object.keys(f.failures), ["kayit_yaz: arac bildirilmedi"]);
    assert.ok(r.handshake.every((row) => sameHandshakeCost(row, h0)));
    assert.deepEqual(r.negotiatedAtFull, ["sayac_oku", "tarife", "tuketim"]);
    const declared = r.world.servers.find((s) => s.name === "kayit")!.version;
    assert.ok(
      md.includes(`version rule (\`kayit\` says ${declared}, the client knows ${library.KNOWN_VERSIONS.kayit})`),
    );
    assert.equal(h0.dropped, 1, "below level 3 only kayit_yaz is dropped, as the prose says");
    assert.ok(h3.negotiated === h0.negotiated - 1 && full.failures["bolge_ozet: arac bildirilmedi"] > 0);
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
  }
  assert.equal(library.annotationBytes(simulateWritingAServer(20260218)), 336);
  const table = library.formatMcpDeclarations(simulateWritingAServer(20260218));
  assert.match(table, /\{"name":"sayac_oku","inputSchema":\{"type":"object"\}\}/);
  assert.match(table, /2025-11-25: tools only/, "the bytes key names the revision the results follow");
  for (const line of table.split("\n")) assert.ok(line.length <= 100, line);
});

test("exercises 2 to 4 are asked on paper, and solution 2 gives the rows the simulator computes", async () => {
  const cell = lessonNotebook(LESSON_6).cells.find((c) => c.id === "exercises")!.source;
  assert.doesNotMatch(cell, /```/, "no code listing in the questions");
  for (const name of ["openSession", "handshakeRow", "runTasks", "emptyCallLines", "minimalServerCalls", "mcp-course"])
    assert.ok(!cell.includes(name), `no ${name} in the questions`);
  for (const seed of [20260218, 20260219]) {
    const lesson = simulateWritingAServer(seed);
    const { handshake, run } = knowingKayit(lesson);
    const solution = flat(prose.writingAServerSolutions(lesson, await serverLines(seed), await minimalRun()));
    assert.match(solution, new RegExp(`Level 3 keeps ${handshake.negotiated} tools and drops ${handshake.dropped} `));
    assert.match(solution, new RegExp(`${handshake.tokens} tokens and ${handshake.round_trips} round trips`));
    assert.match(solution, new RegExp(`completes ${run.completed} tasks for ${run.tokens} tokens`));
  }
});

test("lesson 6 lists what it teaches: a whole minimal server, and the world servers' levels in words, not in the course's code", () => {
  const nb = lessonNotebook(LESSON_6);
  // The world servers' plumbing (`worldToolList`, `declaredVersion`) is said in one list, not listed;
  // the simulator's `declare` is shown by its table alone: its rows are the real server's facts.
  assert.deepEqual(shownNames(nb), []);
  for (const { path, text } of exportsOf6()) {
    // The minimal server is listed whole, imports first, then the whole program that serves it over
    // HTTP; they are the only listings of code.
    const blocks = fencedBlocks(text);
    const whole = blocks.filter(
      (block) => /^import /.test(block.lines[0] ?? "") && /createOlcumServer/.test(block.lines.join("\n")),
    );
    assert.equal(whole.length, 2, `${path}: the minimal server and its HTTP program, listed once each`);
    assert.match(whole[0].lines[0], /^import \{ McpServer \} from "@modelcontextprotocol\/server";$/, path);
    assert.match(whole[1].lines[0], /^import \{ createServer \} from "node:http";$/, path);
    const listings = blocks.filter(
      (block) => /^export (const|function) /m.test(block.lines.join("\n")) && !whole.includes(block),
    );
    assert.equal(listings.length, 0, `${path}: no listing of the world servers' plumbing`);
    const prose = proseOf(text);
    // What each level adds to `tools/list`, in one list: the fields, then `annotations`, then the version.
    assert.match(
      prose,
      /- level 0, \*name\*: each tool's `name`, and the `inputSchema` every tool carries \(lesson 4\) as `\{"type": "object"\}`, which accepts any object/,
      path,
    );
    assert.match(prose, /- level 1, \*name \+ fields\*: `properties` and `required` in the `inputSchema`;/, path);
    assert.match(prose, /- level 2, \*name \+ fields \+ side effect\*: `annotations`/, path);
    assert.match(
      prose,
      /- level 3, \*full\*: the server's version\. A 2026-07-28 server SHOULD send a `serverInfo` with each result, its `version` required \(`schema\.mdx`, `ResultMetaObject`, `Implementation`\)\./,
      path,
    );
    assert.doesNotMatch(
      prose,
      /MCP requires one|A `serverInfo` needs one/,
      `${path}: no serverInfo forced in 2026-07-28`,
    );
    for (const name of [
      "Server",
      "McpServer",
      "registerTool(name, config, handler)",
      "serveStdio(createOlcumServer)",
      "CallToolResult",
    ])
      assert.ok(prose.includes(`\`${name}\``), `${path}: ${name} glossed`);
    // `Server` means only the SDK's class.
    assert.ok(!prose.includes(": Server"), `${path}: nothing types a world server as \`Server\``);
    for (const internal of ["createMcpServer", "ServedServer", "callTool", "ToolFacts", "decideOn"])
      assert.ok(!prose.includes(`\`${internal}`), `${path}: ${internal}, no listing's, is said in plain words`);
    // One name for the tools the client keeps, the same in the prose and the code.
    assert.match(
      prose,
      /The tables below keep an older column name, `negotiated`, for the kept tools: read it as kept; MCP negotiates only version and capabilities \(lesson 5, section 2\)\. The handshake table asks/,
      path,
    );
    assert.ok(!/\bagreed\b/.test(prose), `${path}: no second name for the negotiated tools`);
    // In prose the tools are kept; `negotiated` is the tables' column alone (a student's reading).
    assert.doesNotMatch(prose, /a tool not negotiated|lesson 5's kept tools/, path);
  }
});

test("lesson 6's computed prose is wrapped at 100 characters", async () => {
  for (const seed of [20260218, 20260219]) {
    const result = simulateWritingAServer(seed);
    const wire = await serverLines(seed);
    for (const text of [
      prose.describeSeeds(result),
      readBesideMcp(result),
      prose.writingAServerSolutions(result, wire, await minimalRun()),
      library.formatServedLines(wire.level0),
      library.formatServedLines(wire.level3, [{ transcript: wire.level0, where: "level 0" }]),
      library.formatServedLines(wire.level1Call),
    ]) {
      for (const line of text.split("\n")) assert.ok(line.length <= 100 || line.startsWith("|"), line);
    }
  }
});

test("exercise 1 writes kayit_yaz's description and annotations and says who may trust them; exercise 5 asks one question of the wide table", async () => {
  for (const seed of [20260218, 20260219]) {
    const result = simulateWritingAServer(seed);
    const solution = flat(prose.writingAServerSolutions(result, await serverLines(seed), await minimalRun()));
    assert.doesNotMatch(solution, /only a region changes a message's tokens/);
    assert.match(
      solution,
      /For the model, a `description`: `Writes deger into abone's column sutun, replacing its value\.` For the host, the `annotations`: `readOnlyHint: false`; it replaces a value, `destructiveHint: true`; the same write twice changes nothing more, `idempotentHint: true`; its world is the server's records, `openWorldHint: false`\./,
    );
    assert.match(
      solution,
      /A client MUST treat the `annotations` as untrusted unless they come from a trusted server \(2026-07-28 `server\/tools\.mdx`, "Tool"\); `index\.mdx` states it as a principle for any description of a tool's behavior \("Tool Safety"\)\. Only a host that trusts `kayit` may let them spare a person a prompt\./,
    );
  }
  for (const { path, text } of exportsOf6()) {
    const exercises = flat(text.split("## Exercises")[1].split("## Solutions")[0]);
    assert.match(
      exercises,
      /1\. Write a `description` and the `annotations` for `kayit_yaz` \(write record\), which writes `deger` into the subscriber `abone`'s column `sutun`\. Who reads each, and who may trust them\?/,
      path,
    );
    assert.match(
      exercises,
      /5\. In the wide table, which tasks does level 2 with no approval lose against level 1, and why\?/,
      path,
    );
  }
});

test("solution 5 counts the tasks level 2 loses in the wide table from the run, each task run alone", async () => {
  for (const seed of [20260218, 20260219]) {
    const result = simulateWritingAServer(seed);
    const [silent, gated] = result.wide;
    const wire = await serverLines(seed);
    assert.match(
      flat(prose.writingAServerSolutions(result, wire, await minimalRun())),
      new RegExp(`The ${silent.completed - gated.completed} \\*record\\* tasks\\.`),
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
  assert.notEqual(a.negotiatedAtFull, b.negotiatedAtFull, "each result has its own list of negotiated names");
  assert.deepEqual(a.negotiatedAtFull, b.negotiatedAtFull);
});

// ---- What the lesson owes to lessons 1 to 5: each convention pointed back to, not explained again ----

test("lesson 6 points back to the conventions' homes, and defines discovery where it first uses it", () => {
  for (const { path, text } of exportsOf6()) {
    const prose = proseOf(text);
    // One line for lessons 1 to 5's conventions; each stays in its home, not listed again.
    assert.match(
      prose,
      /\*\*Lessons 1 to 5\.\*\* Their world, tasks, chains and conventions hold: envelope tokens \(lesson 3\), two round trips per remote request \(lesson 2\), and lesson 5's allowlist \(without `kayit_yaz`\), version rule \(`kayit` says 3, the client knows 2\), gate and kept tools\./,
      path,
    );
    assert.doesNotMatch(prose, /8-token constant|doubled round trip|for each request to the remote/, path);
    // Lesson 5 no longer shows the simulator's handshake: lesson 6 defines it where it prices it
    // (a student's reading and an expert's review), and does not say lesson 5 did.
    assert.match(
      prose,
      /runs \*the simulator's handshake\* with each server: `yetenek sor` \(ask capability\), answered by `yetenek bildir` \(report capability\) with the server's `surum` \(version\) and tools\./,
      path,
    );
    assert.doesNotMatch(prose, /lesson 5's handshake|the course's stand-in for discovery/, path);
    // Why it has a handshake of its own, in one line, from what the code does: one fixed opening
    // (`world/handshakes.ts`: measured once, the same at every seed and level), so that rows
    // differ by the declaration alone (a student's reading).
    assert.match(
      prose,
      /It stands for discovery but is not MCP's messages: one fixed opening, the same at every level and seed, so that the rows differ by the declaration alone, not by a revision's discovery \(lesson 5 showed the real ones\)\./,
      path,
    );
    const discovery = prose.indexOf("*discovery*, the requests by which a client learns what a server offers");
    assert.ok(discovery !== -1 && discovery + 1 === prose.search(/discovery/i), `${path}: discovery defined first`);
    if (prose.includes("`tip`")) assert.match(prose, /`tip` \(subscriber type\)/, path);
    // The handshake's section is two sentences around its table: the course's policy is lesson 5's.
    assert.doesNotMatch(prose, /It reads the answer's `surum`|## The course's handshake/, path);
    assert.doesNotMatch(prose, /"additionalProperties": false/, `${path}: lesson 4 states it`);
    assert.match(prose, /`abone yok`, not `eksik alan` \(missing field\)/, path);
    // The simulator's declarations are said in words, not printed in another language's notation.
    assert.doesNotMatch(text, /\('abone',\)|'side_effect'/, `${path}: no Python-notation table`);
    // No note per table on the printouts' layout.
    assert.doesNotMatch(prose, /Python|published lesson|exactly as that lesson prints/, path);
    // The printouts' layout is no longer described: it taught nothing (an expert's review).
    assert.doesNotMatch(prose, /print in a plain layout of their own/, path);
    assert.doesNotMatch(prose, /Its header's first cell is its title|one value per level in each list/, path);
    // The simulator's declarations in plain words, not by its function's name.
    assert.match(prose, /The simulator holds the same servers, declaring what the real ones' `tools\/list` says/, path);
    assert.doesNotMatch(prose, /`declare`/, path);
    // Lesson 1's `deger`: not named by the task, but the charge `tarife` has just answered.
    assert.match(prose, /sets `deger` \(the value to write\) to the chain's latest result/, path);
    assert.doesNotMatch(prose, /task names[^.]*`deger`/, `${path}: the task does not name deger`);
    assert.doesNotMatch(prose, /what the simulator calls a session|MCP session/, `${path}: one meaning of session`);
  }
});

// ---- The specification's hard cases, as lesson 6 states them ----

test("invalid tool arguments: lesson 6 points back to lesson 3's two channels in one sentence; lesson 3 states the case", () => {
  // The case itself (tools pages against 2026-07-28's schema, handle both, a malformed call is a
  // protocol error) lives in lesson 3; lesson 6 points back to it and does not state it again.
  for (const { path, text } of lessonExports().filter((e) => e.lesson.name === findLesson("03")!.name)) {
    const prose = proseOf(text);
    assert.match(prose, /InvalidParamsError/, `${path}: the schema's -32602`);
    assert.match(prose, /handle both/, `${path}: a client handles both`);
    assert.match(
      prose,
      /A malformed call \([^)]*\) is a protocol error in every revision/,
      `${path}: a malformed call`,
    );
  }
  for (const { path, text } of exportsOf6()) {
    const prose = proseOf(text);
    // The pointer back is exercise 3's folded answer, which quotes the level-1 reply.
    assert.match(
      text.replace(/\s+/g, " "),
      /This is lesson 3's invalid arguments, on the channel 2026-07-28's tools page gives them\./,
      path,
    );
    assert.doesNotMatch(prose, /InvalidParamsError|handles both|CallToolRequest/, `${path}: not re-explained`);
    // A refused call goes to a tool the server lists and handles: sent, it would run (the wide run
    // shows kayit_yaz writing); -32602 is for a name the server lacks (2026-07-28 server/tools.mdx
    // "Error Handling").
    // Where the twelve-task table is read: rows 1 and 2 tie, why, and which tables show level 2's
    // effect, in one sentence each (an expert's review).
    assert.match(
      prose,
      /\*\*Rows 1 and 2 tie\*\*: the only tool that writes, `kayit_yaz`, is off this allowlist\./,
      path,
    );
    // ...said after the table's reading and the level 0-1 contrast, right before level 3's paragraph.
    const seed = Number(/with seed (\d+)\./.exec(text)![1]);
    const r = simulateWritingAServer(seed);
    const rows = text.indexOf("**Rows 1 and 2 tie**");
    const secondRun = text.indexOf(readSecondRun(r));
    const contrast = text.indexOf("**Level 0 against level 1: without its fields");
    assert.ok(secondRun !== -1 && secondRun < contrast && contrast < rows, `${path}: after level 0 against 1`);
    const level3 = text.indexOf(readBesideMcp(r));
    assert.ok(rows < level3 && level3 - rows < 300, `${path}: right before level 3's paragraph`);
    assert.doesNotMatch(prose, /refused with `arac bildirilmedi` would be a JSON-RPC error/, path);
    // 2025-11-25 basic/index.mdx "Schema Dialect" made 2020-12 the default.
    assert.match(prose, /`\$schema` names 2020-12, the default dialect since 2025-11-25/, path);
    assert.doesNotMatch(prose, /MUST validate/, `${path}: lesson 4 states it`);
  }
});

test("the approval gate's two readings have the course's two names, each defined once, and MCP's rule on a person stands once, before the experiment", () => {
  for (const { path, text } of exportsOf6()) {
    const prose = proseOf(text);
    // The course's names for a tool with no `annotations`: "the defaults-reading gate" and "the course's gate".
    assert.doesNotMatch(
      text,
      /the reference gate|lesson 5's gate|its gate\b|The approval gate as lesson 5 built it/i,
      path,
    );
    assert.doesNotMatch(prose, /MCP-default gate|MCP's own host/, path);
    assert.equal(prose.match(/\*\*The defaults-reading gate\*\*/g)?.length, 1, `${path}: defined once`);
    assert.equal(prose.match(/\*\*The course's gate\*\*/g)?.length, 1, `${path}: defined once`);
    const named = prose.indexOf("**The defaults-reading gate**");
    assert.equal(
      prose.indexOf("defaults-reading gate"),
      named + "**The ".length,
      `${path}: not used before it is defined`,
    );
    // Both gates are a host's policy; MCP's principle is consent before any tool, and annotations
    // are untrusted hints (2026-07-28 server/tools.mdx, "User Interaction Model" and "Tool").
    assert.match(prose, /Both gates are host policies, not MCP's\./, path);
    // The principle (index.mdx), then the hints' trust; the consent caveat (skipping a
    // prompt departs from tools.mdx's SHOULD) is lesson 5's, pointed back to in one sentence.
    assert.doesNotMatch(prose, /Its normative floor|Skipping a prompt deviates from a SHOULD/, path);
    assert.match(
      prose,
      /MCP's principle is consent before any tool, and any description of a tool's behavior is untrusted unless from a trusted server \(`index\.mdx`, "Tool Safety"\); for `annotations` `server\/tools\.mdx` makes it a MUST \("Tool"\)\. A host may still use them/,
      path,
    );
    assert.doesNotMatch(prose, /consent before any tool: a person able to deny calls/, path);
    assert.equal(prose.match(/defensible only/g)?.length, 1, `${path}: the caveat once`);
    // The four tables' settings in one small matrix, printed once before the first of them, in
    // place of a settings line above each (a student's reading); no lead-in cites its rows.
    const matrix = [
      "The version rule is on in all four; the *wide* allowlist adds `kayit_yaz` (write record) to lesson 5's:",
      "",
      "| table | allowlist | approval gate (lesson 5) | approval |",
      "|:---|:---|:---|:---|",
      "| handshake | lesson 5's | none: no calls yet | none |",
      "| twelve-task | lesson 5's | the course's: passes a tool with no `annotations`, unlike MCP's default | no |",
      "| gate | wide | defaults-reading: holds a tool with no `annotations`, by MCP's default | no |",
      "| wide | wide | the course's | no; at level 2, also yes |",
    ].join("\n");
    const flatText = text.replace(/\n(?=[^\n|])/g, " ").replace(/ +/g, " ");
    assert.ok(flatText.includes(matrix.replace(/\n(?=[^\n|])/g, " ")), `${path}: the settings matrix`);
    assert.ok(
      text.indexOf("| twelve-task |") < text.indexOf("level                         negotiated dropped"),
      `${path}: before the first table`,
    );
    assert.doesNotMatch(text, /\*\*Settings:\*\*/, `${path}: no settings line above each table`);
    const spaced = text.replace(/\s+/g, " ");
    assert.doesNotMatch(text, /\*\*Rules:\*\*|Their rules are stated only here|\(row \d above\)/, path);
    assert.doesNotMatch(prose, /Its rules:/, `${path}: one form of the rules line`);
    const wideDefined = spaced.indexOf("the *wide* allowlist adds `kayit_yaz` (write record) to lesson 5's");
    assert.ok(wideDefined !== -1, path);
    assert.equal(
      spaced.search(/\bwide allowlist\b|\*wide\* allowlist/),
      wideDefined + "The ".length,
      `${path}: defined first`,
    );
    // Both gates are defined where they differ, before the gate table, the first to hold a call.
    for (const defined of ["**The defaults-reading gate** holds it", "**The course's gate** passes it"])
      assert.ok(
        text.indexOf(defined) > text.indexOf("## Level 1 against level 2") &&
          text.indexOf(defined) < text.indexOf("level                         calls  sent  blocked"),
        `${path}: ${defined} before the gate table`,
      );
    assert.ok(
      // A student's reading: the twelve-task table's settings line glosses it where it is first named.
      prose.indexOf("the course's gate") > prose.indexOf("**The course's gate**") ||
        prose.indexOf("the course's gate") ===
          prose.indexOf("the course's gate (passes a tool with no `annotations`, unlike MCP's default)"),
      `${path}: used after it is defined`,
    );
    // 2026-07-28 server/tools.mdx "User Interaction Model": a human able to deny (a SHOULD), said once,
    // in the caveat that points back to lesson 5.
    assert.equal(prose.match(/a way to deny/g)?.length, 1, path);
    assert.doesNotMatch(prose, /"there SHOULD always be a human in the loop/, `${path}: quoted in lesson 5, not again`);
    // "May write" is MCP's own default (schema.mdx ToolAnnotations), not the course's reading.
    assert.ok(prose.includes('| `readOnlyHint` has "Default: false" (`schema.mdx`, `ToolAnnotations`) |'), path);
    assert.doesNotMatch(prose, /the course's and not a rule of MCP|MCP asks more/, path);
  }
});

test("lesson 6 dates what it dates: annotations, the caching fields; and says a real server writes a description", () => {
  for (const { path, text } of exportsOf6()) {
    const prose = proseOf(text);
    assert.match(prose, /`annotations` \(part of a tool since 2025-03-26\)/, path);
    // Lesson 4 says why; the minimal server's reading says what a model does with it.
    // What the spec says of it (2026-07-28 server/tools.mdx "Tool"; schema.mdx Tool) and that the four
    // levels leave it out; what a model does with it is said once, at the minimal server.
    assert.match(
      prose,
      // Marked as the course's advice in its first sentence (an expert's review).
      /\*\*Writing a `description`\*\*, the course's advice\. 2026-07-28's tools page calls it a "Human-readable description of functionality" \(`server\/tools\.mdx`, "Tool"\)\. A model reads it with the name and the fields, nothing else, so write it for that reader\./,
      path,
    );
    // How to write one and its arguments' (zod's `.describe()`, written into the property, as the
    // minimal server's `tools/list` shows for `abone`), and why the levels leave it out.
    assert.match(
      prose,
      /Say what the tool does and what it returns, units included, and when to choose it over the server's other tools\. Give each argument its own description with its format and an example: zod's `\.describe\(\)`, which the SDK writes into the property, as for `abone` above\. The levels leave descriptions out\./,
      path,
    );
    // An expert's review: the MUST is the caching fields' alone
    // (server/utilities/caching.mdx, "Cacheable Results"); `serverInfo` in `_meta` is a SHOULD (basic/index.mdx,
    // "Per-response protocol fields"; `ResultMetaObject`).
    assert.match(
      prose,
      /Level 3 adds nothing to a tool\. In 2026-07-28 a server MUST add the caching fields `ttlMs` and `cacheScope` to this result \(`server\/utilities\/caching\.mdx`\), and SHOULD add `serverInfo` under `_meta` \(`basic\/index\.mdx`\)\./,
      path,
    );
    assert.doesNotMatch(prose, /adds `_meta` and the caching fields|which a server MUST include/, path);
    // 2026-07-28 basic/index.mdx "Per-response protocol fields" and server/discover.mdx
    // "DiscoverResult": still `serverInfo`, under `_meta`, the discover result's too.
    assert.doesNotMatch(prose, /in its results' `_meta` and `server\/discover`/, path);
  }
});

test("the course's version rule stands beside a host that trusts its servers' hints, whose figures are computed", () => {
  for (const { path, text } of exportsOf6()) {
    const seed = Number(/with seed (\d+)/.exec(text)![1]);
    const result = simulateWritingAServer(seed);
    const { handshake, run } = withoutVersionRule(result);
    assert.equal(handshake.negotiated, 4, "four tools, as the issue's reader checked");
    assert.equal(run.completed, 9, "nine tasks");
    // The one result that is lesson 6's own, computed; lesson 5's argument is not re-run as a table.
    assert.doesNotMatch(
      text,
      /a client that does not act on serverInfo\.version +\d/,
      `${path}: no table for one result`,
    );
    assert.ok(text.includes(readBesideMcp(result)), `${path}: its reading`);
    // The client that follows MCP leads; the table's level-3 row is then the course's host, its
    // version rule the course's and not MCP's, what it drops computed from the level-3 decision.
    assert.equal(
      flat(readBesideMcp(result)),
      `**Level 3** is the course's version rule at work. It drops \`kayit\` at version 3, and \`bolge_ozet\` ` +
        `with it: ${result.handshake[3].negotiated} tools kept, ${result.runs[3].completed} tasks completed. ` +
        `A host following MCP ignores the version: it keeps ${handshake.negotiated} tools and completes ` +
        `${run.completed} tasks, as at level 2.`,
    );
    // Level 3 comes last, after the two contrasts' readings, and the level-3 row is read once.
    const spaced = text.replace(/\s+/g, " ");
    const table = spaced.indexOf("second run ( task seed");
    const beside = spaced.indexOf(flat(readBesideMcp(result)));
    const levels = spaced.indexOf("**Level 0 against level 1: without its fields");
    assert.ok(table < levels && levels < beside, `${path}: level 3 after level 0 against 1`);
    assert.ok(beside < spaced.indexOf("## Level 1 against level 2"), `${path}: before the gate section`);
    assert.doesNotMatch(spaced, /\*\*Level 3 \(full\)\*\* completes/, `${path}: the rule's loss is read once`);
    // Up front, level 3 is one line among the contrasts: the course's version rule alone.
    const prose = proseOf(text);
    assert.match(
      prose,
      /The course's host has no model: it fills a call's arguments from the declared fields alone, as a model does from the `inputSchema` and `description`; an approval gate reads the side effect; only the version rule reads level 3\./,
      path,
    );
    assert.doesNotMatch(prose, /Level 2 against 3/, path);
    // The seed is named by the opening sentence; no cell prints it alone.
    assert.doesNotMatch(text, /^seed \d+$/m, `${path}: no seed-only print`);
    assert.doesNotMatch(prose, /the most complete declaration leaves the smallest tool set/i, path);
  }
});

test("each reference-style print line is read in words right after it, from the run", () => {
  for (const seed of SEEDS) {
    const r = simulateWritingAServer(seed);
    const [h0, , , h3] = r.handshake;
    assert.equal(
      flat(prose.readHandshake(r)),
      `At levels 0 to 2 the client keeps ${h0.negotiated} tools and drops \`kayit_yaz\` (the allowlist). At level 3 ` +
        `the version rule also drops \`kayit\`; the last line names the ${h3.negotiated} ` +
        `kept. Every row costs the same ${h0.tokens} tokens, 34 + 34 + 31 for \`olcum\`, \`tarife\` ` +
        `and \`kayit\`'s request and answer, the envelope's 8 in each.`,
      `seed ${seed}`,
    );
    const second = r.secondRun.runs;
    const same = second.every((run, i) => run.completed === r.runs[i].completed);
    // Every level's tokens taken apart, a table row each (a student's reading): the handshake's
    // and each task type's parts sum to the twelve-task table's row.
    const reading = prose.readSecondRun(r);
    const rows = reading.split("\n").filter((line) => /^\| \d /.test(line));
    assert.equal(rows.length, 4, `seed ${seed}: a row per level`);
    rows.forEach((row, level) => {
      const cells = row
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim());
      const sum = cells
        .slice(1, -1)
        .flatMap((cell) => cell.split("+"))
        .map((term) => term.trim().split(" × ").map(Number))
        .reduce((n, [a, b]) => n + (b === undefined ? a : a * b), 0);
      assert.equal(Number(cells[0]), level);
      assert.equal(Number(cells[1]), r.handshake[level].tokens, `seed ${seed}: level ${level}'s handshake`);
      assert.equal(sum, r.runs[level].tokens, `seed ${seed}: level ${level}'s parts sum to its tokens`);
      assert.equal(Number(cells.at(-1)), r.runs[level].tokens, `seed ${seed}: level ${level}'s total`);
    });
    assert.ok(
      flat(reading).startsWith(
        // What the second run is and why it is there, in words (a student's reading):
        // the line is the reference's, so it stays; the sentence reads it.
        // The task seed in one plain clause: the same world, another draw of its tasks (a student's reading).
        // What a task seed is is said before the table; the reading names the seed.
        `The second run (task seed ${r.secondRun.seed}) ` +
          (same
            ? "completes as many tasks at each level as this run: the completed counts come from " +
              "the declarations, not from which tasks were drawn."
            : `completes ${second
                .slice(0, 3)
                .map((run) => run.completed)
                .join(", ")} and ${second[3].completed} tasks.`),
      ),
      `seed ${seed}`,
    );
  }
  for (const { path, text } of exportsOf6()) {
    const result = simulateWritingAServer(Number(/with seed (\d+)/.exec(text)![1]));
    const after = (line: string, reading: string) => {
      const printed = text.indexOf(line);
      const read = text.indexOf(reading);
      assert.ok(printed !== -1 && read > printed && read - text.indexOf("```", printed) < 10, `${path}: ${line}`);
    };
    after("negotiated at full level : ['sayac_oku', 'tarife', 'tuketim']", prose.readHandshake(result));
    after(`second run ( task seed ${result.secondRun.seed} ) completed :`, prose.readSecondRun(result));
    // The wide table's labels are read in the one sentence just before it, and each row in words after it.
    const spaced = text.replace(/\s+/g, " ");
    // `approval false` in MCP's terms: the person denies every call the gate holds (a student's reading).
    const labels = spaced.indexOf("`approval false`: the person denies every call the gate holds.");
    const wide = spaced.indexOf("level 2 , approval true ");
    assert.ok(labels !== -1 && wide > labels && wide - labels < 400, `${path}: the wide table's labels`);
    after("level 2 , approval true ", prose.readWide(result));
    // Before each table, how to read its reference-style line; the layout itself is said once, before
    // the first of them (tested with the conventions' homes).
    for (const [reading, line] of [
      // A task seed said before the line that prints one (a student's reading).
      [
        "The last line is a second run with another *task seed*, which draws other tasks in the same world: it lists that run's completed tasks and tokens at levels 0 to 3.",
        "second run ( task seed",
      ],
    ]) {
      const [at, printed] = [spaced.indexOf(reading), spaced.indexOf(line)];
      assert.ok(at !== -1 && at < printed && printed - at < 700, `${path}: ${reading}`);
    }
  }
});

test("the course's gate's wide table is read row by row from the run, for any seed", () => {
  for (const seed of SEEDS) {
    const r = simulateWritingAServer(seed);
    const [silent, gated, approved] = r.wide;
    assert.equal(
      flat(prose.readWide(r)),
      `At level 1 with no approval, the course's gate holds no call, so \`kayit_yaz\` writes ${silent.written} ` +
        `records unasked and ${silent.completed} tasks complete. At level 2 with no approval, the gate holds the ` +
        `${gated.blocked} calls to \`kayit_yaz\`, which fail with \`onay yok\` (no approval): ${gated.written} records, ${gated.completed} tasks completed. At ` +
        `level 2 with approval, the held calls run: ${approved.written} records, ${approved.completed} ` +
        `tasks completed. The host keeps ${silent.negotiated} tools in every row.`,
      `seed ${seed}`,
    );
    assert.equal(silent.blocked, 0);
    assert.ok(r.wide.every((row) => row.negotiated === silent.negotiated));
  }
});

test("lesson 6 says what a declaration changes in MCP before the levels, then frames each contrast as a measurement of the course's host with one MCP reading", () => {
  for (const { path, text } of exportsOf6()) {
    const prose = proseOf(text);
    // The opening and the summary say which half writes a server and which measures the course's host.
    assert.match(
      prose,
      /The lesson's first half writes a server, the code you would ship, the SDK's way, run on the wire\. Its second half declares one set of handlers at four levels: a tool's name \(0\), its fields \(1\), its side effect \(2\), the server's version \(3\), and counts what each part lets a host do\./,
      path,
    );
    // The second half opens on what it teaches about MCP (a student's reading).
    assert.match(
      prose,
      /## What a declaration changes in MCP The second half teaches what each part of a tool's declaration lets a host do, each count set beside what a host that follows MCP gets\./,
      path,
    );
    assert.match(
      prose,
      /2\. What each part of a tool's declaration lets a host do in MCP: show it to a model, fill in its calls, choose which calls to ask a person about\./,
      path,
    );
    // Teaching text only: no maintainers' words about the course's devices or where answers come from.
    assert.doesNotMatch(
      prose,
      /reproduces a measurement|a device of the course's|The answers with numbers in them are computed/,
      path,
    );
    assert.match(prose, /- \*\*First half, writing a server\.\*\* A minimal server is an `McpServer`/, path);
    assert.match(
      prose,
      /- \*\*Second half, what each part of a declaration lets a host do\.\*\* Fields: without its fields/,
      path,
    );
    // MCP first: its own section, before the levels, the first transcript and every table of the experiment.
    const mcpFirst = prose.indexOf("## What a declaration changes in MCP");
    const levels = prose.indexOf("## Handler and declaration at four levels");
    assert.ok(mcpFirst !== -1 && mcpFirst < levels, `${path}: MCP's reading comes before the levels`);
    const section = prose.slice(mcpFirst, levels);
    for (const point of [
      // What a model-facing host can show (2026-07-28 server/tools.mdx, "Tool").
      /A host knows a tool only by its entry in `tools\/list`, and can show a model each tool's `name`, the fields of its `inputSchema` and its `description` \(2026-07-28 `server\/tools\.mdx`, "Tool"\)\./,
      /A field the server leaves out, the model can only guess\./,
      // What a conformant client asks a person about (schema.mdx ToolAnnotations: readOnlyHint defaults to false).
      // What each step shows, the course's host named by lesson 5's words.
      // Lesson 5's reason referred back to, not said a third time (a student's reading).
      /The counts come from the course's host \(lesson 5\)\. What each step between levels shows:/,
      /\| 0 → 1, fields \| a client can fill only the arguments a tool declares \| hence `inputSchema`, a required field of every `Tool` \(`schema\.mdx`\) \|/,
      /\| 1 → 2, side effect \| a tool that says nothing gets written through unasked; a gate reading the schema's defaults holds its every call \|/,
      /\| 2 → 3, version \| a version bump silently drops a whole server, read-only tools included \| `serverInfo` is for display: clients SHOULD NOT use it to change their behavior \(`server\/discover\.mdx`\) \|/,
    ])
      assert.match(section, point, path);
    // Then each contrast measures a device of the course's host, with one MCP reading each.
    const firstTranscript = prose.indexOf("Here is `olcum` at level 0");
    const points = [
      // The experiment's states said not to be advice (an expert's review), then the host's reading.
      /`undeclared` and a bare `\{"type": "object"\}` are the experiment's states, not advice: a real server declares its real version and each tool's real fields\./,
      /The course's host has no model: it fills a call's arguments from the declared fields alone/,
    ];
    for (const point of points) {
      const at = prose.search(point);
      assert.ok(at > levels && at < firstTranscript, `${path}: ${point} after the MCP reading, before the runs`);
    }
    // Each MCP caveat is said once, not again after the runs.
    assert.doesNotMatch(prose, /MCP says something different|rests on a device|What carries over to MCP/, path);
    assert.equal(prose.match(/no model/g)?.length, 1, `${path}: said once`);
    // The defaults a missing hint is read by are the schema's; no gate is MCP's.
    assert.doesNotMatch(prose, /MCP's defaults/, path);
    assert.equal(
      prose.match(/the schema's defaults/gi)?.length,
      2,
      `${path}: MCP section, the defaults-reading gate's definition`,
    );
    assert.doesNotMatch(prose, /is the course's rule, not MCP's|The course's approval gate asks only about/, path);
  }
});

// ---- How the server is written: the listing is the code `mcp-course serve` runs ----

test("lesson 6 shows a whole server on the SDK's McpServer first, as the file reads, and the course's servers on the low-level Server, the code `serve` runs", () => {
  // The minimal server, listed whole from its file, comes before any other listing.
  const nb = lessonNotebook(LESSON_6);
  const file = "src/lessons/writingAServer/olcumServer.ts";
  const listingCells = nb.cells.filter((c) => c.cell_type === "code" && /show(Source|File)\(/.test(c.source));
  const caption = "the whole program";
  assert.equal(listingCells[0].source, `show.markdown(showFile("${file}", "${caption}"));`);
  const source = readFileSync(join(ROOT, file), "utf8");
  for (const part of [
    'import { McpServer } from "@modelcontextprotocol/server";',
    'import { serveStdio } from "@modelcontextprotocol/server/stdio";',
    "new McpServer(",
    "server.registerTool(",
    "inputSchema: z.object(",
    "annotations: {",
    'content: [{ type: "text"',
    "serveStdio(createOlcumServer)",
  ])
    assert.ok(source.includes(part), part);
  for (const { path, text } of exportsOf6()) {
    assert.ok(text.includes(showFile(file, caption)), `${path}: the minimal server, as its file reads`);
    // The caption speaks to the reader: no maintainers' words about the file's own comments.
    assert.ok(text.includes(`\`${file}\`, ${caption}:`), `${path}: the caption`);
    assert.doesNotMatch(text, /naming its sources/, path);
    assert.ok(
      !text.includes(showSource({ summary: true }, "worldToolList")),
      `${path}: the recommended way is the one way listed`,
    );
  }
  // The course's own servers: `createMcpServer`, on the SDK's low-level `Server`, described, not listed.
  const excerpt = findSource("createMcpServer");
  assert.equal(excerpt.file, "src/server/mcpServer.ts");
  for (const part of ["new Server(", 'server.setRequestHandler("tools/list"', 'server.setRequestHandler("tools/call"'])
    assert.ok(excerpt.text.includes(part), part);
  for (const { path, text } of exportsOf6()) {
    const prose = proseOf(text);
    assert.match(
      prose,
      // SDK 2.4.0 mcp-*.d.mts: `Server` is "@deprecated Use McpServer instead for the high-level API.
      // Only use `Server` for advanced use cases."
      /the SDK's low-level `Server` \(deprecated in SDK 2\.x except for advanced use\), where the course writes each `tools\/list` entry by hand, so that only the level changes what a server declares\./,
      path,
    );
    assert.match(
      prose,
      /From level 1, `olcum` checks each call against its `inputSchema`, as the SDK did\./,
      `${path}: the course's check, its words shown at the level-0 transcript`,
    );
    assert.match(prose, /For a server of your own, `McpServer` is the way\. The course's \*world servers\*/, path);
    assert.match(
      prose,
      /Here is `olcum` at level 0 \(the `\$` line\): `tools\/list`, then a charge task's first call, empty:/,
      path,
    );
    // `undeclared` is explained at first sight: why it is there (an Implementation needs a version,
    // schema.mdx; serverInfo a SHOULD in 2026-07-28), what the course's host reads it as, and what a
    // client following MCP makes of it (basic/index.mdx: for display, logging and debugging).
    assert.match(
      prose,
      /Below level 3 the world servers send `undeclared` instead, a placeholder the course's host reads as no version\./,
      path,
    );
    // What a host that follows MCP does with the version is said once, where the second half opens
    // (an expert's review), with why level 3 measures the version rule at all.
    assert.doesNotMatch(prose, /A client following MCP only displays or logs it|reference measurement/, path);
    assert.doesNotMatch(prose, /two mistakes MCP warns against/, path);
    // "lowercase" is lesson 1's word; this lesson does not lean on it (a student's reading).
    assert.doesNotMatch(prose, /lowercase/, path);
    // `undeclared` is defined once, where the levels are; later it is only used.
    assert.equal(
      prose.indexOf("`undeclared`"),
      prose.indexOf("the world servers send `undeclared`") + "the world servers send ".length,
      path,
    );
  }
  // `serve` serves every world server through that function, handed to the SDK's `serveStdio`.
  assert.match(findSource("serve").text, /serveStdio\(\(\) => create\(hooks, /);
  assert.match(
    findSource("servedFactory").text,
    /create: \(hooks, revision, supported\) =>\s+createMcpServer\(served, /,
  );
  const built = servedFactory({ server: SHOWN_SERVER, level: 0, seed: 20260218 }).create({}, () => undefined, []);
  assert.ok(built instanceof SdkServer, "the SDK's low-level Server");
});

test("an undeclared side effect escapes the course's gate, not MCP's: the defaults-reading gate is the lesson's, the gate as lesson 5 built it one sentence", () => {
  // 2026-07-28 and 2025-11-25 schema.mdx, ToolAnnotations: readOnlyHint defaults to false,
  // destructiveHint to true, so a gate that reads the hints by the defaults holds a tool that declares nothing.
  for (const { path, text } of exportsOf6()) {
    const prose = proseOf(text);
    assert.match(
      prose,
      /The side effect \(level 1 against 2\): with no `annotations` every call may write, and waits\. 5\./,
      path,
    );
    assert.doesNotMatch(
      prose,
      /escapes an approval gate that reads them|main finding|The approval gate can only ask|falsely declares/,
      path,
    );
    // No "side note", no second reading in the gate table, no "passes silence" left in the prose:
    // lesson 5's reading is named once, the course's gate, in the section's lead before both tables.
    assert.doesNotMatch(prose, /side note|passes silence|Side note|both readings|no annotations +calls/i, path);
    assert.match(prose, /- \*\*The course's gate\*\* passes it, as if it only read\./, path);
  }
});

test("level 1 against level 2: both gates named first, the defaults-reading gate's table, then the course's gate's wide table", () => {
  for (const { path, text } of exportsOf6()) {
    const seed = Number(/with seed (\d+)\./.exec(text)![1]);
    const r = simulateWritingAServer(seed);
    // Its place: the MCP reading leads the section, the reference's wide table closes it, before the Summary.
    const gates = text.indexOf(formatGateTable(gateReadings(r)));
    const wide = text.indexOf(formatWideTable(r.wide));
    const summary = text.indexOf("## Summary");
    assert.ok(gates !== -1 && gates < wide && wide < summary, `${path}: the MCP reading comes first`);
    assert.equal(text.slice(gates, summary).match(/^## /gm), null, `${path}: one section`);
    assert.ok(text.includes(formatGateTable(gateReadings(r))), `${path}: the table, computed from the run`);
    assert.ok(text.includes(readGates(r)), `${path}: its reading, computed from the run`);
    // The table prints MCP's defaults only: one row per level, no second reading.
    const table = formatGateTable(gateReadings(r)).split("\n");
    assert.equal(table.length, 1 + 4);
    assert.doesNotMatch(table.join("\n"), /passes|MCP's default/);
    const row = (level: number, reading: "passes" | "mcp") =>
      gateReadings(r).find((g) => g.level === level && g.reading === reading)!;
    // MCP's defaults (schema.mdx ToolAnnotations: readOnlyHint false): every call held at level 1,
    // the reads included; only kayit_yaz's from level 2, where the read-only tools say so.
    assert.equal(row(1, "mcp").sent, 0);
    assert.equal(row(1, "mcp").blocked, r.tasks.length);
    assert.deepEqual([...row(1, "mcp").held].sort(), ["bolge_ozet", "sayac_oku"]);
    assert.deepEqual(row(2, "mcp").held, ["kayit_yaz"]);
    assert.deepEqual(row(2, "mcp"), { ...row(2, "passes"), reading: "mcp" });
    // The course's reading is the reference's wide table: silence passes, and kayit_yaz writes unasked.
    const [silent, gated] = r.wide;
    assert.deepEqual(
      [row(1, "passes").blocked, row(1, "passes").written, row(1, "passes").completed],
      [silent.blocked, silent.written, silent.completed],
    );
    assert.deepEqual([row(2, "passes").blocked, row(2, "passes").completed], [gated.blocked, gated.completed]);
    const prose = proseOf(text);
    assert.match(
      prose,
      /\*\*The defaults-reading gate\*\* holds it: by the schema's defaults it may write\. It is the gate of a host that trusts its servers' hints\./,
      path,
    );
    assert.match(prose, /At levels 0 and 1, where no tool has `annotations`, the defaults-reading gate sends/, path);
    // The calls neither sent nor held at level 3: refused in the client after the version rule's drop.
    assert.match(prose, /At level 3 the other 6 stay in the client: the version rule dropped `kayit`\./, path);
    assert.equal(row(3, "mcp").calls - row(3, "mcp").sent - row(3, "mcp").blocked, 6);
    assert.match(
      prose,
      /Declaring `annotations` lets a host with such a policy run a trusted server's read-only tools/,
      path,
    );
    // Running read-only tools unasked departs from tools.mdx's SHOULD; the caveat is stated with it,
    // in one sentence that points back to lesson 5, where it is stated in full.
    assert.match(
      prose,
      /only the call that writes waits\. As lesson 5 showed, that skips the confirmation prompts a host SHOULD show \(2026-07-28 `server\/tools\.mdx`, "User Interaction Model"\), and is defensible only with standing consent and a way to deny\./,
      path,
    );
    const buys = prose.indexOf("Declaring `annotations` lets a host");
    const course = prose.indexOf("The *wide* table asks what the course's gate");
    // MCP's reading is defined, run and read before the course's gate is defined.
    assert.ok(
      prose.indexOf("**The defaults-reading gate**") < prose.indexOf("**The course's gate**"),
      `${path}: MCP's reading of a missing hint first`,
    );
    // Each Turkish word is glossed where it is first used; the notebook's run note speaks to a reader
    // of the notebook, not of the export.
    assert.match(prose, /\(`arac bildirilmedi`, tool not declared\)/, path);
    assert.match(prose, /In the notebook, change `SEED` and run all cells again/, path);
    assert.ok(buys < course, `${path}: lesson 5's reading comes after what MCP's reading buys`);
  }
});

test("what a fuller declaration costs a model is the host's to decide, not MCP's (architecture: the host manages context)", () => {
  for (const { path, text } of exportsOf6()) {
    assert.match(
      proseOf(text),
      /In MCP a fuller declaration costs bytes: the fields add \d+ to the `tools\/list` results, the `annotations` \d+, and a model that is handed them reads them; MCP leaves that to the host\./,
      path,
    );
    // No claim about what most hosts do: the spec says nothing of it, and the course has no source.
    assert.doesNotMatch(text, /as most do/, path);
  }
});

test("lesson 6 states the server's other duties and keys its tables before the first of them", () => {
  for (const { path, text } of exportsOf6()) {
    const prose = proseOf(text);
    // 2026-07-28 server/tools.mdx, "Security Considerations": the four MUSTs, in the page's words;
    // basic/transports/stdio.mdx: nothing but MCP messages on stdout, logs MAY go to stderr.
    assert.match(
      prose,
      /Servers MUST "Validate all tool inputs", "Implement proper access controls", "Rate limit tool invocations" and "Sanitize tool outputs"/,
      path,
    );
    assert.match(
      prose,
      /the server MUST NOT write to `stdout` anything but MCP messages, and MAY log to `stderr`/,
      path,
    );
    // The tables keyed by one settings matrix before the first (tested with the gates).
    assert.equal(text.split("| twelve-task |").length, 2, `${path}: one matrix`);
    // Prose-only code cells export their output alone.
    assert.ok(!text.includes("show.markdown(writingAServerSolutions("), `${path}: the solutions' code`);
  }
});

test("lesson 6 says in one sentence, after the handshake table, why every row costs the same; and counts a client's refusal as failed", () => {
  for (const { path, text } of exportsOf6()) {
    const seed = Number(/with seed (\d+)\./.exec(text)![1]);
    const r = simulateWritingAServer(seed);
    const reading = prose.readHandshake(r);
    assert.ok(text.indexOf(reading) > text.indexOf("negotiated at full level"), `${path}: after the table`);
    // The six messages' token breakdown is not printed (it taught nothing); the cost is one sentence.
    assert.ok(!text.includes(prose.readHandshakeWords(r)), `${path}: no breakdown`);
    assert.doesNotMatch(text, /tokens of every row are 6 messages|These words, `surum`/, path);
    assert.equal(flat(reading).match(/Every row costs the same \d+ tokens/g)?.length, 1, path);
    // *failed* covers the calls the client refused (arac bildirilmedi): level 1's 3 are kayit_yaz's.
    assert.match(
      proseOf(text),
      /\*failed\* those that cut the chain, an `hata` \(error\) from a server or a refusal in the client;/,
      path,
    );
    assert.doesNotMatch(proseOf(text), /\*failed\* those that ended in `hata`/, path);
  }
});

test("lesson 6 says what the simulated handshake's `surum` carries: the same words at every level, a number the host reads only at level 3", () => {
  // src/sim/negotiation.ts `handshake`: every level sends `yetenek bildir <name> surum <version> …`,
  // so every row costs the same; the decision reads `declare(server, level)`, whose `version` is set
  // only at level 3 (src/sim/declaration.ts). The real servers send `undeclared` there instead,
  // which the levels' list says where it defines `undeclared`.
  for (const level of ALL_LEVELS)
    for (const server of SERVER_FACTS)
      assert.equal(declare(server, level).version, level === 3 ? server.version : undefined, `${server.name} ${level}`);
  for (const { path, text } of exportsOf6()) {
    const r = simulateWritingAServer(Number(/with seed (\d+)\./.exec(text)![1]));
    assert.ok(
      r.handshake.every((row) => row.tokens === r.handshake[0].tokens),
      `${path}: one cost`,
    );
    assert.ok(
      flat(text).includes(
        `Every row costs the same ${r.handshake[0].tokens} tokens, 34 + 34 + 31 for \`olcum\`, ` +
          "`tarife` and `kayit`'s request and answer, the envelope's 8 in each.",
      ),
      `${path}: said`,
    );
  }
});

test("lesson 6 says serveStdio may call the factory twice on a connection: a discarded server/discover probe (SDK 2.4)", () => {
  // node_modules/@modelcontextprotocol/server 2.4.0, McpRequestContext: "once per connection — plus
  // once for a `server/discover` probe instance that is discarded again if the client falls back to
  // `initialize`".
  const sdk = readFileSync(join(ROOT, "node_modules/@modelcontextprotocol/server/package.json"), "utf8");
  assert.equal(JSON.parse(sdk).version, "2.4.0");
  for (const { path, text } of exportsOf6())
    assert.match(
      proseOf(text),
      /calls it once per connection\. It may call it once more, when a client probes and then falls back \(lesson 5\): the SDK may build one extra server object to answer the era probe, then discard it\. Keep a factory cheap and free of side effects\./,
      path,
    );
});

test("each table of the second half is led by the question it answers and how to read its columns", () => {
  for (const { path, text } of exportsOf6()) {
    const spaced = text.replace(/\s+/g, " ");
    // The handshake's lead-in holds the three handshakes, printed once, before its table (a
    // student's reading): one block more there.
    const lead = (question: string, key: string, table: string, blocks = 1) => {
      const [q, k, t] = [spaced.indexOf(question), spaced.indexOf(key), spaced.indexOf(table)];
      assert.ok(q !== -1 && q < k && k < t && t - q < 1400, `${path}: ${question}`);
      assert.equal(spaced.slice(q, t).match(/```/g)?.length, blocks, `${path}: no other block between`);
    };
    lead(
      "The handshake table asks how many tools each level keeps and *drops*,",
      "the messages each way, their tokens and round trips.",
      "level negotiated dropped request response tokens round trips",
      3,
    );
    assert.match(
      spaced,
      /request tokens answer tokens yetenek sor olcum 12 yetenek bildir olcum surum 2 sayac_oku tuketim abone_listesi 22 /,
      path,
    );
    lead(
      "The twelve-task table asks how many tasks each level completes, and at what cost.",
      "*Calls* counts every call a chain reached",
      "level negotiated calls failed completed request response tokens",
    );
    lead(
      "The gate table asks which calls the defaults-reading gate holds at each level:",
      "*calls* reached, *sent* `tools/call` requests, *blocked* (held), *written* records.",
      "level calls sent blocked written completed",
    );
    lead(
      "The *wide* table asks what the course's gate lets `kayit_yaz` do unasked, at levels 1 and 2",
      // *negotiated* was read with the handshake table; here only the approval column.
      "`approval false`: the person denies every call the gate holds.",
      "wide allowlist ( kayit_yaz added ) negotiated blocked written completed",
    );
  }
});

test("lesson 6 keeps no ES-module aside; the SDK's probe internals are not the lesson's (a student's reading)", () => {
  for (const { path, text } of exportsOf6()) {
    const prose = proseOf(text);
    assert.doesNotMatch(
      prose,
      /pathToFileURL|import\.meta|the probe's server object|WebStandardStreamableHTTPServerTransport/,
      path,
    );
    // The stateless fallback as a three-line sequence (a student's reading).
    assert.match(
      prose,
      /Why reject them\? By default a 2025-11-25 client's requests each meet a new server object:/,
      path,
    );
    assert.ok(
      text.includes(
        "POST tools/call                             → server object B, which never saw those capabilities",
      ),
      path,
    );
  }
});

test("the second run's tokens explained from the run, no reference measurement named (a student's and an expert's reading)", () => {
  for (const { path, text } of exportsOf6()) {
    const spaced = flat(text);
    assert.doesNotMatch(spaced, /reference measurement|prices them as lesson 5 does/, path);
    const r = simulateWritingAServer(Number(/with seed (\d+)\./.exec(text)![1]));
    const [first, second] = [r.runs[1].tokens, r.secondRun.runs[1].tokens];
    if (first !== second)
      assert.match(
        spaced,
        new RegExp(
          `Its tokens differ at levels 1 and 2, ${second} against ${first}, by its region tasks alone: \\d+ name \`merkez\` to this run's \\d+, and \`merkez\` \\(2 tokens, other regions 1: lesson 4\\) crosses in the call and its answer, 2 tokens more a task\\.`,
        ),
        path,
      );
  }
});
