// The notebook metadata that Jupyter writes when a reader saves a lesson run on this project's tslab kernel.
import type { JsonValue, Notebook } from "./notebookFile";

/**
 * The kernelspec a saved notebook records: `{name, display_name, language}` of the kernel it ran
 * on. Classic Notebook copies it from the kernel's kernel.json when the kernel starts (its
 * `spec_changed.Kernel` handler). Both ways of installing the kernel write these three values:
 * tslab's own `tslab install` (its `python/install.py`) and `mcp-course kernel install`
 * (tslabKernelSpec in jupyterEngine.ts), so a notebook saved after either is unchanged.
 */
export const TSLAB_KERNELSPEC = {
  display_name: "TypeScript",
  language: "typescript",
  name: "tslab",
} as const;

/**
 * The `language_info` a saved notebook records: the kernel's `kernel_info_reply`, copied as it is
 * (Classic Notebook's `kernel_ready.Kernel` handler; nbclient does the same when it executes a
 * notebook). These are tslab 1.0.22's values (`JupyterHandlerImpl.handleKernel` in its
 * `dist/jupyter.js`), keys in the order Jupyter saves them. Its `version` is a string tslab
 * hard-codes, "3.7.2", not the TypeScript it compiles cells with (5.0): Jupyter records it as it is.
 */
export const TSLAB_LANGUAGE_INFO = {
  codemirror_mode: { mode: "typescript", name: "javascript", typescript: true },
  file_extension: ".ts",
  mimetype: "text/typescript",
  name: "typescript",
  version: "3.7.2",
} as const;

/** The notebook-level metadata keys that tslabMetadata sets, in Jupyter's (sorted) order. */
export const TSLAB_METADATA_KEYS = ["kernelspec", "language_info"] as const;

/** `{kernelspec, language_info}` as a reader's Jupyter saves them for a lesson run on tslab. */
export function tslabMetadata(): {
  kernelspec: typeof TSLAB_KERNELSPEC;
  language_info: typeof TSLAB_LANGUAGE_INFO;
} {
  return { kernelspec: TSLAB_KERNELSPEC, language_info: TSLAB_LANGUAGE_INFO };
}

/**
 * Which of TSLAB_METADATA_KEYS a notebook's metadata has otherwise than tslabMetadata (missing,
 * or any value, key or type that differs; key order does not count, since Jupyter sorts keys).
 *
 * @returns the keys that differ, in TSLAB_METADATA_KEYS order; empty when the notebook matches.
 */
export function tslabMetadataDifferences(nb: Notebook): string[] {
  const wanted = tslabMetadata();
  return TSLAB_METADATA_KEYS.filter(
    (key) => !sameJson(nb.metadata[key], wanted[key] as unknown as JsonValue),
  );
}

/**
 * A copy of `nb` whose kernelspec and language_info are tslabMetadata's; every other metadata key,
 * every cell and the nbformat version are kept as they are.
 */
export function withTslabMetadata(nb: Notebook): Notebook {
  const wanted = tslabMetadata();
  return {
    ...nb,
    metadata: {
      ...nb.metadata,
      kernelspec: { ...wanted.kernelspec },
      language_info: JSON.parse(JSON.stringify(wanted.language_info)) as JsonValue,
    },
  };
}

/** Deep equality of JSON values, object keys in any order. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).sort();
  const keysB = Object.keys(b).sort();
  if (keysA.length !== keysB.length || keysA.some((key, i) => key !== keysB[i])) return false;
  return keysA.every((key) =>
    sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
