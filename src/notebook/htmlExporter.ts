// HTML export of an executed notebook: one self-contained page per lesson, from the same blocks as
// the Markdown export (lessonBlocks in exporter.ts).
import type { HLJSApi, LanguageFn } from "highlight.js";
import { Marked, type Token, type Tokens } from "marked";
import {
  dropTrailingNewlines,
  FOLDED_CODE_SUMMARY,
  lessonBlocks,
  type ExportOptions,
  type LessonBlock,
} from "./exporter";
import { LISTING_CAPTION } from "./listingCaption";
import type { Notebook } from "./notebookFile";

/**
 * The page's only stylesheet, built in. It sets the page as a book page: prose in a column of at
 * most 70 characters (`70ch`), on a page wide enough for a code or output block of 100 columns
 * (the widest line a lesson prints; wider lines scroll inside their block rather than wrap, so
 * tables keep their columns), also inside a list item, whose text keeps the column while its code
 * may reach the page's edge; code cells in grey boxes, listings of the library's source in boxes
 * with a blue rule on the left and their caption set small just above, printed output in white
 * boxes with a grey rule on the left; markdown tables left-aligned;
 * charts no wider than the page. The `hljs-*` rules colour what the highlighter marks (the
 * palette of GitHub's light theme, dark enough on grey for WCAG AA contrast).
 */
export const HTML_STYLESHEET = `
:root { color-scheme: light; }
body { margin: 0; background: #fff; color: #1f2328; font: 17px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 58rem; margin: 0 auto; padding: 2.5rem 2rem 4rem; }
p, ul, ol, dl, blockquote, h1, h2, h3, h4 { max-width: 70ch; }
p, ul, ol, dl { margin: 0 0 1rem; }
li + li { margin-top: .25rem; }
h1, h2, h3, h4 { line-height: 1.25; margin: 2.5rem 0 1rem; }
h1 { font-size: 2rem; margin-top: 0; }
h2 { font-size: 1.45rem; border-bottom: 1px solid #d1d9e0; padding-bottom: .3rem; }
h3 { font-size: 1.15rem; }
a { color: #0969da; }
code, pre { font-family: ui-monospace, SFMono-Regular, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: .8125rem; }
:not(pre) > code { background: #eff1f3; border-radius: 4px; padding: .1em .35em; }
pre { margin: 0 0 1.25rem; padding: .75rem 1rem; overflow-x: auto; line-height: 1.45; border-radius: 6px; max-width: 100%; box-sizing: border-box; }
pre.code { background: #f6f8fa; border: 1px solid #d1d9e0; }
pre.listing { background: #f8fafd; border-left: 4px solid #54aeff; }
pre.output { background: #fff; border: 1px solid #d1d9e0; border-left: 4px solid #8c959f; width: fit-content; min-width: min(100%, 70ch); }
details.setup { margin: 0 0 1.25rem; }
details.setup > summary { cursor: pointer; font-size: .875rem; color: #59636e; margin-bottom: .35rem; }
p.caption { margin-bottom: .35rem; font-size: .875rem; color: #59636e; }
li pre { width: max-content; max-width: min(calc(54rem - 40px), calc(100vw - 4rem - 40px)); }
table { border-collapse: collapse; margin: 0 0 1.25rem; display: block; max-width: 100%; overflow-x: auto; }
th, td { border: 1px solid #d1d9e0; padding: .35rem .75rem; text-align: left; vertical-align: top; }
th { background: #f6f8fa; }
blockquote { margin: 0 0 1rem; padding: 0 1rem; color: #59636e; border-left: 4px solid #d1d9e0; }
figure.chart { margin: 0 0 1.5rem; overflow-x: auto; }
figure.chart svg { max-width: 100%; height: auto; }
.hljs-keyword, .hljs-doctag, .hljs-template-tag, .hljs-type, .hljs-variable.language_ { color: #cf222e; }
.hljs-title, .hljs-title.class_, .hljs-title.function_ { color: #8250df; }
.hljs-attr, .hljs-literal, .hljs-meta, .hljs-number, .hljs-operator, .hljs-variable { color: #0550ae; }
.hljs-string, .hljs-regexp, .hljs-meta .hljs-string { color: #0a3069; }
.hljs-built_in, .hljs-symbol { color: #953800; }
.hljs-comment, .hljs-code { color: #59636e; }
.hljs-comment .hljs-doctag { color: #59636e; font-weight: 600; }
.hljs-subst { color: #1f2328; }
`.trimStart();

/** Highlights `text` as `language` (a name or alias the page's highlighter knows, or any other string): HTML. */
type Highlight = (text: string, language: string) => string;

/**
 * A highlighter for one page: highlight.js (pinned in package.json), with the languages a lesson
 * shows — TypeScript (code cells and listings), JSON (printed JSON, ```json fences) and the shell
 * (```sh fences) — registered on an instance of its own. It is loaded when a page is made, not
 * when this module is (a notebook that imports the library never needs it).
 *
 * @returns a function giving highlight.js's markup (`<span class="hljs-…">`, text escaped) for a
 *   language it knows, else the text escaped.
 */
function pageHighlighter(): Highlight {
  const instance = (require("highlight.js/lib/core") as HLJSApi).newInstance();
  instance.registerLanguage(
    "typescript",
    require("highlight.js/lib/languages/typescript") as LanguageFn,
  );
  instance.registerLanguage("json", require("highlight.js/lib/languages/json") as LanguageFn);
  instance.registerLanguage("bash", require("highlight.js/lib/languages/bash") as LanguageFn);
  instance.registerAliases(["ts"], { languageName: "typescript" });
  instance.registerAliases(["sh", "shell", "console"], { languageName: "bash" });
  return (text, language) =>
    language === "" || !instance.getLanguage(language)
      ? escapeHtml(text)
      : instance.highlight(text, { language, ignoreIllegals: true }).value;
}

/** True when printed output is JSON: one JSON value, or one on every non-blank line (JSON Lines). */
function isJson(text: string): boolean {
  const parses = (part: string) => {
    try {
      JSON.parse(part);
      return true;
    } catch {
      return false;
    }
  };
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return false;
  return (
    parses(trimmed) ||
    trimmed
      .split("\n")
      .every((line) => line.trim() === "" || (/^[[{]/.test(line.trim()) && parses(line)))
  );
}

/**
 * The markdown renderer of one page: GitHub-flavoured, synchronous; a fenced block in the lesson
 * text (a listing of showSource among them) is highlighted like a code cell.
 */
function pageMarkdown(highlight: Highlight): Marked {
  return new Marked({
    gfm: true,
    async: false,
    renderer: {
      paragraph(token: Tokens.Paragraph): string {
        const inline = this.parser.parseInline(token.tokens);
        return LISTING_CAPTION.test(token.text)
          ? `<p class="caption">${inline}</p>\n`
          : `<p>${inline}</p>\n`;
      },
      code(token: Listable): string {
        const language = (token.lang ?? "").split(/\s+/)[0];
        const kind = token.listing === true ? "code listing" : "code";
        const attribute = language ? ` language-${escapeHtml(language)}` : "";
        return `<pre class="${kind}"><code class="hljs${attribute}">${highlight(dropTrailingNewlines(token.text), language)}</code></pre>\n`;
      },
    },
  });
}

/** A fenced block, marked when it is a listing of the library's source (its caption just before it). */
type Listable = Tokens.Code & { listing?: boolean };

/**
 * Marks each fenced block that follows a listing caption ({@link LISTING_CAPTION}) as a listing,
 * among a document's tokens and, within them, a list item's or a quote's: only those are boxed as
 * listings, so a fence an exercise shows, and the sentence before it, keep the plain code style.
 *
 * @returns the same tokens, marked.
 */
function markListings(tokens: Token[]): Token[] {
  const shown = tokens.filter((t) => t.type !== "space");
  shown.forEach((t, i) => {
    const before = shown[i - 1];
    if (t.type === "code" && before?.type === "paragraph" && LISTING_CAPTION.test(before.text))
      (t as Listable).listing = true;
    if (t.type === "list") for (const item of (t as Tokens.List).items) markListings(item.tokens);
    if (t.type === "blockquote") markListings((t as Tokens.Blockquote).tokens);
  });
  return tokens;
}

/**
 * Renders an executed notebook as one self-contained HTML page: the lesson text (markdown cells
 * and computed prose rendered with marked), each code cell in `<pre class="code">`, printed output
 * in `<pre class="output">`, each chart's SVG inline in `<figure class="chart">`, and the built-in
 * stylesheet. Code is highlighted here, at export time, by highlight.js: code cells and fenced
 * TypeScript in the text (showSource's listings, `<pre class="code listing">`) as TypeScript,
 * printed output that is JSON (one value, or one per line) as JSON, other fences by their info
 * string when highlight.js knows it; other output stays plain text. Nothing is loaded from
 * elsewhere: no scripts, no external stylesheets, fonts or images, so the page reads offline.
 * Deterministic: the same notebook gives the same bytes.
 *
 * The page starts with the Markdown export's note (`<!-- Generated from … Do not edit. -->`) after
 * the doctype; its title is the text of the first level-1 heading, else the notebook's name. Ids
 * inside each chart are prefixed with `chart-<file name>-` (two charts may both define `clip1`).
 * @throws Error as lessonBlocks does.
 */
export function exportHtml(executed: Notebook, options: ExportOptions): string {
  const doc = lessonBlocks(executed, options);
  const highlight = pageHighlighter();
  const markdown = pageMarkdown(highlight);
  const body = doc.blocks.map((block) => blockHtml(block, markdown, highlight)).join("\n");
  const title =
    pageTitle(doc.blocks, markdown) ??
    escapeHtml(
      options.notebookPath
        .split("/")
        .pop()!
        .replace(/\.ipynb$/, ""),
    );
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

function blockHtml(block: LessonBlock, markdown: Marked, highlight: Highlight): string {
  switch (block.kind) {
    case "markdown":
      return dropTrailingNewlines(markdown.parser(markListings(markdown.lexer(block.text))));
    case "code": {
      const pre = `<pre class="code"><code class="hljs language-ts">${highlight(dropTrailingNewlines(block.text), "typescript")}</code></pre>`;
      return block.folded
        ? `<details class="setup">\n<summary>${FOLDED_CODE_SUMMARY}</summary>\n${pre}\n</details>`
        : pre;
    }
    case "text": {
      const text = dropTrailingNewlines(block.text);
      return isJson(text)
        ? `<pre class="output"><code class="hljs language-json">${highlight(text, "json")}</code></pre>`
        : `<pre class="output">${escapeHtml(text)}</pre>`;
    }
    case "svg":
      return `<figure class="chart">\n${inlineSvg(block.svg, `chart-${block.file.replace(/\.svg$/, "")}-`)}\n</figure>`;
  }
}

/** The text of the first level-1 heading of the lesson text, HTML-escaped, without its markup. */
function pageTitle(blocks: readonly LessonBlock[], markdown: Marked): string | undefined {
  for (const block of blocks) {
    if (block.kind !== "markdown") continue;
    const heading = markdown
      .lexer(block.text)
      .find(
        (token: Token): token is Tokens.Heading => token.type === "heading" && token.depth === 1,
      );
    if (heading)
      return (markdown.parseInline(heading.text) as string).replace(/<[^>]*>/g, "").trim();
  }
  return undefined;
}

/**
 * An SVG document as markup to embed in HTML: without an XML declaration or doctype, and with
 * every id (and each `url(#…)` or `href="#…"` that points at one) prefixed, so ids stay unique
 * on a page that holds several charts.
 */
export function inlineSvg(svg: string, idPrefix: string): string {
  const markup = svg
    .replace(/^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!DOCTYPE[^>]*>\s*)?/i, "")
    .replace(/\s+$/, "");
  const ids = new Set([...markup.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
  if (ids.size === 0) return markup;
  return markup
    .replace(/(\sid=")([^"]+)"/g, (all, start: string, id: string) =>
      ids.has(id) ? `${start}${idPrefix}${id}"` : all,
    )
    .replace(/url\((['"]?)#([^)'"]+)\1\)/g, (all, quote: string, id: string) =>
      ids.has(id) ? `url(${quote}#${idPrefix}${id}${quote})` : all,
    )
    .replace(/(href=")#([^"]+)"/g, (all, start: string, id: string) =>
      ids.has(id) ? `${start}#${idPrefix}${id}"` : all,
    );
}

/** Text as HTML character data: `&`, `<`, `>` and `"` escaped. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}
