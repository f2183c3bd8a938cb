/**
 * Lesson 8, "The Fleet behind the Boundary": what its notebook imports (`import { … } from
 * "mcp-course/lessons/fleetBehindTheBoundary"`), and nothing more: tslab reads the declarations of
 * every module a cell imports, so a lesson's own module keeps that to the lesson's part of the
 * library. The same names are exported by the package's root, `mcp-course`.
 */
export { conditionsChart } from "./charts";
export {
  quoteQuestion,
  describeFleetSeed,
  readFleet,
  readGroundTruth,
  readLevels,
  readChannels,
  readMalformed,
  describeTurns,
  describeConditions,
  describeClock,
  readConditions,
  summarizeFleet,
  solveExercises,
} from "./prose";
export { simulateFleetLesson } from "./simulate";
export {
  formatFleetTable,
  formatGroundTruth,
  formatToolTable,
  formatLevelTable,
  formatChannelTable,
  formatMalformedTable,
  formatTurnTable,
  formatConditionTable,
} from "./tables";
export { show } from "../show";
