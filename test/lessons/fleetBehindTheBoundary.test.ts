// Lesson 8's printout and JSON are pure functions of the seed: byte-stable, no line over 100 characters, every section, figure and condition × policy row present, keys in the documented order.
import assert from "node:assert/strict";
import { test } from "node:test";
import { AGENT_POLICIES } from "../../src/fleet/agents";
import { CONDITIONS } from "../../src/fleet/conditions";
import { generateFleet } from "../../src/fleet/generator";
import { solveTask } from "../../src/fleet/groundTruth";
import { MALFORMED_CALLS } from "../../src/fleet/malformed";
import { runMatrix } from "../../src/fleet/runAgents";
import { fleetLessonJson } from "../../src/lessons/fleetBehindTheBoundary/json";
import { simulateFleetLesson } from "../../src/lessons/fleetBehindTheBoundary/simulate";
import {
  answerCode,
  channelCode,
  formatConditionTable,
  formatFailureTexts,
  formatFleetLesson,
  wrapQuoted,
} from "../../src/lessons/fleetBehindTheBoundary/tables";
import { LINE_WIDTH } from "../../src/notebook/lineWidth";
import { FLEET_TOOL_DEFINITIONS } from "../../src/fleet/tools";
import { DEFAULT_SEED } from "../../src/sim/seed";

const result = simulateFleetLesson(DEFAULT_SEED);
const text = formatFleetLesson(result);

const SECTIONS = [
  `fleet (seed ${DEFAULT_SEED})`,
  "ground truth",
  "the three tools",
  "the fleet as a fourth server",
  "failures and their channels",
  "eight malformed calls down three paths",
  "the thorough agent's turns on direct",
  "conditions × policies (virtual clock)",
  "what the thorough agent read on failed calls",
];

/** The body of one `## ` section of the printout. */
function section(title: string, of = text): string {
  return of.split(`## ${title}\n`)[1].split("\n\n## ")[0].trimEnd();
}

test("the printout is byte-identical across two simulations of the same seed, and ends with one newline", () => {
  assert.equal(formatFleetLesson(simulateFleetLesson(DEFAULT_SEED)), text);
  assert.ok(text.endsWith("\n") && !text.endsWith("\n\n"));
  assert.ok(!/[ \t]$/m.test(text), "no trailing spaces");
});

test("every section title is there, in order, as a `## ` line", () => {
  const titles = text
    .split("\n")
    .filter((line) => line.startsWith("## "))
    .map((line) => line.slice(3));
  assert.deepEqual(titles, SECTIONS);
});

test(`no printed line is wider than ${LINE_WIDTH} characters, for the lesson's two seeds and 40 others`, () => {
  for (const seed of [DEFAULT_SEED, 20260219, ...Array.from({ length: 40 }, (_, k) => k * 7919)]) {
    const wide = formatFleetLesson(simulateFleetLesson(seed))
      .split("\n")
      .filter((line) => [...line].length > LINE_WIDTH);
    assert.deepEqual(wide, [], `seed ${seed}`);
  }
});

test("the ground truth section names the answer and the shortcut", () => {
  assert.ok(text.includes(`answer    ${result.truth.answer}\n`));
  assert.ok(text.includes(`shortcut  ${result.truth.shortcut.answer}\n`));
  assert.ok(
    text.includes(
      `${result.truth.moreRawDowntime} of the ${result.truth.lowHourCount} devices under 500 h have more raw downtime than the task device`,
    ),
  );
});

test("the tool table is read from the declarations: every tool, its description, and every property once", () => {
  const tools = section("the three tools");
  const flat = tools.replace(/\n +/g, " ");
  for (const tool of FLEET_TOOL_DEFINITIONS) {
    assert.ok(flat.includes(`${tool.name.padEnd(13)}  ${tool.description}`), tool.name);
    for (const property of Object.keys(tool.inputSchema.properties as object))
      assert.ok(tools.includes(property), `${tool.name}.${property}`);
  }
  assert.match(tools, /limit +integer +1 to 10, default 5/);
  assert.match(tools, /filters +the 5 of count_devices: model … max_hours/);
  assert.ok(
    flat.includes('"InfusaLine 400", "InfusaLine 700", "CardioTrack M5", "Aeris V3", "RenalPure D2"'),
    "a model name is never broken",
  );
});

test("the level table has a row per client and level, with the figures of the run, and its failures grouped", () => {
  const [header, ...rows] = section("the fleet as a fourth server").split("\n");
  assert.equal(header.split(/ {2,}/).length, 11);
  const tagged = [
    ...result.levels.map((r) => ["fleet", r] as const),
    ...result.lessonClientLevels.map((r) => ["lesson 6", r] as const),
  ];
  tagged.forEach(([client, r], k) => {
    const cells = rows[k].split(/ {2,}/);
    assert.equal(cells[0], client);
    assert.deepEqual(
      cells.slice(1).map((c) => c.trim()),
      [
        r.level,
        r.negotiated,
        r.dropped,
        r.calls,
        r.failed,
        r.count ?? "-",
        r.fetched ?? "-",
        r.request + r.response,
        r.tokens,
        r.round_trips,
      ].map(String),
    );
  });
  const failures = section("the fleet as a fourth server").split("first failure\n")[1];
  assert.match(failures, /^fleet, level 0 +top_devices: field is required/m);
  assert.match(failures, /^lesson 6, levels 0-3 +count_devices: arac bildirilmedi$/m);
});

test("the channel table has at most 4 columns, the validating path first, each read from the run", () => {
  const [header, ...rows] = section("failures and their channels").split("\n");
  assert.deepEqual(header.split(/ {2,}/), ["failure", "validating", "raw", "direct"]);
  const cells = (kind: string) => rows.find((row) => row.startsWith(`${kind}  `))!.split(/ {2,}/);
  // direct sends no MCP message: its failures are thrown errors, never MCP's isError.
  assert.deepEqual(cells("invalid arguments").slice(1), ["isError", "-32603/ok", "thrown/ok"]);
  assert.deepEqual(cells("unknown tool").slice(1), ["-32602", "-32602", "thrown"]);
  assert.deepEqual(cells("handler throws").slice(1), ["isError", "-32603", "thrown"]);
  const byLabel = (label: string) => result.malformed.find((r) => r.label === label)!.outcomes;
  assert.equal(channelCode(byLabel("unknown tool").validating), "-32602");
  assert.equal(channelCode(byLabel("limit as a string").validating), "isError");
  assert.equal(channelCode(byLabel("model in the wrong case").direct), "ok");
  assert.equal(channelCode(byLabel("limit as a string").direct, "direct"), "thrown");
});

test("the failed calls' texts: every fault that failed a call of the thorough agent, local failures only, adding up to its errors", () => {
  const table = formatFailureTexts(result);
  assert.equal(table, section("what the thorough agent read on failed calls"));
  for (const { condition, texts } of result.failureTexts) {
    const run = result.matrix.find((r) => r.condition === condition && r.policy === "thorough")!;
    assert.equal(
      texts.reduce((sum, t) => sum + t.calls, 0),
      run.toolErrors,
      condition,
    );
    for (const { text } of texts) assert.match(text, /^local: /, `${condition}: ${text}`);
  }
  assert.deepEqual(
    result.failureTexts.map((row) => row.condition),
    result.matrix.filter((r) => r.policy === "thorough" && r.toolErrors > 0).map((r) => r.condition),
  );
  assert.doesNotMatch(table, /MCP error|-3200\d/);
});

test("the malformed-calls table has each call, each path once, and spells out its two abbreviations", () => {
  const lines = section("eight malformed calls down three paths").split("\n");
  assert.deepEqual(lines.slice(-2), [
    "[D]: the text read on direct",
    "[V]: Input validation error: Invalid arguments for tool <tool>:",
  ]);
  const headings = lines.filter((line) => !line.startsWith(" ")).slice(1, -2);
  assert.deepEqual(
    headings,
    MALFORMED_CALLS.map((c) => c.label),
  );
  for (const [k, call] of MALFORMED_CALLS.entries()) {
    const start = lines.indexOf(call.label);
    const end = k + 1 < MALFORMED_CALLS.length ? lines.indexOf(MALFORMED_CALLS[k + 1].label) : lines.length - 2;
    const named = lines
      .slice(start + 1, end)
      .filter((line) => /^ {2}\S/.test(line))
      .flatMap((line) => line.trim().split(/ {2,}/)[0].split(", "));
    const paths = named.includes("all three") ? ["direct", "raw", "validating"] : named;
    assert.deepEqual(paths, ["direct", "raw", "validating"], call.label);
  }
});

test("the conditions table has a row per condition × policy, in order, its answers coded and keyed", () => {
  const body = section("conditions × policies (virtual clock)");
  assert.equal(body, formatConditionTable(result));
  const [header, ...rest] = body.split("\n");
  const rows = rest.slice(0, CONDITIONS.length * AGENT_POLICIES.length);
  const agentAt = header.indexOf("agent");
  const answerAt = header.indexOf("answer");
  rows.forEach((row, k) => {
    const record = result.matrix[k];
    assert.ok(row.startsWith(`${CONDITIONS[Math.floor(k / AGENT_POLICIES.length)].name} `), row);
    assert.ok(row.slice(agentAt).startsWith(`${AGENT_POLICIES[k % AGENT_POLICIES.length].name} `), row);
    assert.equal(row.slice(answerAt), answerCode(record.answer, result.truth));
    assert.equal(answerCode(record.answer, result.truth) === "right", record.correct);
  });
  // The table counts events, not time: the virtual clock's charges are assumed constants, so no
  // column is made of them.
  assert.doesNotMatch(body, /ms\/call|virtual time/);
  assert.deepEqual(header.split(/ {2,}/), [
    "condition",
    "agent",
    "turns",
    "calls",
    "errors",
    "bytes",
    "restarts",
    "stray",
    "answer",
  ]);
  const key = rest.slice(rows.length).join(" ");
  assert.ok(
    key.includes(`right = ${result.truth.answer}`) && key.includes(`shortcut = ${result.truth.shortcut.answer}`),
    key,
  );
});

test("answerCode names the true answer, the shortcut, a give-up, none and anything else", () => {
  const { truth } = result;
  assert.equal(answerCode(truth.answer, truth), "right");
  assert.equal(answerCode(truth.shortcut.answer, truth), "shortcut");
  assert.equal(answerCode("CT5-001 vs unknown", truth), "gave up");
  assert.equal(answerCode(null, truth), "none");
  assert.equal(answerCode("IL4-001 vs IL4-002", truth), "other");
});

test("wrapQuoted keeps lines within the width and never breaks a quoted span", () => {
  const text = 'model: expected one of "InfusaLine 400", "InfusaLine 700", "CardioTrack M5", received "Aeris v3"';
  for (const width of [20, 30, 45, 70]) {
    const lines = wrapQuoted(text, width);
    assert.equal(lines.join(" "), text);
    for (const line of lines) {
      assert.ok(line.length <= width || !line.includes(" "), `${width}: ${line}`);
      assert.equal((line.match(/"/g) ?? []).length % 2, 0, `${width}: ${line}`);
    }
  }
  assert.deepEqual(wrapQuoted("a b c", 100), ["a b c"]);
});

test("the turns of the worked example add up to the runs' calls and turns", () => {
  for (const policy of AGENT_POLICIES) {
    const sizes = result.turnSizes[policy.name];
    const run = result.matrix.find((r) => r.condition === "direct" && r.policy === policy.name)!;
    assert.equal(
      sizes.reduce((sum, k) => sum + k, 0),
      run.toolCalls,
      policy.name,
    );
    assert.equal(sizes.length + 1, run.turns, policy.name);
  }
  assert.equal(
    result.handshake.request + result.handshake.response + result.handshake.notification,
    5,
    "initialize, initialized, tools/list",
  );
});

test("the lesson's figures are the fleet's own: ground truth and matrix recomputed from scratch agree", () => {
  const fleet = generateFleet(DEFAULT_SEED);
  const truth = solveTask(fleet);
  assert.equal(result.truth.answer, truth.answer);
  assert.deepEqual(result.matrix, runMatrix(fleet, truth));
  assert.equal(
    result.models.reduce((n, m) => n + m.devices, 0),
    400,
  );
});

test("another seed prints other tables and says its seed", () => {
  const other = formatFleetLesson(simulateFleetLesson(7));
  assert.notEqual(other, text);
  assert.ok(other.startsWith("## fleet (seed 7)\n"));
});

test("fleetLessonJson has the documented keys in the documented order", () => {
  const json = fleetLessonJson(result);
  assert.deepEqual(Object.keys(json), [
    "lesson",
    "seed",
    "devices",
    "ground_truth",
    "levels",
    "lesson_client_levels",
    "malformed_calls",
    "conditions",
  ]);
  assert.equal(json.lesson, "08-the-fleet-behind-the-boundary");
  assert.equal(json.seed, DEFAULT_SEED);
  assert.equal(json.devices.length, 400);
  assert.deepEqual(Object.keys(json.ground_truth), [
    "answer",
    "device",
    "risk_leader",
    "rate_per_100h",
    "low_hour_count",
    "raw_downtime_rank",
    "more_raw_downtime",
    "shortcut",
  ]);
  assert.deepEqual(Object.keys(json.ground_truth.shortcut), ["answer", "device", "risk_leader"]);
  const levelKeys = [
    "level",
    "negotiated",
    "dropped",
    "calls",
    "failed",
    "count",
    "fetched",
    "failure",
    "request",
    "response",
    "tokens",
    "round_trips",
  ];
  for (const rows of [json.levels, json.lesson_client_levels]) {
    assert.equal(rows.length, 4);
    for (const row of rows) assert.deepEqual(Object.keys(row), levelKeys);
  }
  assert.equal(json.malformed_calls.length, 8);
  for (const row of json.malformed_calls) {
    assert.deepEqual(Object.keys(row), ["label", "call", "outcomes"]);
    assert.deepEqual(Object.keys(row.call), ["name", "arguments"]);
    assert.deepEqual(Object.keys(row.outcomes), ["direct", "raw", "validating"]);
    for (const outcome of Object.values(row.outcomes))
      assert.deepEqual(Object.keys(outcome), ["channel", "is_error", "text"]);
  }
  assert.equal(json.conditions.length, CONDITIONS.length * AGENT_POLICIES.length);
  for (const row of json.conditions) {
    assert.deepEqual(Object.keys(row), [
      "condition",
      "policy",
      "answer",
      "correct",
      "turns",
      "tool_calls",
      "tool_errors",
      "restarts",
      "transport_errors",
      "envelope",
      "call_micros",
      "startup_micros",
    ]);
    assert.deepEqual(Object.keys(row.envelope), ["request", "response", "notification", "tokens", "round_trips"]);
  }
});

test("fleetLessonJson carries the ground truth and the matrix as computed, and survives a JSON round trip", () => {
  const json = fleetLessonJson(result);
  const { truth } = result;
  assert.deepEqual(json.ground_truth, {
    answer: truth.answer,
    device: truth.device.device_id,
    risk_leader: truth.riskLeader.device_id,
    rate_per_100h: truth.rate,
    low_hour_count: truth.lowHourCount,
    raw_downtime_rank: truth.rawDowntimeRank,
    more_raw_downtime: truth.moreRawDowntime,
    shortcut: {
      answer: truth.shortcut.answer,
      device: truth.shortcut.device.device_id,
      risk_leader: truth.shortcut.riskLeader.device_id,
    },
  });
  json.conditions.forEach((row, k) => {
    const r = result.matrix[k];
    assert.deepEqual(
      [
        row.condition,
        row.policy,
        row.answer,
        row.correct,
        row.turns,
        row.tool_calls,
        row.tool_errors,
        row.restarts,
        row.transport_errors,
        row.call_micros,
        row.startup_micros,
      ],
      [
        r.condition,
        r.policy,
        r.answer,
        r.correct,
        r.turns,
        r.toolCalls,
        r.toolErrors,
        r.restarts,
        r.transportErrors,
        r.callMicros,
        r.startupMicros,
      ],
    );
  });
  assert.deepEqual(JSON.parse(JSON.stringify(json)), json);
  assert.equal(JSON.stringify(fleetLessonJson(simulateFleetLesson(DEFAULT_SEED))), JSON.stringify(json));
});

test("after the crash, later calls fail in the client and add no bytes: crash and crash-explained send the same", () => {
  // A student's reading: `crash` makes twice the calls of `crash-explained` yet counts the same bytes;
  // the lesson says why under the first table. The calls after the crash end in the client
  // (`local: not connected`) and never reach the wire.
  for (const seed of [DEFAULT_SEED, 20260219]) {
    const { matrix } = simulateFleetLesson(seed);
    const run = (condition: string) => matrix.find((r) => r.condition === condition && r.policy === "thorough")!;
    assert.ok(run("crash").toolCalls > run("crash-explained").toolCalls, `seed ${seed}`);
    assert.equal(run("crash").bytes, run("crash-explained").bytes, `seed ${seed}`);
  }
});
