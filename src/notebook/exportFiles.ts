// Writing a Markdown export to disk: its chart files, then the markdown, then stale charts removed.
import fs from "node:fs";
import path from "node:path";
import type { MarkdownExport } from "./exporter";
import { writeFileAtomic } from "./notebookFile";

/** How writeMarkdownExport touches the disk; the CLI passes versions that turn errors into one line. */
export interface ExportWriter {
  /** Writes a whole file through a temporary file and a rename (default writeFileAtomic). */
  write: (file: string, text: string) => void;
  /** Removes one file (default fs.rmSync). */
  remove: (file: string) => void;
}

/** What writeMarkdownExport did, as absolute paths. */
export interface WrittenExport {
  /** The chart files, then the markdown file. */
  written: string[];
  /** Stale chart files of an earlier export that the markdown no longer links to. */
  removed: string[];
}

const defaultWriter: ExportWriter = { write: writeFileAtomic, remove: (file) => fs.rmSync(file) };

/**
 * Writes `exported` as `markdownFile` with its chart files beside it (`<folder of markdownFile>/
 * <filesFolder>/…svg`), each through a temporary file and a rename.
 *
 * Order keeps every moment consistent: the charts first (the previous markdown still links to
 * its own files, by the same stable names), then the markdown, and last, the `.svg` files in the
 * files folder that the new markdown does not link to are removed (a chart cell deleted or
 * renamed since the last export). Only `.svg` files directly in that folder are removed; the
 * folder itself goes only when that leaves it empty, so nothing else anyone put there is lost.
 */
export function writeMarkdownExport(
  markdownFile: string,
  exported: MarkdownExport,
  writer: ExportWriter = defaultWriter,
): WrittenExport {
  const dir = path.dirname(markdownFile);
  const written = exported.files.map((file) => path.join(dir, ...file.path.split("/")));
  exported.files.forEach((file, i) => writer.write(written[i], file.text));
  writer.write(markdownFile, exported.markdown);
  written.push(markdownFile);
  const folder = path.join(dir, exported.filesFolder);
  const removed = staleCharts(folder, new Set(written));
  for (const file of removed) writer.remove(file);
  if (removed.length > 0 && fs.readdirSync(folder).length === 0) {
    try {
      fs.rmdirSync(folder);
    } catch {
      // An empty folder left behind harms nothing; the export itself is complete.
    }
  }
  return { written, removed };
}

/** `.svg` files directly in `folder` that are not in `keep`, sorted; none when the folder does not exist. */
function staleCharts(folder: string, keep: ReadonlySet<string>): string[] {
  if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) return [];
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".svg"))
    .map((entry) => path.join(folder, entry.name))
    .filter((file) => !keep.has(file))
    .sort();
}
