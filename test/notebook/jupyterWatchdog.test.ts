// The jupyter engine's last resort: a runner still alive well past a cell's timeout is killed with all it started.
//
// Runs a stand-in for Python (so this file needs no Jupyter): it reports that a cell started,
// starts a child and then never finishes, as a runner whose kernel shutdown hung would.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { EngineEvent } from "../../src/notebook/engineRun";
import { runWithJupyter } from "../../src/notebook/jupyterEngine";
import type { Notebook } from "../../src/notebook/notebookFile";
import { tempDir } from "../helpers";

function alive(pid: number): boolean {
  const state = spawnSync("ps", ["-o", "stat=", "-p", String(pid)], { encoding: "utf8" }).stdout.trim();
  return state !== "" && !state.startsWith("Z");
}

test("a runner still running cellTimeoutSeconds + grace after a cell started is killed with its children, and the cell reported as timed out", async () => {
  const dir = tempDir();
  const fake = join(dir, "python3");
  const pidsFile = join(dir, "runner-pids");
  writeFileSync(
    fake,
    [
      "#!/bin/sh",
      `echo '{"type":"cellStarted","cellIndex":1}' >&3`,
      "sleep 600 &",
      `echo "$$ $!" > '${pidsFile}'`,
      "wait",
    ].join("\n") + "\n",
  );
  chmodSync(fake, 0o755);
  const nb: Notebook = { nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [] };
  const events: EngineEvent[] = [];
  const run = await runWithJupyter(
    nb,
    dir,
    (e) => events.push(e),
    { cellTimeoutSeconds: 0.3 },
    {
      python: fake,
      graceSeconds: 0.3,
    },
  );
  assert.deepEqual(run, { cells: [], failedCellIndex: 1, timedOut: true });
  assert.deepEqual(events, [{ type: "cellStarted", cellIndex: 1 }]);
  const [runner, child] = readFileSync(pidsFile, "utf8").trim().split(" ").map(Number);
  assert.equal(alive(runner), false, "the runner is gone");
  assert.equal(alive(child), false, "the runner's child is gone");
});
