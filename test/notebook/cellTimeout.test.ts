// A cell that never finishes is stopped at cellTimeoutSeconds on both engines: a real timer, the
// kernel or worker killed with every process it started, the cell reported as the failure.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { describe, test } from "node:test";
import { executeNotebook, MAX_CELL_TIMEOUT_SECONDS, type Notebook, type ProgressEvent } from "../../src/notebook";
import { killProcessTree } from "../../src/notebook/processTree";
import { tempDir } from "../helpers";
import { alive, ended, HANG_LIMIT_SECONDS, HANGS, RECORD_PIDS, type RecordedPids } from "../fixtures/hangingCells";
import { jupyterRequirement } from "../requirements";

const jupyter = jupyterRequirement();

function notebook(cells: [id: string, source: string][]): Notebook {
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: { kernelspec: { name: "tslab", display_name: "TypeScript", language: "typescript" } },
    cells: [
      { cell_type: "markdown", id: "intro", metadata: {}, source: "# A cell that never finishes" },
      ...cells.map(([id, source]) => ({
        cell_type: "code" as const,
        id,
        metadata: {},
        execution_count: null,
        outputs: [],
        source,
      })),
    ],
  };
}

test("cellTimeoutSeconds must be more than 0 and at most MAX_CELL_TIMEOUT_SECONDS; a bad one runs nothing", async () => {
  const dir = tempDir();
  const nb = notebook([["mark", 'require("fs").writeFileSync("ran", "");']]);
  for (const seconds of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, MAX_CELL_TIMEOUT_SECONDS + 1]) {
    await assert.rejects(
      executeNotebook(nb, { engine: "tslab", cwd: dir, cellTimeoutSeconds: seconds }),
      RangeError,
      String(seconds),
    );
  }
  assert.throws(() => readFileSync(join(dir, "ran")), /ENOENT/, "no cell ran");
});

// The four hangs run side by side: each mostly waits out its limit, and each checks only the processes it recorded.
describe("a cell that never finishes, on each engine", { concurrency: true }, () => {
  for (const engine of ["tslab", "jupyter"] as const) {
    const skip = engine === "jupyter" ? jupyter.skip : false;
    for (const [kind, source] of Object.entries(HANGS)) {
      test(
        `a cell that is ${kind} is stopped at cellTimeoutSeconds on the ${engine} engine; nothing it started survives`,
        { skip },
        async () => {
          if (engine === "jupyter") jupyter.check();
          const dir = tempDir();
          const nb = notebook([
            ["before", 'console.log("before");'],
            ["pids", RECORD_PIDS],
            ["hang", source],
            ["never", 'console.log("never");'],
          ]);
          const events: ProgressEvent[] = [];
          const result = await executeNotebook(nb, {
            engine,
            cwd: dir,
            cellTimeoutSeconds: HANG_LIMIT_SECONDS,
            onProgress: (e) => events.push(e),
          });
          assert.deepEqual(result.failure, {
            cellIndex: 3,
            cellId: "hang",
            message: `did not finish within ${HANG_LIMIT_SECONDS} s`,
            timedOutAfterSeconds: HANG_LIMIT_SECONDS,
          });
          const finished = events.flatMap((e) => (e.type === "cellFinished" ? [e] : []));
          assert.deepEqual(
            finished.map((e) => [e.cellId, e.ok]),
            [
              ["before", true],
              ["pids", true],
              ["hang", false],
            ],
          );
          assert.ok(finished.at(-1)!.elapsedMs >= HANG_LIMIT_SECONDS * 1000, "the timer never fires early");
          const [, before, pids, hang, never] = result.notebook.cells.map((c) =>
            c.cell_type === "code" ? c.outputs : undefined,
          );
          assert.deepEqual(
            before,
            [{ output_type: "stream", name: "stdout", text: "before\n" }],
            "cells before the timeout keep their outputs",
          );
          assert.deepEqual([pids, hang, never], [[], [], []]);
          const recorded: RecordedPids = JSON.parse(readFileSync(join(dir, "pids.json"), "utf8"));
          assert.equal(
            alive(recorded.cell),
            false,
            `the ${engine === "tslab" ? "worker" : "kernel"} ${recorded.cell} is gone`,
          );
          assert.equal(alive(recorded.child), false, `the cell's child ${recorded.child} is gone`);
          if (engine === "jupyter")
            assert.equal(alive(recorded.parent), false, `the nbclient runner ${recorded.parent} is gone`);
        },
      );
    }
  }
});

test(
  "both engines return the same notebook and failure for a cell that times out",
  { skip: jupyter.skip },
  async () => {
    jupyter.check();
    const dir = tempDir();
    const nb = notebook([
      ["before", "console.log(40 + 2);"],
      ["hang", HANGS["a cell that never yields"]],
    ]);
    const [viaTslab, viaJupyter] = await Promise.all([
      executeNotebook(nb, { engine: "tslab", cwd: dir, cellTimeoutSeconds: 1 }),
      executeNotebook(nb, { engine: "jupyter", cwd: dir, cellTimeoutSeconds: 1 }),
    ]);
    assert.deepEqual(viaJupyter.failure, viaTslab.failure);
    assert.deepEqual(viaJupyter.notebook, viaTslab.notebook);
  },
);

for (const engine of ["tslab", "jupyter"] as const) {
  test(
    `the limit is per cell: four cells of 1 s each run under a 3 s limit (${engine} engine)`,
    { skip: engine === "jupyter" ? jupyter.skip : false },
    async () => {
      if (engine === "jupyter") jupyter.check();
      // 4 s in all, past the limit; each cell leaves 2 s for its compile on a crowded machine.
      const wait = "await new Promise((resolve) => setTimeout(resolve, 1000));";
      const nb = notebook([
        ["one", wait],
        ["two", wait],
        ["three", wait],
        ["four", wait],
      ]);
      const result = await executeNotebook(nb, { engine, cwd: tempDir(), cellTimeoutSeconds: 3 });
      assert.equal(result.failure, undefined);
    },
  );
}

test("killProcessTree kills a process and its descendants, also one in a session of its own", async () => {
  // sh starts `sleep` in its own process group and one under setsid (as a Jupyter kernel runs), then waits.
  const sh = spawn("sh", ["-c", "sleep 600 & echo $!; setsid sleep 600 & echo $!; wait"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  const lines = createInterface({ input: sh.stdout })[Symbol.asyncIterator]();
  const children = [Number((await lines.next()).value), Number((await lines.next()).value)];
  const exited = new Promise((resolve) => sh.on("exit", resolve));
  assert.ok(children.every(alive), "the tree runs");
  killProcessTree(sh.pid!);
  assert.equal(await exited, null, "sh was killed by a signal");
  // SIGKILL takes effect when each process is next scheduled: wait for that, not for the sleeps' 600 s.
  for (const pid of children) assert.ok(await ended(pid), `descendant ${pid} is gone`);
});
