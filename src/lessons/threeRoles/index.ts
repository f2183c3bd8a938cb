/**
 * Lesson 1, "Three Roles": what its notebook imports (`import { … } from
 * "mcp-course/lessons/threeRoles"`), and nothing more. The same names are exported by the package's
 * root, `mcp-course`.
 */
export { describeThreeRolesSeed, readSeedTasks, readWireCalls, threeRolesSolutions } from "./prose";
export { simulateThreeRoles } from "./simulate";
export { formatSeedTasks, formatTracedTask, formatServerViews, formatWireCalls } from "./tables";
export { runThreeRolesOnTheWire } from "./wire";
export { show } from "../show";
