// A test whose requirement (Chromium, Jupyter, a newer Node) is missing is skipped with one line saying what and how to install it, and fails instead where CI=true.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { ROOT } from "../helpers";
import {
  chromiumRequirement,
  jupyterRequirement,
  kernelspecRequirement,
  nodeRequirement,
  npxPackageRequirement,
  NEWER_NODE_ENV,
} from "../requirements";

const FIXTURE = join(ROOT, "test", "fixtures", "missingRequirement.ts");

/** Runs the fixture's one test under Node's test runner with `CI` as given (unset when undefined). */
function runFixture(ci: string | undefined): { status: number | null; stdout: string } {
  const env = { ...process.env };
  delete env.CI;
  delete env.NODE_TEST_CONTEXT; // else the child speaks the runner's internal protocol to us, not TAP
  if (ci !== undefined) env.CI = ci;
  const run = spawnSync(process.execPath, ["--require", "tsx/cjs", "--test", "--test-reporter=tap", FIXTURE], {
    cwd: ROOT,
    env,
    encoding: "utf8",
  });
  return { status: run.status, stdout: run.stdout };
}

test("away from CI, a missing requirement skips its test with one line naming what is missing and how to install it", () => {
  const run = runFixture(undefined);
  assert.equal(run.status, 0, run.stdout);
  const skipped = run.stdout.split("\n").filter((line) => line.includes("# SKIP"));
  assert.deepEqual(skipped, [
    "ok 1 - a test that needs the widget # SKIP skipped: the widget is not installed; install it with: apt-get install widget",
  ]);
});

for (const ci of ["true", "1"]) {
  test(`with CI=${ci}, the same missing requirement fails the test instead, with the same words`, () => {
    const run = runFixture(ci);
    assert.equal(run.status, 1, run.stdout);
    assert.match(run.stdout, /^not ok 1 - a test that needs the widget$/m);
    assert.match(
      run.stdout,
      /CI=true, so this test cannot be skipped: the widget is not installed; install it with: apt-get install widget/,
    );
    assert.doesNotMatch(run.stdout, /# SKIP/);
  });
}

test("each machine requirement says what is missing and how to install it, or nothing when it is met", () => {
  for (const [name, found] of [
    ["chromium", chromiumRequirement()],
    ["jupyter", jupyterRequirement()],
    ["kernelspec", kernelspecRequirement()],
  ] as const) {
    if (found.missing === null) continue;
    assert.match(found.missing, /install it with: apt-get install/, name);
    assert.equal(found.missing.includes("\n"), false, `${name}: one line`);
  }
  assert.equal(nodeRequirement("1.0.0", "anything").missing, null, "the running Node is new enough for 1.0.0");
  const future = nodeRequirement("999.0.0", "a future tool");
  assert.match(
    future.missing!,
    new RegExp(`^a future tool needs Node ≥ 999\\.0\\.0; this is Node ${process.version.replace(/\./g, "\\.")}`),
  );
  assert.match(future.missing!, new RegExp(NEWER_NODE_ENV));
});

test("a package run through npx on a newer Node: too old a Node is one line naming the package and the variable, and nothing is fetched", () => {
  const future = npxPackageRequirement("some-tool@1.2.3", "999.0.0");
  assert.match(future.missing!, /^some-tool@1\.2\.3 needs Node ≥ 999\.0\.0; /);
  assert.match(future.missing!, new RegExp(NEWER_NODE_ENV));
  assert.equal(future.missing!.includes("\n"), false);
  assert.deepEqual(future.args, [], "no npx command to run");
});
