// A Jupyter kernel that does not start is reported in one line, not as a runner's exit code.
//
// The runner (nbclientRunner.py) exits with status 3 and one line on stderr when its kernel never
// answered; the engine (jupyterEngine.ts) passes that line on. The first test runs the real runner
// with a kernel that exits at once (so it needs nbclient); the second runs a stand-in for Python
// that behaves like that runner, so it needs nothing beyond Node.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { NBCLIENT_RUNNER, runWithJupyter } from "../../src/notebook/jupyterEngine";
import { findJupyterPython } from "../../src/notebook/jupyterPython";
import type { Notebook } from "../../src/notebook/notebookFile";
import { tempDir } from "../helpers";
import { jupyterRequirement } from "../requirements";

const jupyter = jupyterRequirement();

const oneCell: Notebook = {
  nbformat: 4,
  nbformat_minor: 5,
  metadata: {},
  cells: [{ id: "one", cell_type: "code", metadata: {}, source: "1", outputs: [], execution_count: null }],
};

test(
  "the runner exits with status 3 and one line when its kernel dies before answering",
  { skip: jupyter.skip },
  () => {
    jupyter.check();
    const dir = tempDir();
    const kernelDir = join(dir, "kernels", "dies");
    mkdirSync(kernelDir, { recursive: true });
    writeFileSync(
      join(kernelDir, "kernel.json"),
      JSON.stringify({ argv: ["sh", "-c", "exit 1", "{connection_file}"], display_name: "dies", language: "sh" }),
    );
    const input = join(dir, "input.ipynb");
    writeFileSync(input, JSON.stringify(oneCell));
    const run = spawnSync(findJupyterPython()!, [NBCLIENT_RUNNER, input, join(dir, "result.json"), "dies", dir, "30"], {
      encoding: "utf8",
      env: { ...process.env, JUPYTER_PATH: dir, JUPYTER_RUNTIME_DIR: join(dir, "runtime") },
      stdio: ["ignore", "pipe", "pipe", "pipe"],
      timeout: 120_000,
    });
    assert.equal(run.status, 3, run.stderr);
    const last = run.stderr.trim().split("\n").pop();
    assert.match(last ?? "", /^the dies kernel did not start \(nbclient waits up to 180 s\): /);
  },
);

test("the engine reports a kernel that did not start by the runner's one line", async () => {
  const dir = tempDir();
  const fake = join(dir, "python3");
  writeFileSync(
    fake,
    [
      "#!/bin/sh",
      "echo '[I 10:00:00] a kernel log line' >&2",
      "echo 'the tslab kernel did not start (nbclient waits up to 180 s): no answer' >&2",
      "exit 3",
    ].join("\n") + "\n",
  );
  chmodSync(fake, 0o755);
  await assert.rejects(
    runWithJupyter(oneCell, dir, () => {}, { cellTimeoutSeconds: 30 }, { python: fake }),
    {
      message: "jupyter engine: the tslab kernel did not start (nbclient waits up to 180 s): no answer",
    },
  );
});
