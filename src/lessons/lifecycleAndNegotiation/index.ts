/**
 * Lesson 5, "Lifecycle and Negotiation": what its notebook imports (`import { … } from
 * "mcp-course/lessons/lifecycleAndNegotiation"`), and nothing more. The same names are exported by
 * the package's root, `mcp-course`.
 */
export { describeLifecycleAndNegotiationSeed } from "./prose";
export { simulateLifecycleAndNegotiation } from "./simulate";
export { formatLifecycleAndNegotiationRegions } from "./tables";
export { show } from "../show";
export { showSource } from "../showSource";
