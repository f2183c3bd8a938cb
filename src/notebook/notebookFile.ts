// nbformat 4.5 notebooks on disk: types, reading, Jupyter-style serialisation and atomic writes.
import fs from "node:fs";
import path from "node:path";
import { threadId } from "node:worker_threads";

/** Any JSON value (what notebook metadata and parameters may hold). */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * A MIME bundle, e.g. `{"text/plain": "42", "text/markdown": "**42**"}`.
 * Text types are always one string in memory (never nbformat's array of lines).
 */
export type MimeBundle = Record<string, JsonValue>;

/** `{"output_type": "stream"}`: text the cell wrote to stdout or stderr. */
export interface StreamOutput {
  output_type: "stream";
  name: "stdout" | "stderr";
  text: string;
}

/** `{"output_type": "display_data"}`: what `tslab.display.*` produced. */
export interface DisplayDataOutput {
  output_type: "display_data";
  data: MimeBundle;
  metadata: Record<string, JsonValue>;
}

/** `{"output_type": "execute_result"}`: a kernel's value of the last expression (tslab prints it to stdout instead). */
export interface ExecuteResultOutput {
  output_type: "execute_result";
  execution_count: number | null;
  data: MimeBundle;
  metadata: Record<string, JsonValue>;
}

/** `{"output_type": "error"}`: an exception reported by the kernel (tslab reports errors on stderr instead). */
export interface ErrorOutput {
  output_type: "error";
  ename: string;
  evalue: string;
  traceback: string[];
}

/** One output of a code cell. */
export type Output = StreamOutput | DisplayDataOutput | ExecuteResultOutput | ErrorOutput;

/** Cell metadata; `tags` is how papermill finds the `parameters` cell. */
export interface CellMetadata {
  tags?: string[];
  [key: string]: JsonValue | undefined;
}

interface CellBase {
  /** nbformat 4.5 cell id (unique within the notebook). */
  id: string;
  metadata: CellMetadata;
  /** Always one string in memory (readNotebook joins nbformat's array of lines). */
  source: string;
}

/** A markdown cell. */
export interface MarkdownCell extends CellBase {
  cell_type: "markdown";
  attachments?: Record<string, MimeBundle>;
}

/** A code cell with its outputs. */
export interface CodeCell extends CellBase {
  cell_type: "code";
  execution_count: number | null;
  outputs: Output[];
}

/** A raw cell (not rendered, not executed). */
export interface RawCell extends CellBase {
  cell_type: "raw";
}

/** One notebook cell. */
export type Cell = MarkdownCell | CodeCell | RawCell;

/** A new markdown cell: `id`, no metadata, `source` as one string. */
export function markdownCell(id: string, source: string): MarkdownCell {
  return { cell_type: "markdown", id, metadata: {}, source };
}

/**
 * A new code cell, as a notebook is committed: `id`, `tags` in its metadata when given (e.g.
 * `["parameters"]`), never executed, no outputs.
 */
export function codeCell(id: string, source: string, tags?: string[]): CodeCell {
  return {
    cell_type: "code",
    id,
    metadata: tags ? { tags } : {},
    execution_count: null,
    outputs: [],
    source,
  };
}

/** Notebook-level metadata; `papermill.parameters` records injected parameter values. */
export interface NotebookMetadata {
  kernelspec?: { name: string; display_name: string; language?: string };
  papermill?: { parameters: Record<string, JsonValue>; [key: string]: JsonValue };
  [key: string]: JsonValue | undefined;
}

/** An nbformat 4.5 notebook. */
export interface Notebook {
  nbformat: 4;
  nbformat_minor: number;
  metadata: NotebookMetadata;
  cells: Cell[];
}

/**
 * Parses notebook JSON text. `label` names the source in errors (usually the path).
 * Multiline fields stored as arrays of lines are joined into one string; notebooks older
 * than 4.5 get deterministic cell ids `cell-<index>` (nbformat would invent random ones).
 * @throws Error with a one-line message: `<label>: invalid JSON (...)`, `<label>: not an nbformat 4 notebook (...)`.
 */
export function parseNotebook(text: string, label = "<notebook>"): Notebook {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new Error(`${label}: invalid JSON (${firstLine(String((e as Error).message))})`, {
      cause: e,
    });
  }
  if (!isObject(raw) || raw.nbformat !== 4 || !Array.isArray(raw.cells)) {
    const found =
      isObject(raw) && "nbformat" in raw
        ? `nbformat ${JSON.stringify(raw.nbformat)}`
        : "no nbformat field";
    throw new Error(`${label}: not an nbformat 4 notebook (${found})`);
  }
  const cells = raw.cells.map((cell: unknown, index: number): Cell => {
    if (!isObject(cell) || !["markdown", "code", "raw"].includes(cell.cell_type as string)) {
      throw new Error(`${label}: cell ${index} has no valid cell_type`);
    }
    const base = {
      ...cell,
      id: typeof cell.id === "string" ? cell.id : `cell-${index}`,
      metadata: isObject(cell.metadata) ? cell.metadata : {},
      source: joinLines(cell.source),
    };
    if (cell.cell_type !== "code") return base as Cell;
    const outputs = Array.isArray(cell.outputs) ? cell.outputs.map(joinOutputLines) : [];
    return { ...base, execution_count: cell.execution_count ?? null, outputs } as CodeCell;
  });
  const metadata = isObject(raw.metadata) ? raw.metadata : {};
  return {
    ...raw,
    nbformat: 4,
    nbformat_minor: Math.max(5, Number(raw.nbformat_minor) || 0),
    metadata,
    cells,
  } as Notebook;
}

/**
 * Reads and parses a notebook file (see parseNotebook for the shape).
 * @throws Error with a one-line message: `<path>: file not found`, plus parseNotebook's errors.
 */
export function readNotebook(file: string): Notebook {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(
      code === "ENOENT"
        ? `${file}: file not found`
        : `${file}: cannot read (${code ?? (e as Error).message})`,
      { cause: e },
    );
  }
  return parseNotebook(text, file);
}

/**
 * Serialises a notebook the way Jupyter saves it (nbformat's writer: keys sorted, indent 1,
 * non-ASCII kept, multiline strings split into arrays of lines, trailing newline), so files
 * written here diff cleanly against files saved from Jupyter.
 */
export function serializeNotebook(nb: Notebook): string {
  const cells = nb.cells.map((cell) => {
    const out: Record<string, unknown> = { ...cell, source: splitLines(cell.source) };
    if (cell.cell_type === "code") out.outputs = cell.outputs.map(splitOutputLines);
    return out;
  });
  return JSON.stringify(sortKeys({ ...nb, cells }), null, 1) + "\n";
}

/**
 * Writes `text` to `file` so that nothing already there is lost to a failed write: into a temporary
 * file in the same folder, then a rename over `file` (readers never see half a file). Creates the
 * folder if needed.
 *
 * A symbolic link is followed: its target is what gets replaced, and the link stays. A path that
 * exists and is no regular file (a device such as `/dev/null`, a named pipe) is written to directly,
 * as a shell's `>` would, since a rename would put an ordinary file in its place.
 *
 * The temporary file's name holds the process and thread ids: writes here are synchronous, so one
 * thread never has two under way, and two threads or processes never share a name.
 *
 * @throws the file system's error (ENOSPC, EACCES, …) when the write or the rename fails; the
 *   temporary file is removed either way.
 */
export function writeFileAtomic(file: string, text: string): void {
  const target = existingTarget(file);
  if (target !== undefined && !fs.statSync(target).isFile()) {
    fs.writeFileSync(target, text);
    return;
  }
  const destination = target ?? file;
  const dir = path.dirname(destination);
  fs.mkdirSync(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(destination)}.${process.pid}-${threadId}.tmp`);
  try {
    fs.writeFileSync(temp, text);
    fs.renameSync(temp, destination);
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** The real path `file` names when it exists (links followed), or undefined when nothing is there. */
function existingTarget(file: string): string | undefined {
  try {
    return fs.realpathSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Returns a copy of `nb` with every code cell's outputs emptied, execution counts reset to null
 * and nbclient's timing metadata (`metadata.execution`) removed.
 */
export function stripOutputs(nb: Notebook): Notebook {
  const cells = nb.cells.map((cell): Cell => {
    if (cell.cell_type !== "code") return cell;
    const { execution: _timing, ...metadata } = cell.metadata;
    return { ...cell, metadata, execution_count: null, outputs: [] };
  });
  return { ...nb, cells };
}

function isObject(v: unknown): v is Record<string, any> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function firstLine(s: string): string {
  return s.split("\n")[0];
}

function joinLines(v: unknown): string {
  return Array.isArray(v) ? v.join("") : typeof v === "string" ? v : "";
}

/** nbformat's split_lines: keeps each line's "\n" (a list of lines joins back to the same text). */
function splitLines(s: string): string[] {
  return s.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function mapBundle(bundle: unknown, f: (v: JsonValue) => JsonValue): unknown {
  if (!isObject(bundle)) return bundle;
  // application/json (and other +json types) hold structured JSON, never lines of text.
  return Object.fromEntries(
    Object.entries(bundle).map(([mime, v]) => [mime, /json$/.test(mime) ? v : f(v)]),
  );
}

function joinOutputLines(o: any): Output {
  if (o?.output_type === "stream") return { ...o, text: joinLines(o.text) };
  if ("data" in (o ?? {}))
    return { ...o, data: mapBundle(o.data, (v) => (Array.isArray(v) ? joinLines(v) : v)) };
  return o;
}

function splitOutputLines(o: Output): unknown {
  if (o.output_type === "stream") return { ...o, text: splitLines(o.text) };
  if (o.output_type === "error") return o;
  return { ...o, data: mapBundle(o.data, (v) => (typeof v === "string" ? splitLines(v) : v)) };
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (!isObject(v)) return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .filter((k) => v[k] !== undefined)
      .map((k) => [k, sortKeys(v[k])]),
  );
}
