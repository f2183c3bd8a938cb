// Invariant: injectParameters inserts one `const NAME = <JSON>;` cell, tagged and identified `injected-parameters`, right after the `parameters` cell.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { readNotebook } from "../../src/notebook/notebookFile";
import { injectParameters } from "../../src/notebook/parameters";

const toy = () => readNotebook(path.join(__dirname, "fixtures", "toy.ipynb"));

test("the injected cell follows the parameters cell and records the values", () => {
  const nb = toy();
  const injected = injectParameters(nb, { SEED: 42, NAME: 'a "quoted" name', OPTS: { fast: true, tags: ["x"] } });
  assert.deepEqual(
    injected.cells.map((c) => c.id),
    ["intro", "params", "injected-parameters", "print", "display", "blank", "outro"],
  );
  assert.deepEqual(injected.cells[2], {
    cell_type: "code",
    id: "injected-parameters",
    metadata: { tags: ["injected-parameters"] },
    source: 'const SEED = 42;\nconst NAME = "a \\"quoted\\" name";\nconst OPTS = {"fast":true,"tags":["x"]};',
    execution_count: null,
    outputs: [],
  });
  assert.deepEqual(injected.metadata.papermill, {
    parameters: { SEED: 42, NAME: 'a "quoted" name', OPTS: { fast: true, tags: ["x"] } },
  });
  assert.equal(nb.cells.length, 6, "the input notebook is not modified");
});

test("injecting again replaces the previous injected cell", () => {
  const twice = injectParameters(injectParameters(toy(), { SEED: 42 }), { SEED: 7 });
  const injected = twice.cells.filter((c) => c.id === "injected-parameters");
  assert.equal(injected.length, 1);
  assert.equal(injected[0].source, "const SEED = 7;");
  assert.deepEqual(twice.metadata.papermill?.parameters, { SEED: 7 });
});

test("a notebook without a parameters cell is an error", () => {
  const nb = toy();
  nb.cells[1].metadata = {};
  assert.throws(() => injectParameters(nb, { SEED: 1 }), { message: 'notebook has no cell tagged "parameters"' });
});

test("names must be identifiers and values plain JSON", () => {
  assert.throws(() => injectParameters(toy(), { "not-a-name": 1 }), /not a JavaScript identifier/);
  assert.throws(() => injectParameters(toy(), { X: Number.NaN }), /parameter X is not plain JSON/);
  assert.throws(() => injectParameters(toy(), { X: undefined as never }), /parameter X is not plain JSON/);
});
