/**
 * What `mcp-course sweep` needs to parse its options and print its help: the lessons it takes and
 * their default seed counts, without loading the sweeps themselves (see `sweep.ts`).
 */
import { InvalidArgumentError } from "commander";
import { findLesson } from "../../lessons/catalog";
import { DEFAULT_SWEEP_COUNTS, SWEEP_NAMES, type SweepName } from "../../sweep/sweepNames";
import { messages } from "../messages";

/** How `--lesson` names each lesson in help and errors: `writing-a-server (06) or fleet (08)`. */
export const SWEEP_LESSON_CHOICES = SWEEP_NAMES.map(
  (name) => `${name} (${findLesson(name)!.name.slice(0, 2)})`,
);

/** `--lesson NAME` of `sweep`: a lesson's alias (`fleet`), number (`6`, `08`) or full name, if it can be swept. */
export function sweepLessonOption(text: string): SweepName {
  const alias = findLesson(text)?.alias;
  if (alias !== undefined && (SWEEP_NAMES as readonly string[]).includes(alias))
    return alias as SweepName;
  const lesson = findLesson(text);
  throw new InvalidArgumentError(
    lesson
      ? messages.noSimulation(lesson.name, SWEEP_LESSON_CHOICES)
      : messages.unknownSimulation(SWEEP_LESSON_CHOICES),
  );
}

/** `--count N`: an integer from 1 to 2^53 − 1, in plain decimal digits. */
export function countOption(text: string): number {
  const count = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(count) || count < 1)
    throw new InvalidArgumentError(messages.badSweepCount());
  return count;
}

/** The seeds each lesson sweeps without `--count`, for help: `1000 for writing-a-server, 200 for fleet`. */
export const DEFAULT_COUNTS = SWEEP_NAMES.map(
  (name) => `${DEFAULT_SWEEP_COUNTS[name]} for ${name}`,
).join(", ");
