/**
 * The names `simulate --lesson` takes, apart from the simulations themselves, so that the command
 * line can parse and list them without loading any lesson's code.
 */

/** The lessons with a simulation of their own, by alias, default first (see `SIMULATIONS` in `simulate.ts`). */
export const SIMULATION_NAMES = ["writing-a-server", "fleet"] as const;

/** One of {@link SIMULATION_NAMES}. */
export type SimulationName = (typeof SIMULATION_NAMES)[number];
