#!/usr/bin/env node
/**
 * `mcp-course serve` as an MCP client should start it: `node dist/serve.js <server> [options]`
 * is `mcp-course serve <server> [options]`, started in a fraction of the time, on any Node the
 * package supports (`engines.node`), so an entry `mcp-course register` printed survives a Node upgrade.
 *
 * `npm run build` bundles the server's command line with esbuild into one file,
 * {@link SERVE_BUNDLE} (`src/build/bundle.ts`: only the modules `serve` reaches, zod's unused
 * locales and compatibility layer left out, the fleet's validators compiled at build time), and
 * stores V8's code cache for it, {@link SERVE_CODE_CACHE}, made while the bundle served a session
 * of each server. This launcher compiles the bundle with that cache through Node's public
 * `vm.Script` `cachedData` option, so V8 neither parses nor compiles what it compiled then. The
 * cache is V8's own format, checked by V8 (another Node version, other V8 flags: rejected, and the
 * bundle is compiled as usual) and by the build id the bundle's first line carries (a rebuilt
 * bundle never meets an old cache). Node 22.1 and later have the like for whole module graphs
 * (`module.enableCompileCache()`); this one file works the same on Node 20.
 *
 * Without a bundle (the build stopped before its last step) it runs the same command line unbundled (`cli/serveMain.ts`).
 * `mcp-course serve` (`cli/main.ts`) comes here too. This file loads nothing but Node's `fs`,
 * `module`, `path` and `vm` (and `packageRoot.ts`) before the bundle.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Script } from "node:vm";
import { PACKAGE_ROOT } from "./packageRoot";

/** This launcher, built: the script an MCP client runs with `node` (what `mcp-course register` prints). */
export const SERVE_SCRIPT = join(PACKAGE_ROOT, "dist", "serve.js");

/**
 * The bundled server command line (`src/cli/serveMain.ts` and what it reaches), made by
 * `npm run build`. It sits in `dist/` like the modules it was made from, so that the package root
 * its code finds one folder up (`packageRoot.ts`) is the same.
 */
export const SERVE_BUNDLE = join(PACKAGE_ROOT, "dist", "serve.bundle.js");

/** V8's code cache for {@link SERVE_BUNDLE}: the build id, a newline, then V8's data. */
export const SERVE_CODE_CACHE = join(PACKAGE_ROOT, "dist", "serve.bundle.cache");

/** What the bundle (or its unbundled source) exports to this launcher and to the build. */
export interface ServeEntry {
  /** `mcp-course serve` on these arguments (after `serve`); resolves to the exit code. */
  runServeCli(argv: readonly string[]): Promise<number>;
  /** Runs {@link ServeEntry.runServeCli} on the process's arguments and sets the exit code. */
  main(argv?: readonly string[]): void;
  /** One scripted session of each server over in-memory streams, for the build's code cache. */
  warmUp(): Promise<void>;
}

/** The bundle's first line: `//mcp-course-build <id>`, the id a hash of the rest (`src/build/bundle.ts`). */
export const BUILD_ID_PREFIX = "//mcp-course-build ";

/** The build id on a bundle's first line, or undefined when it has none. */
export function buildIdOf(source: string): string | undefined {
  const end = source.indexOf("\n");
  return source.startsWith(BUILD_ID_PREFIX) && end !== -1
    ? source.slice(BUILD_ID_PREFIX.length, end)
    : undefined;
}

/**
 * The bundle as a script, in Node's CommonJS wrapper, compiled with `cachedData` when given. The
 * build makes the code cache from this same script text, which V8 requires.
 */
export function bundleScript(source: string, cachedData?: Buffer): Script {
  return new Script(bundleFunction(source), { filename: SERVE_BUNDLE, cachedData });
}

/**
 * The bundle's text as a function expression of Node's CommonJS wrapper's five parameters
 * (`exports, require, module, __filename, __dirname`), opened on the bundle's first line so its
 * line numbers stay its own in stack traces.
 */
export function bundleFunction(source: string): string {
  return `${BUNDLE_WRAPPER[0]}${source}${BUNDLE_WRAPPER[1]}`;
}

/** The text before and after the bundle in {@link bundleFunction}. */
export const BUNDLE_WRAPPER = [
  "(function (exports, require, module, __filename, __dirname) {",
  "\n})",
] as const;

/** Runs a compiled bundle as the CommonJS module it is, and returns its exports. */
export function runBundle(script: Script): ServeEntry {
  const module = { exports: {} as ServeEntry };
  const body = script.runInThisContext() as (...args: unknown[]) => void;
  body.call(
    module.exports,
    module.exports,
    createRequire(SERVE_BUNDLE),
    module,
    SERVE_BUNDLE,
    dirname(SERVE_BUNDLE),
  );
  return module.exports;
}

/** The cache's V8 data when it was made for this very bundle, else undefined. */
function cacheFor(buildId: string | undefined): Buffer | undefined {
  if (buildId === undefined) return undefined;
  let cache: Buffer;
  try {
    cache = readFileSync(SERVE_CODE_CACHE);
  } catch {
    return undefined;
  }
  const end = cache.indexOf(0x0a);
  return end !== -1 && cache.toString("latin1", 0, end) === buildId
    ? cache.subarray(end + 1)
    : undefined;
}

/** The server's command line: the bundle with its code cache, or the unbundled modules when there is no bundle. */
export function loadServeEntry(): ServeEntry {
  let source: string;
  try {
    source = readFileSync(SERVE_BUNDLE, "utf8");
  } catch {
    return require("./cli/serveMain") as ServeEntry;
  }
  return runBundle(bundleScript(source, cacheFor(buildIdOf(source))));
}

if (require.main === module) loadServeEntry().main();
