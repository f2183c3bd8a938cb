#!/usr/bin/env node
/**
 * The `mcp-course` executable: runs the CLI on the process's arguments and exits with its code.
 *
 * `mcp-course serve …` goes straight to the server's launcher (`src/serve.ts`), which runs the
 * bundled server command line: a server should start in the time Node takes, not in the time the
 * whole CLI takes to load (an MCP client starts it for every session). Every other command loads the CLI (`program.ts`).
 */
import { loadServeEntry } from "../serve";

const argv = process.argv.slice(2);
if (argv[0] === "serve") loadServeEntry().main(argv.slice(1));
else
  void import("./commandRunner").then(({ runMain }) =>
    runMain(async (args) => (await import("./program")).runCli(args), argv),
  );
