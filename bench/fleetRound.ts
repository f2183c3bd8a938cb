/**
 * One timing round of lesson 8's fleet, in a fresh process (run by bench/run.ts).
 *
 * Usage: node --import tsx bench/fleetRound.ts FIRST_SEED COUNT
 * Prints five numbers: µs per seed for
 *   1. `generateFleet(seed)`;
 *   2. `solveTask(fleet)`, the fleets generated beforehand;
 *   3. one full condition matrix, `runMatrix(fleet, truth)` (every condition × agent policy on the
 *      virtual clock), the fleets and their truths made beforehand;
 *   4. the whole lesson as `simulate --lesson fleet --json` prints it: `simulateFleetLesson` +
 *      `fleetLessonJson` + `JSON.stringify(…, null, 2)`;
 * then the process's peak resident memory in MB. A warm-up pass of all four over the same seeds
 * comes first. Every result feeds a checksum that is checked at the end, so no call can be
 * optimised away.
 */
import { performance } from "node:perf_hooks";
// The built library, as the CLI and the notebooks run it (`npm run bench` builds first).
import {
  fleetLessonJson,
  generateFleet,
  runMatrix,
  simulateFleetLesson,
  solveTask,
  type Fleet,
  type TaskTruth,
} from "../dist/index";

const [first, count] = process.argv.slice(2).map(Number);
const seeds = Array.from({ length: count }, (_, s) => first + s);
let checksum = 0;

/** µs per seed of `step` over every seed. */
const time = (step: (seed: number, index: number) => number): number => {
  const start = performance.now();
  for (let i = 0; i < count; i++) checksum += step(seeds[i], i);
  return ((performance.now() - start) * 1000) / count;
};

// Made outside the timed parts: the inputs of `solveTask` and `runMatrix`.
const fleets: Fleet[] = seeds.map(generateFleet);
const truths: TaskTruth[] = fleets.map(solveTask);

const generation = (seed: number) => generateFleet(seed).devices.length;
const solving = (_: number, i: number) => solveTask(fleets[i]).lowHourCount;
const matrix = (_: number, i: number) => runMatrix(fleets[i], truths[i]).filter((r) => r.correct).length;
const lesson = (seed: number) => JSON.stringify(fleetLessonJson(simulateFleetLesson(seed)), null, 2).length;

for (const step of [generation, solving, matrix, lesson]) time(step); // warm-up
const figures = [time(generation), time(solving), time(matrix), time(lesson)];
if (!Number.isFinite(checksum) || checksum <= 0) throw new Error(`implausible checksum ${checksum}`);
console.log(...figures, process.resourceUsage().maxRSS / 1024);
