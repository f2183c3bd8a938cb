// Invariant: the jupyter engine (nbclient + real tslab kernel) and the tslab engine give identical executed notebooks, exports and failures.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { executeNotebook, resolveEngine } from "../../src/notebook/executeNotebook";
import { exportHtml } from "../../src/notebook/htmlExporter";
import { exportLesson, exportMarkdown } from "../../src/notebook/exporter";
import { findJupyterPython, jupyterAvailable } from "../../src/notebook/jupyterPython";
import { jupyterRequirement } from "../requirements";
import { readNotebook } from "../../src/notebook/notebookFile";
import { injectParameters } from "../../src/notebook/parameters";

const fixtures = path.join(__dirname, "fixtures");
const jupyter = jupyterRequirement();
const skip = jupyter.skip;

test("auto picks jupyter exactly when a Python with nbclient is found; a named engine stays", () => {
  assert.equal(resolveEngine("auto", null), "tslab");
  assert.equal(resolveEngine("auto", "/usr/bin/python3"), "jupyter");
  assert.equal(resolveEngine("jupyter", null), "jupyter");
  assert.equal(resolveEngine("tslab", "/usr/bin/python3"), "tslab");
  assert.equal(jupyterAvailable(), findJupyterPython() !== null);
});

test("both engines export byte-identical markdown", { skip }, async () => {
  jupyter.check();
  const nb = injectParameters(readNotebook(path.join(fixtures, "toy.ipynb")), { SEED: 42 });
  const [viaTslab, viaJupyter] = await Promise.all([
    executeNotebook(nb, { engine: "tslab", cwd: fixtures }),
    executeNotebook(nb, { engine: "jupyter", cwd: fixtures }),
  ]);
  assert.equal(viaJupyter.engine, "jupyter");
  assert.equal(viaJupyter.failure, undefined, `jupyter run via ${findJupyterPython()}`);
  assert.deepEqual(viaJupyter.notebook, viaTslab.notebook);
  const options = { notebookPath: "test/notebook/fixtures/toy.ipynb", seed: 42 };
  assert.equal(exportMarkdown(viaJupyter.notebook, options), exportMarkdown(viaTslab.notebook, options));
});

test("both engines give the same charts: identical notebooks, markdown, SVG files and HTML", { skip }, async () => {
  jupyter.check();
  const nb = readNotebook(path.join(fixtures, "chart.ipynb"));
  const [viaTslab, viaJupyter] = await Promise.all([
    executeNotebook(nb, { engine: "tslab", cwd: fixtures }),
    executeNotebook(nb, { engine: "jupyter", cwd: fixtures }),
  ]);
  assert.equal(viaJupyter.failure, undefined);
  assert.deepEqual(viaJupyter.notebook, viaTslab.notebook);
  const options = { notebookPath: "test/notebook/fixtures/chart.ipynb", seed: 3 };
  const exported = exportLesson(viaJupyter.notebook, options);
  assert.equal(exported.files.length, 3);
  assert.deepEqual(exported, exportLesson(viaTslab.notebook, options));
  assert.equal(exportHtml(viaJupyter.notebook, options), exportHtml(viaTslab.notebook, options));
});

test("the jupyter engine reports the throwing cell like the tslab engine", { skip }, async () => {
  jupyter.check();
  const nb = readNotebook(path.join(fixtures, "failing.ipynb"));
  const finished: [number, boolean][] = [];
  const result = await executeNotebook(nb, {
    engine: "jupyter",
    cwd: fixtures,
    onProgress: (e) => e.type === "cellFinished" && finished.push([e.cellIndex, e.ok]),
  });
  assert.deepEqual(result.failure, { cellIndex: 2, cellId: "throws", message: "Error: boom" });
  assert.deepEqual(finished, [
    [0, true],
    [2, false],
  ]);
  const after = result.notebook.cells[3];
  assert.deepEqual(after.cell_type === "code" && [after.execution_count, after.outputs], [null, []]);
});
