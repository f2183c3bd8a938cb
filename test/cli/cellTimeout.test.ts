// `mcp-course lesson --cell-timeout SECONDS`: a cell that never finishes ends the export with exit 1
// and one line naming the notebook, the cell and the limit; nothing it started survives and the
// previous export is untouched. Bad values are bad input (exit 2, nothing touched).
import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { assertBadInput, cli, cliAsync, smallNotebook } from "../helpers";
import { alive, HANG_LIMIT_SECONDS, HANGS, RECORD_PIDS, type RecordedPids } from "../fixtures/hangingCells";
import { jupyterRequirement } from "../requirements";

const jupyter = jupyterRequirement();

// Each engine meets one of the two hangs, so that the command meets both and each engine one; every
// hang on every engine is test/notebook/cellTimeout.test.ts's. The two run side by side: each
// mostly waits out its limit, and each checks only the processes it recorded.
const HANG_OF_ENGINE = { tslab: "a cell that never yields", jupyter: "a promise that never settles" } as const;

describe("a cell that never finishes, on each engine", { concurrency: true }, () => {
  for (const engine of ["tslab", "jupyter"] as const) {
    const kind = HANG_OF_ENGINE[engine];
    const source = HANGS[kind];
    test(
      `a cell that is ${kind} ends the export on the ${engine} engine after --cell-timeout: exit 1, one line, nothing left running, the old export untouched`,
      { skip: engine === "jupyter" ? jupyter.skip : false },
      async () => {
        if (engine === "jupyter") jupyter.check();
        const { dir, notebook } = smallNotebook("const SEED = 1;", [
          ["fine", "console.log(SEED);"],
          ["pids", RECORD_PIDS],
          ["hang", source],
          ["never", 'console.log("not reached");'],
        ]);
        const out = join(dir, "out");
        mkdirSync(out);
        const previous = join(out, "small.md");
        writeFileSync(previous, "previous export\n");
        utimesSync(previous, new Date("2020-01-01T00:00:00Z"), new Date("2020-01-01T00:00:00Z"));
        const mtimeBefore = statSync(previous).mtimeMs;

        const started = process.hrtime.bigint();
        const run = await cliAsync([
          "lesson",
          notebook,
          "--engine",
          engine,
          "--out",
          out,
          "--cell-timeout",
          String(HANG_LIMIT_SECONDS),
        ]);
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;

        assert.equal(run.status, 1, run.stderr);
        assert.equal(run.stdout, "");
        const lines = run.stderr.trim().split("\n");
        assert.deepEqual(
          lines.filter((line) => line.startsWith("mcp-course:")),
          [
            `mcp-course: ${notebook}: cell 4 (id hang) did not finish within ${HANG_LIMIT_SECONDS} s (--cell-timeout); the ${engine} engine was stopped — the previous export ${previous} is unchanged`,
          ],
        );
        assert.ok(lines.at(-1)!.startsWith("mcp-course:"), "the error is the last line");
        assert.match(
          run.stderr,
          /small: cell 4\/5 \(hang\) FAILED in \d+\.\d\d s\n/,
          "progress shows the stopped cell",
        );
        assert.doesNotMatch(run.stderr, /not reached/);
        assert.ok(seconds >= HANG_LIMIT_SECONDS, `took ${seconds} s: the timer never fires early`);

        assert.equal(readFileSync(previous, "utf8"), "previous export\n");
        assert.equal(statSync(previous).mtimeMs, mtimeBefore, "the previous export's mtime is unchanged");
        assert.deepEqual(readdirSync(out), ["small.md"], "no temporary file or charts folder left in --out");

        const pids: RecordedPids = JSON.parse(readFileSync(join(dir, "pids.json"), "utf8"));
        assert.equal(alive(pids.cell), false, `the ${engine === "tslab" ? "worker" : "kernel"} (${pids.cell}) is gone`);
        assert.equal(alive(pids.child), false, `the process the cell started (${pids.child}) is gone`);
        assert.equal(
          alive(pids.parent),
          false,
          `its parent (${engine === "tslab" ? "the CLI" : "the nbclient runner"}, ${pids.parent}) is gone`,
        );
      },
    );
  }
});

test("a notebook whose cells all finish in time exports as without --cell-timeout", () => {
  const { dir, notebook } = smallNotebook("const SEED = 1;", [["show", "console.log(`seed ${SEED}`);"]]);
  assert.equal(cli(["lesson", notebook, "--engine", "tslab", "--out", join(dir, "plain")]).status, 0);
  assert.equal(
    cli(["lesson", notebook, "--engine", "tslab", "--out", join(dir, "timed"), "--cell-timeout", "30"]).status,
    0,
  );
  assert.equal(
    readFileSync(join(dir, "timed", "small.md"), "utf8"),
    readFileSync(join(dir, "plain", "small.md"), "utf8"),
  );
});

test("--cell-timeout takes seconds above 0 up to 2147483, in plain decimals: anything else is bad input (exit 2, one line, nothing touched)", () => {
  for (const bad of [
    "0",
    "-1",
    "abc",
    "1e9999",
    "1e3",
    "",
    "Infinity",
    "NaN",
    "0.0",
    "2147484",
    "+5",
    " 2",
    "2.5.1",
    "0x10",
  ]) {
    const shown = bad.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    assertBadInput(
      ["lesson", "06", "--engine", "tslab", "--cell-timeout", bad],
      new RegExp(
        `^mcp-course: option '--cell-timeout <seconds>' argument '${shown}' is invalid\\. Expected a number of seconds, more than 0 and at most 2147483\\.\\n$`,
      ),
    );
  }
});

test("lesson --help shows --cell-timeout in seconds with its default of 600", () => {
  const help = cli(["lesson", "--help"]);
  assert.equal(help.status, 0);
  assert.ok(
    help.stdout
      .replace(/\s+/g, " ")
      .includes(
        "--cell-timeout <seconds> stop a cell still running after this many seconds: its kernel or worker is killed, the export fails (exit 1) and the previous one is kept (default: 600)",
      ),
    help.stdout,
  );
});
