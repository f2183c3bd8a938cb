// `mcp-course sweep`: the library's sweep as text or JSON, the chart as SVG; progress on stderr only; bad input is one line, exit 2, nothing written.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { progressReporter } from "../../src/cli/commands/sweep";
import { DEFAULT_SEED } from "../../src/sim/seed";
import { sweepJson } from "../../src/sweep/json";
import { sweep } from "../../src/sweep/sweep";
import { formatSweep } from "../../src/sweep/tables";
import { assertBadInput, cli, tempDir } from "../helpers";
import { assertWellFormedSvg } from "../sweep/svg";

/** stderr of a sweep: empty, or the one closing line a sweep that took a second or more prints when stderr is not a terminal. */
function assertQuietStderr(stderr: string, count: number): void {
  assert.match(
    stderr,
    new RegExp(
      `^(|sweep: ${count.toLocaleString("en-US")}/${count.toLocaleString("en-US")} seeds in \\d+\\.\\d s\\n)$`,
    ),
  );
}

test("sweep prints lesson 6's distributions and claims, exactly as the library formats them", () => {
  const run = cli(["sweep", "--count", "40"]);
  assert.equal(run.status, 0, run.stderr);
  assertQuietStderr(run.stderr, 40);
  assert.equal(run.stdout, formatSweep(sweep("writing-a-server", { count: 40 })));
  const lines = run.stdout.split("\n");
  assert.equal(
    lines[0],
    `sweep of lesson 6 (06-writing-a-server): 40 seeds, ${DEFAULT_SEED} to ${DEFAULT_SEED + 39}; "default" is seed ${DEFAULT_SEED}'s value`,
  );
  assert.ok(lines.includes("handshake, per declaration level"));
  assert.ok(lines.includes("the twelve tasks, per declaration level"));
  assert.ok(lines.includes("claims: 12 of 12 held on every seed"));
  assert.match(run.stdout, /^ {4}1 {2}name \+ fields {16}negotiated/m);
  for (const line of lines) assert.equal(line, line.trimEnd());
});

test("sweep --lesson fleet --json: one JSON object, the conditions × policies and the claims", () => {
  const run = cli(["sweep", "--lesson", "fleet", "--from", "3", "--count", "2", "--json"]);
  assert.equal(run.status, 0, run.stderr);
  assertQuietStderr(run.stderr, 2);
  const json = JSON.parse(run.stdout);
  assert.deepEqual(json, sweepJson(sweep("fleet", { from: 3, count: 2 })));
  assert.deepEqual([json.lesson, json.from, json.to, json.count], ["08-the-fleet-behind-the-boundary", 3, 4, 2]);
  assert.deepEqual(Object.keys(json.groups), ["task", "conditions"]);
  assert.equal(json.groups.conditions.length, 18);
  assert.deepEqual(Object.keys(json.groups.conditions[0]), ["condition", "policy", "counts"]);
  assert.ok(json.claims.every((c: { held: number; seeds: number }) => c.held === 2 && c.seeds === 2));
});

test("--lesson takes a number or a full name, as simulate does", () => {
  const bySix = cli(["sweep", "--lesson", "6", "--count", "3", "--json"]);
  const byName = cli(["sweep", "--lesson", "06-writing-a-server", "--count", "3", "--json"]);
  assert.equal(bySix.status, 0);
  assert.equal(bySix.stdout, byName.stdout);
  assert.equal(JSON.parse(bySix.stdout).lesson, "06-writing-a-server");
});

test("the last seed may be 2^53 - 1", () => {
  const run = cli(["sweep", "--from", "9007199254740990", "--count", "2", "--json"]);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(JSON.parse(run.stdout).to, 9007199254740991);
});

test("--chart writes a well-formed SVG carrying the plotted values; stdout still has the tables", () => {
  const file = join(tempDir(), "sub", "tokens.svg");
  const run = cli(["sweep", "--count", "30", "--chart", file]);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, formatSweep(sweep("writing-a-server", { count: 30 })));
  const texts = assertWellFormedSvg(readFileSync(file, "utf8"));
  for (const label of ["351", "744", "3 full", "Envelope tokens of the twelve tasks, per declaration level"])
    assert.ok(texts.includes(label), label);
  const fleetFile = join(tempDir(), "calls.svg");
  assert.equal(cli(["sweep", "--lesson", "fleet", "--count", "2", "--chart", fleetFile]).status, 0);
  const fleetTexts = assertWellFormedSvg(readFileSync(fleetFile, "utf8"));
  for (const label of ["crash-explained", "10", "thorough", "shortcut", "tool calls"])
    assert.ok(fleetTexts.includes(label), label);
});

const BAD_INPUT: [string, string[], RegExp][] = [
  [
    "a count of zero",
    ["sweep", "--count", "0"],
    /option '--count <n>' argument '0' is invalid\. Expected a number of seeds, an integer from 1 to 9007199254740991\./,
  ],
  ["a negative count", ["sweep", "--count", "-5"], /Expected a number of seeds/],
  ["a fractional count", ["sweep", "--count", "2.5"], /Expected a number of seeds/],
  ["a word as count", ["sweep", "--count", "many"], /'many' is invalid\. Expected a number of seeds/],
  ["a count above 2^53-1", ["sweep", "--count", "9007199254740992"], /Expected a number of seeds/],
  [
    "a word as first seed",
    ["sweep", "--from", "abc"],
    /option '--from <seed>' argument 'abc' is invalid\. Expected an integer from 0 to 9007199254740991\./,
  ],
  ["a negative first seed", ["sweep", "--from", "-1"], /Expected an integer from 0/],
  ["a first seed above 2^53-1", ["sweep", "--from", "9007199254740992"], /Expected an integer from 0/],
  [
    "a range past the largest seed",
    ["sweep", "--from", "9007199254740990", "--count", "3"],
    /--from 9007199254740990 --count 3 would end at seed 9007199254740992, past the largest seed 9007199254740991$/m,
  ],
  [
    "the default count past the largest seed",
    ["sweep", "--from", "9007199254740991"],
    /--from 9007199254740991 --count 1000 would end at seed 9007199254741990, past the largest seed/,
  ],
  [
    "an unknown lesson",
    ["sweep", "--lesson", "nope"],
    /option '--lesson <name>' argument 'nope' is invalid\. Choose writing-a-server \(06\) or fleet \(08\)\./,
  ],
  [
    "a lesson number without a simulation",
    ["sweep", "--lesson", "7"],
    /07-writing-a-client has no tables of its own here.*Choose writing-a-server \(06\) or fleet \(08\)\./,
  ],
  [
    "lesson 9, which runs real servers",
    ["sweep", "--lesson", "09"],
    /09-the-simulation-against-the-wire has no tables of its own here/,
  ],
  ["an unknown flag", ["sweep", "--seeds", "5"], /unknown option '--seeds'/],
  ["an extra word", ["sweep", "extra"], /too many arguments for 'sweep'/],
  ["an empty chart path", ["sweep", "--chart", ""], /--chart needs a path/],
];

for (const [what, args, message] of BAD_INPUT) {
  test(`bad input (${what}): one line on stderr, exit 2, nothing touched`, () => assertBadInput(args, message));
}

test("a chart path that cannot be written: one line, exit 2, before any seed runs, nothing written", () => {
  const dir = tempDir();
  const file = join(dir, "a-file");
  writeFileSync(file, "keep me\n");
  const inFile = cli(["sweep", "--chart", join(file, "chart.svg")]);
  assert.equal(inFile.status, 2);
  assert.equal(inFile.stdout, "");
  assert.equal(inFile.stderr, `mcp-course: cannot write to --chart ${file}: part of the path is a file\n`);
  mkdirSync(join(dir, "folder"));
  const folder = cli(["sweep", "--chart", join(dir, "folder")]);
  assert.equal(folder.status, 2);
  assert.equal(folder.stdout, "");
  assert.equal(
    folder.stderr,
    `mcp-course: --chart ${join(dir, "folder")} is a folder; give the path of a file to write\n`,
  );
  assert.equal(readFileSync(file, "utf8"), "keep me\n");
  // A bad range with a good chart path writes no chart.
  const chart = join(dir, "chart.svg");
  assert.equal(cli(["sweep", "--from", "9007199254740991", "--count", "2", "--chart", chart]).status, 2);
  assert.equal(existsSync(chart), false);
});

test("sweep --help describes every option", () => {
  const run = cli(["sweep", "--help"]);
  assert.equal(run.status, 0);
  for (const flag of ["--lesson", "--from", "--count", "--json", "--chart"]) assert.match(run.stdout, new RegExp(flag));
});

test("progress: on a terminal, nothing in the first second, then at most one update per 250 ms, then a closing line", () => {
  let clock = 0;
  const written: string[] = [];
  const progress = progressReporter({ stderr: (text) => written.push(text) }, true, () => clock);
  for (let done = 1; done <= 10; done++) {
    clock = done * 200; // 200 ms a seed
    progress.onProgress(done, 10);
  }
  progress.finish(10);
  // Shown at 1000 ms (seed 5), 1400 (seed 7), 1800 (seed 9); not at 1200, 1600 or 2000 (under 250 ms since the last).
  assert.deepEqual(written, [
    "\rsweep: 5/10 seeds",
    "\rsweep: 7/10 seeds",
    "\rsweep: 9/10 seeds",
    "\rsweep: 10/10 seeds in 2.0 s\n",
  ]);
});

test("progress: not a terminal, one closing line for a long sweep and nothing for a short one", () => {
  for (const [perSeed, expected] of [
    [200, ["sweep: 1,200/1,200 seeds in 240.0 s\n"]],
    [0.1, []],
  ] as const) {
    let clock = 0;
    const written: string[] = [];
    const progress = progressReporter({ stderr: (text) => written.push(text) }, false, () => clock);
    for (let done = 1; done <= 1200; done++) {
      clock = done * perSeed;
      progress.onProgress(done, 1200);
    }
    progress.finish(1200);
    assert.deepEqual(written, expected);
  }
});
