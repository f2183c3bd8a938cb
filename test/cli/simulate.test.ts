// `mcp-course simulate` prints the reference's tables and JSON; bad input is one line, exit 2, no file touched.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";

import { join } from "node:path";
import { test } from "node:test";
import { REFERENCE, ROOT, assertBadInput, cli, tempDir } from "../helpers";

test("simulate prints the reference's blocks for the default seed", () => {
  const run = cli(["simulate"]);
  assert.equal(run.status, 0);
  assert.equal(run.stderr, "");
  const printed = REFERENCE.find((r) => r.seed === 20260218)!.printed;
  assert.equal(
    run.stdout.replace(
      "\n\nlevel                         negotiated calls",
      "\nlevel                         negotiated calls",
    ),
    printed,
  );
});

test("simulate --json has the documented keys and the committed data file is fresh", () => {
  const run = cli(["simulate", "--seed", "20260218", "--json"]);
  assert.equal(run.status, 0);
  const json = JSON.parse(run.stdout);
  assert.deepEqual(Object.keys(json).sort(), [
    "handshake",
    "runs",
    "second_run",
    "seed",
    "subscribers",
    "tasks",
    "wide",
  ]);
  assert.deepEqual(Object.keys(json.subscribers.A001).sort(), ["bolge", "onceki", "simdiki", "tip"]);
  assert.deepEqual(Object.keys(json.tasks[0]).sort(), ["expected", "region", "subscriber", "type"]);
  assert.deepEqual(Object.keys(json.handshake[0]).sort(), [
    "dropped",
    "level",
    "negotiated",
    "request",
    "response",
    "round_trips",
    "tokens",
  ]);
  const runKeys = [
    "blocked",
    "calls",
    "completed",
    "failed",
    "level",
    "negotiated",
    "request",
    "response",
    "round_trips",
    "tokens",
    "written",
  ];
  assert.deepEqual(Object.keys(json.runs[0]).sort(), runKeys);
  assert.deepEqual(Object.keys(json.wide[0]).sort(), [...runKeys, "approval"].sort());
  assert.equal(
    json.tasks.filter((t: { type: string; expected: unknown }) => t.type === "record" && t.expected === true).length,
    3,
  );
  assert.equal(
    run.stdout,
    readFileSync(join(ROOT, "data", "world-20260218.json"), "utf8"),
    "data/world-20260218.json is stale: run npm run data",
  );
});

test("the largest seed works, and its second run's task seed 2^53 is printed exactly", () => {
  const run = cli(["simulate", "--seed", "9007199254740991", "--json"]);
  assert.equal(run.status, 0);
  assert.match(run.stdout, /"seed": 9007199254740992/);
});

test("simulate --out writes the file through a rename", () => {
  const out = join(tempDir(), "world.json");
  assert.equal(cli(["simulate", "--json", "--out", out]).status, 0);
  assert.equal(readFileSync(out, "utf8"), cli(["simulate", "--json"]).stdout);
});

const BAD_INPUT: [string, string[], RegExp][] = [
  [
    "a word as seed",
    ["simulate", "--seed", "abc"],
    /'abc' is invalid\. Expected an integer from 0 to 9007199254740991\./,
  ],
  ["a negative seed", ["simulate", "--seed", "-1"], /Expected an integer from 0/],
  ["a fractional seed", ["simulate", "--seed", "1.5"], /Expected an integer from 0/],
  ["a seed above 2^53-1", ["simulate", "--seed", "9007199254740992"], /Expected an integer from 0/],
  ["an unknown flag", ["simulate", "--sede", "1"], /unknown option '--sede'/],
  ["an unknown command", ["simulat"], /unknown command 'simulat'/],
  ["a lesson with a word as seed", ["lesson", "--seed", "abc"], /Expected an integer from 0/],
  ["a lesson with a negative seed", ["lesson", "--seed", "-1"], /Expected an integer from 0/],
  ["a lesson with a fractional seed", ["lesson", "--seed", "1.5"], /Expected an integer from 0/],
  ["a lesson with a seed above 2^53-1", ["lesson", "--seed", "9007199254740992"], /Expected an integer from 0/],
  [
    "an unknown lesson",
    ["lesson", "07-nope"],
    /unknown lesson '07-nope'; known lessons: 01-three-roles, 02-the-transport, /,
  ],
  ["a lesson with an unknown flag", ["lesson", "--fast"], /unknown option '--fast'/],
  ["an unknown engine", ["lesson", "--engine", "python"], /--engine <engine>' argument 'python' is invalid/],
  ["a missing notebook file", ["lesson", "nowhere/x.ipynb"], /no such notebook: nowhere\/x\.ipynb/],
  ["an extra word after simulate", ["simulate", "extra"], /too many arguments for 'simulate'/],
  ["flags after --", ["simulate", "--", "--seed", "5"], /too many arguments for 'simulate'/],
  ["an extra word after kernel install", ["kernel", "install", "extra"], /too many arguments for 'install'/],
];

for (const [what, args, message] of BAD_INPUT) {
  test(`bad input (${what}): one line on stderr, exit 2, nothing under lessons/ or data/ touched`, () =>
    assertBadInput(args, message));
}

test("--version prints the package's version; no arguments prints one line on stderr and exits 2", () => {
  const version = cli(["--version"]);
  assert.equal(version.status, 0);
  assert.equal(version.stdout.trim(), JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version);
  const none = cli([]);
  assert.equal(none.status, 2);
  assert.equal(none.stdout, "");
  assert.equal(none.stderr, "mcp-course: no command given; try `mcp-course --help`\n");
});

test("--help works for the program and every command", () => {
  for (const args of [
    ["--help"],
    ["simulate", "--help"],
    ["lesson", "--help"],
    ["kernel", "--help"],
    ["kernel", "install", "--help"],
    ["help", "lesson"],
  ]) {
    const run = cli(args);
    assert.equal(run.status, 0, args.join(" "));
    assert.match(run.stdout, /Usage: mcp-course/);
  }
});

test("--help lists each command by its one-line summary, within 100 columns; <command> --help gives the whole description", () => {
  const help = cli(["--help"]);
  assert.equal(help.status, 0);
  for (const line of help.stdout.split("\n")) assert.ok(line.length <= 100, `${line.length} wide: ${line}`);
  const commands = help.stdout.slice(help.stdout.indexOf("Commands:"));
  assert.match(commands, /\n {2}new-lesson \[options\] <number> <title> {2}scaffold a new lesson: [^\n]*\n/);
  assert.doesNotMatch(commands, /Every file is checked before any is written/);
  const newLesson = cli(["new-lesson", "--help"]);
  assert.match(newLesson.stdout.replace(/\s+/g, " "), /Every file is checked before any is written\./);
});

test("an output path that cannot be written: one line and a non-zero exit, before any work", () => {
  const file = join(tempDir(), "a-file");
  writeFileSync(file, "keep me\n");
  const lesson = cli(["lesson", "--engine", "tslab", "--out", file]);
  assert.equal(lesson.status, 2);
  assert.equal(lesson.stderr, `mcp-course: --out ${file} exists and is not a folder\n`);
  const simulate = cli(["simulate", "--out", join(file, "world.json")]);
  assert.equal(simulate.status, 2);
  assert.equal(simulate.stderr, `mcp-course: cannot write to --out ${file}: part of the path is a file\n`);
  assert.equal(simulate.stderr.split("\n").filter(Boolean).length, 1);
  assert.equal(readFileSync(file, "utf8"), "keep me\n");
});
