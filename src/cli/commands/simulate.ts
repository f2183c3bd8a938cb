/**
 * `mcp-course simulate`: a lesson's tables, or its figures as JSON, for one seed.
 *
 * `--lesson writing-a-server` (the default) prints lesson 6's two blocks exactly as the
 * reference lesson prints them; `--lesson fleet` prints lesson 8's tables.
 */
import { fleetLessonJson } from "../../lessons/fleetBehindTheBoundary/json";
import { simulateFleetLesson } from "../../lessons/fleetBehindTheBoundary/simulate";
import { formatFleetLesson } from "../../lessons/fleetBehindTheBoundary/tables";
import { writingAServerJson } from "../../lessons/writingAServer/json";
import { simulateWritingAServer } from "../../lessons/writingAServer/simulate";
import { formatWritingAServer } from "../../lessons/writingAServer/tables";
import { SIMULATION_NAMES, type SimulationName } from "./simulationNames";

/** The simulations `--lesson` can name, with what each prints. */
export const SIMULATIONS = {
  "writing-a-server": {
    lesson: "06-writing-a-server",
    text: (seed: number) => formatWritingAServer(simulateWritingAServer(seed)),
    json: (seed: number) => writingAServerJson(simulateWritingAServer(seed)),
  },
  fleet: {
    lesson: "08-the-fleet-behind-the-boundary",
    text: (seed: number) => formatFleetLesson(simulateFleetLesson(seed)),
    json: (seed: number) => fleetLessonJson(simulateFleetLesson(seed)),
  },
} as const satisfies Record<
  SimulationName,
  { lesson: string; text: (seed: number) => string; json: (seed: number) => unknown }
>;

export { SIMULATION_NAMES, type SimulationName };

/** Options of `simulate`. */
export interface SimulateOptions {
  seed: number;
  json?: boolean;
  /** Which lesson's simulation; default `writing-a-server` (lesson 6). */
  lesson?: SimulationName;
}

/**
 * The text `simulate` prints: the lesson's tables, or one JSON object (two-space indent, keys in
 * a fixed order) followed by a newline.
 */
export function simulateOutput({
  seed,
  json,
  lesson = "writing-a-server",
}: SimulateOptions): string {
  const simulation = SIMULATIONS[lesson];
  return json ? `${JSON.stringify(simulation.json(seed), null, 2)}\n` : simulation.text(seed);
}
