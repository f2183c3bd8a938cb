// Each lesson's notebook imports the library from its own lesson's module,
// `mcp-course/lessons/<folder>` (src/lessons/<folder>/index.ts), which exports exactly the names the
// notebook imports; the package's root exports the same values. Resolved by package name, as the
// kernel resolves them (package.json `exports` at run time, `typesVersions` for tslab's TypeScript).
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { test } from "node:test";
import { LESSONS } from "../../src/lessons/catalog";
import { readNotebook } from "../../src/notebook/notebookFile";
import { ROOT } from "../helpers";

/** The package as a notebook in `notebooks/` requires it (through node_modules/mcp-course). */
const requireFromNotebooks = createRequire(join(ROOT, "notebooks", "notebook.js"));

/** Every `import { … } from "<specifier>"` of a notebook's code cells: specifier → imported names. */
function imports(notebookPath: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const cell of readNotebook(notebookPath).cells) {
    if (cell.cell_type !== "code") continue;
    for (const m of cell.source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
      const names = m[1]
        .split(",")
        .map((name) => name.replace(/^\s*type\s+/, "").trim())
        .filter(Boolean);
      found.set(m[2], [...(found.get(m[2]) ?? []), ...names]);
    }
  }
  return found;
}

/** The names `src/lessons/<folder>/index.ts` exports (value and type names alike). */
function exportedNames(folder: string): string[] {
  const source = readFileSync(join(ROOT, "src", "lessons", folder, "index.ts"), "utf8");
  return [...source.matchAll(/export\s*\{([^}]*)\}\s*from/g)]
    .flatMap((m) => m[1].split(","))
    .map((name) =>
      name
        .replace(/^\s*type\s+/, "")
        .trim()
        .split(/\s+as\s+/)
        .pop()!,
    )
    .filter(Boolean);
}

for (const { name } of LESSONS) {
  test(`${name} imports the library only from its lesson's module, which exports just those names, the root's values`, () => {
    const found = imports(join(ROOT, "notebooks", `${name}.ipynb`));
    const ours = [...found.keys()].filter(
      (specifier) => specifier === "mcp-course" || specifier.startsWith("mcp-course/"),
    );
    assert.equal(ours.length, 1, `one import from the library, not ${ours.join(", ")}`);
    const match = /^mcp-course\/lessons\/([A-Za-z][A-Za-z0-9]*)$/.exec(ours[0]);
    assert.ok(match, `${ours[0]} is a lesson's module, mcp-course/lessons/<folder>`);
    const folder = match[1];
    assert.ok(existsSync(join(ROOT, "src", "lessons", folder, "index.ts")));

    const imported = found.get(ours[0])!;
    assert.deepEqual(
      [...exportedNames(folder)].sort(),
      [...new Set(imported)].sort(),
      "the module exports what the notebook imports",
    );

    const lessonModule = requireFromNotebooks(ours[0]) as Record<string, unknown>;
    const root = requireFromNotebooks("mcp-course") as Record<string, unknown>;
    for (const imported of Object.keys(lessonModule)) {
      assert.ok(imported in root, `the root exports ${imported} too`);
      assert.equal(lessonModule[imported], root[imported], `${imported} is the same value from both`);
    }
  });
}

test("mcp-course/charts is renderSvg's module, the root's renderSvg", () => {
  const charts = requireFromNotebooks("mcp-course/charts") as Record<string, unknown>;
  const root = requireFromNotebooks("mcp-course") as Record<string, unknown>;
  assert.equal(typeof charts.renderSvg, "function");
  assert.equal(charts.renderSvg, root.renderSvg);
});
