/**
 * The build's last step (`npm run build`): the server's bundle and its code cache,
 * `dist/serve.bundle.js` and `dist/serve.bundle.cache` (see `src/serve.ts`), so that the command an
 * MCP client runs (`node dist/serve.js <server>`) starts without loading some three hundred
 * modules one by one.
 *
 * The steps before it write `dist/` without type-checking it, because `npm install` runs the build
 * (`prepare`) and a user waits for it: esbuild compiles each file of `src/` to CommonJS on its own
 * (`import()` as `require`, as `tsc` writes it for `module: commonjs`), then `tsc --emitDeclarationOnly
 * --noCheck` writes the same declarations a full `tsc -p .` writes, which the notebooks' imports
 * need. Measured on this project's 2-core machine: about 6 s of CPU for the two, against 13 s for
 * `tsc -p .`, whose type check is what `npm run typecheck` (part of `npm test`) does anyway.
 * `tsc -p . --noCheck` alone would write plain CommonJS exports, where esbuild's file-by-file
 * output reads each imported function through a getter: a lesson-6 seed runs about a sixth
 * faster from it, but the build takes 1.7 s longer (4.7 s against 2.9 s), and the install, which
 * every student waits for, counts more than microseconds per seed, which none can feel.
 *
 * esbuild bundles `src/cli/serveMain.ts` and everything it reaches into one CommonJS file for
 * Node 20 and later. Bundling from the packages' ES modules lets esbuild drop what `serve` never
 * uses: zod's locales but English, its v3 compatibility layer, the SDK's other transports. Two
 * modules are swapped on the way: `src/fleet/fleetValidation.ts` and
 * `src/server/worldValidation.ts` become the very functions ajv compiles for the fleet's and the
 * world's schemas with the same options, written out by ajv's standalone code generation here, at
 * build time, so a start compiles no schema.
 *
 * The HTTP server (`serve --http`) is in the bundle too. esbuild wraps it as a module that runs only
 * when first required (the `import()` of `commands/serve.ts`), so a stdio start compiles none of it:
 * measured on this project's 2-core machine, a stdio start costs the same CPU with it as without
 * (about 0.15 s), and `serve --http` drops from about 0.46 s of CPU, when it loaded its modules one
 * by one from `dist/` and `node_modules/`, to about 0.16 s.
 *
 * The bundle's first line is its build id (a hash of the rest); then the bundle is loaded the
 * way the launcher loads it, serves a scripted session of each server (`warmUp`), and V8's code
 * cache for it, functions compiled during that session included, is written with the same id
 * (`vm.Script` `createCachedData()`). Both files are written through a temporary file and a
 * rename, so a server starting meanwhile reads a whole old file or a whole new one; an old cache
 * never meets a new bundle (the ids differ).
 */
import { createHash } from "node:crypto";
import { chmodSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import Ajv from "ajv";
import standaloneCode from "ajv/dist/standalone";
import { build, type Plugin } from "esbuild";
import { FLEET_AJV_OPTIONS } from "../fleet/fleetValidation";
import { FLEET_TOOL_DEFINITIONS } from "../fleet/tools";
import { PACKAGE_ROOT } from "../packageRoot";
import { WORLD_AJV_OPTIONS, worldToolSchemas } from "../server/worldValidation";
import {
  BUILD_ID_PREFIX,
  buildIdOf,
  bundleScript,
  runBundle,
  SERVE_BUNDLE,
  SERVE_CODE_CACHE,
  SERVE_SCRIPT,
} from "../serve";

/** The bundle's entry: `mcp-course serve` alone. */
export const BUNDLE_ENTRY = join(PACKAGE_ROOT, "src", "cli", "serveMain.ts");

/** The oldest Node the bundle's syntax must run on: `engines.node` in package.json. */
const NODE_TARGET = "node20";

/**
 * The source of a module that stands in for a validation module: ajv's standalone code for each
 * tool's schema, compiled with `options`, exported as the module it replaces exports them:
 * `optionsExport` (the options) and `validatorsExport()` (the validators by tool name).
 */
function precompiledModule(
  tools: readonly { name: string; inputSchema: object }[],
  options: object,
  optionsExport: string,
  validatorsExport: string,
  replaces: string,
): string {
  const ajv = new Ajv({ ...options, code: { source: true, esm: true } });
  const exportNames: Record<string, string> = {};
  tools.forEach((tool, index) => {
    ajv.addSchema(tool.inputSchema, tool.name);
    exportNames[`validate_${index}`] = tool.name;
  });
  const entries = tools
    .map((tool, index) => `[${JSON.stringify(tool.name)}, validate_${index}]`)
    .join(", ");
  return [
    `// Made by src/build/bundle.ts with ajv's standalone code generation; stands in for ${replaces}.`,
    standaloneCode(ajv, exportNames),
    `export const ${optionsExport} = ${JSON.stringify(options)};`,
    `const compiled = new Map([${entries}]);`,
    `export function ${validatorsExport}() { return compiled; }`,
    "",
  ].join("\n");
}

/**
 * The source of the module that stands in for `fleet/fleetValidation.ts`: ajv's standalone code for
 * each fleet tool's schema, compiled with {@link FLEET_AJV_OPTIONS}, and the same exports.
 */
export function precompiledValidationModule(): string {
  return precompiledModule(
    FLEET_TOOL_DEFINITIONS,
    FLEET_AJV_OPTIONS,
    "FLEET_AJV_OPTIONS",
    "fleetValidators",
    "src/fleet/fleetValidation.ts",
  );
}

/** The same for `server/worldValidation.ts`: the world tools' schemas, {@link WORLD_AJV_OPTIONS}, the same exports. */
export function precompiledWorldValidationModule(): string {
  const tools = worldToolSchemas();
  return [
    precompiledModule(
      tools,
      WORLD_AJV_OPTIONS,
      "WORLD_AJV_OPTIONS",
      "worldValidators",
      "src/server/worldValidation.ts",
    ),
    `export function worldToolSchemas() { return ${JSON.stringify(tools)}; }`,
    "",
  ].join("\n");
}

/** The esbuild plugin that swaps the validation modules for their precompiled stand-ins. */
function precompiledValidators(): Plugin {
  return {
    name: "precompiled-validators",
    setup(builder) {
      builder.onLoad({ filter: /[\\/]src[\\/]fleet[\\/]fleetValidation\.ts$/ }, (args) => ({
        contents: precompiledValidationModule(),
        loader: "js",
        resolveDir: dirname(args.path),
      }));
      builder.onLoad({ filter: /[\\/]src[\\/]server[\\/]worldValidation\.ts$/ }, (args) => ({
        contents: precompiledWorldValidationModule(),
        loader: "js",
        resolveDir: dirname(args.path),
      }));
    },
  };
}

/** Writes a file through a temporary file beside it and a rename. */
function writeAtomic(path: string, data: string | Buffer): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, path);
}

/** The bundle's text with its build id line in front (see {@link BUILD_ID_PREFIX}). */
export async function bundleText(): Promise<string> {
  const result = await build({
    entryPoints: [BUNDLE_ENTRY],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: NODE_TARGET,
    write: false,
    outfile: SERVE_BUNDLE,
    tsconfig: join(PACKAGE_ROOT, "tsconfig.json"),
    plugins: [precompiledValidators()],
    // `import()` as `require`, as in `dist/`: the launcher's `vm.Script` has no module loader.
    supported: { "dynamic-import": false },
    logLevel: "warning",
  });
  const text = result.outputFiles[0].text;
  const id = createHash("sha256").update(text).digest("hex").slice(0, 32);
  return `${BUILD_ID_PREFIX}${id}\n${text}`;
}

/** Builds the bundle, warms it, and writes it and its code cache (see the module comment). */
export async function buildServeBundle(): Promise<void> {
  const source = await bundleText();
  const id = buildIdOf(source)!;
  writeAtomic(SERVE_BUNDLE, source);
  const script = bundleScript(source);
  await runBundle(script).warmUp();
  writeAtomic(
    SERVE_CODE_CACHE,
    Buffer.concat([Buffer.from(`${id}\n`, "latin1"), script.createCachedData()]),
  );
}

/**
 * The two files `package.json` runs as programs, `dist/cli/main.js` (its `bin`) and
 * `dist/serve.js` (what `register` prints), marked executable: the compiler writes them as plain files, and npm marks a `bin` only when it installs, so a `dist/` built again
 * after `npm install` would leave `npx mcp-course` refused ("Permission denied").
 */
export function markExecutables(): void {
  for (const file of [join(PACKAGE_ROOT, "dist", "cli", "main.js"), SERVE_SCRIPT])
    chmodSync(file, 0o755);
}

if (require.main === module) {
  markExecutables();
  buildServeBundle().catch((error: unknown) => {
    process.stderr.write(
      `bundling the server failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  });
}
