// Markdown export of an executed notebook: the lesson text as committed to the repo.
import type { Cell, Notebook, Output } from "./notebookFile";

/** Options of exportMarkdown. */
export interface ExportOptions {
  /** Repo-relative path of the source notebook with `/` separators, e.g. `notebooks/06-writing-a-server.ipynb`. */
  notebookPath: string;
  /** The seed the notebook ran with, named in the header comment. */
  seed?: number | string;
}

/**
 * Renders an executed notebook as Markdown. Deterministic: the same notebook gives the same bytes.
 * - line 1: `<!-- Generated from <notebookPath>[ with seed <seed>]. Do not edit. -->` (no
 *   timestamps, absolute paths, durations, execution counts or ids);
 * - markdown cells verbatim; code cells in ```ts fences; blank cells and raw cells are omitted;
 * - stdout/stderr streams and text/plain outputs in ```text fences, byte for byte as printed;
 * - `text/markdown` display outputs verbatim (how a lesson writes computed prose), preferred over
 *   text/plain in the same output;
 * - blocks are separated by one blank line; trailing newlines of each block are dropped
 *   (nothing else is trimmed); the file ends with exactly one newline;
 * - a fence is longer than any backtick run inside it.
 * @throws Error if `notebookPath` is absolute or uses `\`, or a code cell holds an error output
 *   or an output with neither text/markdown nor text/plain (e.g. HTML-only: tables must be text).
 */
export function exportMarkdown(executed: Notebook, options: ExportOptions): string {
  const { notebookPath, seed } = options;
  if (/^([A-Za-z]:)?[\\/]/.test(notebookPath) || notebookPath.includes("\\")) {
    throw new Error(`exportMarkdown: notebookPath must be repo-relative with "/" separators, got ${notebookPath}`);
  }
  const seedText = seed === undefined ? "" : ` with seed ${seed}`;
  const blocks = [`<!-- Generated from ${notebookPath}${seedText}. Do not edit. -->`];
  executed.cells.forEach((cell, index) => blocks.push(...cellBlocks(cell, index)));
  return blocks.map(dropTrailingNewlines).filter((b) => b !== "").join("\n\n") + "\n";
}

function cellBlocks(cell: Cell, index: number): string[] {
  if (cell.cell_type === "markdown") return [cell.source];
  if (cell.cell_type !== "code" || cell.source.trim() === "") return [];
  return [fence("ts", cell.source), ...cell.outputs.map((o) => outputBlock(o, `cell ${index} (id ${cell.id})`))];
}

function outputBlock(o: Output, where: string): string {
  if (o.output_type === "stream") return fence("text", o.text);
  if (o.output_type === "error") throw new Error(`exportMarkdown: ${where} has an error output (${o.ename}: ${o.evalue}); export only notebooks that ran cleanly`);
  const { "text/markdown": markdown, "text/plain": plain } = o.data;
  if (typeof markdown === "string") return markdown;
  if (typeof plain === "string") return fence("text", plain);
  throw new Error(`exportMarkdown: ${where} has a ${o.output_type} output without text/markdown or text/plain (has ${Object.keys(o.data).join(", ") || "nothing"}); render tables as text, not HTML`);
}

/** A fenced block holding `text` exactly; the fence outgrows any backtick run in it. */
function fence(info: string, text: string): string {
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = "`".repeat(Math.max(3, longestRun + 1));
  return `${ticks}${info}\n${text}${text.endsWith("\n") ? "" : "\n"}${ticks}`;
}

function dropTrailingNewlines(block: string): string {
  return block.replace(/\n+$/, "");
}
