// `npm test`'s first step: `npm run build`, the type check of src/, test/ and bench/
// (`tsc -p tsconfig.check.json`, which emits nothing and reads nothing the build writes) and
// `npm run lint` (ESLint, Prettier's check, the layer rules of .dependency-cruiser.cjs, none of
// which reads dist/), side by side, each with its own output. The type check is incremental (its
// build info in dist/tsconfig.check.tsbuildinfo), so a second `npm test` re-checks only what changed; the build
// is not, so that it always writes every file of dist/. Exits with the first non-zero status of
// the three, so the tests run only when all passed.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** Runs a command with this process's stdio; resolves to its exit status (1 when a signal ended it). */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.on("error", (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const statuses = await Promise.all([
  run(npm, ["run", "build"]),
  run(npm, ["run", "--silent", "lint"]),
  run(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", "tsconfig.check.json"]),
]);
process.exit(statuses.find((status) => status !== 0) ?? 0);
