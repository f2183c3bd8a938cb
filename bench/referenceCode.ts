/**
 * The reference lesson's Python code, extracted from the seed document at run time.
 *
 * The benchmark times our simulator against the reference's own code on the same machine in the
 * same run. None of that code is committed: it is cut out of `../shared/seeds/004_…txt` when the
 * benchmark runs and written to a temporary file.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Where the reference document is expected: `../shared/seeds/` beside the checkout, or `$MCP_COURSE_REFERENCE`. */
export function referencePath(root: string): string {
  return process.env.MCP_COURSE_REFERENCE ?? join(root, "..", "shared", "seeds", "004_a220583646d9517e.txt");
}

/**
 * The two code listings of the reference ("Handler and Declaration" from `SEED, M32 = …` to its
 * last print; "The Count at Four Levels" from `CHAIN = {` to the wide-allowlist print), with the
 * seed replaced by the name `__seed__` so one compiled program can run any seed.
 *
 * @returns the program text, or null when the document is not there.
 * @throws Error when the document is there but its listings cannot be found.
 */
export function extractReferenceCode(path: string): string | null {
  if (!existsSync(path)) return null;
  const lines = readFileSync(path, "utf8").split("\n");
  const find = (predicate: (line: string) => boolean, from = 0) => {
    const index = lines.findIndex((line, i) => i >= from && predicate(line));
    if (index < 0) throw new Error(`reference listing not found in ${path}`);
    return index;
  };
  const start1 = find((l) => l.startsWith("SEED, M32 = "));
  const end1 = find((l) => l.startsWith('print("negotiated at full level'), start1);
  const start2 = find((l) => l.startsWith("CHAIN = {"), end1);
  const widePrint = find((l) => l.startsWith("for level, approval in ((1, False)"), start2);
  const end2 = find((l) => l.trim() === "", widePrint) - 1;
  const code = [...lines.slice(start1, end1 + 1), "", ...lines.slice(start2, end2 + 1)].join("\n");
  return code.replace(/^SEED, M32 = \d+,/m, "SEED, M32 = __seed__,");
}
