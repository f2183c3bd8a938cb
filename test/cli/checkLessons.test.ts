// `mcp-course check-lessons`: the lessons' shape in a second, without running a cell. The course's own lessons pass; a
// notebook with its sections out of order and a line too wide is told what is wrong, line by line, and fails.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { messages } from "../../src/cli/messages";
import { LESSONS } from "../../src/lessons/catalog";
import { cli, tempDir } from "../helpers";

test("every lesson of the course keeps its shape: exit 0, nothing on stdout, one summary line", () => {
  const run = cli(["check-lessons"]);
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.equal(run.stdout, "");
  assert.equal(run.stderr, `${messages.lessonShapeKept(LESSONS.length, 0)}\n`);
});

test("a notebook out of shape: each problem on its own line, naming the file, then exit 1 and one line on stderr", () => {
  const file = join(tempDir(), "draft.ipynb");
  const markdown = (id: string, source: string) => ({ cell_type: "markdown", id, metadata: {}, source });
  writeFileSync(
    file,
    JSON.stringify({
      nbformat: 4,
      nbformat_minor: 5,
      metadata: {},
      cells: [
        markdown("a", "# Draft\n\n**What you will learn**\n\n1. One."),
        markdown("b", `## 1 · The body\n\n${"word ".repeat(30).trim()}`),
        markdown("c", "## Assumptions\n\n- None."),
        markdown("d", "## Summary\n\n## Exercises\n\n1. Edit `src/world/tasks.ts`.\n\n## Solutions\n\n1. Done."),
      ],
    }),
  );
  const run = cli(["check-lessons", file]);
  assert.equal(run.status, 1);
  assert.deepEqual(run.stdout.trimEnd().split("\n"), [
    `${file}: no body section between Assumptions and Summary`,
    `${file}: "## 1 · The body" comes before Assumptions`,
    `${file}: an exercise names a file under src/, but the Exercises do not say how to rebuild after editing it (\`npm run build\`, then restart the kernel)`,
    `${file}: cell 1 (id b), line 3 is 149 characters wide (at most 100): ${"word ".repeat(12)}…`,
  ]);
  assert.equal(run.stderr, `mcp-course: ${messages.lessonShapeFailed(4)}\n`);
});

test("an unknown lesson is bad input: exit 2, one line, which says a lesson just added needs a build", () => {
  const run = cli(["check-lessons", "99"]);
  assert.equal(run.status, 2);
  assert.equal(run.stdout, "");
  assert.equal(run.stderr.trimEnd().split("\n").length, 1);
  assert.match(run.stderr, /^mcp-course: unknown lesson '99'; .*; if you just added it, run npm run build first\n$/);
});
