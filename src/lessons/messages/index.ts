/**
 * Lesson 3, "Messages": what its notebook imports (`import { … } from
 * "mcp-course/lessons/messages"`), and nothing more. The same names are exported by the package's
 * root, `mcp-course`.
 */
export { describeMessagesSeed } from "./prose";
export { simulateMessages } from "./simulate";
export { formatMessagesRegions } from "./tables";
export { show } from "../show";
export { showSource } from "../showSource";
