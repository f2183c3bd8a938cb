// `mcp-course simulate --lesson fleet` prints lesson 8's tables or JSON for a seed, the committed data file is fresh, and bad input is one line, exit 2, no file touched.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { generateFleet } from "../../src/fleet/generator";
import { solveTask } from "../../src/fleet/groundTruth";
import { fleetLessonJson } from "../../src/lessons/fleetBehindTheBoundary/json";
import { simulateFleetLesson } from "../../src/lessons/fleetBehindTheBoundary/simulate";
import { formatFleetLesson } from "../../src/lessons/fleetBehindTheBoundary/tables";
import { formatWritingAServer } from "../../src/lessons/writingAServer/tables";
import { simulateWritingAServer } from "../../src/lessons/writingAServer/simulate";
import { REFERENCE, ROOT, assertBadInput, cli, tempDir } from "../helpers";

const DEFAULT_SEED = 20260218;
const DATA_FILE = join(ROOT, "data", `fleet-${DEFAULT_SEED}.json`);

test("simulate --lesson fleet prints lesson 8's tables for the default seed", () => {
  const run = cli(["simulate", "--lesson", "fleet"]);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, "");
  assert.equal(run.stdout, formatFleetLesson(simulateFleetLesson(DEFAULT_SEED)));
  assert.ok(run.stdout.startsWith(`## fleet (seed ${DEFAULT_SEED})\n`));
  assert.match(run.stdout, /^## conditions × policies \(virtual clock\)$/m);
  assert.equal(cli(["simulate", "--lesson", "fleet", "--seed", String(DEFAULT_SEED)]).stdout, run.stdout);
});

test("simulate --lesson fleet --seed 7 prints other tables and says seed 7", () => {
  const run = cli(["simulate", "--lesson", "fleet", "--seed", "7"]);
  assert.equal(run.status, 0, run.stderr);
  assert.ok(run.stdout.startsWith("## fleet (seed 7)\n"));
  assert.notEqual(run.stdout, cli(["simulate", "--lesson", "fleet"]).stdout);
  assert.equal(run.stdout, formatFleetLesson(simulateFleetLesson(7)));
});

test("simulate --lesson fleet --json: one JSON object with the documented keys, 400 devices, the computed ground truth", () => {
  const run = cli(["simulate", "--lesson", "fleet", "--json"]);
  assert.equal(run.status, 0, run.stderr);
  assert.ok(run.stdout.endsWith("}\n"));
  const json = JSON.parse(run.stdout);
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
  assert.equal(json.ground_truth.answer, solveTask(generateFleet(DEFAULT_SEED)).answer);
  assert.equal(run.stdout, `${JSON.stringify(fleetLessonJson(simulateFleetLesson(DEFAULT_SEED)), null, 2)}\n`);

  const seven = JSON.parse(cli(["simulate", "--lesson", "fleet", "--seed", "7", "--json"]).stdout);
  assert.equal(seven.seed, 7);
  assert.equal(seven.ground_truth.answer, solveTask(generateFleet(7)).answer);
});

test("the committed data file equals simulate --lesson fleet --json byte for byte", () => {
  const run = cli(["simulate", "--lesson", "fleet", "--json"]);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(
    run.stdout,
    readFileSync(DATA_FILE, "utf8"),
    `data/fleet-${DEFAULT_SEED}.json is stale: run npm run data`,
  );
});

test("simulate without --lesson still prints lesson 6, as --lesson writing-a-server does", () => {
  const run = cli(["simulate"]);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, formatWritingAServer(simulateWritingAServer(DEFAULT_SEED)));
  const printed = REFERENCE.find((r) => r.seed === DEFAULT_SEED)!.printed;
  assert.equal(
    run.stdout.replace(
      "\n\nlevel                         negotiated calls",
      "\nlevel                         negotiated calls",
    ),
    printed,
  );
  assert.equal(cli(["simulate", "--lesson", "writing-a-server"]).stdout, run.stdout);
  assert.equal(
    cli(["simulate", "--json"]).stdout,
    readFileSync(join(ROOT, "data", `world-${DEFAULT_SEED}.json`), "utf8"),
  );
});

test("simulate --lesson fleet --out writes the JSON (or the tables) to the file and nothing to stdout", () => {
  const dir = tempDir();
  const json = join(dir, "fleet.json");
  const run = cli(["simulate", "--lesson", "fleet", "--json", "--out", json]);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, "");
  assert.equal(readFileSync(json, "utf8"), cli(["simulate", "--lesson", "fleet", "--json"]).stdout);
  const tables = join(dir, "fleet.txt");
  assert.equal(cli(["simulate", "--lesson", "fleet", "--seed", "7", "--out", tables]).status, 0);
  assert.equal(readFileSync(tables, "utf8"), formatFleetLesson(simulateFleetLesson(7)));
});

const BAD_INPUT: [string, string[], RegExp][] = [
  [
    "an unknown lesson",
    ["simulate", "--lesson", "nope"],
    /argument 'nope' is invalid\. Choose writing-a-server \(06\) or fleet \(08\)\./,
  ],
  [
    "lesson 9, which runs real servers",
    ["simulate", "--lesson", "wire"],
    /09-the-simulation-against-the-wire has no tables of its own here; export the lesson with `mcp-course lesson 09`\. Choose/,
  ],
  ["--lesson with no value", ["simulate", "--lesson"], /option '--lesson <name>' argument missing/],
  [
    "a word as seed",
    ["simulate", "--lesson", "fleet", "--seed", "abc"],
    /'abc' is invalid\. Expected an integer from 0 to 9007199254740991\./,
  ],
  [
    "a negative seed",
    ["simulate", "--lesson", "fleet", "--seed", "-1"],
    /'-1' is invalid\. Expected an integer from 0/,
  ],
  ["a negative seed without --lesson", ["simulate", "--seed", "-1"], /Expected an integer from 0/],
  ["a fractional seed", ["simulate", "--lesson", "fleet", "--seed", "1.5"], /Expected an integer from 0/],
  [
    "a seed above 2^53-1",
    ["simulate", "--lesson", "fleet", "--seed", "9007199254740992"],
    /Expected an integer from 0/,
  ],
  [
    "a bad seed with --out",
    ["simulate", "--lesson", "fleet", "--json", "--seed", "abc", "--out", "data/fleet-20260218.json"],
    /'abc' is invalid/,
  ],
  [
    "an unknown lesson with --out",
    ["simulate", "--lesson", "nope", "--json", "--out", "data/fleet-20260218.json"],
    /argument 'nope' is invalid/,
  ],
];

for (const [what, args, message] of BAD_INPUT) {
  test(`bad input (${what}): one line on stderr, exit 2, nothing under lessons/ or data/ touched`, () =>
    assertBadInput(args, message));
}

test("--lesson takes a lesson's number or full name as well as its alias", () => {
  const expected = cli(["simulate", "--lesson", "fleet", "--seed", "3"]).stdout;
  for (const name of ["08", "8", "08-the-fleet-behind-the-boundary"]) {
    const run = cli(["simulate", "--lesson", name, "--seed", "3"]);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, expected, name);
  }
  assert.equal(cli(["simulate", "--lesson", "06"]).stdout, cli(["simulate"]).stdout);
});

test("an --out that is a folder, empty, or in a place that takes no files is refused before any work, exit 2", () => {
  const folder = tempDir();
  assertBadInput(
    ["simulate", "--lesson", "fleet", "--out", folder],
    new RegExp(`--out ${folder} is a folder; give the path of a file to write`),
  );
  assertBadInput(["simulate", "--lesson", "fleet", "--out="], /--out needs a path/);
  // /proc takes no new files; Node's recursive mkdir would never return there, so the check must come first.
  assertBadInput(
    ["simulate", "--lesson", "fleet", "--out", "/proc/mcp-course/fleet.json"],
    /cannot write to --out \/proc\/mcp-course: that place does not accept new files/,
  );
});

test("simulate --out makes the folders it needs", () => {
  const file = join(tempDir(), "a", "b", "fleet.json");
  const run = cli(["simulate", "--lesson", "fleet", "--json", "--out", file]);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(readFileSync(file, "utf8"), readFileSync(DATA_FILE, "utf8"));
});
