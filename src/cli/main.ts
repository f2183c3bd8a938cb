#!/usr/bin/env node
/**
 * The `mcp-course` executable: runs the CLI on the process's arguments and exits with its code.
 */
import { runCli } from "./program";

// A reader that stops early (`mcp-course simulate --json | head`) closes the pipe: that is not
// an error of ours, so stop quietly instead of printing a stack trace.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});
// Progress goes to stderr; if its reader goes away, the work (an export, say) still finishes.
process.stderr.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
});

runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
