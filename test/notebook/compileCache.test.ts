// Invariant: the compile cache changes no module's behaviour: a cached module runs as it did, an edited one runs its new source, and only node_modules files are cached.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { COMPILE_CACHE_PRELOAD, compileCacheArgs, mayImportDynamically, nodeHasCompileCache } from "../../src/notebook/compileCache";
import { tslabKernelSpec } from "../../src/notebook/jupyterEngine";
import { tslabWorkerEntry } from "../../src/notebook/tslabEngine";
import { ROOT, tempDir } from "../helpers";

/** A project in a temp folder: `main.js` requires package `pkg` from its node_modules and prints what the package sees. */
function project(): { dir: string; cache: string; writePackage(answer: number): void } {
  const dir = tempDir();
  const cache = join(dir, "cache");
  mkdirSync(join(dir, "node_modules", "pkg"), { recursive: true });
  mkdirSync(join(dir, "node_modules", "dep"), { recursive: true });
  mkdirSync(join(dir, "node_modules", "lazy"), { recursive: true });
  writeFileSync(join(dir, "node_modules", "dep", "index.js"), "exports.twice = (n) => 2 * n;\n");
  // A dynamic import: compiled as usual, not cached ("import()" in a string does not count).
  writeFileSync(join(dir, "node_modules", "lazy", "index.js"), "exports.later = () => import('dep').then((m) => m.twice(21));\n");
  writeFileSync(
    join(dir, "main.js"),
    `const pkg = require("pkg");
pkg.later().then((later) => console.log(JSON.stringify({ ...pkg.facts(), later })));
`,
  );
  return {
    dir,
    cache,
    writePackage(answer: number) {
      writeFileSync(
        join(dir, "node_modules", "pkg", "index.js"),
        `"use strict";
const dep = require("dep");
exports.facts = () => ({
  answer: dep.twice(${answer}) / 2,
  file: __filename,
  dirname: __dirname,
  resolved: require.resolve("dep"),
  main: require.main === module,
  cached: require.cache[__filename] === module,
  thisIsExports: this === undefined,
});
exports.later = () => require("lazy").later();
exports.message = "'import()' calls";
`,
      );
    },
  };
}

/**
 * Runs `main.js` of `dir` with the compile cache in `cache` installed first (the compiled module,
 * as the preload loads it: no tsx, whose own node_modules files would be cached too); returns
 * what it printed.
 */
function run(dir: string, cache: string): Record<string, unknown> {
  const install = `require(${JSON.stringify(join(ROOT, "dist", "notebook", "compileCache.js"))}).installCompileCache(${JSON.stringify(cache)})`;
  const child = spawnSync(process.execPath, ["-e", `${install}; require("./main.js")`], { cwd: dir, encoding: "utf8" });
  assert.equal(child.status, 0, child.stderr);
  return JSON.parse(child.stdout);
}

/**
 * The cache's files, path → inode (a rewritten file has a new one: the cache renames into place).
 * The layout asserted below is that of the `vm.Script` cache; Node's own (22.10 and later) has
 * its own layout, and only the modules' behaviour is asserted there.
 */
function entries(cache: string): Map<string, number> {
  return new Map(
    (readdirSync(cache, { recursive: true }) as string[]).filter((name) => statSync(join(cache, name)).isFile()).map((name) => [name, statSync(join(cache, name)).ino]),
  );
}
const scriptCache = !nodeHasCompileCache();

test("a cached module runs as it did uncached; the cache holds node_modules files only and is read, not rewritten", () => {
  const { dir, cache, writePackage } = project();
  writePackage(7);
  const expected = {
    answer: 7,
    file: join(dir, "node_modules", "pkg", "index.js"),
    dirname: join(dir, "node_modules", "pkg"),
    resolved: join(dir, "node_modules", "dep", "index.js"),
    main: false,
    cached: true,
    thisIsExports: false,
    later: 42,
  };
  assert.deepEqual(run(dir, cache), expected);
  const first = entries(cache);
  assert.ok(first.size > 0, "the cache is written");
  if (scriptCache) {
    assert.equal(first.size, 2, "pkg and dep, not lazy (a dynamic import) nor main.js (outside node_modules)");
    assert.ok([...first.keys()].every((name) => /^[0-9a-f]{64}$/.test(name)), "no temporary file left");
  }
  assert.deepEqual(run(dir, cache), expected, "the same facts from cached code");
  if (scriptCache) assert.deepEqual(entries(cache), first, "accepted cached data is not written again");
});

test("an edited module runs its new source and gets an entry of its own", () => {
  const { dir, cache, writePackage } = project();
  writePackage(7);
  assert.equal(run(dir, cache).answer, 7);
  const before = entries(cache);
  writePackage(8); // same length: the cache is named by content, not by size or time
  assert.equal(run(dir, cache).answer, 8);
  if (scriptCache) {
    const after = entries(cache);
    assert.equal(after.size, before.size + 1);
    for (const [name, inode] of before) assert.equal(after.get(name), inode);
  }
});

test("the tslab worker and the Jupyter kernel start with the compiled preload", () => {
  assert.ok(existsSync(COMPILE_CACHE_PRELOAD), "npm test builds dist first");
  assert.deepEqual(compileCacheArgs(), ["--require", COMPILE_CACHE_PRELOAD]);
  assert.deepEqual(tslabWorkerEntry().execArgv.slice(0, 2), compileCacheArgs());
  assert.deepEqual(tslabKernelSpec().argv.slice(1, 3), compileCacheArgs());
});

test("a file that may call import() is found, and TypeScript's compilers, whose import( is in messages, are not such files", () => {
  for (const code of ['m = import("x")', "const f = async () => (await import('y')).z;", '"it\'s" + import(name)', "`${import(a)}`", "x(import (b))"]) {
    assert.equal(mayImportDynamically(code), true, code);
  }
  for (const code of ["obj.import(x)", "reimport(x)", "const s = 'import()';", "exports.x = 1;"]) {
    assert.equal(mayImportDynamically(code), false, code);
  }
  const message = `  Did_you_mean_typeof_import_0: diag(1340, 1 /* Error */, "Did_you_mean_typeof_import_0_1340", "Did you mean 'typeof import('{0}')'?"),`;
  assert.equal(mayImportDynamically(`x = 1;\n${message}\ny = 2;`), false);
  assert.equal(mayImportDynamically(`${message} import("z")`), true, "a diag line with more on it is not a message line");
  for (const compiler of ["@tslab/typescript-for-tslab/lib/typescript.js", "typescript/lib/typescript.js"]) {
    assert.equal(mayImportDynamically(readFileSync(require.resolve(compiler), "utf8")), false, compiler);
  }
});
