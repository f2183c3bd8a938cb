// Invariant: the tslab engine runs code cells in order like tslab's kernel, returns nbformat outputs, and stops at the first failing cell.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { executeNotebook, type ProgressEvent } from "../../src/notebook/executeNotebook";
import { exportMarkdown } from "../../src/notebook/exporter";
import { readNotebook, type Cell } from "../../src/notebook/notebookFile";
import { injectParameters } from "../../src/notebook/parameters";

const fixtures = path.join(__dirname, "fixtures");
const outputsOf = (cell: Cell) =>
  cell.cell_type === "code" ? { count: cell.execution_count, outputs: cell.outputs } : null;

test("injected parameters override the defaults; outputs are merged streams and display data", async () => {
  const nb = injectParameters(readNotebook(path.join(fixtures, "toy.ipynb")), { SEED: 42 });
  const events: ProgressEvent[] = [];
  const result = await executeNotebook(nb, { engine: "tslab", cwd: fixtures, onProgress: (e) => events.push(e) });
  assert.equal(result.engine, "tslab");
  assert.equal(result.failure, undefined);
  const cells = result.notebook.cells;
  assert.deepEqual(outputsOf(cells[1]), { count: 1, outputs: [] }, "const SEED = 1");
  assert.deepEqual(outputsOf(cells[2]), { count: 2, outputs: [] }, "const SEED = 42 (redeclared)");
  assert.deepEqual(outputsOf(cells[3]), {
    count: 3,
    outputs: [
      { output_type: "stream", name: "stdout", text: "seed is 42\nname   | value\n-------|------\nalpha  |     1\n\n" },
      { output_type: "stream", name: "stderr", text: "warning: to stderr\n" },
      { output_type: "stream", name: "stdout", text: "back to stdout: café ✓ 🚀\n" },
    ],
  });
  assert.deepEqual(outputsOf(cells[4]), {
    count: 4,
    outputs: [
      { output_type: "display_data", data: { "text/markdown": "The seed is **42**." }, metadata: {} },
      { output_type: "display_data", data: { "text/plain": "plain  text" }, metadata: {} },
      { output_type: "stream", name: "stdout", text: "84\n" }, // tslab console.logs the last expression
    ],
  });
  assert.deepEqual(outputsOf(cells[5]), { count: null, outputs: [] }, "blank code cells are skipped, as nbclient does");

  assert.deepEqual(
    events.map((e) => `${e.type} ${e.cellIndex} ${e.cellId}${e.type === "cellFinished" ? ` ${e.ok}` : ""}`),
    ["params", "injected-parameters", "print", "display"].flatMap((id, i) => [
      `cellStarted ${i + 1} ${id}`,
      `cellFinished ${i + 1} ${id} true`,
    ]),
  );
  for (const e of events) if (e.type === "cellFinished") assert.ok(e.elapsedMs >= 0);

  const golden = fs.readFileSync(path.join(fixtures, "toy.expected.md"), "utf8");
  assert.equal(exportMarkdown(result.notebook, { notebookPath: "test/notebook/fixtures/toy.ipynb", seed: 42 }), golden);
});

test("a throwing cell is the failure, and later cells do not run", async () => {
  const nb = readNotebook(path.join(fixtures, "failing.ipynb"));
  const events: ProgressEvent[] = [];
  const result = await executeNotebook(nb, { engine: "tslab", cwd: fixtures, onProgress: (e) => events.push(e) });
  assert.deepEqual(result.failure, { cellIndex: 2, cellId: "throws", message: "Error: boom" });
  const cells = result.notebook.cells;
  assert.deepEqual(outputsOf(cells[0]), {
    count: 1,
    outputs: [{ output_type: "stream", name: "stdout", text: "before\n" }],
  });
  const failed = outputsOf(cells[2]);
  assert.equal(failed?.count, 2);
  assert.match(JSON.stringify(failed?.outputs), /about to fail\\n[^]*Error: boom/);
  assert.deepEqual(outputsOf(cells[3]), { count: null, outputs: [] }, "the cell after the failure did not run");
  assert.deepEqual(
    events.filter((e) => e.type === "cellFinished").map((e) => [e.cellIndex, e.type === "cellFinished" && e.ok]),
    [
      [0, true],
      [2, false],
    ],
  );
});

test("stale outputs of the input are stripped and a bad cwd is rejected", async () => {
  const executed = readNotebook(path.join(fixtures, "tiny.executed.ipynb"));
  const onlyFirst = { ...executed, cells: [executed.cells[0], { ...executed.cells[6] }] };
  const result = await executeNotebook(onlyFirst, { engine: "tslab", cwd: fixtures });
  assert.deepEqual(outputsOf(result.notebook.cells[1]), { count: 1, outputs: [] });
  await assert.rejects(
    executeNotebook(onlyFirst, { engine: "tslab", cwd: path.join(fixtures, "nope") }),
    /is not a directory/,
  );
});

test("a cell that ends the process rejects instead of hanging", async () => {
  const nb = readNotebook(path.join(fixtures, "failing.ipynb"));
  const exiting = { ...nb, cells: [{ ...nb.cells[0], source: "process.exit(3);" }] };
  await assert.rejects(
    executeNotebook(exiting, { engine: "tslab", cwd: fixtures }),
    /tslab engine: worker exited \(code 3\) before finishing/,
  );
});
