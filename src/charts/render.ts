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
 * The SVG's first child is a `<title>` naming the chart ({@link chartAltText}): screen readers
 * read it as the image's name, and the markdown export uses it as the image's alt text. It holds
 * the spec's `description` when the spec has one, else its title; a spec with neither gets no
 * `<title>`.
 *
 * @throws Error when the spec is not valid vega-lite (vega-lite's own message).
 */
export async function renderSvg(spec: ChartSpec): Promise<string> {
  const withConfig = {
    ...spec,
    config: { ...CONFIG, ...((spec.config as object | undefined) ?? {}) },
  };
  const compiled = compile(withConfig as unknown as TopLevelSpec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: "none" });
  let svg: string;
  try {
    svg = await view.toSVG();
  } finally {
    view.finalize();
  }
  const alt = chartAltText(spec);
  if (alt === undefined) return svg;
  const open = svg.indexOf(">", svg.indexOf("<svg")) + 1;
  return `${svg.slice(0, open)}<title>${escapeXml(alt)}</title>${svg.slice(open)}`;
}

/**
 * The text that names a chart for a reader who cannot see it: the spec's `description` (a
 * vega-lite top-level property), or else its title's text (a string, an array of lines joined
 * by spaces, or the `text` of a title object); whitespace runs become one space.
 *
 * @returns the text, or undefined when the spec has neither or both are empty.
 */
export function chartAltText(spec: ChartSpec): string | undefined {
  const lines = (value: unknown): string | undefined => {
    if (typeof value === "string") return value;
    if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value.join(" ");
    return undefined;
  };
  const title = spec.title;
  const text =
    lines(spec.description) ??
    lines(title) ??
    (typeof title === "object" && title !== null
      ? lines((title as { text?: unknown }).text)
      : undefined);
  const squeezed = text?.replace(/\s+/g, " ").trim();
  return squeezed === undefined || squeezed === "" ? undefined : squeezed;
}

/** `&`, `<` and `>` as XML character references, for text inside an element. */
function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
