/**
 * Lesson 8, "The Fleet behind the Boundary": what its notebook imports (`import { … } from
 * "mcp-course/lessons/fleetBehindTheBoundary"`), and nothing more: tslab reads the declarations of
 * every module a cell imports, so a lesson's own module keeps that to the lesson's part of the
 * library. The same names are exported by the package's root, `mcp-course`.
 */
export { conditionsChart } from "./charts";
export {
  describeFleetSeed,
  describeAgents,
  readGroundTruth,
  readConditions,
  solveExercises,
  readSlowHttp,
} from "./prose";
export { simulateFleetLesson } from "./simulate";
export {
  formatSchemaTable,
  formatMalformedTable,
  formatBoundaryTable,
  formatAnswerTable,
  formatSlowHttp,
} from "./tables";
export { runFleetLines, runSlowLines, runSlowHttp } from "./wire";
export { formatWireTranscript } from "../transcriptText";
export { show } from "../show";
