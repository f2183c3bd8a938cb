// Invariant: renderSvg names each chart in a <title>, the SVG root's first child: the spec's description, else its title.
import assert from "node:assert/strict";
import { test } from "node:test";
import { chartAltText, renderSvg } from "../../src/charts/render";
import { svgTitle } from "../../src/notebook/exporter";

const bars = {
  data: { values: [{ name: "a", value: 1 }] },
  mark: "bar",
  encoding: { x: { field: "name", type: "nominal" }, y: { field: "value", type: "quantitative" } },
};

test("chartAltText: description first, then the title in its three forms; nothing when both are missing or blank", () => {
  assert.equal(
    chartAltText({ ...bars, title: "Calls", description: "Calls per level,\n  one bar each" }),
    "Calls per level, one bar each",
  );
  assert.equal(chartAltText({ ...bars, title: "Calls per level" }), "Calls per level");
  assert.equal(chartAltText({ ...bars, title: ["Calls", "per level"] }), "Calls per level");
  assert.equal(chartAltText({ ...bars, title: { text: "Calls per level", anchor: "start" } }), "Calls per level");
  assert.equal(chartAltText(bars), undefined);
  assert.equal(chartAltText({ ...bars, title: "  " }), undefined);
});

test("renderSvg writes the name as the root's first child, XML-escaped, and nothing without one", async () => {
  const svg = await renderSvg({ ...bars, title: "A & B <c>" });
  assert.match(svg, /^<svg [^>]*><title>A &amp; B &lt;c&gt;<\/title><rect /);
  assert.equal(svgTitle(svg), "A & B <c>");
  const plain = await renderSvg(bars);
  assert.doesNotMatch(plain, /<title>/);
  assert.equal(await renderSvg({ ...bars, title: "A & B <c>" }), svg, "the same spec, the same bytes");
});
