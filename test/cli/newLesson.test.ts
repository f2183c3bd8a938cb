// `mcp-course new-lesson`: in a copy of the repository, a lesson scaffolded by the command passes, as it is written, the
// tests that hold a lesson's shape and freshness, check-lessons, Prettier, the type checker and the dependency rules;
// bad input writes nothing. The toy lesson comes after the catalog's last lesson, whose closing becomes its Next, so the
// file holds whatever the catalog ends with; a lesson that comes before others is held by test/lessons/scaffold.test.ts,
// the catalog having no gap to scaffold into.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { before, test } from "node:test";
import { LESSONS } from "../../src/lessons/catalog";
import { parseNotebook } from "../../src/notebook/notebookFile";
import { ROOT, tempDir } from "../helpers";

/** The tests that hold every lesson of the catalog to its shape, run unchanged in the copy. */
const SHAPE_TESTS = [
  "test/lessons/catalog.test.ts",
  "test/lessons/order.test.ts",
  "test/lessons/proseShare.test.ts",
  "test/lessons/width.test.ts",
  "test/lessons/markdownTables.test.ts",
  "test/lessons/showSourceListings.test.ts",
  "test/lessons/lessonModules.test.ts",
  "test/notebook/lessonNotebooks.test.ts",
  "test/notebook/tslabMetadata.test.ts",
];

/** The catalog's last lesson, its number, and the two numbers after it (the toy lesson's, and the one free then). */
const LAST = LESSONS.at(-1)!;
const LAST_NUMBER = LAST.name.slice(0, 2);
const after = (k: number) => String(Number(LAST_NUMBER) + k).padStart(2, "0");
const NEXT = after(1);
const LAST_NOTEBOOK = `notebooks/${LAST.name}.ipynb`;

let copy = "";

/** Runs a command in the copy and returns what it did. */
function run(command: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const done = spawnSync(command, args, { cwd: copy, encoding: "utf8" });
  return { status: done.status, stdout: done.stdout, stderr: done.stderr };
}

/** Runs a command in the copy and fails the test, with its output, unless it exits 0. */
function succeed(command: string, args: string[]): string {
  const done = run(command, args);
  assert.equal(done.status, 0, `${command} ${args.join(" ")}:\n${done.stdout}\n${done.stderr}`);
  return done.stderr;
}

const cli = (...args: string[]) => run(process.execPath, ["dist/cli/main.js", ...args]);
const git = (...args: string[]) =>
  execFileSync("git", ["-c", "user.name=test", "-c", "user.email=test@example.invalid", ...args], {
    cwd: copy,
    encoding: "utf8",
  });

/**
 * The repository's files (tracked, and new ones not ignored) copied into a temporary folder that is a git repository
 * of its own, with a node_modules whose entries link to this one's and whose `mcp-course` is the copy itself, as npm
 * links it, so that the copy's notebooks import the copy's library; with this checkout's build. The tools' caches
 * (node_modules/.cache) are the copy's own: Prettier's, shared, would hold the copy's few files in place of this
 * checkout's, and this checkout's next check would read every file again.
 */
before(() => {
  copy = tempDir();
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\0")
    .filter((file) => file !== "" && file !== "node_modules" && existsSync(join(ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(copy, file));
  }
  const modules = realpathSync(join(ROOT, "node_modules"));
  mkdirSync(join(copy, "node_modules"));
  for (const entry of readdirSync(modules).filter((name) => name !== ".cache"))
    symlinkSync(entry === "mcp-course" ? ".." : join(modules, entry), join(copy, "node_modules", entry));
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", "the repository as copied");
  // The build `npm test` made before any test (dist/ is git-ignored), in place of building again.
  cpSync(join(ROOT, "dist"), join(copy, "dist"), { recursive: true });
});

/** The copy's changes since the copied commit, as `git status --porcelain` lists them. */
const changes = () => git("status", "--porcelain", "--untracked-files=all").trimEnd();

test("bad input: exit 2, one line on stderr, nothing on stdout, nothing written", () => {
  for (const [args, message] of [
    [
      [LAST_NUMBER, "Toy Lesson"],
      new RegExp(`lesson ${LAST_NUMBER} is in the catalog already \\(${LAST.name}\\); ${NEXT} is free`),
    ],
    [["7", "Toy Lesson"], /the lesson number "7" is not two digits from 01 to 99/],
    [["00", "Toy Lesson"], /not two digits from 01 to 99/],
    [["100", "Toy Lesson"], /not two digits from 01 to 99/],
    [[NEXT, ""], /the lesson's title is empty/],
    [[NEXT, "   "], /the lesson's title is empty/],
    [[NEXT, "Pipes | and tables"], /holds a line break, a control character or one of/],
    [[NEXT, "Two\nlines"], /holds a line break/],
    [[NEXT, "…"], /has no letter or digit/],
    [[NEXT, "Writing a client"], /lesson 07-writing-a-client has the title "Writing a client" already/],
    [[NEXT, "Toy Lesson", "--alias", "fleet"], /the alias "fleet" names lesson 08-the-fleet-behind-the-boundary/],
    [[NEXT, "Toy Lesson", "--alias", "Toy Lesson"], /--alias "Toy Lesson": expected lower-case letters/],
    [[NEXT, "Toy Lesson", "--alias", "11"], /expected lower-case letters, digits and hyphens, not digits alone/],
    [[NEXT, "A ".repeat(60).trim()], /as new-lesson would write it: .* characters wide/],
    [[NEXT], /missing required argument 'title'/],
    [[NEXT, "JSON Schema"], /notebooks\/\d\d-[a-z-]+\.ipynb names "JSON Schema" before its Next/],
  ] as const) {
    const done = cli("new-lesson", ...args);
    const what = `new-lesson ${args.join(" ")}: ${done.stderr}`;
    assert.equal(done.status, 2, what);
    assert.equal(done.stdout, "", what);
    assert.equal(done.stderr.split("\n").filter(Boolean).length, 1, what);
    assert.match(done.stderr, /^mcp-course: /, what);
    assert.match(done.stderr, message, what);
    assert.equal(changes(), "", `${what}: nothing is written`);
  }
});

test("a title the last lesson names only in its closing is free: that closing becomes its Next", () => {
  // The copy's last lesson names a title in its closing, and nowhere before it.
  const last = join(copy, LAST_NOTEBOOK);
  const nb = parseNotebook(readFileSync(last, "utf8"));
  const closing = [...nb.cells].reverse().find((cell) => cell.cell_type === "markdown")!;
  closing.source += "\n\nA Toy Closing Word comes after this course.";
  writeFileSync(last, `${JSON.stringify(nb, null, 1)}\n`);
  git("commit", "-qam", "the last lesson's closing names a title");
  const done = cli("new-lesson", NEXT, "A Toy Closing Word");
  assert.equal(done.status, 0, done.stderr);
  assert.notEqual(changes(), "");
  git("reset", "-q", "--hard", "HEAD~1");
  git("reset", "-q", "--hard");
  git("clean", "-fdq");
  assert.equal(changes(), "");
});

test("--help says what the command writes, and that it neither builds nor exports", () => {
  const help = cli("new-lesson", "--help");
  assert.equal(help.status, 0);
  const flat = help.stdout.replace(/\s+/g, " ");
  assert.match(flat, /Usage: mcp-course new-lesson \[options\] <number> <title>/);
  assert.match(flat, /It does not build or export/);
  assert.match(flat, /--alias <short>/);
});

/** Scaffolds a lesson in the copy and checks that it wrote exactly the files it names, and names the next commands. */
function scaffold(number: string, title: string, written: string[], changed: string[]): void {
  const stderr = succeed(process.execPath, ["dist/cli/main.js", "new-lesson", number, title]);
  for (const file of [...written, ...changed]) assert.match(stderr, new RegExp(`(wrote|changed) +${file}\\n`));
  assert.match(stderr, /builds nothing and runs no notebook/);
  for (const next of [
    "npm run build",
    `npx mcp-course lesson ${number}\n`,
    `npx mcp-course lesson ${number} --seed 20260219`,
  ])
    assert.ok(stderr.includes(next), `names the next command ${next.trim()}:\n${stderr}`);
  assert.match(stderr, new RegExp(`npx mcp-course check-lessons ${number}`));
  const status = changes().split("\n");
  assert.deepEqual(
    status.map((line) => line.slice(3)).sort(),
    [...written, ...changed].sort(),
    "exactly the files it names",
  );
}

/** Scaffolds, rebuilds, exports what changed (both seeds), and runs the shape tests and checks in the copy. */
function scaffoldAndCheck(number: string, title: string, exported: string[], written: string[], changed: string[]) {
  scaffold(number, title, written, changed);
  succeed("npm", ["run", "build"]);
  for (const seed of [[], ["--seed", "20260219"]])
    succeed(process.execPath, ["dist/cli/main.js", "lesson", ...exported, "--engine", "tslab", ...seed]);
  const stub = written.find((file) => file.startsWith("test/"))!;
  succeed(process.execPath, ["--import", "tsx", "--test", ...SHAPE_TESTS, stub]);
  succeed(process.execPath, ["dist/cli/main.js", "check-lessons"]);
  const code = [...written, ...changed].filter((file) => file.endsWith(".ts"));
  succeed("npx", ["prettier", "--check", ...code]);
  // src/ and test/ (the stub too), with the project's TypeScript, as `npm run typecheck` does (`npx tsc` may
  // find tslab's own, older one); bench/, which new-lesson leaves alone, apart.
  succeed(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.check.json"]);
  succeed("npx", ["depcruise", "src", "--config", ".dependency-cruiser.cjs", "--output-type", "err"]);
}

test("new-lesson after the last lesson passes as written: the last lesson's closing becomes its Next, and both keep the shape", () => {
  scaffoldAndCheck(
    NEXT,
    "Toy Lesson",
    [NEXT],
    [
      `notebooks/${NEXT}-toy-lesson.ipynb`,
      "src/lessons/toyLesson/index.ts",
      "src/lessons/toyLesson/prose.ts",
      "src/lessons/toyLesson/simulate.ts",
      "src/lessons/toyLesson/tables.ts",
      "test/lessons/toyLesson.test.ts",
    ],
    [
      "README.md",
      LAST_NOTEBOOK,
      `lessons/${LAST.name}.md`,
      `lessons/seed-20260219/${LAST.name}.md`,
      "src/index.ts",
      "src/lessons/catalog.ts",
    ],
  );
  const markdown = (file: string) =>
    parseNotebook(readFileSync(join(copy, file), "utf8"))
      .cells.map((cell) => cell.source)
      .join("\n");
  const last = markdown(LAST_NOTEBOOK);
  assert.match(last, new RegExp(`^## Next\\n\\nLesson ${Number(NEXT)}, "Toy Lesson", comes next\\.`, "m"));
  assert.doesNotMatch(last, /Where to go from here|This is the last lesson/);
  assert.doesNotMatch(readFileSync(join(copy, `lessons/${NEXT}-toy-lesson.md`), "utf8"), /^## Next/m);
  // The last lesson's exports show its new Next without a run (check-lessons, above, finds them as new as the notebook).
  for (const folder of ["lessons", "lessons/seed-20260219"])
    assert.match(readFileSync(join(copy, folder, `${LAST.name}.md`), "utf8"), /^## Next\n\nLesson \d+, "Toy Lesson"/m);
  const readme = readFileSync(join(copy, "README.md"), "utf8");
  assert.ok(
    readme.indexOf(`| ${Number(LAST_NUMBER)} · ${LAST.title} |`) < readme.indexOf(`| ${Number(NEXT)} · Toy Lesson |`),
  );
  assert.ok(readme.includes(`| ${Number(LAST_NUMBER)} · ${LAST.title} |`), "the last lesson's row is found");
});
