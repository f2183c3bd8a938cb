// HTML export of an executed notebook: one self-contained page per lesson, from the same blocks as
// the Markdown export (lessonBlocks in exporter.ts).
import { Marked, type Token, type Tokens } from "marked";
import { lessonBlocks, type ExportOptions, type LessonBlock } from "./exporter";
import type { Notebook } from "./notebookFile";

/**
 * The page's only stylesheet, built in: readable text width, code and output in monospace blocks
 * that scroll sideways rather than wrap (tables must keep their columns), charts no wider than the page.
 */
export const HTML_STYLESHEET = `
:root { color-scheme: light; }
body { margin: 0; background: #fff; color: #1f2328; font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 84rem; margin: 0 auto; padding: 2rem 1.5rem 4rem; }
h1, h2, h3, h4 { line-height: 1.25; margin: 2rem 0 1rem; }
h1 { font-size: 2rem; border-bottom: 1px solid #d1d9e0; padding-bottom: .3rem; }
h2 { font-size: 1.5rem; border-bottom: 1px solid #d1d9e0; padding-bottom: .3rem; }
a { color: #0969da; }
code, pre { font-family: ui-monospace, SFMono-Regular, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: .875rem; }
:not(pre) > code { background: #eff1f3; border-radius: 4px; padding: .1em .35em; }
pre { margin: 0 0 1rem; padding: .75rem 1rem; overflow-x: auto; line-height: 1.45; border-radius: 6px; }
pre.code { background: #f6f8fa; border: 1px solid #d1d9e0; }
pre.output { background: #fff; border: 1px solid #d1d9e0; border-left: 4px solid #8c959f; }
table { border-collapse: collapse; margin: 0 0 1rem; }
th, td { border: 1px solid #d1d9e0; padding: .3rem .75rem; }
blockquote { margin: 0 0 1rem; padding: 0 1rem; color: #59636e; border-left: 4px solid #d1d9e0; }
figure.chart { margin: 0 0 1.5rem; overflow-x: auto; }
figure.chart svg { max-width: 100%; height: auto; }
`.trimStart();

/** One markdown renderer for every page: GitHub-flavoured, synchronous, no extensions. */
const markdown = new Marked({ gfm: true, async: false });

/**
 * Renders an executed notebook as one self-contained HTML page: the lesson text (markdown cells
 * and computed prose rendered with marked), each code cell in `<pre class="code">`, printed output
 * in `<pre class="output">`, each chart's SVG inline in `<figure class="chart">`, and the built-in
 * stylesheet. Nothing is loaded from elsewhere: no scripts, no external stylesheets, fonts or
 * images, so the page reads offline. Deterministic: the same notebook gives the same bytes.
 *
 * The page starts with the Markdown export's note (`<!-- Generated from … Do not edit. -->`) after
 * the doctype; its title is the text of the first level-1 heading, else the notebook's name. Ids
 * inside each chart are prefixed with `chart-<file name>-` (two charts may both define `clip1`).
 * @throws Error as lessonBlocks does.
 */
export function exportHtml(executed: Notebook, options: ExportOptions): string {
  const doc = lessonBlocks(executed, options);
  const body = doc.blocks.map(blockHtml).join("\n");
  const title = pageTitle(doc.blocks) ?? escapeHtml(options.notebookPath.split("/").pop()!.replace(/\.ipynb$/, ""));
  return [
    "<!DOCTYPE html>",
    `<!-- ${doc.note.replace(/--/g, "- -")} -->`,
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    `<style>\n${HTML_STYLESHEET}</style>`,
    "</head>",
    "<body>",
    "<main>",
    body,
    "</main>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

function blockHtml(block: LessonBlock): string {
  switch (block.kind) {
    case "markdown":
      return (markdown.parse(block.text) as string).replace(/\n+$/, "");
    case "code":
      return `<pre class="code"><code class="language-ts">${escapeHtml(withoutTrailingNewlines(block.text))}</code></pre>`;
    case "text":
      return `<pre class="output">${escapeHtml(withoutTrailingNewlines(block.text))}</pre>`;
    case "svg":
      return `<figure class="chart">\n${inlineSvg(block.svg, `chart-${block.file.replace(/\.svg$/, "")}-`)}\n</figure>`;
  }
}

/** The text of the first level-1 heading of the lesson text, HTML-escaped, without its markup. */
function pageTitle(blocks: readonly LessonBlock[]): string | undefined {
  for (const block of blocks) {
    if (block.kind !== "markdown") continue;
    const heading = markdown.lexer(block.text).find((token: Token): token is Tokens.Heading => token.type === "heading" && token.depth === 1);
    if (heading) return (markdown.parseInline(heading.text) as string).replace(/<[^>]*>/g, "").trim();
  }
  return undefined;
}

/**
 * An SVG document as markup to embed in HTML: without an XML declaration or doctype, and with
 * every id (and each `url(#…)` or `href="#…"` that points at one) prefixed, so ids stay unique
 * on a page that holds several charts.
 */
export function inlineSvg(svg: string, idPrefix: string): string {
  const markup = svg.replace(/^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!DOCTYPE[^>]*>\s*)?/i, "").replace(/\s+$/, "");
  const ids = new Set([...markup.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
  if (ids.size === 0) return markup;
  return markup
    .replace(/(\sid=")([^"]+)"/g, (all, start: string, id: string) => (ids.has(id) ? `${start}${idPrefix}${id}"` : all))
    .replace(/url\((['"]?)#([^)'"]+)\1\)/g, (all, quote: string, id: string) => (ids.has(id) ? `url(${quote}#${idPrefix}${id}${quote})` : all))
    .replace(/(href=")#([^"]+)"/g, (all, start: string, id: string) => (ids.has(id) ? `${start}#${idPrefix}${id}"` : all));
}

/** Text as HTML character data: `&`, `<`, `>` and `"` escaped. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A `<pre>` block's text without trailing newlines (they would show as empty lines; the Markdown export drops them too). */
function withoutTrailingNewlines(text: string): string {
  return text.replace(/\n+$/, "");
}
