// The HTML export reads like a book page: prose in a readable measure, code highlighted at export time (TypeScript, JSON), listings boxed under their caption, and still no script.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { exportHtml, HTML_STYLESHEET } from "../../src/notebook/htmlExporter";
import { parseNotebook, type Notebook } from "../../src/notebook/notebookFile";
import { formatListing } from "../../src/lessons/showSource";
import { ROOT } from "../helpers";

/** A notebook of one markdown cell and one code cell with these outputs. */
function notebook(code: string, outputs: object[], markdown = "# Page\n\nSome prose."): Notebook {
  return parseNotebook(
    JSON.stringify({
      nbformat: 4,
      nbformat_minor: 5,
      metadata: {},
      cells: [
        { cell_type: "markdown", id: "intro", metadata: {}, source: markdown },
        { cell_type: "code", id: "run", metadata: {}, execution_count: 1, outputs, source: code },
      ],
    }),
  );
}

const stream = (text: string) => ({ output_type: "stream", name: "stdout", text });
const markdownOutput = (text: string) => ({
  output_type: "display_data",
  data: { "text/markdown": text },
  metadata: {},
});

test("a code cell is highlighted as TypeScript when the page is made", () => {
  const html = exportHtml(notebook("const answer: number = 42; // the answer\nconsole.log(`${answer} < 43`);", []), {
    notebookPath: "n.ipynb",
  });
  assert.match(html, /<pre class="code"><code class="hljs language-ts"><span class="hljs-keyword">const<\/span> /);
  assert.match(html, /<span class="hljs-number">42<\/span>/);
  assert.match(html, /<span class="hljs-comment">\/\/ the answer<\/span>/);
  assert.ok(html.includes("&lt; 43"), "the code's text stays escaped");
});

test("a listing from showSource is boxed as a listing, highlighted, with its caption before it", () => {
  const listing = formatListing({
    name: "LEVELS",
    file: "src/sim/declaration.ts",
    text: '/** The levels. */\nexport const LEVELS = ["name", "full"] as const;',
  });
  const html = exportHtml(notebook("tslab.display.markdown(listing);", [markdownOutput(listing)]), {
    notebookPath: "n.ipynb",
  });
  assert.match(
    html,
    /<p class="caption"><code>LEVELS<\/code>, from <code>src\/sim\/declaration\.ts<\/code>:<\/p>\n<pre class="code listing"><code class="hljs language-ts"><span class="hljs-comment">\/\*\* The levels. \*\/<\/span>\n<span class="hljs-keyword">export<\/span>/,
  );
  assert.doesNotMatch(html, /`LEVELS`/, "no literal backticks");
});

test("TypeScript an exercise shows is code, not a listing, and the sentence before it is no caption", () => {
  const exercise =
    "## Exercises\n\n1. Run this:\n\n   ```ts\n   openSession();\n   ```\n\nThen this:\n\n```ts\nrun();\n```";
  const html = exportHtml(notebook("1;", [], exercise), { notebookPath: "n.ipynb" });
  assert.doesNotMatch(html, /class="caption"|code listing/);
  assert.equal(html.match(/<pre class="code"><code class="hljs language-ts">/g)?.length, 3, "both fences and the cell");
  assert.match(html, /<li>[\s\S]*<p>Run this:<\/p>\n<pre class="code">/);
});

test("printed JSON is highlighted as JSON; other printed output stays plain text", () => {
  const json = exportHtml(notebook("print();", [stream('{\n  "name": "count_devices",\n  "limit": 10\n}\n')]), {
    notebookPath: "n.ipynb",
  });
  assert.match(
    json,
    /<pre class="output"><code class="hljs language-json"><span class="hljs-punctuation">\{<\/span>\n {2}<span class="hljs-attr">&quot;name&quot;<\/span>/,
  );
  assert.match(json, /<span class="hljs-string">&quot;count_devices&quot;<\/span>/);
  const lines = exportHtml(notebook("print();", [stream('{"jsonrpc":"2.0","id":1}\n{"jsonrpc":"2.0","id":2}\n')]), {
    notebookPath: "n.ipynb",
  });
  assert.match(lines, /<code class="hljs language-json">/, "JSON Lines too");
  const table = exportHtml(notebook("print();", [stream("level  calls\n{0}    12\n")]), { notebookPath: "n.ipynb" });
  assert.ok(
    table.includes('<pre class="output">level  calls\n{0}    12</pre>'),
    "a table is not JSON, whatever its first character",
  );
});

test("fenced code in the lesson text is highlighted by its info string; an unknown one is escaped", () => {
  const html = exportHtml(
    notebook("1;", [], '# Page\n\n```json\n{"a": 1}\n```\n\n```sh\nnpm run build\n```\n\n```text\na < b\n```'),
    { notebookPath: "n.ipynb" },
  );
  assert.match(
    html,
    /<pre class="code"><code class="hljs language-json"><span class="hljs-punctuation">\{<\/span><span class="hljs-attr">&quot;a&quot;<\/span>/,
  );
  assert.match(html, /<pre class="code"><code class="hljs language-sh">npm run build<\/code><\/pre>/);
  assert.match(html, /<pre class="code"><code class="hljs language-text">a &lt; b<\/code><\/pre>/);
});

test("the stylesheet sets prose to 70 characters on a page that holds 100 columns of code, tables left-aligned", () => {
  assert.match(HTML_STYLESHEET, /^p, ul, ol, dl, blockquote, h1, h2, h3, h4 \{ max-width: 70ch; \}$/m);
  assert.match(HTML_STYLESHEET, /^main \{ max-width: 58rem;/m);
  assert.match(HTML_STYLESHEET, /^th, td \{[^}]*text-align: left;/m);
  // 100 columns of a monospace font at .8125rem (13px; a DejaVu Sans Mono cell is 0.602 em wide),
  // with the block's padding and borders, fit in 58rem less main's padding.
  const block = 100 * 13 * 0.602 + 2 * 16 + 1 + 4;
  assert.ok(block <= 58 * 16 - 2 * 2 * 16, `a 100-column block is ${block.toFixed(0)} px wide`);
  const html = exportHtml(notebook("const a = 1;", [stream('{"a":1}\n')]), { notebookPath: "n.ipynb" });
  assert.doesNotMatch(html, /<script|<link|<img|<iframe|@import|src=|url\((?!#)/i, "still nothing to run or fetch");
});

test("the highlighter is loaded when a page is made, not when a notebook imports the library", () => {
  const script =
    'require("./dist/index.js"); process.stdout.write(String(Object.keys(require.cache).filter((f) => f.includes("highlight.js")).length));';
  const run = spawnSync(process.execPath, ["-e", script], { cwd: ROOT, encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, "0");
});
