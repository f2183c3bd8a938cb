// A reporter for Node's test runner: at the end of a run, each test file's time (the sum of its
// top-level tests' durations) and when, after the run began, its last test ended, longest first;
// then the run's wall time. The second column shows which files hold the run's end. `npm test`
// sends it to stderr beside the TAP on stdout.
export default async function* fileDurations(source) {
  const byFile = new Map();
  const endedAt = new Map();
  const started = performance.now();
  for await (const event of source) {
    if ((event.type === "test:pass" || event.type === "test:fail") && event.data.nesting === 0 && event.data.file) {
      const file = event.data.file.replace(`${process.cwd()}/`, "");
      byFile.set(file, (byFile.get(file) ?? 0) + (event.data.details?.duration_ms ?? 0));
      endedAt.set(file, performance.now() - started);
    }
  }
  const rows = [...byFile].sort((a, b) => b[1] - a[1]);
  const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);
  yield "per test file (sum of its top-level tests; when its last one ended), longest first:\n";
  for (const [file, ms] of rows) yield `${seconds(ms)} s  (ended at ${seconds(endedAt.get(file)).trim()} s)  ${file}\n`;
  yield `${seconds(performance.now() - started)} s  the whole run (wall time)\n`;
}
