// `mcp-course lesson` writes charts as SVG files beside the markdown (stale ones removed) or one self-contained HTML page, the same bytes on every run and engine; headless chromium renders the chart fixture's page with its tables and its charts, and draws something.
//
// The browser test needs Debian's chromium (test/browserPage.ts). Without it, it is skipped with one
// line saying so, or fails where CI=true. It reads the chart fixture's exports that the format tests
// make (one execution serves both).
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { renderSvg } from "../../src/charts/render";
import { assertBadInput, cli, cliAsync, ROOT, tempDir } from "../helpers";
import { assertPageRenders, chromium } from "../browserPage";
import { jupyterRequirement } from "../requirements";

const FIXTURE = "test/notebook/fixtures/chart.ipynb";
const fixtures = join(ROOT, "test", "notebook", "fixtures");

/** Runs `lesson` on the chart fixture into a new folder (or `out`) without blocking, so that exports can run side by side; returns the folder. */
async function exportFixtureAsync(args: string[], out = tempDir()): Promise<string> {
  const run = await cliAsync(["lesson", FIXTURE, "--out", out, ...args]);
  assert.equal(run.status, 0, run.stderr);
  return out;
}

const jupyter = jupyterRequirement();

/** The files planted in a folder before a re-export into it (the stale-charts test), path → content. */
const PLANTED = { "chart.files/deleted-cell.svg": "<svg/>", "chart.files/notes.txt": "mine", "other.svg": "<svg/>" };

/** A folder holding the PLANTED files, as an earlier export and the user left it. */
function plantedFolder(): string {
  const out = tempDir();
  mkdirSync(join(out, "chart.files"));
  for (const [path, content] of Object.entries(PLANTED)) writeFileSync(join(out, path), content);
  return out;
}

/** A folder holding a markdown export that the HTML test expects to be left alone. */
function folderWithMarkdown(): string {
  const out = tempDir();
  writeFileSync(join(out, "chart.md"), "previous markdown\n");
  return out;
}

/**
 * Exports more than one test reads, each made once, all started now and side by side: the tslab
 * engine's markdown and HTML (each a test's own export, and the comparison for the others; the
 * HTML over a markdown export it must leave alone), a second tslab markdown export over the
 * PLANTED files (the stale-charts test's export, and the markdown test's second run), one with
 * another seed, and `--format both` on each engine (the HTML test's second run, and the other
 * engine's comparison).
 */
const shared = {
  tslabMd: exportFixtureAsync(["--engine", "tslab"]),
  tslabHtml: exportFixtureAsync(["--engine", "tslab", "--format", "html"], folderWithMarkdown()),
  tslabMdOverPlanted: exportFixtureAsync(["--engine", "tslab"], plantedFolder()),
  tslabMdSeed5: exportFixtureAsync(["--engine", "tslab", "--seed", "5"]),
  tslabBoth: cliAsync(["lesson", FIXTURE, "--engine", "tslab", "--format", "both", "--out", tempDir()]),
  jupyterBoth: jupyter.missing ? undefined : exportFixtureAsync(["--engine", "jupyter", "--format", "both"]),
};

/** The files of a `--format both` export that the markdown export writes (all but the page). */
function markdownPart(all: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(all).filter(([path]) => path !== "chart.html"));
}

/** The folder of the tslab `--format both` export, once it ran well. */
async function bothOut(): Promise<string> {
  const run = await shared.tslabBoth;
  assert.equal(run.status, 0, run.stderr);
  return /chart: wrote (\S+)\/chart\.md and /.exec(run.stderr)![1];
}
for (const run of Object.values(shared)) run?.catch(() => {}); // reported by the tests that read it

/** Every file under `dir`, relative path → content. */
function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      out[join(entry.parentPath, entry.name).slice(dir.length + 1)] = readFileSync(
        join(entry.parentPath, entry.name),
        "utf8",
      );
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
  assert.deepEqual(Object.keys(files(out)).sort(), [
    "chart.files/bars.svg",
    "chart.files/pair-2.svg",
    "chart.files/pair.svg",
    "chart.md",
  ]);
  assert.equal(files(out)["chart.md"], readFileSync(join(fixtures, "chart.expected.md"), "utf8"));
  const rows: [string, number][] = [
    ["alpha", 3],
    ["beta", 6],
    ["gamma", 7],
  ];
  assert.equal(readFileSync(join(out, "chart.files", "bars.svg"), "utf8"), await renderSvg(bars(rows)));
  assert.equal(readFileSync(join(out, "chart.files", "pair.svg"), "utf8"), await renderSvg(bars(rows.slice(0, 2))));
  assert.equal(readFileSync(join(out, "chart.files", "pair-2.svg"), "utf8"), await renderSvg(bars(rows.slice(1))));
  const again = files(await shared.tslabMdOverPlanted);
  for (const kept of ["chart.files/notes.txt", "other.svg"]) delete again[kept]; // the user's, checked by the stale-charts test
  assert.deepEqual(again, files(out), "a second run writes the same bytes");
  const seeded = files(await shared.tslabMdSeed5);
  assert.notEqual(seeded["chart.files/bars.svg"], files(out)["chart.files/bars.svg"], "another seed, another chart");
});

test("md: a re-export removes the lesson's stale charts and nothing else", async () => {
  const out = await shared.tslabMdOverPlanted;
  assert.deepEqual(readdirSync(join(out, "chart.files")).sort(), ["bars.svg", "notes.txt", "pair-2.svg", "pair.svg"]);
  assert.equal(readFileSync(join(out, "chart.files", "notes.txt"), "utf8"), PLANTED["chart.files/notes.txt"]);
  assert.ok(existsSync(join(out, "other.svg")), "files outside the lesson's folder are not touched");
});

test("html: one self-contained page, charts inline, the same bytes on every run; the markdown export is left alone", async () => {
  const out = await shared.tslabHtml;
  assert.deepEqual(readdirSync(out).sort(), ["chart.html", "chart.md"], "no chart files: the page holds its charts");
  assert.equal(readFileSync(join(out, "chart.md"), "utf8"), "previous markdown\n");
  const html = readFileSync(join(out, "chart.html"), "utf8");
  assert.equal(html.match(/<figure class="chart">\n<svg /g)?.length, 3);
  assert.match(html, /<pre class="output">name {3}\| value\n-------\|------\nalpha {2}\| {5}3\n/);
  assert.doesNotMatch(
    html,
    /<script|<link|<img|src=|https?:\/\/(?!www\.w3\.org\/)/i,
    "nothing to fetch: only SVG's namespace URIs",
  );
  assert.equal(files(await bothOut())["chart.html"], html, "a second run writes the same page");
});

test("--format both writes the markdown export and the page from one execution, each as its own format writes it", async () => {
  const run = await shared.tslabBoth;
  const out = await bothOut();
  assert.equal(run.stderr.match(/executing /g)?.length, 1, "the notebook ran once");
  assert.ok(run.stderr.includes(`chart: wrote ${out}/chart.md and ${out}/chart.html in `), run.stderr);
  const all = files(out);
  assert.deepEqual(markdownPart(all), files(await shared.tslabMd));
  assert.equal(all["chart.html"], files(await shared.tslabHtml)["chart.html"]);
});

test("both engines write the same markdown, chart files and HTML", { skip: jupyter.skip }, async () => {
  jupyter.check();
  const all = files((await shared.jupyterBoth)!);
  assert.deepEqual(markdownPart(all), files(await shared.tslabMd));
  assert.equal(all["chart.html"], files(await shared.tslabHtml)["chart.html"]);
});

for (const [what, args, message] of [
  [
    "unknown format",
    ["lesson", "08", "--format", "pdf"],
    /^mcp-course: option '--format <format>' argument 'pdf' is invalid\. Allowed choices are md, html, both\.\n$/,
  ],
  [
    "format without a value",
    ["lesson", "08", "--format"],
    /^mcp-course: option '--format <format>' argument missing\n$/,
  ],
  ["format in capitals", ["lesson", "--format", "HTML"], /argument 'HTML' is invalid/],
] as const) {
  test(`bad input (${what}): one line on stderr, exit 2, nothing under lessons/ or data/ touched`, () =>
    assertBadInput([...args], message));
}

test("an export path that is a folder is refused before anything runs", () => {
  const out = tempDir();
  mkdirSync(join(out, "chart.html"));
  const run = cli(["lesson", FIXTURE, "--engine", "tslab", "--out", out, "--format", "html"]);
  assert.equal(run.status, 2);
  assert.equal(
    run.stderr,
    `mcp-course: ${join(out, "chart.html")} is a folder, so the export cannot be written there\n`,
  );
});

/** The chart fixture's page and its markdown: the tslab exports the format tests read too. */
async function chartPage(): Promise<{ html: string; markdown: string }> {
  return {
    html: join(await shared.tslabHtml, "chart.html"),
    markdown: readFileSync(join(await shared.tslabMd, "chart.md"), "utf8"),
  };
}

// Two lessons' pages (lesson 8, the most tables; lesson 6, listings and code inside an exercise's
// list item) are held in test/cli/lesson.test.ts, from the export it makes of every lesson anyway.
test(
  "chromium renders the chart fixture's page: every printed table, every chart with its marks, and a page that is not blank",
  { skip: chromium.skip },
  async () => {
    chromium.check();
    const { html, markdown } = await chartPage();
    assertPageRenders(html, markdown, 3);
  },
);
