// Invariant: both engines' kernels start on Node's public compile cache (`NODE_COMPILE_CACHE`) and nothing else: no preload, no flag, and a module run through that cache prints what it prints without it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { tslabKernelSpec } from "../../src/notebook/jupyterEngine";
import { COMPILE_CACHE_DIR, compileCacheEnv } from "../../src/notebook/nodeCompileCache";
import { tslabWorkerEntry } from "../../src/notebook/tslabEngine";
import { ROOT, tempDir } from "../helpers";

test("the cache is Node's own, in node_modules/.cache, and the kernels name it in their environment only", () => {
  assert.equal(COMPILE_CACHE_DIR, join(ROOT, "node_modules", ".cache", "mcp-course", "node-compile-cache"));
  assert.deepEqual(compileCacheEnv(), { NODE_COMPILE_CACHE: COMPILE_CACHE_DIR });
  assert.deepEqual(tslabKernelSpec().env, compileCacheEnv());
  const { argv } = tslabKernelSpec();
  assert.deepEqual(
    [argv[0], argv.slice(2)],
    [process.execPath, ["kernel", "--config-path", "{connection_file}"]],
    "Node, then tslab's bin: nothing preloaded",
  );
  const worker = tslabWorkerEntry();
  // From dist the worker gets no flag; from src (as here, under tsx) tsx's hook alone.
  assert.deepEqual(worker.execArgv, worker.file.endsWith(".ts") ? ["--require", require.resolve("tsx/cjs")] : []);
});

test("a module run twice with the cache prints the same as without it; Node 22.1 and later fill the folder, Node 20 ignores it", () => {
  const dir = tempDir();
  const cache = join(dir, "cache");
  writeFileSync(
    join(dir, "main.js"),
    "const square = (n) => n * n;\nconsole.log(JSON.stringify({ answer: square(7), file: __filename }));\n",
  );
  const run = (env: NodeJS.ProcessEnv) =>
    spawnSync(process.execPath, [join(dir, "main.js")], { cwd: dir, encoding: "utf8", env });
  const { NODE_COMPILE_CACHE: _inherited, ...without } = process.env;
  const plain = run(without);
  const first = run({ ...process.env, NODE_COMPILE_CACHE: cache });
  const second = run({ ...process.env, NODE_COMPILE_CACHE: cache });
  for (const child of [plain, first, second]) assert.deepEqual([child.status, child.stderr], [0, ""]);
  assert.deepEqual([first.stdout, second.stdout], [plain.stdout, plain.stdout]);
  const [major, minor] = process.versions.node.split(".").map(Number);
  const hasCache = major > 22 || (major === 22 && minor >= 1);
  assert.equal(existsSync(cache) && readdirSync(cache).length > 0, hasCache, `Node ${process.version}`);
});
