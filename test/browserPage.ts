// Headless chromium renders an exported HTML page: a test helper for the tests that hold a page
// (test/cli/lessonFormats.test.ts, the chart fixture's; test/cli/lesson.test.ts, two lessons' from
// its shared export). Needs Debian's chromium (`apt-get install -y --no-install-recommends
// chromium`; .ci/run installs it): each test passes `chromium.skip` and calls `chromium.check()`.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { inflateSync } from "node:zlib";
import { tempDir } from "./helpers";
import { chromiumRequirement } from "./requirements";

/** Chromium, where this machine has it (see test/requirements.ts). */
export const chromium = chromiumRequirement();

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

/**
 * Renders `html` (a page that `lesson --format html` or `both` wrote beside `markdown`, from the same
 * execution) in one chromium run, and holds it: laid out with no box wider than its content at 1200 px,
 * every printed output of the markdown shown once, one drawn chart per chart the markdown links to and
 * at least `minCharts`, and a screenshot that is not blank. Returns the markdown's printed outputs.
 */
export function assertPageRenders(html: string, markdown: string, minCharts: number): string[] {
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

  const charts = chartSvgs(dom);
  const linked = (markdown.match(/^!\[/gm) ?? []).length;
  assert.equal(charts.length, linked, "one inline svg per chart the markdown links to");
  assert.ok(charts.length >= minCharts, `at least ${minCharts} charts`);
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
  return printed;
}
