/**
 * The bench's `install` section: what a student waits for on a fresh clone, `npm install` and then
 * `npm run lesson`, timed the way they type them.
 *
 * The working repository's HEAD (committed work only) is cloned into a temporary folder with
 * `git clone`; there `npm install` runs as typed (its `prepare` builds `dist/`), and its output is
 * searched for EBADENGINE warnings; then `npm run lesson` on the `tslab` engine (what a machine with
 * Node alone runs) and, where Jupyter with nbclient is installed, on the default engine (`auto`,
 * which then is Jupyter). Each command's wall time and its processes' CPU (user + system, from the
 * shell's `times`) are printed, each lesson's time as the command reports it, the load average
 * before and after (other work on the machine slows every figure), and whether npm's cache already
 * held the lockfile's packages: on a developer's machine it does, so `npm install` copies from the
 * cache and fetches nothing; a first install ever also downloads them.
 *
 * Baselines in the same run, so the figures compare across machines: `npm install` of one small
 * package with no dependencies (seedrandom 3.0.5, already a dependency, so in a warm cache too), and
 * `node -e ""`. Targets: `npm install && npm run lesson` under 30 s on the default engine, `npm
 * install` alone under 20 s, no EBADENGINE line on Node 20 (a warning that some package does not
 * support the running Node). Figures are printed, never asserted.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

/** The targets, in seconds of wall time, from the course's install promise (README: the two commands). */
const INSTALL_AND_LESSON_TARGET_S = 30;
const INSTALL_TARGET_S = 20;

/** One timed command: wall seconds, CPU seconds of its processes (user + system), exit status and its output (stdout and stderr together). */
interface Timed {
  wallS: number;
  cpuS: number;
  status: number;
  output: string;
}

/**
 * Runs `command` through `sh` in `cwd` and times it: the shell's `times` builtin reports the CPU
 * its children used (each waited-for process's own and its descendants'), on the last line.
 */
function timed(command: string, cwd: string): Timed {
  const script = `${command} 2>&1; status=$?; echo; times; exit $status`;
  const start = performance.now();
  const run = spawnSync("sh", ["-c", script], { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const wallS = (performance.now() - start) / 1000;
  const lines = run.stdout.trimEnd().split("\n");
  // `times` prints the shell's own user and system time, then its children's: "0m41.220s 0m6.610s".
  const children = lines.at(-1) ?? "";
  const cpuS = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, m) => sum + Number(m[1]) * 60 + Number(m[2]), 0);
  return { wallS, cpuS, status: run.status ?? 1, output: lines.slice(0, -3).join("\n") };
}

/**
 * How many of the lockfile's packages for this platform npm's cache holds: each one's `integrity` (sha512, base64)
 * names a file in cacache's content store, `<cache>/_cacache/content-v2/sha512/<2 hex>/<2 hex>/<rest>`.
 */
function cachedPackages(lockFile: string, cacheDir: string): { cached: number; total: number } {
  const lock = JSON.parse(readFileSync(lockFile, "utf8")) as {
    packages: Record<string, { integrity?: string; os?: string[]; cpu?: string[] }>;
  };
  let cached = 0;
  let total = 0;
  for (const entry of Object.values(lock.packages)) {
    const integrity = entry.integrity?.split(" ")[0];
    if (!integrity?.startsWith("sha512-")) continue;
    // Another platform's package (esbuild's binaries, fsevents): npm neither fetches nor installs it here.
    if (entry.os && !entry.os.includes(process.platform)) continue;
    if (entry.cpu && !entry.cpu.includes(process.arch)) continue;
    total++;
    const hex = Buffer.from(integrity.slice("sha512-".length), "base64").toString("hex");
    if (existsSync(join(cacheDir, "_cacache", "content-v2", "sha512", hex.slice(0, 2), hex.slice(2, 4), hex.slice(4))))
      cached++;
  }
  return { cached, total };
}

const seconds = (value: number) => `${value.toFixed(1).padStart(6)} s`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
const row = (label: string, t: Timed, extra = "") =>
  `  ${label.padEnd(44)}${seconds(t.wallS)} wall ${seconds(t.cpuS)} CPU${t.status === 0 ? "" : `   FAILED (exit ${t.status}): ${t.output.trim().split("\n").at(-1)}`}${extra}`;

/** Each lesson's own time, as `mcp-course lesson` reports it on stderr ("<name>: wrote <file> in 4.4 s"). */
function lessonTimes(output: string): string {
  const times = [...output.matchAll(/^(\d\d)-[^:]*: wrote .* in ([\d.]+) s$/gm)].map((m) => `${m[1]} ${m[2]} s`);
  return times.length ? `\n      each lesson: ${times.join(", ")}` : "";
}

/**
 * Runs the section: clone, install, lessons, baselines; prints the figures, the targets and
 * whether each was met; removes the clone.
 *
 * @param root the working repository (its HEAD is cloned).
 * @param jupyter whether Jupyter with nbclient is installed (the default engine is then Jupyter).
 */
export function installSection(root: string, jupyter: boolean): void {
  const dir = mkdtempSync(join(tmpdir(), "mcp-course-install-"));
  try {
    const clone = join(dir, "mcp-course");
    const cloned = spawnSync("git", ["clone", "--quiet", root, clone], { encoding: "utf8" });
    if (cloned.status !== 0) {
      console.log(`fresh clone: not measured (git clone failed: ${cloned.stderr.trim().split("\n").at(-1)})`);
      return;
    }
    const head = spawnSync("git", ["-C", clone, "log", "-1", "--format=%h %s"], { encoding: "utf8" }).stdout.trim();
    const npmCache = spawnSync("npm", ["config", "get", "cache"], { encoding: "utf8" }).stdout.trim();
    const { cached, total } = cachedPackages(join(clone, "package-lock.json"), npmCache);
    const tiny = join(dir, "tiny");
    mkdirSync(tiny);
    writeFileSync(join(tiny, "package.json"), JSON.stringify({ private: true, dependencies: { seedrandom: "3.0.5" } }));

    console.log(`a fresh clone's \`npm install\` and \`npm run lesson\` (Node ${process.version}, clone of ${head})`);
    console.log(
      `  npm cache ${npmCache}: ${cached} of the lockfile's ${total} packages in it (${cached === total ? "warm: nothing to download" : "not all there: a download is timed too"})`,
    );
    const loadBefore = load();
    const bareNode = timed(`"${process.execPath}" -e ""`, dir);
    const tinyInstall = timed("npm install", tiny);
    const install = timed("npm install", clone);
    const ebadengine = install.output.split("\n").filter((line) => line.includes("EBADENGINE")).length;
    const packages = /added (\d+) packages/.exec(install.output)?.[1] ?? "?";
    const tslab = timed("npm run lesson -- --engine tslab --out ../lessons-tslab", clone);
    const byDefault = jupyter ? timed("npm run lesson", clone) : undefined;

    console.log(
      `  load average before: ${loadBefore}; after: ${load()} (2 cores here: above 2, every figure is slowed)`,
    );
    console.log(row('baseline: node -e ""', bareNode));
    console.log(row("baseline: npm install of one small package", tinyInstall));
    console.log(
      row(
        `npm install (${packages} packages, with the build)`,
        install,
        `   ${(install.wallS / tinyInstall.wallS).toFixed(1)}× the small install`,
      ),
    );
    console.log(row("npm run lesson -- --engine tslab", tslab, lessonTimes(tslab.output)));
    if (byDefault)
      console.log(row("npm run lesson (default engine: jupyter)", byDefault, lessonTimes(byDefault.output)));
    else
      console.log(
        "  npm run lesson (default engine): Jupyter with nbclient not installed, so the default is tslab (above)",
      );

    const met = (ok: boolean) => (ok ? "met" : "NOT met");
    const lesson = byDefault ?? tslab;
    const both = install.wallS + lesson.wallS;
    console.log(
      `  target: npm install && npm run lesson under ${INSTALL_AND_LESSON_TARGET_S} s: ${seconds(both).trim()}${byDefault ? ` (default engine; on tslab ${seconds(install.wallS + tslab.wallS).trim()})` : ""}: ${met(both < INSTALL_AND_LESSON_TARGET_S && install.status === 0 && lesson.status === 0)}`,
    );
    console.log(
      `  target: npm install alone under ${INSTALL_TARGET_S} s: ${seconds(install.wallS).trim()}: ${met(install.wallS < INSTALL_TARGET_S && install.status === 0)}`,
    );
    console.log(
      `  target: no EBADENGINE warning${process.version.startsWith("v20.") ? "" : " (the target is for Node 20; this is another Node)"}: ${ebadengine} line${ebadengine === 1 ? "" : "s"}: ${met(ebadengine === 0)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
