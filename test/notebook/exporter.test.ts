// Invariant: exportMarkdown renders an executed notebook byte for byte as the golden file, deterministically, and never as HTML.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { exportMarkdown } from "../../src/notebook/exporter";
import { readNotebook, type Notebook } from "../../src/notebook/notebookFile";

const fixtures = path.join(__dirname, "fixtures");
const tiny = () => readNotebook(path.join(fixtures, "tiny.executed.ipynb"));

test("golden: tiny.executed.ipynb exports to tiny.expected.md", () => {
  const md = exportMarkdown(tiny(), { notebookPath: "notebooks/00-tiny.ipynb", seed: 7 });
  assert.equal(md, fs.readFileSync(path.join(fixtures, "tiny.expected.md"), "utf8"));
  assert.ok(md.endsWith("```\n") && !md.endsWith("\n\n"), "ends with exactly one newline");
});

test("the header names the notebook only, and execution counts do not matter", () => {
  const nb = tiny();
  const renumbered: Notebook = { ...nb, cells: nb.cells.map((c) => (c.cell_type === "code" ? { ...c, execution_count: 99 } : c)) };
  const md = exportMarkdown(renumbered, { notebookPath: "notebooks/00-tiny.ipynb" });
  assert.equal(md.split("\n")[0], "<!-- Generated from notebooks/00-tiny.ipynb. Do not edit. -->");
  assert.equal(md, exportMarkdown(tiny(), { notebookPath: "notebooks/00-tiny.ipynb" }));
});

test("absolute notebook paths are rejected", () => {
  assert.throws(() => exportMarkdown(tiny(), { notebookPath: "/work/notebooks/x.ipynb" }), /repo-relative/);
  assert.throws(() => exportMarkdown(tiny(), { notebookPath: "notebooks\\x.ipynb" }), /repo-relative/);
});

test("HTML-only outputs and error outputs are errors", () => {
  const withOutput = (output: object): Notebook => {
    const nb = tiny();
    const cell = nb.cells[1];
    if (cell.cell_type === "code") cell.outputs = [output as never];
    return nb;
  };
  const html = withOutput({ output_type: "display_data", data: { "text/html": "<table></table>" }, metadata: {} });
  assert.throws(() => exportMarkdown(html, { notebookPath: "n.ipynb" }), /cell 1 \(id table\) has a display_data output without text\/markdown or text\/plain \(has text\/html\)/);
  const error = withOutput({ output_type: "error", ename: "Error", evalue: "boom", traceback: [] });
  assert.throws(() => exportMarkdown(error, { notebookPath: "n.ipynb" }), /cell 1 \(id table\) has an error output \(Error: boom\)/);
});
