/**
 * One timing round of the simulator, in a fresh process (run by bench/run.ts).
 *
 * Usage: node --import tsx bench/simulateRound.ts FIRST_SEED COUNT
 * Prints two numbers: µs per seed for the figures (`simulateWritingAServer` + `writingAServerJson`),
 * and µs per seed for the same plus the JSON text (`JSON.stringify(…, null, 2)`, what
 * `simulate --json` prints), then the process's peak resident memory in MB. A warm-up pass over
 * the same seeds comes first.
 */
import { performance } from "node:perf_hooks";
// The built library, as the CLI and the notebooks run it (`npm run bench` builds first).
import { simulateWritingAServer, writingAServerJson } from "../dist/index";

const [first, count] = process.argv.slice(2).map(Number);
const time = (withText: boolean): number => {
  const start = performance.now();
  for (let s = 0; s < count; s++) {
    const json = writingAServerJson(simulateWritingAServer(first + s));
    if (withText) JSON.stringify(json, null, 2);
  }
  return ((performance.now() - start) * 1000) / count;
};
time(true); // warm-up
console.log(time(false), time(true), process.resourceUsage().maxRSS / 1024);
