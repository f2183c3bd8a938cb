// `mcp-course kernel install` registers the project's tslab kernel, and tells "no Jupyter" from "Jupyter without jupyter-kernelspec".
import assert from "node:assert/strict";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { COMPILE_CACHE_DIR } from "../../src/notebook/nodeCompileCache";
import { cli, tempDir } from "../helpers";
import { kernelspecRequirement } from "../requirements";

const kernelspec = kernelspecRequirement();

test("kernel install writes the project's tslab kernelspec", { skip: kernelspec.skip }, () => {
  kernelspec.check();
  const prefix = tempDir();
  const run = cli(["kernel", "install", "--prefix", prefix]);
  assert.equal(run.status, 0, run.stderr);
  const spec = JSON.parse(readFileSync(join(prefix, "share", "jupyter", "kernels", "tslab", "kernel.json"), "utf8"));
  assert.equal(spec.argv[0], process.execPath);
  assert.match(spec.argv[1], /node_modules\/tslab\/bin\/tslab$/, "tslab's own bin, no preload before it");
  assert.deepEqual(spec.argv.slice(2), ["kernel", "--config-path", "{connection_file}"]);
  // Node's own compile cache, through the environment Jupyter gives the kernel (Node 20 ignores it).
  assert.deepEqual(spec.env, { NODE_COMPILE_CACHE: COMPILE_CACHE_DIR });
  // What `tslab install` writes too, so a notebook saved on either records the same kernelspec.
  assert.equal(spec.display_name, "TypeScript");
  assert.equal(spec.language, "typescript");
});

test("with no jupyter command on PATH: one line naming the Debian packages, exit 1", () => {
  const run = cli(["kernel", "install", "--prefix", tempDir()], { env: { ...process.env, PATH: tempDir() } });
  assert.equal(run.status, 1);
  assert.equal(
    run.stderr,
    "mcp-course: the jupyter command was not found (Debian: apt-get install jupyter-notebook jupyter-client)\n",
  );
});

test("with jupyter but no jupyter-kernelspec (Debian's jupyter-notebook alone): one line naming jupyter-client, exit 1", () => {
  const bin = tempDir();
  // What jupyter_core's dispatcher prints when the subcommand's program is missing.
  writeFileSync(join(bin, "jupyter"), '#!/bin/sh\necho "Jupyter command \\`jupyter-$1\\` not found." >&2\nexit 1\n');
  chmodSync(join(bin, "jupyter"), 0o755);
  const run = cli(["kernel", "install", "--prefix", tempDir()], {
    env: { ...process.env, PATH: `${bin}:/bin:/usr/bin` },
  });
  assert.equal(run.status, 1);
  assert.equal(
    run.stderr,
    "mcp-course: Jupyter is installed, but not its kernelspec command (jupyter-kernelspec), which registers kernels (Debian: apt-get install jupyter-client)\n",
  );
});
