// `mcp-course lesson` told to stop (SIGTERM, SIGINT, SIGHUP sent to it alone) kills its kernel or worker and all they started, says so in one line, and leaves the previous export whole.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { ROOT, smallNotebook } from "../helpers";
import { alive, HANGS, RECORD_PIDS, type RecordedPids } from "../fixtures/hangingCells";
import { jupyterRequirement } from "../requirements";

const jupyter = jupyterRequirement();

describe("an export told to stop", { concurrency: true }, () => {
  for (const [engine, signal, code] of [
    ["tslab", "SIGTERM", 143],
    ["jupyter", "SIGTERM", 143],
    ["tslab", "SIGINT", 130],
    ["jupyter", "SIGHUP", 129],
  ] as const) {
    test(
      `${signal} to the ${engine} engine's export alone: exit ${code}, one line, kernel or worker and its child gone, old export whole`,
      { skip: engine === "jupyter" ? jupyter.skip : false },
      async () => {
        if (engine === "jupyter") jupyter.check();
        const { dir, notebook } = smallNotebook("const SEED = 1;", [
          ["pids", RECORD_PIDS],
          ["hang", HANGS["a cell that never yields"]],
        ]);
        const out = join(dir, "out");
        mkdirSync(out);
        writeFileSync(join(out, "small.md"), "previous export\n");
        const child = spawn(
          process.execPath,
          [join(ROOT, "dist", "cli", "main.js"), "lesson", notebook, "--engine", engine, "--out", out],
          { cwd: dir, stdio: ["ignore", "pipe", "pipe"] },
        );
        let stderr = "";
        child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
        const exited = new Promise<number | null>((resolve) => child.on("close", (status) => resolve(status)));
        const pidsFile = join(dir, "pids.json");
        // A bound against a hang, not a time limit: on a loaded machine compiling the cell alone has
        // taken over a minute, so the bound is the engines' own cell timeout's order (minutes).
        for (let waited = 0; !existsSync(pidsFile) || readFileSync(pidsFile, "utf8") === ""; waited += 100) {
          assert.ok(waited < 240_000, `the pids cell never ran: ${stderr}`);
          await sleep(100);
        }
        await sleep(300); // the hanging cell is under way
        child.kill(signal);
        assert.equal(await exited, code, stderr);
        const errors = stderr.split("\n").filter((line) => line.startsWith("mcp-course:"));
        assert.deepEqual(errors, [
          `mcp-course: stopped by ${signal} while running ${notebook}: its kernel or worker was killed; exports already written are whole, the one in progress was not written`,
        ]);
        assert.equal(readFileSync(join(out, "small.md"), "utf8"), "previous export\n");
        const pids: RecordedPids = JSON.parse(readFileSync(pidsFile, "utf8"));
        for (let waited = 0; (alive(pids.cell) || alive(pids.child)) && waited < 5000; waited += 100) await sleep(100);
        assert.equal(alive(pids.cell), false, `the ${engine === "tslab" ? "worker" : "kernel"} ${pids.cell} is gone`);
        assert.equal(alive(pids.child), false, `the cell's child ${pids.child} is gone`);
        if (engine === "jupyter") assert.equal(alive(pids.parent), false, `the nbclient runner ${pids.parent} is gone`);
      },
    );
  }
});
