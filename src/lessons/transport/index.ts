/**
 * Lesson 2, "The Transport": what its notebook imports (`import { … } from
 * "mcp-course/lessons/transport"`), and nothing more. The same names are exported by the package's
 * root, `mcp-course`.
 */
export { describeTransportSeed } from "./prose";
export { simulateTransport } from "./simulate";
export { formatTransportRegions } from "./tables";
export { show } from "../show";
export { showSource } from "../showSource";
