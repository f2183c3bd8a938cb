/**
 * `mcp-course kernel metadata`: give lesson notebooks the kernelspec and `language_info` that
 * Jupyter writes when a reader saves them after running them on tslab, so that opening and saving a
 * lesson changes nothing in its metadata. `--clear-outputs` also leaves them as lessons are
 * committed, without outputs; `--check` only reports.
 */
import {
  readNotebook,
  serializeNotebook,
  stripOutputs,
  writeFileAtomic,
} from "../../notebook/notebookFile";
import { tslabMetadataDifferences, withTslabMetadata } from "../../notebook/tslabMetadata";
import { CliError, EXIT_FAILURE, messages } from "../messages";
import type { CliIo } from "../io";
import { resolveNotebooks, shown } from "./notebookNames";

/** Options of `kernel metadata`. */
export interface MetadataCommandOptions {
  /** Lesson names or `.ipynb` paths; empty means every lesson of the catalog. */
  names: string[];
  /** Report the notebooks that differ and fail (exit 1) if any do, instead of rewriting them. */
  check?: boolean;
  /** Also clear every code cell's outputs, execution count and execution timing (stripOutputs). */
  clearOutputs?: boolean;
}

/**
 * Sets (or with `check`, checks) `metadata.kernelspec` and `metadata.language_info` of each
 * notebook to tslabMetadata's, and with `clearOutputs` empties its code cells' outputs, execution
 * counts and timing metadata (what `jupyter nbconvert --clear-output` leaves behind), writing only
 * notebooks that differ (through a temporary file and a rename, serialised as Jupyter saves:
 * serializeNotebook). Cell sources and other metadata are kept. One line per notebook goes to
 * stderr, naming what it set or what differs (`kernelspec`, `language_info`, `outputs`).
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
    const cleared = options.clearOutputs ? stripOutputs(notebook) : notebook;
    const keys = [
      ...tslabMetadataDifferences(notebook),
      ...(serializeNotebook(cleared) === serializeNotebook(notebook) ? [] : ["outputs"]),
    ];
    if (keys.length === 0) {
      io.stderr(`${messages.metadataMatches(shown(file))}\n`);
      continue;
    }
    differing++;
    if (options.check) {
      io.stderr(`${messages.metadataDiffers(shown(file), keys)}\n`);
    } else {
      writeFileAtomic(file, serializeNotebook(withTslabMetadata(cleared)));
      io.stderr(`${messages.metadataSet(shown(file), keys)}\n`);
    }
  }
  if (options.check && differing > 0)
    throw new CliError(messages.metadataCheckFailed(differing, options.clearOutputs), EXIT_FAILURE);
}
