/**
 * Lesson 1, "Three Roles": what its notebook imports (`import { … } from
 * "mcp-course/lessons/threeRoles"`), and nothing more. The same names are exported by the package's
 * root, `mcp-course`.
 */
export { describeThreeRolesSeed } from "./prose";
export { simulateThreeRoles } from "./simulate";
export { formatThreeRolesRegions } from "./tables";
export { show } from "../show";
export { showSource } from "../showSource";
