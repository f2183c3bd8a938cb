/**
 * Lesson 4, "Three Primitives": what its notebook imports (`import { … } from
 * "mcp-course/lessons/threePrimitives"`), and nothing more. The same names are exported by the
 * package's root, `mcp-course`.
 */
export {
  describeThreePrimitivesSeed,
  readPromptText,
  readRegionQuestion,
  readRegionWays,
  summarizeThreePrimitives,
  threePrimitivesSolutions,
} from "./prose";
export {
  formatDescribedTool,
  formatResourceNotFound,
  formatPrimitiveOffers,
  formatPromptGetLines,
  formatResourceReadLines,
  formatToolsListLines,
  formatRegionWays,
} from "./tables";
export { runThreePrimitives } from "./wire";
export { show } from "../show";
