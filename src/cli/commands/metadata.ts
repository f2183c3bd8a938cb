/**
 * `mcp-course kernel metadata`: give lesson notebooks the kernelspec and `language_info` that
 * Jupyter writes when a reader saves them after running them on tslab, so that opening and saving a
 * lesson changes nothing in its metadata. `--check` only reports.
 */
import { readNotebook, serializeNotebook, writeFileAtomic } from "../../notebook/notebookFile";
import { tslabMetadataDifferences, withTslabMetadata } from "../../notebook/tslabMetadata";
import { CliError, EXIT_FAILURE, messages } from "../messages";
import type { CliIo } from "../program";
import { resolveNotebooks, shown } from "./notebookNames";

/** Options of `kernel metadata`. */
export interface MetadataCommandOptions {
  /** Lesson names or `.ipynb` paths; empty means every lesson of the catalog. */
  names: string[];
  /** Report the notebooks that differ and fail (exit 1) if any do, instead of rewriting them. */
  check?: boolean;
}

/**
 * Sets (or with `check`, checks) `metadata.kernelspec` and `metadata.language_info` of each
 * notebook to tslabMetadata's, writing only notebooks that differ (through a temporary file and a
 * rename, serialised as Jupyter saves: serializeNotebook). Cells and other metadata are kept. One
 * line per notebook goes to stderr, naming the keys it set or that differ.
 *
 * @throws CliError (exit 2) for an unknown lesson or a missing or unreadable notebook, before any
 *   file is written; CliError (exit 1) with `check` when any notebook differs.
 */
export function runMetadataCommand(options: MetadataCommandOptions, io: CliIo): void {
  const notebooks = resolveNotebooks(options.names).map((entry) => {
    try {
      return { file: entry.file, notebook: readNotebook(entry.file) };
    } catch (error) {
      throw new CliError(messages.notebookUnreadable((error as Error).message));
    }
  });
  let differing = 0;
  for (const { file, notebook } of notebooks) {
    const keys = tslabMetadataDifferences(notebook);
    if (keys.length === 0) {
      io.stderr(`${messages.metadataMatches(shown(file))}\n`);
      continue;
    }
    differing++;
    if (options.check) {
      io.stderr(`${messages.metadataDiffers(shown(file), keys)}\n`);
    } else {
      writeFileAtomic(file, serializeNotebook(withTslabMetadata(notebook)));
      io.stderr(`${messages.metadataSet(shown(file), keys)}\n`);
    }
  }
  if (options.check && differing > 0) throw new CliError(messages.metadataCheckFailed(differing), EXIT_FAILURE);
}
