// `mcp-course kernel metadata` sets the notebooks' kernelspec and language_info to what tslab writes; `--check` only reports.
import assert from "node:assert/strict";
import { copyFileSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { parseNotebook, serializeNotebook } from "../../src/notebook/notebookFile";
import { tslabMetadata } from "../../src/notebook/tslabMetadata";
import { cli, ROOT, tempDir } from "../helpers";

/** A copy of a lesson notebook with the language_info of an older save (TypeScript's version where tslab's belongs). */
function staleCopy(): string {
  const file = join(tempDir(), "stale.ipynb");
  const nb = parseNotebook(readFileSync(join(ROOT, "notebooks", "06-writing-a-server.ipynb"), "utf8"));
  nb.metadata = {
    ...nb.metadata,
    ...tslabMetadata(),
    language_info: { ...tslabMetadata().language_info, version: "5.0.4" },
    authors: ["x"],
  };
  writeFileSync(file, serializeNotebook(nb));
  return file;
}

test("--check names each notebook that differs and the keys, exits 1 and writes nothing", () => {
  const file = staleCopy();
  const before = readFileSync(file, "utf8");
  const run = cli(["kernel", "metadata", "--check", file]);
  assert.equal(run.status, 1);
  assert.equal(
    run.stderr,
    `${file}: language_info differs from what tslab writes\nmcp-course: 1 notebook would change when saved from Jupyter; run mcp-course kernel metadata to set what tslab writes\n`,
  );
  assert.equal(readFileSync(file, "utf8"), before);
});

test("without --check it rewrites only the metadata, as Jupyter serialises; a second run changes nothing", () => {
  const file = staleCopy();
  const before = parseNotebook(readFileSync(file, "utf8"));
  const run = cli(["kernel", "metadata", file]);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, `${file}: set language_info to what tslab writes\n`);
  const text = readFileSync(file, "utf8");
  const after = parseNotebook(text);
  assert.deepEqual(after.cells, before.cells);
  assert.deepEqual(after.metadata, { ...before.metadata, ...tslabMetadata() }, "other metadata is kept");
  assert.equal(text, serializeNotebook(after), "written the way Jupyter saves");
  const mtime = statSync(file).mtimeMs;
  const again = cli(["kernel", "metadata", "--check", file]);
  assert.equal(again.status, 0, again.stderr);
  assert.equal(again.stderr, `${file}: kernelspec and language_info are what tslab writes\n`);
  assert.equal(cli(["kernel", "metadata", file]).status, 0);
  assert.equal(statSync(file).mtimeMs, mtime, "a notebook that matches is not rewritten");
});

test("a notebook without metadata gets both keys", () => {
  const file = join(tempDir(), "bare.ipynb");
  copyFileSync(join(ROOT, "test", "notebook", "fixtures", "toy.ipynb"), file);
  const nb = parseNotebook(readFileSync(file, "utf8"));
  writeFileSync(file, serializeNotebook({ ...nb, metadata: {} }));
  const run = cli(["kernel", "metadata", file]);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, `${file}: set kernelspec and language_info to what tslab writes\n`);
  assert.deepEqual(parseNotebook(readFileSync(file, "utf8")).metadata, tslabMetadata());
});

test("an unknown lesson is bad input: one line, exit 2", () => {
  const run = cli(["kernel", "metadata", "--check", "99"]);
  assert.equal(run.status, 2);
  assert.match(run.stderr, /^mcp-course: unknown lesson '99'; known lessons: 01-three-roles, 02-the-transport, /);
});

test("--clear-outputs also clears outputs, execution counts and nbclient's timing, as lessons are committed", () => {
  const file = join(tempDir(), "run.ipynb");
  const nb = parseNotebook(readFileSync(join(ROOT, "test", "notebook", "fixtures", "tiny.executed.ipynb"), "utf8"));
  const timed = {
    ...nb,
    metadata: tslabMetadata(),
    cells: nb.cells.map((cell) =>
      cell.cell_type === "code"
        ? { ...cell, metadata: { ...cell.metadata, execution: { "iopub.status.busy": "2026-12-01T14:51:47.808000Z" } } }
        : cell,
    ),
  };
  writeFileSync(file, serializeNotebook(timed as never));
  assert.ok(
    nb.cells.some((cell) => cell.cell_type === "code" && cell.outputs.length > 0),
    "the fixture has outputs",
  );
  assert.equal(cli(["kernel", "metadata", file]).status, 0, "without the flag, outputs are not the command's business");
  const check = cli(["kernel", "metadata", "--check", "--clear-outputs", file]);
  assert.equal(check.status, 1);
  assert.equal(
    check.stderr,
    `${file}: has outputs\nmcp-course: 1 notebook not as lessons are committed; run mcp-course kernel metadata --clear-outputs\n`,
  );
  const run = cli(["kernel", "metadata", "--clear-outputs", file]);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, `${file}: cleared the outputs\n`);
  const after = parseNotebook(readFileSync(file, "utf8"));
  for (const cell of after.cells) {
    if (cell.cell_type !== "code") continue;
    assert.deepEqual(cell.outputs, []);
    assert.equal(cell.execution_count, null);
    assert.ok(!("execution" in cell.metadata), "no timing left");
  }
  assert.deepEqual(
    after.cells.map((c) => c.source),
    nb.cells.map((c) => c.source),
    "sources kept",
  );
});
