/**
 * `npm run bench`: speed and memory of the course against the reference, measured in one run.
 *
 * 1. Simulating one seed (everything `simulate --json` computes), in microseconds per seed, beside
 *    the reference lesson's own Python code run on the same machine now (see referenceCode.ts).
 *    Target (issue 2): at least 20 times faster per seed.
 * 2. The wall time of `mcp-course lesson` on each engine that is installed.
 * Figures are printed, never asserted: tests do not time anything.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { writingAServerJson } from "../src/lessons/writingAServer/json";
import { simulateWritingAServer } from "../src/lessons/writingAServer/simulate";
import { jupyterAvailable } from "../src/notebook";
import { extractReferenceCode, referencePath } from "./referenceCode";

const ROOT = join(__dirname, "..");
const SEEDS = Number(process.env.BENCH_SEEDS ?? 2000);
const FIRST_SEED = 20260218;

function ours(): { usPerSeed: number; maxRssMb: number } {
  for (let s = 0; s < 200; s++) writingAServerJson(simulateWritingAServer(FIRST_SEED + s)); // warm-up
  const start = performance.now();
  for (let s = 0; s < SEEDS; s++) writingAServerJson(simulateWritingAServer(FIRST_SEED + s));
  return { usPerSeed: ((performance.now() - start) * 1000) / SEEDS, maxRssMb: process.resourceUsage().maxRSS / 1024 };
}

function reference(dir: string): { usPerSeed: number; maxRssMb: number } | string {
  const code = extractReferenceCode(referencePath(ROOT));
  if (code === null) return `reference document not found at ${referencePath(ROOT)} (set MCP_COURSE_REFERENCE)`;
  writeFileSync(join(dir, "reference.py"), code);
  const driver = [
    "import contextlib, io, resource, sys, time",
    "program = compile(open(sys.argv[1]).read(), 'reference', 'exec')",
    "first, count = int(sys.argv[2]), int(sys.argv[3])",
    "sink = io.StringIO()",
    "with contextlib.redirect_stdout(sink):",
    "    for s in range(20): exec(program, {'__seed__': first + s})",
    "    start = time.perf_counter()",
    "    for s in range(count): exec(program, {'__seed__': first + s}); sink.seek(0); sink.truncate()",
    "    elapsed = time.perf_counter() - start",
    "print(elapsed * 1e6 / count, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)",
  ].join("\n");
  writeFileSync(join(dir, "driver.py"), driver);
  const count = Math.max(50, Math.floor(SEEDS / 10));
  const run = spawnSync("python3", [join(dir, "driver.py"), join(dir, "reference.py"), String(FIRST_SEED), String(count)], { encoding: "utf8" });
  if (run.status !== 0) return `python3 failed: ${run.stderr.trim().split("\n").at(-1)}`;
  const [usPerSeed, maxRssMb] = run.stdout.trim().split(" ").map(Number);
  return { usPerSeed, maxRssMb };
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
    console.log(`simulating one seed (everything simulate --json computes), ${SEEDS} seeds from ${FIRST_SEED}`);
    const mine = ours();
    const theirs = reference(dir);
    console.log(`  mcp-course (TypeScript)        ${mine.usPerSeed.toFixed(1).padStart(9)} µs/seed   max RSS ${mine.maxRssMb.toFixed(0)} MB`);
    if (typeof theirs === "string") {
      console.log(`  reference (Python)             not measured: ${theirs}`);
    } else {
      const ratio = theirs.usPerSeed / mine.usPerSeed;
      console.log(`  reference (Python, same run)   ${theirs.usPerSeed.toFixed(1).padStart(9)} µs/seed   max RSS ${theirs.maxRssMb.toFixed(0)} MB`);
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
