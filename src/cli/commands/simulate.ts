/**
 * `mcp-course simulate`: lesson 6's tables, or its figures as JSON, for one seed.
 */
import { writingAServerJson } from "../../lessons/writingAServer/json";
import { simulateWritingAServer } from "../../lessons/writingAServer/simulate";
import { formatWritingAServer } from "../../lessons/writingAServer/tables";

/** Options of `simulate`. */
export interface SimulateOptions {
  seed: number;
  json?: boolean;
}

/**
 * The text `simulate` prints: the reference's two printed blocks, or one JSON object (two-space
 * indent, keys in a fixed order) followed by a newline.
 */
export function simulateOutput({ seed, json }: SimulateOptions): string {
  const result = simulateWritingAServer(seed);
  return json ? `${JSON.stringify(writingAServerJson(result), null, 2)}\n` : formatWritingAServer(result);
}
