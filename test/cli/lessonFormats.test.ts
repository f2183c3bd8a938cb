// `mcp-course lesson` writes charts as SVG files beside the markdown (stale ones removed) or one self-contained HTML page, the same bytes on every run and engine; headless chromium renders each page with its tables and its charts, and draws something.
//
// The browser tests need Debian's chromium (`apt-get install -y --no-install-recommends chromium`;
// .ci/run installs it). Without it they are skipped with one line saying so, or fail where CI=true.
// They read the chart fixture's exports that the format tests make (one execution serves both).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { inflateSync } from "node:zlib";
import { test } from "node:test";
import { renderSvg } from "../../src/charts/render";
import { assertBadInput, cli, cliAsync, ROOT, tempDir } from "../helpers";
import { chromiumRequirement, jupyterRequirement } from "../requirements";

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

const chromium = chromiumRequirement();

/** Runs headless chromium on a local page with a throwaway profile and no network side traffic; returns stdout. */
function browse(page: string, action: string[]): string {
  const run = spawnSync(
    chromium.path,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--user-data-dir=${tempDir()}`,
      "--window-size=1200,4000",
      ...action,
      pathToFileURL(page).href,
    ],
    { encoding: "utf8", timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
  );
  assert.equal(
    run.status,
    0,
    `chromium ${action.join(" ")} failed (${run.error?.message ?? `exit ${run.status}`}): ${run.stderr.slice(-2000)}`,
  );
  return run.stdout;
}

/** Exports a notebook through the CLI as HTML and as markdown (what the page must show) from one execution (`--format both`). */
async function exportBoth(name: string, file: string): Promise<{ html: string; markdown: string }> {
  const out = tempDir();
  const run = await cliAsync(["lesson", name, "--engine", "tslab", "--format", "both", "--out", out]);
  assert.equal(run.status, 0, run.stderr);
  return { html: join(out, `${file}.html`), markdown: readFileSync(join(out, `${file}.md`), "utf8") };
}

/** The printed outputs (```text fences) of a Markdown export. */
function printedBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^(`{3,})text\n([\s\S]*?)\n\1$/gm)].map((m) => m[2].replace(/\n+$/, ""));
}

/** Text as a browser serialises a text node: `&`, `<`, `>` escaped, quotes not. */
function serialised(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\u00a0/g, "&nbsp;");
}

/** The `<svg>` elements inside chart figures of a DOM dump. */
function chartSvgs(dom: string): string[] {
  return [...dom.matchAll(/<figure class="chart">\s*(<svg[\s\S]*?<\/svg>)\s*<\/figure>/g)].map((m) => m[1]);
}

/** A PNG decoded just enough to count pixels: 8-bit RGB or RGBA, not interlaced (what chromium writes). */
function decodePng(file: string): { width: number; height: number; channels: number; pixels: Buffer } {
  const png = readFileSync(file);
  assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], `${file} is not a PNG`);
  let offset = 8;
  let width = 0,
    height = 0,
    channels = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const [depth, colorType, , , interlace] = data.subarray(8, 13);
      assert.ok(
        depth === 8 && (colorType === 2 || colorType === 6) && interlace === 0,
        `unexpected PNG format: depth ${depth}, color type ${colorType}, interlace ${interlace}`,
      );
      channels = colorType === 6 ? 4 : 3;
    } else if (type === "IDAT") idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      pixels[y * stride + x] = (line[x] + predictor) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

/** How much of a screenshot is not the white page, and how many colours it uses. */
function inkOf(file: string): { inked: number; colours: number } {
  const { width, height, channels, pixels } = decodePng(file);
  const colours = new Set<number>();
  let inked = 0;
  for (let i = 0; i < width * height * channels; i += channels) {
    const rgb = (pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2];
    colours.add(rgb);
    if (rgb !== 0xffffff) inked++;
  }
  return { inked: inked / (width * height), colours: colours.size };
}

/** The chart fixture's page and its markdown: the tslab exports the format tests read too. */
async function chartPage(): Promise<{ html: string; markdown: string }> {
  return {
    html: join(await shared.tslabHtml, "chart.html"),
    markdown: readFileSync(join(await shared.tslabMd, "chart.md"), "utf8"),
  };
}

/**
 * Lesson 8 (the most tables), lesson 6 (listings, and code inside an exercise's list item) and the
 * chart fixture (charts whatever the lessons hold).
 */
const PAGES = [
  { file: "08-the-fleet-behind-the-boundary", minCharts: 0 },
  { file: "06-writing-a-server", minCharts: 0 },
  { file: "chart", minCharts: 3 },
];

/** Each page's exports, started now, side by side (the lessons' are made only where chromium is here). */
const exported = chromium.missing
  ? []
  : [exportBoth("08", PAGES[0].file), exportBoth("06", PAGES[1].file), chartPage()];

/**
 * A copy of a page with a script that, once laid out, writes onto `<body data-overflow>` each code,
 * output, table or chart box whose content is wider than the box (it would scroll) or whose right
 * edge passes the page's text column (`main`'s content box). The page itself has no script.
 */
function measuredCopy(page: string): string {
  const script = `<script>(() => {
  const main = document.querySelector("main");
  const edge = main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight);
  const found = [];
  for (const box of document.querySelectorAll("main pre, main table, main figure")) {
    const over = box.scrollWidth - box.clientWidth;
    const past = box.getBoundingClientRect().right - edge;
    if (over > 0 || past > 0.5)
      found.push(box.tagName.toLowerCase() + "." + box.className + ": " + (over > 0 ? over + " px of content past its box" : Math.round(past) + " px past the column") + ": " + box.textContent.slice(0, 60).replace(/\\s+/g, " "));
  }
  document.body.setAttribute("data-overflow", JSON.stringify(found));
})();</script>`;
  const copy = join(tempDir(), basename(page));
  writeFileSync(copy, readFileSync(page, "utf8").replace("</body>", `${script}\n</body>`));
  return copy;
}
for (const run of exported) run.catch(() => {}); // reported by the test that reads it

for (const [index, page] of PAGES.entries()) {
  test(
    `chromium renders ${page.file}.html: every printed table, every chart with its marks, and a page that is not blank`,
    { skip: chromium.skip },
    async () => {
      chromium.check();
      const { html, markdown } = await exported[index];

      // One browser run: the page's DOM as parsed and laid out, and its screenshot.
      const png = join(tempDir(), "page.png");
      const dom = browse(measuredCopy(html), ["--dump-dom", `--screenshot=${png}`]);
      assert.match(dom, /<main>/, "the page was parsed");
      const overflow = /<body data-overflow="([^"]*)"/.exec(dom);
      assert.ok(overflow, "the page was laid out and measured");
      const attribute = overflow[1].replace(/&(quot|lt|gt|nbsp);/g, (_, name: string) =>
        name === "quot" ? '"' : name === "lt" ? "<" : name === "gt" ? ">" : " ",
      );
      const boxes = JSON.parse(attribute.replace(/&amp;/g, "&")) as string[];
      assert.deepEqual(boxes, [], `no box overflows at 1200 px:\n${boxes.join("\n")}`);
      const printed = printedBlocks(markdown);
      assert.ok(printed.length > 0);
      // Printed JSON is highlighted (spans in a code element): the text a reader sees is what was printed.
      const pres = [...dom.matchAll(/<pre class="output">([\s\S]*?)<\/pre>/g)].map((m) => m[1].replace(/<[^>]*>/g, ""));
      assert.equal(pres.length, printed.length, "one pre block per printed output");
      for (const text of printed)
        assert.ok(pres.includes(serialised(text)), `the page shows this output:\n${text.slice(0, 400)}`);
      if (page.file.startsWith("08"))
        assert.ok(
          printed.some((text) => /count_devices/.test(text) && text.split("\n").length > 5),
          "lesson 8's tables are among them",
        );

      const charts = chartSvgs(dom);
      const linked = (markdown.match(/^!\[/gm) ?? []).length;
      assert.equal(charts.length, linked, "one inline svg per chart the markdown links to");
      assert.ok(charts.length >= page.minCharts, `at least ${page.minCharts} charts`);
      for (const svg of charts) {
        assert.match(
          svg,
          /<g class="mark-(rect|symbol|line|area|rule)[^"]*"[^>]*>\s*<(path|line)\b/,
          "each chart draws marks",
        );
      }

      assert.ok(existsSync(png), "chromium wrote the screenshot");
      // Size says little (a blank 1200×4000 page is ~22 KB of PNG): count the pixels instead.
      assert.ok(statSync(png).size > 1000, `the screenshot is an image (${statSync(png).size} bytes)`);
      const { inked, colours } = inkOf(png);
      assert.ok(inked > 0.01, `more than 1% of the page is drawn on (${(inked * 100).toFixed(2)}%)`);
      assert.ok(colours > 16, `text, code blocks and charts use many colours (${colours})`);
    },
  );
}
