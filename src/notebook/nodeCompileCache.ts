// Node's own module compile cache for the processes that run a notebook's cells.
//
// A tslab kernel (the tslab engine's worker, or the Jupyter kernel) loads TypeScript's compiler
// (`@tslab/typescript-for-tslab`, 8 MB of JavaScript) and the course's dependencies afresh in every
// process. Node 22.1 and later keep V8's compiled code of every module they load in a folder named
// by the `NODE_COMPILE_CACHE` environment variable (Node's documentation, "Module compile cache",
// the same cache `module.enableCompileCache()` turns on), so a later kernel skips that compile.
// Node 20 does not know the variable and ignores it: its kernels compile as before. What a module
// does is unchanged either way: V8 runs the same source, and Node checks each entry against the
// module's content and its own version before it uses it.
import path from "node:path";
import { PACKAGE_ROOT } from "../packageRoot";

/**
 * Where the cache lives: `node_modules/.cache/mcp-course/node-compile-cache` under the package
 * root (the `.cache` folder of node_modules is where tools keep such caches; removing it, or
 * node_modules, only costs the next kernel its compile time). Node keeps each version's entries
 * apart inside it.
 */
export const COMPILE_CACHE_DIR = path.join(
  PACKAGE_ROOT,
  "node_modules",
  ".cache",
  "mcp-course",
  "node-compile-cache",
);

/** The environment a kernel starts with to use {@link COMPILE_CACHE_DIR}: `{ NODE_COMPILE_CACHE: <dir> }`. */
export function compileCacheEnv(): { NODE_COMPILE_CACHE: string } {
  return { NODE_COMPILE_CACHE: COMPILE_CACHE_DIR };
}
