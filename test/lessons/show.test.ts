// Every computed display a lesson shows carries a plain-text form beside its rich one, on both engines, and the exports still choose the rich one.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { chartText, markdownText } from "../../src/lessons/show";
import { foldedAnswer } from "../../src/lessons/wrapProse";
import { LESSONS } from "../../src/lessons/catalog";
import { executeNotebook } from "../../src/notebook/executeNotebook";
import { exportLesson } from "../../src/notebook/exporter";
import { readNotebook, type Output } from "../../src/notebook/notebookFile";
import { ROOT } from "../helpers";
import { jupyterRequirement } from "../requirements";

const fixtures = path.join(ROOT, "test", "notebook", "fixtures");
const jupyter = jupyterRequirement();

const displays = (outputs: readonly Output[]) => outputs.filter((o) => o.output_type === "display_data");

for (const engine of ["tslab", "jupyter"] as const) {
  test(
    `show.markdown and show.chart send a rich form and a plain-text form on the ${engine} engine`,
    { skip: engine === "jupyter" && jupyter.skip },
    async () => {
      if (engine === "jupyter") jupyter.check();
      const run = await executeNotebook(readNotebook(path.join(fixtures, "show.ipynb")), { engine, cwd: fixtures });
      assert.equal(run.failure, undefined);
      const [prose, chart] = run.notebook.cells
        .slice(1)
        .map((cell) => (cell.cell_type === "code" ? displays(cell.outputs) : []));
      assert.equal(prose.length, 1);
      assert.equal(chart.length, 1);
      const markdown = "**3** tools reach `olcum`.";
      assert.deepEqual(prose[0].output_type === "display_data" && prose[0].data, {
        "text/markdown": markdown,
        "text/plain": markdown,
      });
      const forms = chart[0].output_type === "display_data" ? chart[0].data : {};
      assert.deepEqual(Object.keys(forms).sort(), ["image/svg+xml", "text/plain"]);
      assert.equal(forms["text/plain"], "Calls per server\nserver  calls\nolcum      18\ntarife      6");
      const exported = exportLesson(run.notebook, { notebookPath: "test/notebook/fixtures/show.ipynb" });
      assert.match(exported.markdown, /\n\*\*3\*\* tools reach `olcum`\.\n/, "the export keeps the markdown form");
      assert.match(exported.markdown, /!\[Calls per server\]\(show\.files\/chart\.svg\)/, "and the SVG form");
      assert.doesNotMatch(exported.markdown, /server {2}calls/, "not the plain-text one");
    },
  );
}

test("a chart's plain-text form is its name and its data, or its name alone", () => {
  assert.equal(
    chartText({
      description: "Bars",
      data: {
        values: [
          { a: "x", b: 1.5, c: null },
          { a: "y", d: [1] },
        ],
      },
    }),
    "Bars\na    b  c  d\nx  1.5\ny          [1]",
  );
  assert.equal(chartText({ title: "Layered", layer: [] }), "Layered");
  assert.equal(chartText({ mark: "bar" }), "chart");
});

test("markdown's plain-text form unfolds folded answers: no <details> or <summary> tags, the summary a line", () => {
  const answers = [foldedAnswer("1. who receives A001", "Only `olcum`."), foldedAnswer("2. why", "One.\n\nTwo.")];
  assert.equal(
    markdownText(`Answers:\n\n${answers.join("\n\n")}`),
    "Answers:\n\n1. who receives A001\n\nOnly `olcum`.\n\n2. why\n\nOne.\n\nTwo.",
  );
  const plain = "**3** tools reach `olcum`.\n\n\n```\n<b>kept</b>\n```\n";
  assert.equal(markdownText(plain), plain, "markdown without folded answers is its own plain form");
});

test("no lesson notebook displays through tslab directly: every computed display goes through show", () => {
  for (const { name } of LESSONS) {
    const text = readFileSync(path.join(ROOT, "notebooks", `${name}.ipynb`), "utf8");
    assert.doesNotMatch(text, /tslab\.display|from \\"tslab\\"/, `${name} uses show.markdown and show.chart`);
  }
});
