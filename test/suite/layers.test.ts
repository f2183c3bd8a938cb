// Invariant: each layer rule of .dependency-cruiser.cjs fails `npm run lint` with its own name on an import that breaks it, and src/ as it stands breaks none.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { ROOT } from "../helpers";

const DEPCRUISE = join(ROOT, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");
const CONFIG = join(ROOT, ".dependency-cruiser.cjs");

/** Runs dependency-cruiser with the project's rules on `src` of `cwd`; its exit status and output. */
function cruise(cwd: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [DEPCRUISE, "src", "--config", CONFIG, "--output-type", "err"], {
    cwd,
    encoding: "utf8",
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/**
 * One breaking import per rule: the file that imports, and what it imports (a path from src/).
 * The circle is type-only, since a circle through `import type` is a circle too.
 */
const VIOLATIONS: readonly { rule: string; from: string; imports: string; typeOnly?: boolean }[] = [
  { rule: "no-circular", from: "world/handshakes.ts", imports: "world/tasks.ts", typeOnly: true },
  { rule: "protocol-imports-nothing", from: "protocol/revisions.ts", imports: "sim/seed.ts" },
  { rule: "sim-only-protocol", from: "sim/eras.ts", imports: "server/revisions.ts" },
  { rule: "world-fleet-below-roles", from: "fleet/conditions.ts", imports: "server/faults.ts" },
  { rule: "clients-not-server", from: "wireClient/era.ts", imports: "server/mcpServer.ts" },
  { rule: "server-not-clients", from: "server/stdioServer.ts", imports: "simulatedClient/session.ts" },
  { rule: "roles-below-lessons", from: "simulatedClient/cache.ts", imports: "notebook/lineWidth.ts" },
  { rule: "notebook-no-lesson", from: "notebook/exporter.ts", imports: "lessons/lineWidth.ts" },
  { rule: "lessons-below-sweep-and-cli", from: "lessons/catalog.ts", imports: "sweep/sweep.ts" },
  { rule: "only-cli-imports-cli", from: "lessons/textTable.ts", imports: "cli/program.ts" },
  { rule: "nothing-imports-entries", from: "sweep/json.ts", imports: "index.ts" },
  { rule: "src-not-test-or-bench", from: "charts/render.ts", imports: "../test/helpers.ts" },
];

const scratch = mkdtempSync(join(tmpdir(), "mcp-course-layers-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * Writes a tree of near-empty modules under `root`/src holding every import of {@link VIOLATIONS}
 * (each pair of files its own, so no import breaks another's rule).
 */
function treeWithViolations(root: string): void {
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write(
    "tsconfig.json",
    JSON.stringify({ compilerOptions: { module: "commonjs", moduleResolution: "node10", strict: true } }),
  );
  for (const violation of VIOLATIONS) {
    const depth = violation.from.split("/").length - 1;
    const specifier = `${depth === 0 ? "./" : "../".repeat(depth)}${violation.imports.replace(/\.ts$/, "")}`;
    const keyword = violation.typeOnly ? "import type" : "import";
    const value = violation.typeOnly ? "1" : "thing";
    write(join("src", violation.from), `${keyword} { thing } from "${specifier}";\nexport const here = ${value};\n`);
    const fromName = violation.from.split("/").pop()!.replace(/\.ts$/, "");
    const back = violation.typeOnly ? `import type { here } from "./${fromName}";\n` : "";
    const target = violation.imports.startsWith("../") ? violation.imports.slice(3) : join("src", violation.imports);
    write(target, `${back}export const thing = 1;\n`);
  }
}

const violating = join(scratch, "violating");
treeWithViolations(violating);
const violated = cruise(violating);

for (const violation of VIOLATIONS) {
  test(`an import that breaks ${violation.rule} fails with the rule's name`, () => {
    assert.notEqual(violated.status, 0, violated.output);
    const line = new RegExp(`error ${violation.rule}: src/${violation.from.replace(/\./g, "\\.")}`);
    assert.match(violated.output, line, violated.output);
  });
}

test("src/ as it stands breaks no layer rule", () => {
  const { status, output } = cruise(ROOT);
  assert.equal(status, 0, output);
  assert.match(output, /no dependency violations found/);
});
