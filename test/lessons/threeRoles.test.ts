// Lesson 1 prints the default seed's tasks, trace and server counts; every number its markdown states is what the run computes, at any seed; its readings hold for other seeds; two runs, on the wire too, are equal.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import * as prose from "../../src/lessons/threeRoles/prose";
import { simulateThreeRoles, type ThreeRolesResult } from "../../src/lessons/threeRoles/simulate";
import {
  formatSeedTasks,
  formatServerViews,
  formatTracedTask,
  formatWireCalls,
} from "../../src/lessons/threeRoles/tables";
import { runThreeRolesOnTheWire } from "../../src/lessons/threeRoles/wire";
import { LINE_WIDTH } from "../../src/notebook/lineWidth";
import { readNotebook } from "../../src/notebook/notebookFile";
import { SERVER_FACTS } from "../../src/world/servers";
import { SUBSCRIBER_COUNT } from "../../src/world/subscribers";
import { COMMERCIAL_FACTOR, TIERS, charge } from "../../src/world/tariff";
import { CHAINS, TASK_COUNT, TASK_TYPES } from "../../src/world/tasks";
import { LESSONS } from "../../src/lessons/catalog";
import { ROOT } from "../helpers";

const SEEDS = [0, 7, 20260218, 20260219, 2 ** 53 - 1];
const lesson = simulateThreeRoles(20260218);

/** The notebook's markdown cells, joined, with line breaks folded to spaces. */
const markdown = readNotebook(join(ROOT, "notebooks", "01-three-roles.ipynb"))
  .cells.filter((cell) => cell.cell_type === "markdown")
  .map((cell) => cell.source)
  .join("\n\n");
const flat = (text: string) => text.replace(/\s+/g, " ");
const says = (sentence: string) => assert.ok(flat(markdown).includes(sentence), sentence);

/** The rows of the markdown table whose header row is `header`, as cells (code marks kept). */
function markdownTable(header: string): string[][] {
  const lines = markdown.split("\n");
  const start = lines.indexOf(header);
  assert.ok(start !== -1, header);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** `` `a`, `b` `` → ["a", "b"]; `` `a` → `b` `` → ["a", "b"]. */
const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

const view = (result: ThreeRolesResult, server: string) => result.views.find((v) => v.server === server)!;

test("seed 20260218: the key lines of the tasks, the trace and the server table", () => {
  const tasks = formatSeedTasks(lesson).split("\n");
  assert.equal(tasks[0], "task  type         about  servers               result");
  assert.equal(tasks[4], "   4  record       A044   olcum, tarife, kayit  yazildi true");
  assert.equal(tasks.length, 1 + TASK_COUNT);
  const trace = formatTracedTask(lesson).split("\n");
  for (const line of [
    "step  tool       server  argument  value   found in           crosses",
    "                         answer    onceki 18514, simdiki 18551, tip isyeri",
    "   3  tarife     tarife  m3        37      answer 2 (olcum)   olcum → tarife",
    "                         deger     554     answer 3 (tarife)  tarife → kayit",
    "                         answer    yazildi true",
  ])
    assert.ok(trace.includes(line), line);
  // A student's reading: the column counts the argument values a server receives, not its answers.
  assert.deepEqual(formatServerViews(lesson).split("\n"), [
    "        tools  calls  tasks  alone  argument values  from task  from itself  from another",
    "olcum       2     18      9      3               27          9           18             0",
    "tarife      1      6      6      0               12          0            0            12",
    "kayit       2      6      6      3               12          9            0             3",
    "host        5     30     12      -               51         18           18            15",
  ]);
});

test("the markdown's world table is the servers' tools, fields and answers", () => {
  const rows = markdownTable("| server | tool | takes | answers |");
  const trace = lesson.traces;
  const answerKeys = (tool: string) => {
    for (const t of trace) for (const call of t.calls) if (call.tool === tool) return Object.keys(call.answer);
    return [];
  };
  let server = "";
  const listed = rows.map(([serverCell, tool, takes, answers]) => {
    if (serverCell !== "") server = names(serverCell)[0];
    return { server, tool: names(tool)[0], takes: names(takes), answers: names(answers) };
  });
  assert.deepEqual(
    listed,
    SERVER_FACTS.flatMap((s) =>
      s.tools.map((t) => ({
        server: s.name,
        tool: t.name,
        takes: [...t.fields],
        answers: answerKeys(t.name),
      })),
    ),
  );
  says(`The utility has ${SUBSCRIBER_COUNT} subscribers`);
  says(`${lesson.servers.length === 3 ? "Three" : lesson.servers.length} servers offer five tools`);
  assert.equal(lesson.host.tools, 5);
  says("Server and tool `tarife` share a name.");
  // The revisions' differences are one note, not asides inside the definitions (see the next test).
  assert.ok(lesson.servers.find((s) => s.server === "tarife")!.tools.includes("tarife"));
  assert.deepEqual(
    lesson.servers.map((s) => s.tools.length),
    [2, 1, 2],
  );
  // The resources and the prompt are lesson 4's, named there; lesson 1 only says servers can offer both.
  assert.ok(!flat(markdown).includes("abone_listesi"));
  assert.deepEqual(
    SERVER_FACTS.map((s) => [s.resources, s.prompts]),
    [
      [["abone_listesi"], []],
      [["basamak_tablosu"], ["bedel_aciklamasi"]],
      [[], []],
    ],
  );
});

test("section 2's definitions carry no cross-revision aside; one short paragraph closing the section gathers them, and Next says which lessons take each up; MCP's own tasks are told apart in one sentence where the course's are defined", () => {
  const two = markdown.slice(markdown.indexOf("## 2 · "), markdown.indexOf("## 3 · "));
  const at = two.indexOf("**What differs between the two revisions.**");
  assert.ok(at > 0, "the note");
  const body = flat(two.slice(0, at));
  const note = flat(two.slice(at));
  // The expert: the former two-row table was never read in prose. Its rows are now read in two sentences,
  // one per revision, and no table is left to read.
  assert.ok(!two.slice(at).includes("| "), "no table");
  assert.equal(two.slice(at).trim().split("\n\n").length, 1, "one paragraph");
  assert.ok(two.trimEnd().endsWith(two.slice(at).trimEnd()), "the note closes section 2");
  // The definitions: roles, model, call. No revision named, no session, sampling, MRTR field or MCP task.
  for (const word of ["2025-11-25", "2026-07-28", "session", "sampling", "inputResponses", "requestState", "mrtr"])
    assert.ok(!body.includes(word), word);
  assert.ok(!body.includes("the note that ends this section"), "the note's heading says what it gathers");
  // architecture/index.mdx (2026-07-28), "Capability Negotiation": clients include their capabilities on every
  // request; servers advertise theirs in response to server/discover (so not "both" on every request). Servers
  // request client input via InputRequiredResult within a reply (MRTR). 2025-11-25: a session opened by
  // initialize, where version and capabilities are agreed; servers may send requests such as
  // sampling/createMessage, which a human SHOULD be able to deny (client/sampling.mdx). Sampling is
  // deprecated in 2026-07-28 (client/sampling.mdx); deprecated.mdx: eligible for removal in the first revision on
  // or after 2027-07-28, "the actual removal ... may happen later", so not "due to be removed".
  // Tasks: experimental core utility in 2025-11-25 (basic/utilities/tasks.mdx), an official extension since 2026-07-28 (changelog.mdx, Major changes 6).
  // 2026-07-28 architecture/index.mdx, "Overview": "every request is self-contained".
  // The expert's plain rows: "opens a session" against "every request stands alone", "a server can ask" against
  // "only clients ask". The dated deprecation details are lesson 10's list, not a beginner's table.
  // 2026-07-28 architecture/index.mdx: servers request client input via InputRequiredResult within a reply;
  // the retry (mrtr.mdx) is lesson 3's, so the note stops at "says so in its answer".
  for (const sentence of [
    // A student's reading: name the idea where it first appears (2025-11-25 architecture/index.mdx: servers
    // "Request sampling through client interfaces"; client/sampling.mdx).
    "In 2025-11-25 a client opens a *session* with its server, an exchange that keeps state until it is closed, and a server can send requests too, for instance *sampling*: asking for a reply from the host's model.",
    "In 2026-07-28 there is no session, every request stands alone, and only clients ask: a server that needs input says so in its answer (an `input_required` result, taught later).",
    // An expert's review: architecture/index.mdx does not say only clients ask; 2026-07-28 basic/patterns/index.mdx does.
    // An expert's review: 2026-07-28's architecture page has no session ("MCP is a stateless protocol").
    "2025-11-25's `architecture/index.mdx` gives one stateful session per server, 2026-07-28's calls the protocol stateless, and 2026-07-28's `basic/patterns/index.mdx` says \"Servers MUST NOT initiate JSON-RPC requests\".",
    "Both points return later; see Next, at the end.",
  ])
    assert.ok(note.includes(sentence), sentence);
  assert.ok(!note.includes("Both points come from each revision's"), "the old citation is gone");
  assert.ok(!note.includes("gives its sessions"), "2026-07-28's architecture page gives no session");
  assert.ok(!note.includes("sends the call again"), "the retry is lesson 3's");
  for (const word of ["2027-07-28", "deprecated", "server/discover", "capabilities"])
    assert.ok(!note.includes(word), word);
  // The body names no later lesson (the course's rule); the note sends the reader to Next, whose lines
  // for lessons 3, 5 and 10 name the points.
  assert.ok(note.startsWith("**What differs between the two revisions.** In 2025-11-25 "));
  assert.ok(!note.includes("due to be removed"), "the earliest removal, not a removal");
  assert.ok(!note.includes("attaches both"), "the server's capabilities are not on the client's requests");
  const next = flat(markdown.slice(markdown.indexOf("## Next")));
  assert.ok(
    next.includes(
      "- 3 · Messages: JSON-RPC's messages and their fields, `_meta`, `isError` and `resultType`; errors and their price in tokens; a call asking for input.",
    ),
  );
  assert.ok(
    next.includes(
      "- 5 · Lifecycle and Negotiation: 2025-11-25's *session*, the capabilities both sides declare, and what `_meta` carries on each request.",
    ),
  );
  assert.ok(next.includes('- 10 · Without a Session: 2026-07-28, "a stateless protocol"'));
  // Section 4 tells MCP's own tasks apart where the course's word is defined, in one sentence (the student:
  // the detour loaded a beginner too early). An expert's review: one clause, so the course's task is not
  // taken for MCP's Tasks.
  says(
    "A *task*, in the course's word (MCP has a feature of the same name, not used here), is one question the user puts to the host.",
  );
  assert.ok(!flat(markdown).includes("MCP has *tasks* too"));
  // An expert's review: say what MCP's tasks are (2025-11-25 basic/utilities/tasks.mdx; 2026-07-28 changelog.mdx, 6).
  assert.ok(!flat(markdown).includes("MCP also has a feature called tasks"));
  // A student's reading: one clause only; the revisions' detail on MCP's tasks left lesson 1.
  assert.ok(!flat(markdown).includes("official extension in 2026-07-28"));
  assert.ok(!flat(markdown).includes("an optional add-on to the protocol"));
  assert.ok(!flat(markdown).includes("capabilities.extensions"));
  assert.ok(!flat(markdown).includes("experimental in 2025-11-25"));
  assert.ok(!note.includes("MCP's own tasks"), "the note keeps to the two points the lesson needs");
  // index.mdx, "Security and Trust & Safety", "Key Principles", item 3 "Tool Safety": the course cites the
  // quote by its section and item, as lessons 5 to 7 do.
  // The student read the three citations three times: one plain sentence, one citation.
  // index.mdx, "Implementation Guidelines": "MCP itself cannot enforce these security principles at the
  // protocol level, implementors SHOULD: 1. Build robust consent and authorization flows"; server/tools.mdx,
  // "User Interaction Model": a human in the loop SHOULD be able to deny tool invocations.
  // A student's reading: one line on consent; the lowercase-"must" audit left lesson 1.
  says(
    "asks for the user's consent and acts on the user's decisions: a human SHOULD be able to deny any tool call (`server/tools.mdx`, \"User Interaction Model\"), taught later. The host also coordinates the model.",
  );
  assert.ok(!flat(markdown).includes('That "must" is lowercase'));
  // An expert's review (a false claim): a server's blindness is no reason; client/elicitation.mdx has capital MUSTs no server sees.
  assert.ok(!flat(markdown).includes("a server cannot see whether the host asked the user"));
  assert.ok(!flat(markdown).includes("could not be a protocol MUST"));
  // The verifying expert: a human able to deny a call is a weaker rule than consent before each call,
  // so the SHOULD is the consent line's nearest capital form, not the same rule in capitals.
  assert.ok(!flat(markdown).includes("The rule, in capitals, is a SHOULD"));
  // The student read "a principle, in lowercase" three times: the lesson now says plainly what lowercase means.
  assert.ok(!flat(markdown).includes("a principle, in lowercase, that the protocol cannot check"));
  assert.ok(!flat(markdown).includes("a rule a peer can test"), "which peer, and how: the student");
  assert.ok(!flat(markdown).includes("Implementation Guidelines"), "no audit trail of citations");
  assert.ok(!flat(markdown).includes("which MCP cannot enforce. Implementors SHOULD"));
  // The student missed what "in lowercase" meant: BCP 14's capitals-only rule is eight paragraphs up.
  assert.ok(!flat(markdown).includes("as a principle, in lowercase:"));
  // The host's duties in words a newcomer has: no "lifecycle" before lesson 5.
  says("It creates its clients and decides which servers they connect to, and when.");
  assert.ok(!flat(markdown).includes("lifecycle"));
});

test("section 5 keeps the servers' keeping nothing apart from MCP's statelessness, which Next cites in lesson 10's line", () => {
  // 2026-07-28 basic/index.mdx, "Statelessness": "no state should be inferred from previous requests, even
  // those on the same connection or stream"; servers MUST NOT rely on prior requests over the same connection
  // to establish context; state spanning requests MUST be referenced by an explicit identifier the client
  // passes on each request. So keeping nothing at all is the course's choice, not the whole rule, and the
  // rule is not only about the connection.
  // A student's reading: the rule on protocol context is not needed to trace the task; it is cut here.
  says(
    "the course's servers keep nothing from one call to the next, by design. `tarife` prices cubic metres without knowing whose,",
  );
  assert.ok(!flat(markdown).includes("Separately, 2026-07-28 forbids"));
  // An expert's review: the MUST NOT is scoped to protocol context; "forbids relying on the connection's
  // history" overstated it.
  assert.ok(!flat(markdown).includes("forbids relying on the connection's history"));
  // The student found the statelessness aside too dense for lesson 1: two sentences, no example.
  assert.ok(!flat(markdown).includes("such as a cart id"));
  // The student could not tell the course's choice from MCP's rule: the sentence now separates the two.
  assert.ok(!flat(markdown).includes("Keeping no state at all is the course's choice."));
  assert.ok(!flat(markdown).includes("forbids only state carried implicitly"));
  assert.ok(!flat(markdown).includes("That is the course's choice, not a rule of MCP."));
  says(
    '2026-07-28, "a stateless protocol" (`basic/index.mdx`, "Statelessness"): what each request carries, and what a multi-step call costs, priced.',
  );
});

test("Next names every lesson ahead, 2 to 10, by its title, one short item each", () => {
  const next = markdown.slice(markdown.indexOf("## Next"));
  const items = next.split("\n").filter((line) => line.startsWith("- "));
  assert.deepEqual(
    items.map((line) => /^- (\d+) · /.exec(line)?.[1]),
    ["2", "3", "4", "5", "6", "7", "8", "9", "10"],
  );
  for (const { name, title } of LESSONS.slice(1))
    assert.ok(next.includes(`- ${Number(name.slice(0, 2))} · ${title}: `), title);
  assert.ok(next.split("\n").length <= 16, "short");
});

test("the markdown's chain table is the world's chains, in the order tasks are drawn", () => {
  const rows = markdownTable("| type | the question | chain | servers |");
  assert.deepEqual(
    rows.map(([type]) => type),
    TASK_TYPES,
  );
  for (const [type, , chain, servers] of rows) {
    assert.deepEqual(names(chain), CHAINS[type as keyof typeof CHAINS]);
    const trace = lesson.traces.find((t) => t.task.type === type)!;
    assert.deepEqual(names(servers), [...new Set(trace.calls.map((c) => c.server))]);
  }
  says(
    "So every seed's tasks make 30 calls, three tasks each of 3, 2, 1 and 4 calls, and 6 of the 12 tasks reach two or more servers.",
  );
  assert.deepEqual(
    TASK_TYPES.map((type) => CHAINS[type].length),
    [3, 2, 1, 4],
  );
});

for (const seed of SEEDS)
  test(`seed ${seed}: every number the markdown states is the run's`, () => {
    const result = simulateThreeRoles(seed);
    const [olcum, tarife, kayit] = ["olcum", "tarife", "kayit"].map((s) => view(result, s));
    const { host } = result;
    assert.equal(result.subscribers, SUBSCRIBER_COUNT);
    assert.equal(result.tasks.length, 12);
    for (const type of TASK_TYPES) assert.equal(result.tasks.filter((t) => t.type === type).length, 3, type);
    assert.equal(host.calls, 30);
    assert.equal(host.spanning, 6);
    assert.equal(result.traced, 3, "task 4 is the first record task");
    const traced = result.traces[result.traced];
    assert.equal(traced.calls.filter((c) => c.server === "olcum").length, 2);
    says("task 4's two calls to `olcum`");
    // Section 5: `deger` is the charge `tarife` answered one step before, as `tutar`.
    const write = traced.calls.at(-1)!;
    const deger = write.arguments.find((a) => a.field === "deger")!;
    assert.deepEqual(deger.origin, { kind: "answer", step: write.step - 1, tool: "tarife", server: "tarife" });
    assert.equal(deger.value, traced.calls[write.step - 2].answer.tutar);
    says("`deger`, the value a record writes, is the charge `tarife` has just answered, `tutar`.");
    // Section 7's *alone* column, in the words the student asked for.
    says("the *tasks* that call it, those of them that call no other server (*alone*)");
    assert.ok(!flat(markdown).includes("those it serves *alone*"));
    // The markdown states section 7's counts once, for every seed: the table is the same at each.
    assert.equal(formatServerViews(result), formatServerViews(lesson));
    assert.equal(olcum.values["other server"], 0);
    assert.equal(tarife.values.task + tarife.values["same server"], 0);
    assert.equal(kayit.values["other server"], result.crossings.filter((c) => c.to === "kayit").length);
    // Section 7's two sentences: only the host holds a task that spans servers, and it carried every
    // value that went between servers; no message goes from one server to another.
    assert.equal(host.spanning, 6);
    assert.ok(
      result.traces
        .filter((t) => new Set(t.calls.map((c) => c.server)).size >= 2)
        .every((t) => result.views.every((v) => t.calls.some((c) => c.server !== v.server))),
    );
    says(
      `Each server sees only its own calls, so none sees whole a task that reaches two or more ` +
        `servers; the ${host.values["other server"]} values that went between servers all passed ` +
        `through the host.`,
    );
    assert.equal(host.serverToServer, 0);
    says(
      `Only the host holds every task: it makes all ${host.calls} calls, and none of their ` +
        `${host.messages} messages goes from one server to another.`,
    );
    // The counts a reader can read off the table are exercise 2's, not the body's.
    assert.ok(!flat(markdown).includes("`olcum` answers 18 of the 30 calls"));
    says(`it carried all ${result.crossings.length} values that went between servers`);
    // The summary's claims: tarife never receives a subscriber id, olcum never an amount.
    says("`tarife` priced 6 charges without one subscriber id, and `olcum` never saw an amount");
    assert.equal(tarife.calls, 6);
    for (const trace of result.traces)
      for (const call of trace.calls) {
        const fields = call.arguments.map((a) => a.field);
        if (call.server === "tarife") assert.ok(!fields.includes("abone"));
        if (call.server === "olcum") assert.ok(!fields.includes("deger") && !fields.includes("m3"));
      }
  });

for (const seed of SEEDS)
  test(`seed ${seed}: the readings and solutions read the run, within the page`, () => {
    const result = simulateThreeRoles(seed);
    const traced = result.traces[result.traced];
    const texts = [
      prose.describeThreeRolesSeed(result),
      prose.readSeedTasks(result),
      prose.threeRolesSolutions(result),
      formatSeedTasks(result),
      formatTracedTask(result),
      formatServerViews(result),
    ];
    for (const text of texts) for (const line of text.split("\n")) assert.ok(line.length <= LINE_WIDTH, line);
    assert.match(flat(prose.describeThreeRolesSeed(result)), new RegExp(`seed ${seed}\\*\\*`));
    assert.ok(flat(prose.readSeedTasks(result)).includes(`charge of \`${traced.task.subscriber}\``));
    const solutions = flat(prose.threeRolesSolutions(result));
    assert.ok(solutions.includes("`tarife` receives no subscriber id in any of the 12 tasks"));
    assert.ok(solutions.includes("18 values went from `olcum` back to `olcum`"));
    // Solution 2 points back to section 5, which keeps the world's choice apart from the protocol's statelessness.
    assert.ok(solutions.includes("by design (section 5)"));
    assert.ok(!solutions.includes("stateless"));
    assert.ok(solutions.includes("3 values would still cross from one server to another"));
    assert.ok(solutions.includes("Section 7's table is the same, number for number."));
    // The second seed's values come from a run, which the question told the reader not to make: said so.
    assert.match(solutions, /Running this lesson with seed \d+ gives these values: task 4 is about/);
    assert.equal((solutions.match(/<details>/g) ?? []).length, 4);
  });

test("the same seed gives an equal result", () => {
  for (const seed of [0, 20260218]) assert.deepEqual(simulateThreeRoles(seed), simulateThreeRoles(seed));
});

test("on the wire: the lines crossed are the committed export's, and the real answers are the trace's", async () => {
  const first = await runThreeRolesOnTheWire(lesson);
  assert.equal(first.server, "olcum");
  assert.equal(first.calls, 2);
  assert.equal(first.sameAnswers, true);
  // Revision 2026-07-28: no opening, every request with its own `_meta`, every result a `resultType`.
  assert.equal(first.transcript.era, "stateless");
  const lines = first.transcript.steps.map((step) => ("line" in step ? JSON.parse(step.line) : {}));
  assert.deepEqual(
    lines.map((m) => [m.method, m.id, m.params?.name]),
    [
      ["tools/call", 1, "sayac_oku"],
      [undefined, 1, undefined],
      ["tools/call", 2, "tuketim"],
      [undefined, 2, undefined],
    ],
  );
  assert.deepEqual(lines[0].params.arguments, { abone: "A044" });
  for (const request of [lines[0], lines[2]]) {
    assert.equal(request.params._meta["io.modelcontextprotocol/protocolVersion"], "2026-07-28");
    assert.deepEqual(request.params._meta["io.modelcontextprotocol/clientCapabilities"], {});
  }
  for (const response of [lines[1], lines[3]]) {
    assert.equal(response.result.resultType, "complete");
    assert.equal(response.result.isError, false);
  }
  assert.equal(first.transcript.outcome, "2 calls answered, with the values the trace computed");
  // The notebook prints the lines without the outcome, which the reading below says in its words.
  const printed = formatWireCalls(first);
  // The student: `_meta` filled most of the first message; folded as `{…}`, the call's own fields stand out.
  assert.ok(printed.includes('"_meta":{…}'), printed);
  // A student's reading: one `_meta` unfolded once, after the lines, and no byte sizes nothing reads.
  const [lined, unfolded] = printed.split("\nid 1's _meta, unfolded:\n");
  assert.ok(!lined.includes("io.modelcontextprotocol/protocolVersion"), printed);
  assert.ok(!/bytes\)/.test(printed), printed);
  assert.ok(lined.includes("\nclient → server\n"), printed);
  assert.deepEqual(JSON.parse(unfolded), lines[0].params._meta);
  for (const line of printed.split("\n")) assert.ok(line.length <= LINE_WIDTH, line);
  assert.ok(printed.startsWith("$ mcp-course serve olcum --seed 20260218\n"));
  assert.ok(!printed.includes("Outcome:"));
  const reading = flat(prose.readWireCalls(lesson, first));
  assert.ok(reading.includes("These 2 exchanges are all `olcum` sees of task 4."));
  assert.ok(reading.includes("`tutar 554` and `yazildi true`"));
  const exported = readFileSync(join(ROOT, "lessons", "01-three-roles.md"), "utf8");
  assert.ok(exported.includes(printed), "the export prints the same transcript");
});

test("section 1 explains how to read the specification before citing it; section 6 shows 2026-07-28 and reads the fields lesson 1 uses", () => {
  const one = markdown.slice(markdown.indexOf("## 1 · "), markdown.indexOf("## 2 · "));
  const at = one.indexOf("> **How to read the specification.**");
  const note = one.slice(at, one.indexOf("\n\n", at));
  assert.ok(at > 0 && note.length > 0, "section 1 holds the note");
  // The note comes before the first page the course cites (a file ending in .mdx), after the revisions.
  assert.ok(!one.slice(0, at).includes(".mdx"), "no citation before the note");
  assert.ok(
    flat(one.slice(0, at)).includes(
      "Earlier revisions exist: 2024-11-05, 2025-03-26 and 2025-06-18. The course cites the specification often, so first, how:",
    ),
  );
  // The course cites the schema as the page schema.mdx, and says once where that page comes from.
  // The student read the box as notes for a reviewer: at most three lines, no MDX, no web address.
  assert.ok(
    flat(note.replace(/\n> ?/g, " ")).includes(
      "The *schema*, every message's definition, is the page `schema.mdx`, made from `schema.ts`.",
    ),
  );
  // An expert's review: the page-against-schema caveat left the opening (lesson 3 says it where it bites).
  assert.ok(!flat(markdown).includes("where a page and schema disagree"));
  assert.ok(note.split("\n").length <= 3, note);
  assert.ok(!flat(note).includes("https://"), "no address");
  assert.ok(!flat(markdown).includes("a page drops `.mdx`"));
  assert.ok(!flat(one).includes("MDX"), "no MDX");
  // Lesson 1's reader asked what an older revision needs first: name `initialize`, the opening request.
  says(
    "It speaks 2026-07-28, which needs no opening message. Older revisions open each session with an `initialize` request first.",
  );
  assert.ok(!flat(markdown).includes("in which no message need come before the first call"));
  // The Summary states what section 6 showed; a call that asks for input (mrtr.mdx) is lesson 3's.
  says(
    "Each call here was one `tools/call` request, naming the tool and its arguments, and one response with the same `id` and the answer in `result`.",
  );
  assert.ok(!flat(markdown).includes("a server that needs input makes it two or more"));
  // The opening note speaks to someone running the notebook, not to the reader of the export.
  says("In the notebook, change `SEED` in the next cell, its only parameter, and run all cells again");
  // The expert: the retry after `input_required` is 2026-07-28 basic/patterns/mrtr.mdx's, not basic/index.mdx's
  // "ResultType" (which only defines the values). Lesson 1 now leaves `input_required` to lesson 3 (the
  // student: neither transcript shows it), so no sentence on it, and no misattributed citation, remains.
  // A student's reading: the note names the result once, "taught later", and nothing more on it.
  assert.equal((flat(markdown).match(/input_required/g) ?? []).length, 1);
  assert.ok(
    !flat(markdown).includes('the client sends the call again with that input (`basic/index.mdx`, "ResultType")'),
  );
  // Section 1 says RECOMMENDED is a synonym of SHOULD, and the lesson uses the word nowhere else.
  says(
    "SHOULD and SHOULD NOT allow an exception, but only for a good reason, weighed with care. RECOMMENDED is a synonym of SHOULD: the same strength in another word.",
  );
  // 2026-07-28 stdio.mdx, "Backward Compatibility": "A client that only supports modern versions does not
  // need to probe, but probing is still **RECOMMENDED**". The expert: section 6's client skips it, so say so
  // there, and why; the probe itself is a later lesson's.
  // A student's reading and an expert's review: one sentence on day one, the rest where the probe is taught.
  // A student's reading: one sentence, no further forward references (`server/discover` is the probe's lesson).
  // An expert's review: the RECOMMENDED is stdio's, for a client that speaks only 2026-07-28 (a dual-era
  // one SHOULD probe; over Streamable HTTP the probe is optional), so the sentence says "over stdio".
  says(
    "Over stdio, a client that knows only 2026-07-28 is RECOMMENDED to first ask what the server speaks, taught later; the course's client skips it.",
  );
  assert.ok(!flat(markdown).includes("A real client is RECOMMENDED"));
  assert.ok(!flat(markdown).includes("server/discover"));
  assert.ok(!flat(markdown).includes("that an older server would read by its own rules"));
  // the revisions table, the readings' range, the cart example, the host's row.
  // A student's reading and an expert's review: the table keeps the two revisions taught, in plain words a
  // day-one reader has (no `initialize`, `isError`, `server/discover` or `resultType` yet); earlier ones by date.
  says("| 2025-11-25 | a client opens a session with its server by a handshake, then calls within it |");
  says("| 2026-07-28 | the current one (as of December 2026): no session; every request stands alone |");
  says("Earlier revisions exist: 2024-11-05, 2025-03-26 and 2025-06-18.");
  const table = markdown.slice(markdown.indexOf("| revision |"), markdown.indexOf("Earlier revisions exist"));
  for (const word of ["initialize", "isError", "server/discover", "resultType", "HTTP+SSE", "MCP-Protocol-Version"])
    assert.ok(!table.includes(word), word);
  assert.ok(!markdown.includes("invalid tool arguments answered as a tool's error"), "the old row is gone");
  says("Readings have five digits: the earlier, `onceki`, lies between 10000 and 89999,");
  assert.ok(!flat(markdown).includes("A shop, say, keeps a cart"));
  // A student's reading: "them" follows the revisions it names; the citing callout comes after the table.
  says("The specification is published in dated *revisions*. The course teaches two of these revisions:");
  assert.ok(
    markdown.indexOf("**How to read the specification.**") > markdown.indexOf("| 2026-07-28 | the current one"),
  );
  // An expert's review: the course's *task* is told apart from MCP's Tasks (an extension since 2026-07-28).
  says("A *task*, in the course's word (MCP has a feature of the same name, not used here), is one question");
  says("its *tasks* counts each task once (12), not the servers' sum, and *alone* is a dash");
  assert.equal((flat(markdown).match(/RECOMMENDED/g) ?? []).length, 2, "RECOMMENDED where defined and the probe");
  // The bytes are those of the line as sent, not of the spread-out form shown.
  says("It crossed as one line, ended by a newline, and is spread out here only for reading.");
  // Section 6 reads only the fields a first lesson needs (jsonrpc, id, method, params, result, content); the
  // rest, in one sentence, are lessons 3's and 5's, named in Next (the body names no later lesson). The
  // reserved keys without a prefix, the MUSTs of `_meta` and isError's rule left with them.
  says(
    "- `_meta`, folded here as `{…}` and printed once unfolded below, is the message's metadata, facts about it rather than its content; its keys carry MCP's prefix `io.modelcontextprotocol/`. Here: the request's revision, the client's name and version, and its *capabilities*, the optional features a client declares (this one declares none: `{}`).",
  );
  assert.ok(
    !flat(markdown).includes("and the optional features it declares."),
    "the student: gloss `clientCapabilities: {}`",
  );
  // A student's reading: five deferred terms on day one. Section 6 reads the fields lesson 1 uses, and
  // defers one thing only, the probe; `isError` and `resultType` are left to Next.
  assert.ok(!flat(markdown).includes("The other fields, `isError` and `resultType`, are taught later"));
  const sixth = markdown.slice(markdown.indexOf("## 6 · "), markdown.indexOf("## 7 · "));
  assert.equal((flat(sixth).match(/taught later/g) ?? []).length, 1);
  for (const word of ["progressToken", "traceparent", "baggage", "clientCapabilities` relevant", "MUST carry"])
    assert.ok(!flat(markdown).includes(word), word);
  says("A response repeats its request's `id`, and carries the answer in `result`.");
  says('Every message carries `"jsonrpc": "2.0"`: it is a JSON-RPC 2.0 message.');
  // A reader met "stdio" before lesson 2: said where first used.
  says("reads the answer from its standard output: MCP's *stdio* transport, one way to carry messages.");
  // Section 1: the protocol spares an application per-program protocol code, not all integration work.
  says("so that an application needs no protocol code of its own for each program.");
  // Exercise 4 names no seed of its own: the folded answer names the second seed.
  says("4. Without running it: which numbers of section 7's table would change with another seed");
  // An expert's review: the second seed's values cannot be had without a run; the question says so, and how.
  assert.ok(!flat(markdown).includes("Why? The answer gives a second seed's values."));
  says(
    "The answer also gives a second seed's values. Checking them needs the notebook run again with that seed: set `SEED` in the seed cell, or run `npx mcp-course lesson 01 --seed N` in the course's folder.",
  );
  assert.ok(!flat(markdown).includes("if this run used 7"));
  assert.ok(!flat(markdown).includes("The client speaks revision 2025-11-25"));
});

test("section 3 opens with one glossary of the world's Turkish words, each glossed there once; section 6's legend is a list", () => {
  const three = markdown.slice(markdown.indexOf("## 3 · "), markdown.indexOf("## 4 · "));
  const rows = markdownTable("| kind | Turkish word (English) |");
  // The claim is the world's words, not every word the course prints: a later word is glossed where it appears.
  says(
    "This table glosses the world's words, once. Any other Turkish word, such as a new tool's name, is glossed where it first appears:",
  );
  assert.ok(!flat(markdown).includes("glosses every Turkish word the course prints"));
  const glossed = rows.flatMap(([, words]) => [...words.matchAll(/`([^`]+)` \(([^)]+)\)/g)].map((m) => m[1]));
  // The expert's list, the error reasons, the regions and the words later lessons print as values.
  for (const word of [
    "abone",
    "bolge",
    "tip",
    "onceki",
    "simdiki",
    "m3",
    "tutar",
    "sutun",
    "deger",
    "yazildi",
    "hata",
    "surum",
    "abone yok",
    "eksik alan",
    "bolge yok",
    "mesken",
    "isyeri",
    "dogu",
    "bati",
    "kuzey",
    "guney",
    "merkez",
    "bedel",
    "olcum",
    "kayit",
    "sayac_oku",
  ])
    assert.ok(glossed.includes(word), word);
  // Words lesson 1 does not use are glossed where they first appear (lessons 5 and 6), not here.
  for (const word of ["onay yok", "arac bildirilmedi", "yetenek sor", "yetenek bildir"])
    assert.ok(!glossed.includes(word), word);
  // Glossed once: section 3's prose and its tool table repeat no gloss.
  const afterGlossary = three.slice(three.indexOf("The utility has"));
  for (const gloss of ["(amount)", "(error)", "(no such subscriber)", "(written)", "(metering)", "(read meter)"])
    assert.ok(!afterGlossary.includes(gloss), gloss);
  // Section 6: what to look for in the listing, one bullet a field, not one dense paragraph.
  const six = markdown.slice(markdown.indexOf("## 6 · "), markdown.indexOf("## 7 · "));
  const bullets = six.split("\n").filter((line) => line.startsWith("- "));
  assert.equal(bullets.length, 5);
  assert.ok(bullets.at(-1)!.startsWith("- `_meta`, folded here as `{…}`"));
});

test("section 3 works the tier rule once, and the line agrees with the tariff's code", () => {
  // The student had to work out 37 m³ for a business by hand; the line under the rule does it.
  const world = markdown.slice(markdown.indexOf("## 3 "), markdown.indexOf("## 4 "));
  const line = "(10 × 4 + 15 × 7 + 12 × 11) × 2 = (40 + 105 + 132) × 2 = 554";
  assert.ok(world.includes("So 37 m³ for a business cost:\n\n```text\n" + line + "\n```"));
  assert.equal(charge(37, "isyeri"), 554);
  assert.equal(10 * 4 + 15 * 7 + 12 * 11, 40 + 105 + 132);
  assert.deepEqual(TIERS, [
    [10, 4],
    [25, 7],
    [40, 11],
  ]);
  assert.equal(COMMERCIAL_FACTOR, 2);
});
