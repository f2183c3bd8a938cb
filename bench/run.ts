/**
 * `npm run bench`: speed and memory of the course against the reference, measured in one run.
 *
 * 1. Simulating one seed — everything `simulate --json` computes, JSON text included — in
 *    microseconds per seed, beside the reference lesson's own Python code run on this machine in
 *    the same run (see referenceCode.ts). The two are timed in alternating rounds, so that a
 *    busy moment of the machine falls on both, and each figure is the median of its rounds.
 *    Target (issue 2): at least 20 times faster per seed than the reference.
 * 2. The wall time of `mcp-course lesson` on each engine that is installed.
 * Figures are printed, never asserted: tests do not time anything.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
// The built library, as the CLI and the notebooks run it (`npm run bench` builds first).
import { jupyterAvailable, simulateWritingAServer, writingAServerJson } from "../dist/index";
import { extractReferenceCode, referencePath } from "./referenceCode";

const ROOT = join(__dirname, "..");
const SEEDS = Number(process.env.BENCH_SEEDS ?? 2000);
const ROUNDS = 5;
const FIRST_SEED = 20260218;

/** One round of ours: µs per seed over `SEEDS` consecutive seeds. */
function oursRound(): number {
  const start = performance.now();
  for (let s = 0; s < SEEDS; s++) JSON.stringify(writingAServerJson(simulateWritingAServer(FIRST_SEED + s)));
  return ((performance.now() - start) * 1000) / SEEDS;
}

/** The Python driver: runs the reference program once per seed, prints µs per seed and max RSS in MB. */
const DRIVER = [
  "import contextlib, io, resource, sys, time",
  "program = compile(open(sys.argv[1]).read(), 'reference', 'exec')",
  "first, count = int(sys.argv[2]), int(sys.argv[3])",
  "sink = io.StringIO()",
  "with contextlib.redirect_stdout(sink):",
  "    for s in range(10): exec(program, {'__seed__': first + s})",
  "    start = time.perf_counter()",
  "    for s in range(count): exec(program, {'__seed__': first + s}); sink.seek(0); sink.truncate()",
  "    elapsed = time.perf_counter() - start",
  "print(elapsed * 1e6 / count, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)",
].join("\n");

/** Prepares the reference program; returns a function running one round, or why it cannot run. */
function referenceRunner(dir: string): (() => { usPerSeed: number; maxRssMb: number }) | string {
  const code = extractReferenceCode(referencePath(ROOT));
  if (code === null) return `reference document not found at ${referencePath(ROOT)} (set MCP_COURSE_REFERENCE)`;
  writeFileSync(join(dir, "reference.py"), code);
  writeFileSync(join(dir, "driver.py"), DRIVER);
  const count = String(Math.max(50, Math.floor(SEEDS / 20)));
  return () => {
    const run = spawnSync("python3", [join(dir, "driver.py"), join(dir, "reference.py"), String(FIRST_SEED), count], { encoding: "utf8" });
    if (run.status !== 0) throw new Error(`python3 failed: ${run.stderr.trim().split("\n").at(-1)}`);
    const [usPerSeed, maxRssMb] = run.stdout.trim().split(" ").map(Number);
    return { usPerSeed, maxRssMb };
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function lessonWallTime(engine: string, dir: string): string {
  const start = performance.now();
  const run = spawnSync(process.execPath, [join(ROOT, "dist", "cli", "main.js"), "lesson", "--engine", engine, "--out", join(dir, engine)], { encoding: "utf8" });
  const seconds = (performance.now() - start) / 1000;
  return run.status === 0 ? `${seconds.toFixed(2)} s` : `failed: ${run.stderr.trim().split("\n").at(-1)}`;
}

function main(): void {
  const dir = mkdtempSync(join(tmpdir(), "mcp-course-bench-"));
  try {
    console.log(`simulating one seed (everything simulate --json computes), ${SEEDS} seeds from ${FIRST_SEED}, ${ROUNDS} alternating rounds`);
    const reference = referenceRunner(dir);
    oursRound(); // warm-up
    const mine: number[] = [];
    const theirs: number[] = [];
    let theirRss = 0;
    for (let round = 0; round < ROUNDS; round++) {
      mine.push(oursRound());
      if (typeof reference !== "string") {
        const r = reference();
        theirs.push(r.usPerSeed);
        theirRss = Math.max(theirRss, r.maxRssMb);
      }
    }
    const ours = median(mine);
    console.log(`  mcp-course (TypeScript)        ${ours.toFixed(1).padStart(9)} µs/seed   max RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
    if (typeof reference === "string") {
      console.log(`  reference (Python)             not measured: ${reference}`);
    } else {
      const ratio = median(theirs) / ours;
      console.log(`  reference (Python, same run)   ${median(theirs).toFixed(1).padStart(9)} µs/seed   max RSS ${theirRss.toFixed(0)} MB`);
      console.log(`  ratio: ${ratio.toFixed(1)}× faster than the reference (target ≥ 20×: ${ratio >= 20 ? "met" : "NOT met"})`);
    }
    console.log("wall time of `mcp-course lesson` (lesson 6, default seed)");
    console.log(`  tslab engine                   ${lessonWallTime("tslab", dir)}`);
    console.log(`  jupyter engine                 ${jupyterAvailable() ? lessonWallTime("jupyter", dir) : "not installed"}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
