// `mcp-course lesson` writes charts as SVG files beside the markdown (stale ones removed) or one self-contained HTML page, the same bytes on every run and engine.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { renderSvg } from "../../src/charts/render";
import { assertBadInput, cli, cliAsync, ROOT, tempDir } from "../helpers";
import { jupyterRequirement } from "../requirements";

const FIXTURE = "test/notebook/fixtures/chart.ipynb";
const fixtures = join(ROOT, "test", "notebook", "fixtures");

/** Runs `lesson` on the chart fixture into a new folder (or `out`) and returns the folder. */
function exportFixture(args: string[], out = tempDir()): string {
  const run = cli(["lesson", FIXTURE, "--out", out, ...args]);
  assert.equal(run.status, 0, run.stderr);
  return out;
}

/** `exportFixture` without blocking, so that exports can run side by side. */
async function exportFixtureAsync(args: string[], out = tempDir()): Promise<string> {
  const run = await cliAsync(["lesson", FIXTURE, "--out", out, ...args]);
  assert.equal(run.status, 0, run.stderr);
  return out;
}

const jupyter = jupyterRequirement();

/**
 * Exports more than one test reads, each made once, all started now and side by side: the tslab
 * engine's markdown and HTML (each a test's own export, and the other engine's comparison), and
 * the jupyter engine's.
 */
const shared = {
  tslabMd: exportFixtureAsync(["--engine", "tslab"]),
  tslabHtml: exportFixtureAsync(["--engine", "tslab", "--format", "html"]),
  jupyterMd: jupyter.missing ? undefined : exportFixtureAsync(["--engine", "jupyter"]),
  jupyterHtml: jupyter.missing ? undefined : exportFixtureAsync(["--engine", "jupyter", "--format", "html"]),
};
for (const run of Object.values(shared)) run?.catch(() => {}); // reported by the tests that read it

/** Every file under `dir`, relative path → content. */
function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out[join(entry.parentPath, entry.name).slice(dir.length + 1)] = readFileSync(join(entry.parentPath, entry.name), "utf8");
  }
  return out;
}

/** The fixture's bar chart spec, as its cell `bars` builds it. */
const bars = (data: [string, number][]) => ({
  width: 160,
  height: 100,
  data: { values: data.map(([name, value]) => ({ name, value })) },
  mark: "bar",
  encoding: { x: { field: "name", type: "nominal" }, y: { field: "value", type: "quantitative" } },
});

test("md: each chart is saved beside the markdown as <cell id>[-k].svg and linked; the SVG is renderSvg's, byte for byte", async () => {
  const out = await shared.tslabMd;
  assert.deepEqual(Object.keys(files(out)).sort(), ["chart.files/bars.svg", "chart.files/pair-2.svg", "chart.files/pair.svg", "chart.md"]);
  assert.equal(files(out)["chart.md"], readFileSync(join(fixtures, "chart.expected.md"), "utf8"));
  const rows: [string, number][] = [["alpha", 3], ["beta", 6], ["gamma", 7]];
  assert.equal(readFileSync(join(out, "chart.files", "bars.svg"), "utf8"), await renderSvg(bars(rows)));
  assert.equal(readFileSync(join(out, "chart.files", "pair.svg"), "utf8"), await renderSvg(bars(rows.slice(0, 2))));
  assert.equal(readFileSync(join(out, "chart.files", "pair-2.svg"), "utf8"), await renderSvg(bars(rows.slice(1))));
  assert.deepEqual(files(exportFixture(["--engine", "tslab"])), files(out), "a second run writes the same bytes");
  const seeded = files(exportFixture(["--engine", "tslab", "--seed", "5"]));
  assert.notEqual(seeded["chart.files/bars.svg"], files(out)["chart.files/bars.svg"], "another seed, another chart");
});

test("md: a re-export removes the lesson's stale charts and nothing else", () => {
  const out = tempDir();
  mkdirSync(join(out, "chart.files"));
  writeFileSync(join(out, "chart.files", "deleted-cell.svg"), "<svg/>");
  writeFileSync(join(out, "chart.files", "notes.txt"), "mine");
  writeFileSync(join(out, "other.svg"), "<svg/>");
  exportFixture(["--engine", "tslab"], out);
  assert.deepEqual(readdirSync(join(out, "chart.files")).sort(), ["bars.svg", "notes.txt", "pair-2.svg", "pair.svg"]);
  assert.ok(existsSync(join(out, "other.svg")), "files outside the lesson's folder are not touched");
});

test("html: one self-contained page, charts inline, the same bytes on every run; the markdown export is left alone", async () => {
  const out = tempDir();
  writeFileSync(join(out, "chart.md"), "previous markdown\n");
  exportFixture(["--engine", "tslab", "--format", "html"], out);
  assert.deepEqual(readdirSync(out).sort(), ["chart.html", "chart.md"], "no chart files: the page holds its charts");
  assert.equal(readFileSync(join(out, "chart.md"), "utf8"), "previous markdown\n");
  const html = readFileSync(join(out, "chart.html"), "utf8");
  assert.equal(html.match(/<figure class="chart">\n<svg /g)?.length, 3);
  assert.match(html, /<pre class="output">name {3}\| value\n-------\|------\nalpha {2}\| {5}3\n/);
  assert.doesNotMatch(html, /<script|<link|<img|src=|https?:\/\/(?!www\.w3\.org\/)/i, "nothing to fetch: only SVG's namespace URIs");
  assert.equal(readFileSync(join(await shared.tslabHtml, "chart.html"), "utf8"), html);
});

test("both engines write the same markdown, chart files and HTML", { skip: jupyter.skip }, async () => {
  jupyter.check();
  assert.deepEqual(files((await shared.jupyterMd)!), files(await shared.tslabMd));
  assert.deepEqual(files((await shared.jupyterHtml)!), files(await shared.tslabHtml));
});

for (const [what, args, message] of [
  ["unknown format", ["lesson", "08", "--format", "pdf"], /^mcp-course: option '--format <format>' argument 'pdf' is invalid\. Allowed choices are md, html\.\n$/],
  ["format without a value", ["lesson", "08", "--format"], /^mcp-course: option '--format <format>' argument missing\n$/],
  ["format in capitals", ["lesson", "--format", "HTML"], /argument 'HTML' is invalid/],
] as const) {
  test(`bad input (${what}): one line on stderr, exit 2, nothing under lessons/ or data/ touched`, () => assertBadInput([...args], message));
}

test("an export path that is a folder is refused before anything runs", () => {
  const out = tempDir();
  mkdirSync(join(out, "chart.html"));
  const run = cli(["lesson", FIXTURE, "--engine", "tslab", "--out", out, "--format", "html"]);
  assert.equal(run.status, 2);
  assert.equal(run.stderr, `mcp-course: ${join(out, "chart.html")} is a folder, so the export cannot be written there\n`);
});
