// A reporter for Node's test runner: at the end of a run, each test file's time (the sum of its
// top-level tests' durations), longest first, and the run's wall time. `npm test` sends it to
// stderr beside the TAP on stdout.
export default async function* fileDurations(source) {
  const byFile = new Map();
  const started = performance.now();
  for await (const event of source) {
    if ((event.type === "test:pass" || event.type === "test:fail") && event.data.nesting === 0 && event.data.file) {
      const file = event.data.file.replace(`${process.cwd()}/`, "");
      byFile.set(file, (byFile.get(file) ?? 0) + (event.data.details?.duration_ms ?? 0));
    }
  }
  const rows = [...byFile].sort((a, b) => b[1] - a[1]);
  yield "per test file (sum of its top-level tests), longest first:\n";
  for (const [file, ms] of rows) yield `${(ms / 1000).toFixed(1).padStart(7)} s  ${file}\n`;
  yield `${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s  the whole run (wall time)\n`;
}
