/**
 * Lesson 9, "The Simulation against the Wire": what its notebook imports (`import { … } from
 * "mcp-course/lessons/simulationAgainstTheWire"`), and nothing more: tslab reads the declarations
 * of every module a cell imports, so a lesson's own module keeps that to the lesson's part of the
 * library. The same names are exported by the package's root, `mcp-course`.
 */
export { groupChanges } from "./independent";
export {
  describeWireSeed,
  readWireChecks,
  readHighLevelDeclarations,
  wireSolutions,
} from "./prose";
export { runWireLesson } from "./measurements";
export {
  formatHighLevelDeclarations,
  formatHighLevelChanges,
  formatHttpCancellation,
} from "./tables";
export { formatWireTranscript } from "../transcriptText";
export { show } from "../show";
export { showSource } from "../showSource";
