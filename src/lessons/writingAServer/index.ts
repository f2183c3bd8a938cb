/**
 * Lesson 6, "Writing a Server": what its notebook imports (`import { … } from
 * "mcp-course/lessons/writingAServer"`), and nothing more: tslab reads the declarations of every
 * module a cell imports, so a lesson's own module keeps that to the lesson's part of the library.
 * The same names are exported by the package's root, `mcp-course`.
 */
export {
  describeSeeds,
  readBesideMcp,
  readGates,
  readHandshake,
  readSecondRun,
  readWide,
  writingAServerSolutions,
} from "./prose";
export { gateReadings, simulateWritingAServer } from "./simulate";
export {
  formatMcpDeclarations,
  formatHandshakeTable,
  formatRunTable,
  formatHandshakeMessages,
  formatSecondRunLine,
  formatWideTable,
  formatGateTable,
  formatServedLines,
  formatMinimalServerLines,
  formatMinimalHttp,
} from "./tables";
export { captureServerLines, minimalServerRun, minimalHttpRun } from "./wire";
export { show } from "../show";
export { showFile } from "../showSource";
