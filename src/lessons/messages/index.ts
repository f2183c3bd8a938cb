/**
 * Lesson 3, "Messages": what its notebook imports (`import { … } from
 * "mcp-course/lessons/messages"`), and nothing more. The same names are exported by the package's
 * root, `mcp-course`.
 */
export {
  describeMessagesSeed,
  readCallRevisions,
  readFailuresByRevision,
  readNoArgumentCalls,
  readFirstCallCost,
  summarizeMessages,
  messagesSolutions,
} from "./prose";
export { simulateMessages } from "./simulate";
export { formatFailuresByRevision, formatFirstCallCost, formatTokenCuts } from "./tables";
export { runMessagesOnTheWire } from "./wire";
export { formatWireTranscript } from "../transcriptText";
export { show } from "../show";
