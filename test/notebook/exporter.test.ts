// Invariant: exportMarkdown renders an executed notebook byte for byte as the golden file, deterministically, and never as HTML;
// charts (image/svg+xml) become files named after their cell, linked from the markdown and inlined in the HTML page.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { exportLesson, exportMarkdown, lessonBlocks } from "../../src/notebook/exporter";
import { exportHtml, inlineSvg } from "../../src/notebook/htmlExporter";
import { normalizeOutputs } from "../../src/notebook/normalizeOutputs";
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
  const renumbered: Notebook = {
    ...nb,
    cells: nb.cells.map((c) => (c.cell_type === "code" ? { ...c, execution_count: 99 } : c)),
  };
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
  assert.throws(
    () => exportMarkdown(html, { notebookPath: "n.ipynb" }),
    /cell 1 \(id table\) has a display_data output without text\/markdown, image\/svg\+xml or text\/plain \(has text\/html\)/,
  );
  const error = withOutput({ output_type: "error", ename: "Error", evalue: "boom", traceback: [] });
  assert.throws(
    () => exportMarkdown(error, { notebookPath: "n.ipynb" }),
    /cell 1 \(id table\) has an error output \(Error: boom\)/,
  );
});

const SVG_A =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="white"/><path class="mark" d="M0,0h5v10h-5Z"/></svg>';
const SVG_B =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><defs><clipPath id="clip1"><rect width="20" height="10"/></clipPath></defs><g clip-path="url(#clip1)"><path d="M0,0h9v10h-9Z"/></g></svg>';
const svgOutput = (svg: string | string[]) => ({
  output_type: "display_data",
  data: { "image/svg+xml": svg },
  metadata: {},
});

/** tiny.executed.ipynb with the outputs of its code cell `table` (cell 1) replaced. */
function tinyWith(outputs: object[], id = "table"): Notebook {
  const nb = tiny();
  const cell = nb.cells[1];
  if (cell.cell_type === "code") Object.assign(cell, { id, outputs });
  return nb;
}

test("a chart output becomes a file named after its cell, linked from the markdown by a relative path", () => {
  const nb = tinyWith([
    svgOutput(SVG_A),
    { output_type: "stream", name: "stdout", text: "between\n" },
    svgOutput(SVG_B),
  ]);
  const exported = exportLesson(nb, { notebookPath: "notebooks/00-tiny.ipynb", seed: 7 });
  assert.equal(exported.filesFolder, "00-tiny.files", "default folder: the notebook's name + .files");
  assert.deepEqual(exported.files, [
    { path: "00-tiny.files/table.svg", text: SVG_A },
    { path: "00-tiny.files/table-2.svg", text: SVG_B },
  ]);
  assert.ok(
    exported.markdown.includes(
      "```\n\n![chart](00-tiny.files/table.svg)\n\n```text\nbetween\n```\n\n![chart](00-tiny.files/table-2.svg)\n\n",
    ),
    exported.markdown,
  );
  assert.equal(exportMarkdown(nb, { notebookPath: "notebooks/00-tiny.ipynb", seed: 7 }), exported.markdown);
  const named = exportLesson(nb, { notebookPath: "notebooks/00-tiny.ipynb", filesFolder: "my lesson (1).files" });
  assert.match(
    named.markdown,
    /!\[chart\]\(my%20lesson%20%281%29\.files\/table\.svg\)/,
    "the link is URL-encoded, parentheses too",
  );
  assert.equal(named.files[0].path, "my lesson (1).files/table.svg");
});

test("chart names depend on cell ids and the position in the cell, not on run order", () => {
  const nb = tinyWith([svgOutput(SVG_A)], "levels-chart");
  const before = exportLesson(nb, { notebookPath: "n.ipynb" }).files.map((f) => f.path);
  // Another chart cell earlier in the notebook does not rename this one.
  const withEarlier: Notebook = {
    ...nb,
    cells: [
      {
        cell_type: "code",
        id: "first",
        metadata: {},
        source: "x",
        execution_count: 1,
        outputs: [svgOutput(SVG_B) as never],
      },
      ...nb.cells,
    ],
  };
  const after = exportLesson(withEarlier, { notebookPath: "n.ipynb" }).files.map((f) => f.path);
  assert.deepEqual(before, ["n.files/levels-chart.svg"]);
  assert.deepEqual(after, ["n.files/first.svg", "n.files/levels-chart.svg"]);
});

test("MIME preference: text/markdown, then image/svg+xml, then text/plain", () => {
  const both = tinyWith([
    { output_type: "display_data", data: { "text/plain": "<VegaView>", "image/svg+xml": SVG_A }, metadata: {} },
  ]);
  const exported = exportLesson(both, { notebookPath: "n.ipynb" });
  assert.equal(exported.files.length, 1);
  assert.doesNotMatch(exported.markdown, /VegaView/);
  const prose = tinyWith([
    { output_type: "display_data", data: { "text/markdown": "**prose**", "image/svg+xml": SVG_A }, metadata: {} },
  ]);
  assert.deepEqual(exportLesson(prose, { notebookPath: "n.ipynb" }).files, []);
});

test("svg held as a list of lines is normalised to one string, so both forms export the same bytes", () => {
  const lines = SVG_B.replace(/></g, ">\n<").match(/[^\n]*\n|[^\n]+$/g)!;
  const [joined] = normalizeOutputs([svgOutput(lines) as never]);
  assert.deepEqual(joined, svgOutput(SVG_B.replace(/></g, ">\n<")));
  const [json] = normalizeOutputs([
    { output_type: "display_data", data: { "application/json": ["a", "b"] }, metadata: {} },
  ]);
  assert.deepEqual(
    json.output_type === "display_data" && json.data,
    { "application/json": ["a", "b"] },
    "JSON stays structured",
  );
  const [stream] = normalizeOutputs([{ output_type: "stream", name: "stdout", text: ["a\n", "b\n"] as never }]);
  assert.deepEqual(stream, { output_type: "stream", name: "stdout", text: "a\nb\n" });
});

test("a chart in a cell whose id cannot name a file, and a files folder that is a path, are errors", () => {
  assert.throws(
    () => exportLesson(tinyWith([svgOutput(SVG_A)], "../up"), { notebookPath: "n.ipynb" }),
    /cell 1 \(id \.\.\/up\) shows a chart, but its id cannot name a file/,
  );
  assert.throws(
    () => exportLesson(tiny(), { notebookPath: "n.ipynb", filesFolder: "a/b" }),
    /filesFolder must be one folder name/,
  );
  assert.throws(
    () => exportLesson(tiny(), { notebookPath: "n.ipynb", filesFolder: ".." }),
    /filesFolder must be one folder name/,
  );
});

test("the markdown and HTML renderers read the same blocks", () => {
  const nb = tinyWith([svgOutput(SVG_A), { output_type: "stream", name: "stdout", text: "a < b & c\n\n" }]);
  const doc = lessonBlocks(nb, { notebookPath: "notebooks/00-tiny.ipynb", seed: 7 });
  assert.deepEqual(
    doc.blocks.slice(0, 6).map((b) => b.kind),
    ["markdown", "code", "svg", "text", "code", "markdown"],
  );
  assert.deepEqual(doc.blocks[2], { kind: "svg", file: "table.svg", svg: SVG_A });
  assert.equal(doc.note, "Generated from notebooks/00-tiny.ipynb with seed 7. Do not edit.");
  const html = exportHtml(nb, { notebookPath: "notebooks/00-tiny.ipynb", seed: 7 });
  assert.ok(
    html.startsWith("<!DOCTYPE html>\n<!-- Generated from notebooks/00-tiny.ipynb with seed 7. Do not edit. -->\n"),
  );
  assert.match(html, /<title>Tiny<\/title>/, "the title is the first level-1 heading");
  assert.match(html, /<h1>Tiny<\/h1>/);
  assert.ok(html.includes(`<figure class="chart">\n${SVG_A}\n</figure>`), "the chart is inline, byte for byte");
  assert.ok(
    html.includes('<pre class="output">a &lt; b &amp; c</pre>'),
    "printed output escaped, trailing newlines dropped",
  );
  assert.match(html, /<p>The server answered <strong>3<\/strong> calls\.<\/p>/, "computed prose is rendered markdown");
  assert.ok(html.endsWith("</html>\n"));
});

test("the HTML page is deterministic and self-contained: no scripts, nothing loaded from elsewhere", () => {
  const nb = tinyWith([svgOutput(SVG_A), svgOutput(SVG_B)]);
  const html = exportHtml(nb, { notebookPath: "notebooks/00-tiny.ipynb", seed: 7 });
  assert.equal(
    exportHtml(tinyWith([svgOutput(SVG_A), svgOutput(SVG_B)]), { notebookPath: "notebooks/00-tiny.ipynb", seed: 7 }),
    html,
  );
  assert.doesNotMatch(html, /<script|<link|<img|<iframe|@import|src=|url\((?!#)/i);
  assert.equal(html.match(/<style>/g)?.length, 1, "one built-in stylesheet");
});

test("inline charts get their ids prefixed, references too, so two charts on a page never share an id", () => {
  const inlined = inlineSvg(`<?xml version="1.0" encoding="utf-8"?>\n${SVG_B}\n`, "chart-table-2-");
  assert.equal(
    inlined,
    SVG_B.replace('id="clip1"', 'id="chart-table-2-clip1"').replace("url(#clip1)", "url(#chart-table-2-clip1)"),
  );
  assert.equal(inlineSvg(SVG_A, "p-"), SVG_A, "a chart without ids is kept byte for byte");
  const html = exportHtml(tinyWith([svgOutput(SVG_B), svgOutput(SVG_B)]), { notebookPath: "n.ipynb" });
  assert.deepEqual(html.match(/id="[^"]+"/g), ['id="chart-table-clip1"', 'id="chart-table-2-clip1"']);
});

test("a chart's alt text is its SVG's own <title> (decoded, brackets escaped), else the word chart", () => {
  const titled = SVG_A.replace(/^(<svg[^>]*>)/, "$1<title>Tokens [per task] &amp; &lt;more&gt;</title>");
  const md = exportMarkdown(tinyWith([svgOutput(titled), svgOutput(SVG_B)]), { notebookPath: "n.ipynb" });
  assert.ok(md.includes("![Tokens \\[per task\\] & <more>](n.files/table.svg)"), md);
  assert.ok(md.includes("![chart](n.files/table-2.svg)"), "no <title>: the word chart");
  const nested = SVG_A.replace("<rect", "<g><title>inner</title></g><rect");
  assert.ok(
    exportMarkdown(tinyWith([svgOutput(nested)]), { notebookPath: "n.ipynb" }).includes("![chart](n.files/table.svg)"),
    "only the root's first child counts",
  );
});

test("a long alt text is broken at spaces into lines of at most 100 characters, never before a block marker", () => {
  const long =
    "Envelope tokens after 1 to 13 tasks, one line per client: discovery before every task ends - at 6457, once per session at 1357 (seed 20260218)";
  const titled = SVG_A.replace(/^(<svg[^>]*>)/, `$1<title>${long}</title>`);
  const md = exportMarkdown(tinyWith([svgOutput(titled)]), { notebookPath: "notebooks/07-long.ipynb" });
  const image = md.slice(md.indexOf("!["), md.indexOf(".svg)") + 5);
  assert.equal(
    image.replace(/\n/g, " "),
    `![${long}](07-long.files/table.svg)`,
    "the same words, one space or one line break apart",
  );
  const lines = image.split("\n");
  assert.ok(lines.length > 1 && lines.every((l) => l.length <= 100), lines.join("|"));
  assert.ok(
    lines.slice(1).every((l) => !/^([-+*]|#{1,6}|\d{1,9}[.)]) /.test(l)),
    "no line opens a block",
  );
  assert.ok(
    lines.slice(1).every((l) => !l.startsWith("- ")),
    lines.join("|"),
  );
});

test("a code cell tagged hide-input is folded under a summary in both renderers; its outputs stay in view", () => {
  const nb = tiny();
  const at = nb.cells.findIndex((c) => c.cell_type === "code");
  const tagged: Notebook = {
    ...nb,
    cells: nb.cells.map((c, i) => (i === at ? { ...c, metadata: { tags: ["hide-input"] } } : c)),
  };
  const source = nb.cells[at].source.replace(/\n+$/, "");
  const md = exportMarkdown(tagged, { notebookPath: "n.ipynb" });
  assert.ok(
    md.includes(`<details><summary>The lesson's setup code</summary>\n\n\`\`\`ts\n${source}\n\`\`\`\n</details>`),
    "the source sits inside <details>, a blank line before its fence so it renders as code",
  );
  assert.equal(
    md.replace(/<details><summary>[^<]*<\/summary>\n\n|\n<\/details>/g, ""),
    exportMarkdown(nb, { notebookPath: "n.ipynb" }),
  );
  const html = exportHtml(tagged, { notebookPath: "n.ipynb" });
  assert.match(html, /<details class="setup">\n<summary>The lesson's setup code<\/summary>\n<pre class="code">/);
  assert.doesNotMatch(exportHtml(nb, { notebookPath: "n.ipynb" }), /<details/);
});

test("a code cell tagged remove-input leaves its source out of both renderers and keeps its outputs", () => {
  const nb = tiny();
  const at = nb.cells.findIndex((c) => c.cell_type === "code" && c.outputs.length > 0);
  const tagged: Notebook = {
    ...nb,
    cells: nb.cells.map((c, i) => (i === at ? { ...c, metadata: { tags: ["remove-input"] } } : c)),
  };
  const source = nb.cells[at].source.replace(/\n+$/, "");
  const md = exportMarkdown(tagged, { notebookPath: "n.ipynb" });
  assert.ok(exportMarkdown(nb, { notebookPath: "n.ipynb" }).includes(source), "untagged, the source shows");
  assert.ok(!md.includes(source), "tagged, the source is gone");
  assert.equal(md, exportMarkdown(nb, { notebookPath: "n.ipynb" }).replace(`\`\`\`ts\n${source}\n\`\`\`\n\n`, ""));
  assert.ok(!exportHtml(tagged, { notebookPath: "n.ipynb" }).includes(source.split("\n")[0]));
});
