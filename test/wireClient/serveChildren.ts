// What the wire tests check after each run: no `mcp-course serve` process they started outlives it.
import { execFileSync } from "node:child_process";
import { SERVE_SCRIPT } from "../../src/wireClient/serveCommand";

/** The `mcp-course serve` processes this test process started that are still alive (tsx's own esbuild child is not one). */
export function children(): string[] {
  const lines = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(process.pid)], { encoding: "utf8" }).split(
    "\n",
  );
  return lines.map((line) => line.trim()).filter((line) => line.includes(`${SERVE_SCRIPT} `));
}
