// Every chart a committed export links is well-formed SVG, carries the plotted values, and is exactly what renderSvg draws for that seed.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { XMLValidator } from "fast-xml-parser";
import { chartAltText, renderSvg, type ChartSpec } from "../../src/charts/render";
import { svgTitle } from "../../src/notebook/exporter";
import { CHART_MEASURES, conditionsChart } from "../../src/lessons/fleetBehindTheBoundary/charts";
import { simulateFleetLesson } from "../../src/lessons/fleetBehindTheBoundary/simulate";
import { ROOT } from "../helpers";

/** Per lesson: its chart file, the spec for a seed, and the values the chart must carry (as `field: value` in the marks' aria-labels). */
const CHARTS: {
  lesson: string;
  file: string;
  spec: (seed: number) => ChartSpec;
  values: (seed: number) => string[];
}[] = [
  {
    lesson: "08-the-fleet-behind-the-boundary",
    file: "matrix-chart.svg",
    spec: (seed) => conditionsChart(simulateFleetLesson(seed)),
    values: (seed) =>
      simulateFleetLesson(seed)
        .matrix.filter((r) => r.policy === "thorough")
        .flatMap((r) => [
          `condition: ${r.condition}; calls: ${r.toolCalls}; measure: ${CHART_MEASURES[0]}`,
          `condition: ${r.condition}; calls: ${r.toolErrors}; measure: ${CHART_MEASURES[1]}`,
        ]),
  },
];

const EXPORTS: [folder: string, seed: number][] = [
  ["lessons", 20260218],
  [join("lessons", "seed-20260219"), 20260219],
];

for (const { lesson, file, spec, values } of CHARTS) {
  for (const [folder, seed] of EXPORTS) {
    test(`${folder}/${lesson}.files/${file}: well-formed, carries its values, equals renderSvg for seed ${seed}`, async () => {
      const path = join(ROOT, folder, `${lesson}.files`, file);
      assert.ok(existsSync(path), `${path} is missing: run npm run regenerate`);
      assert.ok(
        readFileSync(join(ROOT, folder, `${lesson}.md`), "utf8").includes(`](${lesson}.files/${file})`),
        "the export links the chart",
      );
      const svg = readFileSync(path, "utf8");
      assert.equal(XMLValidator.validate(svg), true, "well-formed XML");
      assert.match(svg, /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      const labels = [...svg.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]);
      for (const value of values(seed))
        assert.ok(
          labels.some((label) => label.includes(value)),
          `a mark carries "${value}"`,
        );
      assert.equal(svg, await renderSvg(spec(seed)), "byte-identical to a fresh rendering");
      const alt = chartAltText(spec(seed));
      assert.ok(alt !== undefined && svgTitle(svg) === alt, "the SVG's <title> names the chart");
    });
  }
}

test("no export folder holds a chart its lesson does not draw", () => {
  for (const [folder] of EXPORTS) {
    for (const { lesson, file } of CHARTS) {
      const dir = join(ROOT, folder, `${lesson}.files`);
      assert.deepEqual(readdirSync(dir), [file], dir);
    }
  }
});

test("every chart in every export has alt text naming it (its SVG's <title>), not the word chart", () => {
  let charts = 0;
  for (const [folder] of EXPORTS) {
    for (const name of readdirSync(join(ROOT, folder)).filter((f) => f.endsWith(".md"))) {
      const markdown = readFileSync(join(ROOT, folder, name), "utf8");
      for (const [, alt, link] of markdown.matchAll(/!\[((?:[^\]\\]|\\.)*)\]\(([^)]+\.svg)\)/g)) {
        charts += 1;
        assert.notEqual(alt, "chart", `${folder}/${name}: ${link}`);
        const title = svgTitle(readFileSync(join(ROOT, folder, decodeURIComponent(link)), "utf8"));
        assert.equal(
          alt.replace(/\n/g, " ").replace(/\\(.)/g, "$1"),
          title,
          `${folder}/${name}: the alt text is the SVG's <title>`,
        );
        assert.ok(alt.length >= 20, `${folder}/${name}: "${alt}" says what the chart shows`);
      }
    }
  }
  assert.ok(charts >= 4, `${charts} charts found`);
});
