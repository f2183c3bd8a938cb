/**
 * The lessons `sweep` can run and how many seeds each sweeps by default, apart from the sweeps
 * themselves, so that the command line can parse and list them without loading any lesson's code.
 */

/** The lessons with a sweep, by the short name `--lesson` takes (as for `simulate`), default first. */
export const SWEEP_NAMES = ["writing-a-server", "fleet"] as const;

/** One of {@link SWEEP_NAMES}. */
export type SweepName = (typeof SWEEP_NAMES)[number];

/**
 * Seeds swept when the caller does not say (`sweep` without `--count`). This project's choice:
 * a fleet seed costs about a hundred times a lesson-6 seed, hence fewer.
 */
export const DEFAULT_SWEEP_COUNTS: Readonly<Record<SweepName, number>> = {
  "writing-a-server": 1000,
  fleet: 200,
};
