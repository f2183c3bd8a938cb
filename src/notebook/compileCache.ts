// A V8 code cache for the CommonJS modules a notebook's kernel loads from node_modules.
//
// A tslab kernel (the tslab engine's worker, or the Jupyter kernel) loads TypeScript's compiler
// (`@tslab/typescript-for-tslab`, 8 MB of JavaScript) and the course's dependencies afresh in every
// process, and V8 compiles each function of them the first time it runs. With this cache a
// process reads the compiled code that an earlier process left (`vm.Script` `cachedData`), the way
// Node's own `module.enableCompileCache()` does from Node 22.1 on. What a module does is unchanged:
// V8 runs the same source, and rejects (and the module is compiled as usual) any cached data that
// does not fit this V8 and these flags.
import fs from "node:fs";
import { createHash } from "node:crypto";
import Module from "node:module";
import path from "node:path";
import vm from "node:vm";
import { PACKAGE_ROOT } from "../packageRoot";

/**
 * Where the cache lives: `node_modules/.cache/mcp-course/v8-<node version>-<arch>` under the
 * package root (the `.cache` folder of node_modules is where tools keep such caches; removing it,
 * or node_modules, only costs the next process its compile time).
 */
export const COMPILE_CACHE_DIR = path.join(PACKAGE_ROOT, "node_modules", ".cache", "mcp-course", `v8-${process.version}-${process.arch}`);

/** The preload that installs the cache (see compileCachePreload.ts), compiled: only dist has it. */
export const COMPILE_CACHE_PRELOAD = path.join(PACKAGE_ROOT, "dist", "notebook", "compileCachePreload.js");

/** The installed cache of this process, where flushCompileCache finds it. */
const INSTALLED = Symbol.for("mcp-course.compileCache");

/** A compile cache installed in this process. */
export interface CompileCache {
  /** The folder it reads and writes. */
  readonly dir: string;
  /**
   * Writes the code of every module compiled without usable cached data since the last flush
   * (each file written whole under a temporary name, then renamed: a process that reads it at the
   * same moment sees the old file or the new one). Errors (a read-only folder) are ignored.
   */
  flush(): void;
}

/**
 * The node arguments that start a process with the compile cache (`--require` the preload), or
 * none when the package is not built (running from src without dist).
 */
export function compileCacheArgs(): string[] {
  return fs.existsSync(COMPILE_CACHE_PRELOAD) ? ["--require", COMPILE_CACHE_PRELOAD] : [];
}

/**
 * Installs the compile cache in this process for every CommonJS module loaded from a
 * `node_modules` folder from now on; modules outside node_modules (the course's own code, which a
 * build changes) are compiled as usual. Installing twice returns the first installation.
 *
 * On a Node with `module.enableCompileCache` and `module.flushCompileCache` (22.10, 23 and
 * later), Node's own cache is enabled in `dir` (it covers every module); otherwise
 * `Module.prototype._compile` compiles node_modules files with `vm.Script` and `cachedData`. A
 * cache entry is named by a SHA-256 of the file's path and content, so an edited or upgraded
 * package never meets the code of its old source. The code of this process is written when it
 * exits and by {@link flushCompileCache}: a process that is killed (as the tslab engine kills its
 * worker) should flush first.
 */
export function installCompileCache(dir: string = COMPILE_CACHE_DIR): CompileCache {
  const registry = globalThis as { [INSTALLED]?: CompileCache };
  if (registry[INSTALLED]) return registry[INSTALLED];
  const node = Module as unknown as { enableCompileCache(dir: string): unknown; flushCompileCache(): void };
  let cache: CompileCache;
  if (nodeHasCompileCache()) {
    node.enableCompileCache(dir);
    cache = { dir, flush: () => node.flushCompileCache!() };
  } else {
    cache = installScriptCache(dir);
    process.on("exit", () => cache.flush());
  }
  registry[INSTALLED] = cache;
  return cache;
}

/** Whether this Node has a compile cache of its own that installCompileCache uses (22.10, 23 and later). */
export function nodeHasCompileCache(): boolean {
  const node = Module as unknown as { enableCompileCache?: unknown; flushCompileCache?: unknown };
  return typeof node.enableCompileCache === "function" && typeof node.flushCompileCache === "function";
}

/** Writes the installed compile cache's new entries now (see CompileCache.flush); a no-op when none is installed. */
export function flushCompileCache(): void {
  (globalThis as { [INSTALLED]?: CompileCache })[INSTALLED]?.flush();
}

/**
 * A dynamic `import(` in a file's text, where a call can stand: not after a name character, a
 * dot or a quote (`obj.import(`, `reimport(`, `'import()'` in a message are none).
 */
const IMPORT_CALL = /(?<![\w$.'"`])import\s*\(/g;

/**
 * A line that is one of TypeScript's diagnostic messages and nothing else
 * (`Name: diag(1340, 1 /* Error *\/, "Key", "Message"),` in its compiler's `typescript.js`): an
 * `import(` there is text of a string.
 */
const DIAGNOSTIC_LINE = /^\s*\w+: diag\(\d+, \d+ \/\* \w+ \*\/, "(?:[^"\\]|\\.)*", "(?:[^"\\]|\\.)*"(?:, [\w /*]+)*\),?$/;

/**
 * Whether a file may call a dynamic `import()`: some IMPORT_CALL outside a DIAGNOSTIC_LINE. Such a
 * file is compiled as usual, for a `vm.Script` has no loader for `import()` (Node 20's
 * `vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER` is lost when V8 accepts cached data, and prints
 * an experimental warning). An `import(` in another comment or string only costs that file its
 * cache.
 */
export function mayImportDynamically(content: string): boolean {
  for (const match of content.matchAll(IMPORT_CALL)) {
    const start = content.lastIndexOf("\n", match.index!) + 1;
    const end = content.indexOf("\n", match.index!);
    if (!DIAGNOSTIC_LINE.test(content.slice(start, end === -1 ? undefined : end))) return true;
  }
  return false;
}

/** The `vm.Script` cache behind installCompileCache on a Node without its own. */
function installScriptCache(dir: string): CompileCache {
  const pending: { file: string; script: vm.Script }[] = [];
  const loader = Module as unknown as {
    wrap(source: string): string;
    _resolveFilename(request: string, parent: Module, isMain: boolean, options?: { paths?: string[] }): string;
    _resolveLookupPaths(request: string, parent: Module): string[] | null;
    _cache: NodeJS.Dict<Module>;
    _extensions: NodeJS.RequireExtensions;
  };
  const prototype = Module.prototype as unknown as { _compile(this: Module, content: string, filename: string, ...rest: unknown[]): unknown };
  const compile = prototype._compile;
  prototype._compile = function (this: Module, content: string, filename: string, ...rest: unknown[]) {
    if (
      !filename.includes(`${path.sep}node_modules${path.sep}`) ||
      rest.some((format) => format !== undefined && format !== "commonjs") ||
      mayImportDynamically(content)
    ) {
      return compile.call(this, content, filename, ...rest);
    }
    const file = path.join(dir, createHash("sha256").update(filename).update("\0").update(content).digest("hex"));
    let cachedData: Buffer | undefined;
    try {
      cachedData = fs.readFileSync(file);
    } catch {
      cachedData = undefined;
    }
    let script: vm.Script;
    try {
      script = new vm.Script(loader.wrap(content), { filename, cachedData });
    } catch {
      return compile.call(this, content, filename, ...rest); // e.g. ESM syntax: Node's own loader decides
    }
    if (cachedData === undefined || script.cachedDataRejected) pending.push({ file, script });
    const module = this;
    const require = ((id: string) => module.require(id)) as NodeJS.Require;
    require.resolve = ((request: string, options?: { paths?: string[] }) =>
      loader._resolveFilename(request, module, false, options)) as NodeJS.RequireResolve;
    require.resolve.paths = (request: string) => loader._resolveLookupPaths(request, module);
    require.main = process.mainModule;
    require.extensions = loader._extensions;
    require.cache = loader._cache;
    const wrapper = script.runInThisContext({ displayErrors: true });
    return wrapper.call(module.exports, module.exports, require, module, filename, path.dirname(filename));
  };
  return {
    dir,
    flush() {
      const entries = pending.splice(0);
      if (entries.length === 0) return;
      try {
        fs.mkdirSync(dir, { recursive: true });
        for (const { file, script } of entries) {
          const temporary = `${file}.${process.pid}.tmp`;
          fs.writeFileSync(temporary, script.createCachedData());
          fs.renameSync(temporary, file);
        }
      } catch {
        // a cache that cannot be written costs the next process its compile time, nothing else
      }
    },
  };
}
