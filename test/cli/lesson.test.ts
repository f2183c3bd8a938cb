// `mcp-course lesson` exports every lesson exactly as committed, on both engines, and a failing cell keeps the old export.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { defaultOutDir } from "../../src/cli/commands/lesson";
import { LESSONS } from "../../src/lessons/catalog";
import { cli, cliAsync, ROOT, smallNotebook, tempDir } from "../helpers";
import { assertPageRenders, chromium } from "../browserPage";
import { jupyterRequirement } from "../requirements";

const LESSON = "06-writing-a-server";
const committed = (path: string) => readFileSync(join(ROOT, path), "utf8");
const jupyter = jupyterRequirement();

/** The chart files of a lesson's markdown export in `dir` (`<lesson>.files/*.svg`), name → content. */
function chartFiles(dir: string, lesson: string): Record<string, string> {
  const folder = join(dir, `${lesson}.files`);
  if (!existsSync(folder)) return {};
  return Object.fromEntries(
    readdirSync(folder)
      .sort()
      .map((name) => [name, readFileSync(join(folder, name), "utf8")]),
  );
}

/** One lesson's export: its markdown and its chart files; and its page's path, where the run wrote one. */
interface LessonFiles {
  markdown: string;
  charts: Record<string, string>;
  html?: string;
}

/**
 * Every lesson exported by one `mcp-course lesson` run per (engine, seed), made once and shared by
 * the tests of this file that read it (each assertion reads the same bytes it would have made
 * itself). This file asks for two runs, which go on side by side (they mostly wait on their kernels
 * and servers). The tslab run of the default seed writes each lesson's page too (`--format both`:
 * the markdown and the page from one execution), which the browser tests below render.
 */
const runs = new Map<string, Promise<Record<string, LessonFiles>>>();

/**
 * How the default-seed tslab run names the lessons: each one of the catalog in the next of the ways
 * `lesson` takes (its notebook's path, its number, its alias, its full name, and round again), read
 * by the alias test too. The other run names none, which means every lesson.
 */
const NAMED = LESSONS.map(
  (lesson, k) => [`notebooks/${lesson.name}.ipynb`, lesson.name.slice(0, 2), lesson.alias, lesson.name][k % 4],
);

function exportAll(engine: "tslab" | "jupyter", seed?: number): Promise<Record<string, LessonFiles>> {
  const key = `${engine} ${seed ?? "own"}`;
  if (!runs.has(key)) {
    const out = tempDir();
    const names = engine === "tslab" && seed === undefined ? NAMED : [];
    const pages = engine === "tslab" && seed === undefined;
    const args = [
      "lesson",
      ...names,
      ...(pages ? ["--format", "both"] : []),
      "--engine",
      engine,
      "--out",
      out,
      "--jobs",
      "2",
      ...(seed === undefined ? [] : ["--seed", String(seed)]),
    ];
    runs.set(
      key,
      cliAsync(args).then((run) => {
        assert.equal(run.status, 0, run.stderr);
        const files: Record<string, LessonFiles> = {};
        for (const { name } of LESSONS) {
          assert.match(
            run.stderr,
            new RegExp(`${name}: cell \\d+/\\d+ \\(setup\\) ran in`),
            "progress names the notebook, the cell and the time",
          );
          files[name] = {
            markdown: readFileSync(join(out, `${name}.md`), "utf8"),
            charts: chartFiles(out, name),
            ...(pages ? { html: join(out, `${name}.html`) } : {}),
          };
        }
        // Side by side: the lessons that start servers run one at a time, the others beside them.
        const at = (name: string, step: "executing" | "wrote") => run.stderr.indexOf(`${name}: ${step} `);
        const servers = LESSONS.filter((lesson) => lesson.startsServers).map((lesson) => lesson.name);
        const others = LESSONS.filter((lesson) => !lesson.startsServers).map((lesson) => lesson.name);
        for (const [k, first] of servers.entries())
          for (const second of servers.slice(k + 1))
            assert.ok(
              at(second, "wrote") < at(first, "executing") || at(second, "executing") > at(first, "wrote"),
              `${first} and ${second}, which both start servers, do not run at once`,
            );
        const [firstServing] = [...servers].sort((a, b) => at(a, "executing") - at(b, "executing"));
        assert.ok(
          others.some(
            (name) =>
              at(name, "executing") > at(firstServing, "executing") &&
              at(name, "executing") < at(firstServing, "wrote"),
          ),
          `a lesson that starts no servers starts while ${firstServing} runs`,
        );
        return files;
      }),
    );
  }
  return runs.get(key)!;
}

/**
 * The engine that exports the second seed: jupyter where it is installed, else tslab. Each lesson is
 * exported once per seed, and each export is held to the committed one. One `npm run regenerate`
 * writes both seeds' committed exports with one engine, so the two engines are held equal on every
 * lesson through them: whichever engine wrote them, the other one's export of one seed is byte for
 * byte the same.
 */
const SECOND_SEED_ENGINE = jupyter.missing ? "tslab" : "jupyter";

// Both runs are asked for now; a failure is reported by the tests that read the run.
exportAll("tslab").catch(() => {});
exportAll(SECOND_SEED_ENGINE, 20260219).catch(() => {});

// The tests that make runs of their own come first: they run while the shared exports are under way.

test("a reader that closes stderr early does not stop the export", () => {
  // Progress goes on after the reader has gone: a line per cell, each cell a little later.
  const { dir, notebook } = smallNotebook("const SEED = 3;", [
    ["one", "console.log(`one ${SEED}`);"],
    ["two", "await new Promise((resolve) => setTimeout(resolve, 200)); console.log('two');"],
    ["three", "await new Promise((resolve) => setTimeout(resolve, 200)); console.log('three');"],
  ]);
  const out = join(dir, "out");
  const run = spawnSync(
    "bash",
    [
      "-c",
      `"${process.execPath}" dist/cli/main.js lesson "${notebook}" --engine tslab --out "${out}" 2>&1 | head -c 1 >/dev/null; echo "\${PIPESTATUS[0]}"`,
    ],
    { cwd: ROOT, encoding: "utf8" },
  );
  assert.equal(run.stdout.trim(), "0");
  const exported = readFileSync(join(out, "small.md"), "utf8");
  for (const printed of ["one 3", "two", "three"]) assert.match(exported, new RegExp(`\`\`\`text\n${printed}\n\`\`\``));
});

test("other seeds export to lessons/seed-N/ by default", () => {
  assert.equal(defaultOutDir(20260218, "/r"), join("/r", "lessons"));
  assert.equal(defaultOutDir(7, "/r"), join("/r", "lessons", "seed-7"));
});

for (const engine of ["tslab", "jupyter"]) {
  test(
    `a throwing cell fails the export on the ${engine} engine: exit 1, names notebook, cell and error, old export kept`,
    { skip: engine === "jupyter" && jupyter.skip },
    () => {
      if (engine === "jupyter") jupyter.check();
      const { dir, notebook } = smallNotebook("const SEED = 20260218;", [
        ["fine", "console.log(SEED);"],
        ["boom", 'throw new Error("the boom cell");'],
        ["never", 'console.log("not reached");'],
      ]);
      const out = join(dir, "out");
      mkdirSync(out);
      writeFileSync(join(out, "small.md"), "previous export\n");
      // On tslab, `--format both`: both previous exports are kept, and the line names both.
      const both = engine === "tslab";
      if (both) writeFileSync(join(out, "small.html"), "previous page\n");
      const run = cli([
        "lesson",
        notebook,
        "--engine",
        engine,
        "--out",
        out,
        "--seed",
        "5",
        ...(both ? ["--format", "both"] : []),
      ]);
      assert.equal(run.status, 1);
      const last = run.stderr.trim().split("\n").at(-1)!;
      const kept = both
        ? "the previous exports .*small\\.md and .*small\\.html are unchanged"
        : "the previous export .*small\\.md is unchanged";
      assert.match(last, new RegExp(`small\\.ipynb: cell 4 \\(id boom\\) failed: Error: the boom cell — ${kept}$`));
      assert.equal(readFileSync(join(out, "small.md"), "utf8"), "previous export\n");
      if (both) assert.equal(readFileSync(join(out, "small.html"), "utf8"), "previous page\n");
    },
  );

  test(
    `a cell that kills the kernel on the ${engine} engine is named, exit 1, nothing written`,
    { skip: engine === "jupyter" && jupyter.skip },
    () => {
      if (engine === "jupyter") jupyter.check();
      const { dir, notebook } = smallNotebook("const SEED = 1;", [
        ["fine", "console.log(SEED);"],
        ["exit", "process.exit(3);"],
      ]);
      const run = cli(["lesson", notebook, "--engine", engine, "--out", join(dir, "out")]);
      assert.equal(run.status, 1);
      assert.match(
        run.stderr.trim().split("\n").at(-1)!,
        /small\.ipynb: cell 3 \(id exit\) did not finish: the \w+ engine stopped .* — nothing was written$/,
      );
      assert.equal(existsSync(join(dir, "out", "small.md")), false);
    },
  );
}

test("without --seed a notebook runs with its own SEED, and the export says so; --seed overrides it", async () => {
  const { dir, notebook } = smallNotebook("const SEED = 7;", [["show", "console.log(`seed ${SEED}`);"]]);
  assert.equal(cli(["lesson", notebook, "--engine", "tslab", "--out", join(dir, "own")]).status, 0);
  const own = readFileSync(join(dir, "own", "small.md"), "utf8");
  assert.match(own.split("\n")[0], /with seed 7\b/);
  assert.match(own, /```text\nseed 7\n```/);
  // The override, on the shared run that passes --seed 20260219 to lessons whose own SEED is 20260218.
  const other = (await exportAll(SECOND_SEED_ENGINE, 20260219))["03-messages"].markdown;
  assert.match(readFileSync(join(ROOT, "notebooks", "03-messages.ipynb"), "utf8"), /const SEED = 20260218;/);
  assert.match(other.split("\n")[0], /with seed 20260219\b/);
  assert.match(other, /This run uses \*\*seed 20260219\*\*/, "the lesson's own sentence names the injected seed");
});

test("bad notebook input is refused before anything runs: no parameters cell with --seed, a path without --out", () => {
  const plain = smallNotebook(null, [["show", "console.log(1);"]]);
  const out = join(plain.dir, "out");
  const noParameters = cli(["lesson", LESSON, plain.notebook, "--engine", "tslab", "--out", out, "--seed", "7"]);
  assert.equal(noParameters.status, 2);
  assert.match(noParameters.stderr, /small\.ipynb has no cell tagged "parameters", so --seed cannot be set\n$/);
  assert.equal(existsSync(out), false, "lesson 06, named first, was not run either");
  const noOut = cli(["lesson", plain.notebook]);
  assert.equal(noOut.status, 2);
  assert.match(noOut.stderr, /is not one of the course's lessons: say where its export goes with --out\n$/);
});

/** Where each seed's committed exports live, and the command that writes them. */
const COMMITTED = {
  first: { folder: "lessons", command: "run: npm run lesson" },
  second: { folder: "lessons/seed-20260219", command: "run: npm run lesson -- --seed 20260219" },
} as const;

/** Holds one lesson's fresh export (markdown and chart files) to the committed one of a seed. */
function assertCommitted(fresh: LessonFiles, name: string, seed: keyof typeof COMMITTED, engine: string): void {
  const { folder, command } = COMMITTED[seed];
  assert.equal(fresh.markdown, committed(`${folder}/${name}.md`), `${folder}/ is stale (${engine}): ${command}`);
  assert.deepEqual(
    fresh.charts,
    chartFiles(join(ROOT, folder), name),
    `${folder}/${name}.files is stale (${engine}): ${command}`,
  );
}

for (const { name } of LESSONS) {
  test(`the committed exports of ${name} (markdown and chart files) are what the notebook prints now, for both seeds (the second on ${SECOND_SEED_ENGINE})`, async () => {
    assertCommitted((await exportAll("tslab"))[name], name, "first", "tslab");
    const other = (await exportAll(SECOND_SEED_ENGINE, 20260219))[name];
    assertCommitted(other, name, "second", SECOND_SEED_ENGINE);
    assert.match(other.markdown, /with seed 20260219/);
    assert.match(other.markdown, /const SEED = 20260219;/, "the injected-parameters cell is shown");
  });
}

test("the seed-20260219 export of lesson 6 differs where the seed matters", () => {
  const text = committed(`lessons/seed-20260219/${LESSON}.md`);
  assert.match(
    text,
    /second run \( task seed 20260220 \) completed : \[0, 9, 9, 6\] , tokens : \[351, 822, 822, 744\]/,
  );
});

test("the default export carries the reference's tables and states its seed first", () => {
  const text = committed(`lessons/${LESSON}.md`);
  assert.match(text.split("\n")[0], /with seed 20260218/);
  for (const line of [
    "3 full                                 3       2       3        3     99           5",
    "negotiated at full level : ['sayac_oku', 'tarife', 'tuketim']",
    "0 name                                 4    12     12         0      15       15    351",
    "second run ( task seed 20260219 ) completed : [0, 9, 9, 6] , tokens : [351, 818, 818, 744]",
    "level 2 , approval false                    5       3       0         9",
  ]) {
    assert.ok(text.includes(`\n${line}\n`), line);
  }
  assert.ok(
    text.indexOf("```text\nseed 20260218\n```") < text.indexOf("```text\nlevel "),
    "the seed is printed before any table",
  );
  assert.doesNotMatch(
    text,
    /\/work\/|\/tmp\/|execution_count|<table|\d+\.\d+ s\b/,
    "no absolute paths, counts, HTML or durations",
  );
});

for (const { name } of LESSONS) {
  test(
    `both engines give byte-identical exports of ${name}, chart files included: tslab the first seed's, jupyter the second's, each the committed one`,
    { skip: jupyter.skip },
    async () => {
      jupyter.check();
      assertCommitted((await exportAll("tslab"))[name], name, "first", "tslab");
      assertCommitted((await exportAll("jupyter", 20260219))[name], name, "second", "jupyter");
    },
  );
}

test("a lesson named by alias or by its notebook's path is that lesson; an unwritable --out is refused before any cell runs", async () => {
  // The default-seed tslab run names lesson 8 by its alias and lesson 6 by its notebook's path (NAMED).
  const named = await exportAll("tslab");
  assert.equal(
    named["08-the-fleet-behind-the-boundary"].markdown,
    committed("lessons/08-the-fleet-behind-the-boundary.md"),
  );
  assert.equal(named[LESSON].markdown, committed(`lessons/${LESSON}.md`));
  const unwritable = cli(["lesson", "08", "--engine", "tslab", "--out", "/proc/mcp-course"]);
  assert.equal(unwritable.status, 2);
  assert.equal(
    unwritable.stderr,
    "mcp-course: cannot write to --out /proc/mcp-course: that place does not accept new files\n",
  );
});

// Lesson 8 (the most tables) and lesson 6 (listings, and code inside an exercise's list item), as
// pages: the shared tslab run wrote them beside the markdown the tests above hold to the committed.
for (const name of ["08-the-fleet-behind-the-boundary", LESSON]) {
  test(
    `chromium renders ${name}.html: every printed table, every chart with its marks, and a page that is not blank`,
    { skip: chromium.skip },
    async () => {
      chromium.check();
      const { html, markdown } = (await exportAll("tslab"))[name];
      const printed = assertPageRenders(html!, markdown, 0);
      if (name.startsWith("08"))
        assert.ok(
          printed.some((text) => /count_devices/.test(text) && text.split("\n").length > 5),
          "lesson 8's tables are among them",
        );
    },
  );
}
