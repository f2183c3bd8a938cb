/**
 * Lesson 7, "Writing a Client": what its notebook imports (`import { … } from
 * "mcp-course/lessons/writingAClient"`), and nothing more: tslab reads the declarations of every
 * module a cell imports, so a lesson's own module keeps that to the lesson's part of the library.
 * The same names are exported by the package's root, `mcp-course`.
 */
export {
  describeClientSeed,
  describeFleetTask,
  readToolNames,
  readAllModes,
  readReport,
  summarizeClient,
  solveClientExercises,
} from "./prose";
export { simulateWritingAClient } from "./simulate";
export {
  formatTranscript,
  formatAllModesTable,
  formatDiscoveryParts,
  currentDiscoveryOf,
  formatClientReports,
  formatRefusalResults,
} from "./tables";
export { formatPrefixedNames, prefixToolNames } from "./toolNames";
export {
  runWritingAClientOnTheWire,
  formatDiscoveryLines,
  formatCurrentLines,
  formatErrorChannels,
  formatListenLines,
  showCurrentClient,
} from "./wire";
export { runCurrentClientOverHttp, formatHttpRun } from "./httpClient";
export { show } from "../show";
export { showSource } from "../showSource";
