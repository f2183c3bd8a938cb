// Export of an executed notebook: one walk over its cells into blocks, rendered as Markdown (with
// chart files beside it) or as one self-contained HTML page (src/notebook/htmlExporter.ts).
import { LINE_WIDTH } from "./lineWidth";
import type { Cell, Notebook, Output } from "./notebookFile";
import { hasTag } from "./parameters";

/**
 * Tag of a code cell whose source the exports fold behind a summary line (its outputs stay in
 * view): the name Jupyter Book gives the same choice. Lessons put it on the cell that imports the
 * library and runs the lesson's simulation, which a reader can open but need not read.
 */
export const HIDE_INPUT_TAG = "hide-input";

/**
 * Tag of a code cell whose source the exports leave out, keeping only its outputs: Jupyter Book's
 * name for the same choice. Lessons put it on every cell whose code only shows what the library
 * computed (`console.log(formatLevels(lesson));`, `show.markdown(summarizeX(run));`), where the
 * call says nothing its output does not; the notebook itself still shows the source.
 */
export const REMOVE_INPUT_TAG = "remove-input";

/** The summary line of a folded code cell (see {@link HIDE_INPUT_TAG}). */
export const FOLDED_CODE_SUMMARY = "The lesson's setup code";

/** Options of exportMarkdown, exportLesson, lessonBlocks and exportHtml. */
export interface ExportOptions {
  /** Repo-relative path of the source notebook with `/` separators, e.g. `notebooks/06-writing-a-server.ipynb`. */
  notebookPath: string;
  /** The seed the notebook ran with, named in the header comment. */
  seed?: number | string;
  /**
   * Folder for chart files, relative to the markdown file, one path segment (no `/`):
   * default `<notebook name>.files`, e.g. `06-writing-a-server.files` beside `06-writing-a-server.md`.
   */
  filesFolder?: string;
}

/**
 * One piece of an exported lesson, in reading order.
 * - `markdown`: a markdown cell's source, or a `text/markdown` output (computed prose);
 * - `code`: a code cell's TypeScript source; `folded` when the cell is tagged {@link HIDE_INPUT_TAG};
 *   absent when it is tagged {@link REMOVE_INPUT_TAG};
 * - `text`: printed output (a stdout/stderr stream or a `text/plain` output), byte for byte;
 * - `svg`: an `image/svg+xml` output (a chart), with the name of its file in the files folder.
 */
export type LessonBlock =
  | { kind: "markdown"; text: string }
  | { kind: "code"; text: string; folded?: true }
  | { kind: "text"; text: string }
  | { kind: "svg"; file: string; svg: string };

/** An executed notebook as blocks: what both the Markdown and the HTML renderers read. */
export interface LessonDocument {
  /** The header line's text: `Generated from <notebookPath>[ with seed <seed>]. Do not edit.` */
  note: string;
  /** The chart files' folder, relative to the markdown file (see ExportOptions.filesFolder). */
  filesFolder: string;
  blocks: LessonBlock[];
}

/** A file that goes beside the markdown export. */
export interface ExportedFile {
  /** Path relative to the markdown file's folder, `/`-separated: `<filesFolder>/<name>.svg`. */
  path: string;
  /** The file's content, exactly as the notebook displayed it. */
  text: string;
}

/** The Markdown export of a notebook: the markdown text and the chart files it links to. */
export interface MarkdownExport {
  markdown: string;
  /** The chart files folder, relative to the markdown file (every `files[].path` is inside it). */
  filesFolder: string;
  /** One SVG file per `image/svg+xml` output, in reading order; empty when the notebook shows no chart. */
  files: ExportedFile[];
}

/** A cell id usable in a file name: nbformat 4.5's own pattern for ids. */
const FILE_SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Walks an executed notebook into blocks. Deterministic: the same notebook gives the same blocks.
 * - markdown cells verbatim; code cells as `code` (folded when tagged {@link HIDE_INPUT_TAG}, left
 *   out, outputs kept, when tagged {@link REMOVE_INPUT_TAG}); blank code cells, raw cells and blocks with
 *   nothing but newlines are omitted;
 * - stdout/stderr streams and text/plain outputs as `text`, byte for byte as printed;
 * - a display output's MIME types are taken in nbconvert's order of preference: `text/markdown`
 *   (how a lesson writes computed prose), then `image/svg+xml` (a chart), then `text/plain`;
 * - a chart's file is named after its cell, never after a run-order counter: the first chart of
 *   cell `levels-chart` is `levels-chart.svg`, its second `levels-chart-2.svg`.
 * @throws Error if `notebookPath` is absolute or uses `\`, `filesFolder` is not one path segment,
 *   a code cell holds an error output or an output with none of those MIME types (e.g. HTML-only:
 *   tables must be text), or a cell with a chart has an id that cannot name a file.
 */
export function lessonBlocks(executed: Notebook, options: ExportOptions): LessonDocument {
  const { notebookPath, seed } = options;
  if (/^([A-Za-z]:)?[\\/]/.test(notebookPath) || notebookPath.includes("\\")) {
    throw new Error(
      `exportMarkdown: notebookPath must be repo-relative with "/" separators, got ${notebookPath}`,
    );
  }
  const filesFolder =
    options.filesFolder ??
    `${notebookPath
      .split("/")
      .pop()!
      .replace(/\.ipynb$/, "")}.files`;
  if (
    filesFolder === "" ||
    filesFolder === "." ||
    filesFolder === ".." ||
    /[\\/]/.test(filesFolder)
  ) {
    throw new Error(
      `exportMarkdown: filesFolder must be one folder name, got ${JSON.stringify(filesFolder)}`,
    );
  }
  const note = `Generated from ${notebookPath}${seed === undefined ? "" : ` with seed ${seed}`}. Do not edit.`;
  // A block with nothing but newlines (an empty markdown cell, a stream of "\n") shows nothing anywhere.
  const blocks = executed.cells
    .flatMap((cell, index) => cellBlocks(cell, index))
    .filter((b) => b.kind === "svg" || !/^\n*$/.test(b.text));
  return { note, filesFolder, blocks };
}

/**
 * Renders an executed notebook as Markdown with the chart files it links to. Deterministic: the
 * same notebook gives the same bytes, for the text and for every file.
 * - line 1: `<!-- Generated from <notebookPath>[ with seed <seed>]. Do not edit. -->` (no
 *   timestamps, absolute paths, durations, execution counts or ids);
 * - blocks as lessonBlocks walks them: markdown verbatim, code in ```ts fences (a folded one inside
 *   `<details>` under the summary {@link FOLDED_CODE_SUMMARY}, three lines more than the fence:
 *   the blank line after the summary lets the fence render as code), printed output in
 *   ```text fences, and each chart as `![<alt>](<filesFolder>/<file>)` (relative, URL-encoded),
 *   its SVG in `files`, byte for byte as displayed; the alt text is the text of the SVG's
 *   `<title>` when its root element opens with one (as `renderSvg` writes it), else `chart`, and
 *   a long one is broken at spaces into lines of at most {@link LINE_WIDTH} characters;
 * - blocks are separated by one blank line; trailing newlines of each block are dropped
 *   (nothing else is trimmed); the text ends with exactly one newline;
 * - a fence is longer than any backtick run inside it.
 * @throws Error as lessonBlocks does.
 */
export function exportLesson(executed: Notebook, options: ExportOptions): MarkdownExport {
  const doc = lessonBlocks(executed, options);
  const files: ExportedFile[] = [];
  const parts = [`<!-- ${doc.note} -->`];
  for (const block of doc.blocks) {
    switch (block.kind) {
      case "markdown":
        parts.push(block.text);
        break;
      case "code":
        parts.push(
          block.folded
            ? `<details><summary>${FOLDED_CODE_SUMMARY}</summary>\n\n${fence("ts", dropTrailingNewlines(block.text))}\n</details>`
            : fence("ts", block.text),
        );
        break;
      case "text":
        parts.push(fence("text", block.text));
        break;
      case "svg":
        files.push({ path: `${doc.filesFolder}/${block.file}`, text: block.svg });
        parts.push(
          imageMarkdown(
            markdownAlt(svgTitle(block.svg) ?? "chart"),
            `${urlSegment(doc.filesFolder)}/${urlSegment(block.file)}`,
          ),
        );
        break;
    }
  }
  const markdown =
    parts
      .map(dropTrailingNewlines)
      .filter((b) => b !== "")
      .join("\n\n") + "\n";
  return { markdown, filesFolder: doc.filesFolder, files };
}

/**
 * The Markdown text of exportLesson alone (charts are linked, their files not returned).
 * @throws Error as lessonBlocks does.
 */
export function exportMarkdown(executed: Notebook, options: ExportOptions): string {
  return exportLesson(executed, options).markdown;
}

/**
 * The text of an SVG document's own `<title>`: the first child of its root `<svg>` element, with
 * XML character references decoded and whitespace runs made one space.
 *
 * @returns the text, or undefined when the root element does not open with a non-empty `<title>`.
 */
export function svgTitle(svg: string): string | undefined {
  const match = /<svg\b[^>]*>\s*<title>([^<]*)<\/title>/.exec(svg);
  if (match === null) return undefined;
  const text = match[1]
    .replace(/&#x([0-9a-fA-F]+);/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#([0-9]+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  return text === "" ? undefined : text;
}

/**
 * A markdown image, `![alt](link)`, broken at the alt text's spaces into lines of at most `width`
 * characters where its words allow (markdown reads a line break in alt text as a space). A line
 * never starts with a word that could open a block, which would end the image: a list marker or
 * heading marker standing alone (`-`, `+`, `*`, `#`, `1.`, `1)`), or a word opening with `>`,
 * `=`, `|` or a code fence.
 */
function imageMarkdown(alt: string, link: string, width: number = LINE_WIDTH): string {
  const words = `![${alt}](${link})`.split(" ");
  const opensBlock = (word: string) =>
    /^([-+*]|#{1,6}|\d{1,9}[.)])$/.test(word) || /^([>=|]|```|~~~)/.test(word);
  const lines = [words[0]];
  for (const word of words.slice(1)) {
    const last = lines.length - 1;
    if (lines[last].length + 1 + word.length > width && !opensBlock(word)) lines.push(word);
    else lines[last] += ` ${word}`;
  }
  return lines.join("\n");
}

/** Text safe inside a markdown image's `[...]`: backslashes, brackets escaped. */
function markdownAlt(text: string): string {
  return text.replace(/[\\[\]]/g, (c) => `\\${c}`);
}

function cellBlocks(cell: Cell, index: number): LessonBlock[] {
  if (cell.cell_type === "markdown") return [{ kind: "markdown", text: cell.source }];
  if (cell.cell_type !== "code" || cell.source.trim() === "") return [];
  const where = `cell ${index} (id ${cell.id})`;
  let charts = 0;
  const outputs = cell.outputs.map((o): LessonBlock => {
    const block = outputBlock(o, where);
    if (block.kind !== "svg") return block;
    if (!FILE_SAFE_ID.test(cell.id)) {
      throw new Error(
        `exportMarkdown: ${where} shows a chart, but its id cannot name a file (ids of 1 to 64 letters, digits, "-" or "_")`,
      );
    }
    charts += 1;
    return { ...block, file: `${cell.id}${charts === 1 ? "" : `-${charts}`}.svg` };
  });
  if (hasTag(cell, REMOVE_INPUT_TAG)) return outputs;
  const code: LessonBlock = hasTag(cell, HIDE_INPUT_TAG)
    ? { kind: "code", text: cell.source, folded: true }
    : { kind: "code", text: cell.source };
  return [code, ...outputs];
}

function outputBlock(o: Output, where: string): LessonBlock {
  if (o.output_type === "stream") return { kind: "text", text: o.text };
  if (o.output_type === "error")
    throw new Error(
      `exportMarkdown: ${where} has an error output (${o.ename}: ${o.evalue}); export only notebooks that ran cleanly`,
    );
  const { "text/markdown": markdown, "image/svg+xml": svg, "text/plain": plain } = o.data;
  if (typeof markdown === "string") return { kind: "markdown", text: markdown };
  if (typeof svg === "string") return { kind: "svg", file: "", svg };
  if (typeof plain === "string") return { kind: "text", text: plain };
  throw new Error(
    `exportMarkdown: ${where} has a ${o.output_type} output without text/markdown, image/svg+xml or text/plain (has ${Object.keys(o.data).join(", ") || "nothing"}); render tables as text, not HTML`,
  );
}

/** One path segment of a link, percent-encoded, with the parentheses that would end a Markdown link. */
function urlSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/\(/g, "%28").replace(/\)/g, "%29");
}

/** A fenced block holding `text` exactly; the fence outgrows any backtick run in it. */
function fence(info: string, text: string): string {
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = "`".repeat(Math.max(3, longestRun + 1));
  return `${ticks}${info}\n${text}${text.endsWith("\n") ? "" : "\n"}${ticks}`;
}

/**
 * A block's text as the exports show it: without its trailing newlines (they would show as empty
 * lines), nothing else trimmed. A cell's source so cut is what an export holds of it word for word.
 */
export function dropTrailingNewlines(block: string): string {
  return block.replace(/\n+$/, "");
}
