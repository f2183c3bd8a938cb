/**
 * Lesson 2, "The Transport": what its notebook imports (`import { … } from
 * "mcp-course/lessons/transport"`), and nothing more. The same names are exported by the package's
 * root, `mcp-course`.
 */
export {
  describeTransportSeed,
  readStdioCall,
  readRestart,
  readHttpCall,
  readRefused,
  transportSolutions,
} from "./prose";
export { runTransport } from "./simulate";
export {
  formatStdioCall,
  formatStreams,
  formatRestart,
  formatHttpCall,
  formatRefused,
  formatPlacementTrips,
} from "./tables";
export { show } from "../show";
