/**
 * Charts: vega-lite specs rendered to SVG with vega, in Node.
 *
 * One renderer serves the kernel (a notebook cell shows the SVG) and the export (the same SVG is
 * saved beside the markdown), so a lesson's chart is the same bytes wherever it is read. SVG,
 * because every notebook front end, nbconvert and the exporters show it, while the vega-lite
 * MIME type is not rendered by the classic notebook, nbconvert or book builders, and tslab sends
 * one MIME type per display call.
 *
 * Specs are plain JSON objects typed loosely here ({@link ChartSpec}), so the library's public
 * types do not pull vega-lite's into notebooks compiled by tslab's TypeScript 5.0.
 */
import * as vega from "vega";
import { compile, type TopLevelSpec } from "vega-lite";

/** A vega-lite specification (https://vega.github.io/vega-lite/docs/spec.html), as plain JSON. */
export type ChartSpec = { readonly [key: string]: unknown };

/** Font settings fixed for every chart: text width is estimated, not measured, so output does not depend on installed fonts. */
const CONFIG = { font: "sans-serif", background: "white", view: { stroke: null } } as const;

/**
 * Renders a vega-lite spec to an SVG document.
 *
 * Deterministic: the same spec gives the same bytes (vega's headless renderer estimates text
 * width from the font size; no canvas, no fonts, no clock).
 *
 * @throws Error when the spec is not valid vega-lite (vega-lite's own message).
 */
export async function renderSvg(spec: ChartSpec): Promise<string> {
  const withConfig = { ...spec, config: { ...CONFIG, ...((spec.config as object | undefined) ?? {}) } };
  const compiled = compile(withConfig as unknown as TopLevelSpec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
