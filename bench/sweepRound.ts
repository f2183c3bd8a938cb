/**
 * One timing round of a seed sweep, in a fresh process (run by bench/run.ts).
 *
 * Usage: node --import tsx bench/sweepRound.ts FIRST_SEED COUNT
 * Prints the wall time in ms of `sweep("writing-a-server", {from, count})` — lesson 6 over COUNT
 * seeds, every distribution and claim, as `mcp-course sweep` runs it — cold (no warm-up: the
 * CLI runs it once), then the process's peak resident memory in MB.
 */
import { performance } from "node:perf_hooks";
// The built library, as the CLI runs it (`npm run bench` builds first).
import { sweep } from "../dist/index";

const [from, count] = process.argv.slice(2).map(Number);
const start = performance.now();
const result = sweep("writing-a-server", { from, count });
const elapsed = performance.now() - start;
if (result.count !== count) throw new Error(`swept ${result.count} seeds, expected ${count}`);
console.log(elapsed, process.resourceUsage().maxRSS / 1024);
