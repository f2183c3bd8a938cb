#!/usr/bin/env node
/**
 * The `mcp-course` executable: runs the CLI on the process's arguments and exits with its code.
 */
import { runCli } from "./program";

runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
