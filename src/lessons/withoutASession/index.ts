/**
 * Lesson 10, "Without a Session": what its notebook imports (`import { … } from
 * "mcp-course/lessons/withoutASession"`), and nothing more: tslab reads the declarations of every
 * module a cell imports, so a lesson's own module keeps that to the lesson's part of the library.
 * The same names are exported by the package's root, `mcp-course`.
 */
export {
  describeSessionSeed,
  readFields,
  readEras,
  readTwelveTasks,
  readDiscoveryPlans,
  readAuto,
  readInPlaceProbe,
  readConfirm,
  readForged,
  readHandOff,
  summarizeSession,
  sessionSolutions,
} from "./prose";
export { formatEraRuns } from "./simTables";
export { simulateWithoutASession } from "./simulate";
export { runWithoutASessionOnTheWire } from "./wire";
export {
  formatFieldBytes,
  formatEraCosts,
  formatEraKinds,
  formatDiscoveryPlans,
  formatAutoMeetings,
} from "./wireTables";
export { formatWireTranscript } from "../transcriptText";
export { show } from "../show";
