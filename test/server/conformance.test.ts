// The official MCP conformance suite runs its server scenarios against `mcp-course serve fleet --http` and `serve tarife --http`: exactly the scenarios our committed expected-failures files list fail, each for the reason written beside it.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { ROOT } from "../helpers";
import { serveOverHttp } from "../../src/wireClient/httpServe";
import { npxPackageRequirement } from "../requirements";

/**
 * The suite, pinned (github.com/modelcontextprotocol/conformance). Not a dependency of this
 * project: npx fetches it once into npm's cache, as the Inspector's test does.
 */
const CONFORMANCE = "@modelcontextprotocol/conformance@0.1.16";

/**
 * The oldest Node it runs on. Its package.json declares no `engines`; its bundle imports
 * `globSync` from `node:fs`, which Node has from 22.0.0 on (on Node 20 it stops with "The
 * requested module 'fs' does not provide an export named 'globSync'").
 */
const CONFORMANCE_NODE = "22.0.0";

/** The servers it is run against, each with its expected-failures file. */
const SERVERS = ["fleet", "tarife"] as const;

/** `test/fixtures/conformance/<server>.yaml`: the suite's `--expected-failures` file for a server. */
function expectedFailuresFile(server: string): string {
  return join(ROOT, "test", "fixtures", "conformance", `${server}.yaml`);
}

/** A scenario the file lists, and the reason written after its `#`. */
interface ExpectedFailure {
  scenario: string;
  reason: string;
}

/**
 * Reads the file's `server:` list: one `  - <scenario> # <reason>` line each (the suite reads
 * the same file as YAML, where the reasons are comments).
 */
function readExpectedFailures(file: string): ExpectedFailure[] {
  const lines = readFileSync(file, "utf8").split("\n");
  const start = lines.indexOf("server:");
  assert.notEqual(start, -1, `${file}: a server: list`);
  return lines
    .slice(start + 1)
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const match = /^ {2}- ([a-z0-9-]+) # (.+)$/.exec(line);
      assert.ok(match, `${file}: every entry is "  - <scenario> # <reason>": ${line}`);
      return { scenario: match[1], reason: match[2] };
    });
}

/** One line of the suite's `=== SUMMARY ===`: `✓ ping: 1 passed, 0 failed`. */
interface SummaryLine {
  scenario: string;
  mark: "✓" | "✗";
  passed: number;
  failed: number;
}

/** What a run printed, read: its summary lines, its `Total:` line, and its baseline verdict's lists. */
interface ConformanceRun {
  status: number | null;
  output: string;
  summary: SummaryLine[];
  total: string | undefined;
  /** Under "Unexpected failures (not in baseline):". */
  unexpected: string[];
  /** Under "Stale baseline entries (now passing - remove from baseline):". */
  stale: string[];
}

/** An ANSI colour sequence (ESC [ … m), which the suite's baseline verdict prints whatever the terminal. */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/** The scenario names listed under a heading of the baseline verdict (`  ✗ name` / `  ✓ name` lines). */
function listUnder(output: string, heading: string): string[] {
  const lines = output.split("\n");
  const start = lines.findIndex((line) => line.includes(heading));
  if (start === -1) return [];
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const match = /^ {2}[✓✗~] (\S+)$/.exec(line);
    if (!match) break;
    names.push(match[1]);
  }
  return names;
}

/** Runs the suite's `server` command against `url` with the expected-failures file; never rejects on a failing run. */
function runConformance(
  suite: ReturnType<typeof npxPackageRequirement>,
  url: string,
  file: string,
): Promise<ConformanceRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(suite.command, [...suite.args, "server", "--url", url, "--expected-failures", file], {
      cwd: ROOT,
      env: { ...suite.env, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => (output += chunk));
    child.stderr.on("data", (chunk: string) => (output += chunk));
    child.once("error", reject);
    child.once("close", (status) => {
      // The baseline verdict is printed in colour whatever the terminal; the names are plain.
      const plain = output.replace(ANSI_COLOUR, "");
      const summary = plain.split("\n").flatMap((line): SummaryLine[] => {
        const match = /^([✓✗]) (\S+): (\d+) passed, (\d+) failed$/.exec(line);
        if (!match) return [];
        const [, mark, scenario, passed, failed] = match;
        return [{ scenario, mark: mark as "✓" | "✗", passed: Number(passed), failed: Number(failed) }];
      });
      resolve({
        status,
        output: plain,
        summary,
        total: /^Total: .*$/m.exec(plain)?.[0],
        unexpected: listUnder(plain, "Unexpected failures (not in baseline):"),
        stale: listUnder(plain, "Stale baseline entries"),
      });
    });
  });
}

const suite = npxPackageRequirement(CONFORMANCE, CONFORMANCE_NODE);

for (const server of SERVERS) {
  test(
    `the conformance suite against serve ${server} --http: exactly the expected failures fail`,
    { skip: suite.skip, timeout: 300_000 },
    async (t) => {
      suite.check();
      const file = expectedFailuresFile(server);
      const expected = readExpectedFailures(file);
      const serving = await serveOverHttp({ server });
      let run: ConformanceRun;
      try {
        run = await runConformance(suite, serving.url, file);
      } finally {
        await serving.stop();
      }
      t.diagnostic(`the suite ran on Node ${suite.version}: ${run.total ?? "(no Total line)"}`);
      assert.ok(run.summary.length > 0, `a === SUMMARY === with one line per scenario:\n${run.output}`);
      assert.match(run.total ?? "", /^Total: \d+ passed, \d+ failed$/);
      // An entry naming no scenario that ran would pass unnoticed: the suite checks only those that ran.
      const ran = new Set(run.summary.map((line) => line.scenario));
      for (const { scenario } of expected)
        assert.ok(ran.has(scenario), `${file} lists ${scenario}, which the suite did not run`);
      assert.deepEqual(run.unexpected, [], `failed, and not in ${file}:\n${run.output}`);
      assert.deepEqual(run.stale, [], `in ${file}, but passed now (remove them):\n${run.output}`);
      assert.equal(run.status, 0, `the suite's baseline check failed:\n${run.output}`);
      // The scenarios that pass are the others, each with no failed check.
      const failing = new Set(expected.map((entry) => entry.scenario));
      for (const line of run.summary.filter((line) => !failing.has(line.scenario)))
        assert.deepEqual([line.mark, line.failed], ["✓", 0], `${line.scenario} passes`);
    },
  );
}
