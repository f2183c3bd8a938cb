/**
 * The markdown exports the repository commits for each lesson (docs/exporting.md): the default
 * seed's in `lessons/`, then the second seed's in `lessons/seed-20260219/`, each with the option of
 * `mcp-course lesson` that writes it. `check-lessons` checks them; `new-lesson` reads and edits them.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_ROOT } from "../../packageRoot";

/** The committed exports' folders (package paths), default seed first, each with its option. */
export const COMMITTED_EXPORTS = [
  { folder: "lessons", seedOption: "" },
  { folder: "lessons/seed-20260219", seedOption: " --seed 20260219" },
] as const;

/** One committed export of a lesson: its folder and option ({@link COMMITTED_EXPORTS}), and its file. */
export interface CommittedExport {
  folder: string;
  /** What `mcp-course lesson NN` takes to write it: `""`, or ` --seed 20260219`. */
  seedOption: string;
  /** The export as a package path, `<folder>/<name>.md`. */
  path: string;
}

/** The committed exports of lesson `name` that exist, in the order of {@link COMMITTED_EXPORTS}. */
export function committedExports(name: string): CommittedExport[] {
  return COMMITTED_EXPORTS.map(({ folder, seedOption }) => ({
    folder,
    seedOption,
    path: `${folder}/${name}.md`,
  })).filter(({ path }) => existsSync(join(PACKAGE_ROOT, path)));
}
