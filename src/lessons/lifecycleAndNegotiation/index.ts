/**
 * Lesson 5, "Lifecycle and Negotiation": what its notebook imports (`import { … } from
 * "mcp-course/lessons/lifecycleAndNegotiation"`), and nothing more. The same names are exported by
 * the package's root, `mcp-course`.
 */
export { openingsChart } from "./charts";
export {
  describeLifecycleAndNegotiationSeed,
  lifecycleAndNegotiationSolutions,
  readDiscover,
  readGateRun,
  readPolicies,
  readKayit,
  readOpeningCosts,
  readStatelessMismatch,
} from "./prose";
export { simulateLifecycleAndNegotiation } from "./simulate";
export { formatPolicies, formatLines, formatOpeningCosts } from "./tables";
export { runLifecycleAndNegotiationOnTheWire } from "./wire";
export { show } from "../show";
