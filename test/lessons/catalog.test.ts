// The catalog (src/lessons/catalog.ts) is the one list of lessons: the notebooks, the committed exports of both seeds,
// the README's lessons table and CI's cross-Node run all follow it, so adding a lesson means adding it there.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { LESSONS } from "../../src/lessons/catalog";
import { ROOT } from "../helpers";

const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

test("the notebooks are the catalog's lessons, in its order, and nothing else", () => {
  const notebooks = readdirSync(join(ROOT, "notebooks"))
    .filter((file) => file.endsWith(".ipynb"))
    .map((file) => file.replace(/\.ipynb$/, ""))
    .sort();
  assert.deepEqual(
    notebooks,
    LESSONS.map((lesson) => lesson.name),
  );
  const numbers = LESSONS.map((lesson) => Number(lesson.name.slice(0, 2)));
  assert.deepEqual(
    numbers,
    [...numbers].sort((a, b) => a - b),
    "numbered in course order",
  );
});

test("every lesson of the catalog has its committed export for both seeds", () => {
  for (const { name } of LESSONS)
    for (const path of [`lessons/${name}.md`, `lessons/seed-20260219/${name}.md`])
      assert.ok(existsSync(join(ROOT, path)), `${path} is missing`);
});

test("the README's lessons table lists the catalog's lessons, in its order, each with its notebook and export", () => {
  const readme = read("README.md");
  const table = readme.slice(readme.indexOf("## The lessons"));
  const rows = [...table.matchAll(/^\| (\d+) · ([^|]+) \| `notebooks\/([^`]+)\.ipynb` → `lessons\/([^`]+)\.md` \|/gm)];
  assert.deepEqual(
    rows.map(([, number, title, notebook, exported]) => ({
      number: Number(number),
      title: title.trim(),
      notebook,
      exported,
    })),
    LESSONS.map((lesson) => ({
      number: Number(lesson.name.slice(0, 2)),
      title: lesson.title,
      notebook: lesson.name,
      exported: lesson.name,
    })),
  );
});

test("CI's cross-Node run exports every lesson without naming them", () => {
  const lines = read(".ci/run")
    .split("\n")
    .filter((line) => /dist\/cli\/main\.js lesson\b/.test(line));
  assert.ok(lines.length > 0, ".ci/run exports the lessons");
  for (const line of lines) assert.match(line, /main\.js lesson --/, `names lessons itself: ${line.trim()}`);
});
