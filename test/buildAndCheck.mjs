// `npm test`'s first step: `npm run build`, the type check of src/ and test/
// (`tsc -p tsconfig.check.json`, which emits nothing and reads nothing the build writes) and
// `npm run lint` (ESLint, Prettier's check, the layer rules of .dependency-cruiser.cjs, none of
// which reads dist/), side by side, each with its own output; once the build is done, the type
// check of bench/ (`tsc -p tsconfig.bench.json`), which reads the declarations the build wrote.
// The type checks are incremental (their build info in dist/*.tsbuildinfo), so a second `npm test`
// re-checks only what changed; the build is not, so that it always writes every file of dist/.
// A check that read dist/ while the build rewrote it would record files half written, and the
// next run would check everything again. Exits with the first non-zero status, so the tests run
// only when all passed.
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
const tsc = (project) => run(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", project]);
const statuses = await Promise.all([
  run(npm, ["run", "build"]).then((status) => (status === 0 ? tsc("tsconfig.bench.json") : status)),
  run(npm, ["run", "--silent", "lint"]),
  tsc("tsconfig.check.json"),
]);
process.exit(statuses.find((status) => status !== 0) ?? 0);
