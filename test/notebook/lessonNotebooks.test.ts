// Lesson notebooks are committed without outputs, in nbformat 4.5 with cell ids, on the tslab kernel, with a parameters
// cell and a setup cell the exports fold, in the form Jupyter saves them.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { LESSONS } from "../../src/lessons/catalog";
import { parseNotebook, serializeNotebook } from "../../src/notebook/notebookFile";
import { ROOT } from "../helpers";

for (const lesson of LESSONS) {
  test(`${lesson.name}.ipynb is clean, nbformat 4.5, tslab, parameterised`, () => {
    const nb = JSON.parse(readFileSync(join(ROOT, "notebooks", `${lesson.name}.ipynb`), "utf8"));
    assert.equal(nb.nbformat, 4);
    assert.equal(nb.nbformat_minor, 5);
    assert.equal(nb.metadata.kernelspec.name, "tslab");
    const ids = nb.cells.map((c: { id: string }) => c.id);
    assert.ok(
      ids.every((id: string) => /^[A-Za-z0-9_-]{1,64}$/.test(id)),
      "every cell has a valid id",
    );
    assert.equal(new Set(ids).size, ids.length, "cell ids are unique");
    for (const cell of nb.cells.filter((c: { cell_type: string }) => c.cell_type === "code")) {
      assert.deepEqual(cell.outputs, [], `cell ${cell.id} is committed without outputs`);
      assert.equal(cell.execution_count, null, `cell ${cell.id} has no execution count`);
    }
    const parameters = nb.cells.filter((c: { metadata: { tags?: string[] } }) =>
      c.metadata.tags?.includes("parameters"),
    );
    assert.equal(parameters.length, 1);
    assert.match([].concat(parameters[0].source).join(""), /^const SEED = 20260218;$/m);
    assert.ok(!("papermill" in nb.metadata), "no injected parameters are committed");
    const setup = nb.cells.find((c: { id: string }) => c.id === "setup");
    assert.deepEqual(
      setup?.metadata.tags,
      ["hide-input"],
      "the setup cell (imports, the lesson's run) is folded in the exports",
    );
  });

  test(`${lesson.name}.ipynb is saved as Jupyter saves it, so a tool that rewrites it changes only what it means to`, () => {
    const file = join(ROOT, "notebooks", `${lesson.name}.ipynb`);
    const text = readFileSync(file, "utf8");
    assert.equal(text, serializeNotebook(parseNotebook(text, file)), "keys sorted, indent 1, a final newline");
  });
}
