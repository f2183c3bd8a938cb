/**
 * Lesson 4, "Three Primitives": what its notebook imports (`import { … } from
 * "mcp-course/lessons/threePrimitives"`), and nothing more. The same names are exported by the
 * package's root, `mcp-course`.
 */
export { describeThreePrimitivesSeed } from "./prose";
export { simulateThreePrimitives } from "./simulate";
export { formatThreePrimitivesRegions } from "./tables";
export { show } from "../show";
export { showSource } from "../showSource";
