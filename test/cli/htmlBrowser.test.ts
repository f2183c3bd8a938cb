// The HTML export in a real browser: headless chromium renders each page with its tables and its charts, and draws something.
//
// Needs Debian's chromium (`apt-get install -y --no-install-recommends chromium`; .ci/run installs
// it). Without it the test is skipped with one line saying so, or fails where CI=true.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { inflateSync } from "node:zlib";
import { test } from "node:test";
import { cliAsync, tempDir } from "../helpers";
import { chromiumRequirement } from "../requirements";

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
  assert.equal(run.status, 0, `chromium ${action.join(" ")} failed (${run.error?.message ?? `exit ${run.status}`}): ${run.stderr.slice(-2000)}`);
  return run.stdout;
}

/** Exports a notebook through the CLI as HTML and as markdown (what the page must show), into one folder, both at once. */
async function exportBoth(name: string, file: string): Promise<{ html: string; markdown: string }> {
  const out = tempDir();
  const runs = await Promise.all(["html", "md"].map((format) => cliAsync(["lesson", name, "--engine", "tslab", "--format", format, "--out", out])));
  for (const run of runs) assert.equal(run.status, 0, run.stderr);
  return { html: join(out, `${file}.html`), markdown: readFileSync(join(out, `${file}.md`), "utf8") };
}

/** The printed outputs (```text fences) of a Markdown export. */
function printedBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^(`{3,})text\n([\s\S]*?)\n\1$/gm)].map((m) => m[2].replace(/\n+$/, ""));
}

/** Text as a browser serialises a text node: `&`, `<`, `>` escaped, quotes not. */
function serialised(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\u00a0/g, "&nbsp;");
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
  let width = 0, height = 0, channels = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const [depth, colorType, , , interlace] = data.subarray(8, 13);
      assert.ok(depth === 8 && (colorType === 2 || colorType === 6) && interlace === 0, `unexpected PNG format: depth ${depth}, color type ${colorType}, interlace ${interlace}`);
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

/** Lesson 8 (the most tables) and the chart fixture (charts whatever the lessons hold). */
const PAGES = [
  { name: "08", file: "08-the-fleet-behind-the-boundary", minCharts: 0 },
  { name: "test/notebook/fixtures/chart.ipynb", file: "chart", minCharts: 3 },
];

/** Each page's exports, started now, side by side (they are read only where chromium is here). */
const exported = chromium.missing ? [] : PAGES.map((page) => exportBoth(page.name, page.file));
for (const run of exported) run.catch(() => {}); // reported by the test that reads it

for (const [index, page] of PAGES.entries()) {
  test(`chromium renders ${page.file}.html: every printed table, every chart with its marks, and a page that is not blank`, { skip: chromium.skip }, async () => {
    chromium.check();
    const { html, markdown } = await exported[index];

    const dom = browse(html, ["--dump-dom"]);
    assert.match(dom, /<main>/, "the page was parsed");
    const printed = printedBlocks(markdown);
    assert.ok(printed.length > 0);
    // Printed JSON is highlighted (spans in a code element): the text a reader sees is what was printed.
    const pres = [...dom.matchAll(/<pre class="output">([\s\S]*?)<\/pre>/g)].map((m) => m[1].replace(/<[^>]*>/g, ""));
    assert.equal(pres.length, printed.length, "one pre block per printed output");
    for (const text of printed) assert.ok(pres.includes(serialised(text)), `the page shows this output:\n${text.slice(0, 400)}`);
    if (page.file.startsWith("08")) assert.ok(printed.some((text) => /count_devices/.test(text) && text.split("\n").length > 5), "lesson 8's tables are among them");

    const charts = chartSvgs(dom);
    const linked = (markdown.match(/^!\[chart\]\(/gm) ?? []).length;
    assert.equal(charts.length, linked, "one inline svg per chart the markdown links to");
    assert.ok(charts.length >= page.minCharts, `at least ${page.minCharts} charts`);
    for (const svg of charts) {
      assert.match(svg, /<g class="mark-(rect|symbol|line|area|rule)[^"]*"[^>]*>\s*<(path|line)\b/, "each chart draws marks");
    }

    const png = join(tempDir(), "page.png");
    browse(html, [`--screenshot=${png}`]);
    assert.ok(existsSync(png), "chromium wrote the screenshot");
    // Size says little (a blank 1200×4000 page is ~22 KB of PNG): count the pixels instead.
    assert.ok(statSync(png).size > 1000, `the screenshot is an image (${statSync(png).size} bytes)`);
    const { inked, colours } = inkOf(png);
    assert.ok(inked > 0.01, `more than 1% of the page is drawn on (${(inked * 100).toFixed(2)}%)`);
    assert.ok(colours > 16, `text, code blocks and charts use many colours (${colours})`);
  });
}
