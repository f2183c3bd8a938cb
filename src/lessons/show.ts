/**
 * What a lesson's cells show besides printed text: sentences computed from the run (markdown) and
 * charts (SVG), each sent to the kernel as one display with two forms, the rich one and plain text.
 *
 * Why two forms: a Jupyter front end shows the richest form of a display that it may render. The
 * classic Notebook renders neither markdown nor SVG output in a notebook opened "Not Trusted" (one
 * executed somewhere else, then opened), and shows the display's `text/plain` form instead; a
 * display with a rich form alone shows nothing there. The exports choose the markdown and SVG
 * forms (`notebook/exporter.ts`), so they read the same either way.
 *
 * tslab's public `display` sends one MIME type per display (`display.raw(type, data)` builds
 * `{[type]: data}`). A display of two forms goes through the function `display.raw` itself calls,
 * `lastWriteDisplayData` of `tslab/dist/jupyter`, which the tslab kernel sets for the cell that is
 * running, and so does the tslab engine's worker (`notebook/tslabWorker.ts`). This module is not
 * the engine: it only speaks to whichever kernel runs the cell.
 */
import jupyter = require("tslab/dist/jupyter");
import { chartAltText, renderSvg, type ChartSpec } from "../charts/render";
import { formatTextTable } from "./textTable";

/** A display's forms by MIME type, e.g. `{"text/markdown": "…", "text/plain": "…"}`. */
export type DisplayForms = Readonly<Record<string, string>>;

/**
 * Sends one display of several forms to the kernel running the cell.
 *
 * @throws Error when no tslab kernel runs the calling code (outside a notebook cell).
 */
export function showForms(forms: DisplayForms): void {
  const write = jupyter.lastWriteDisplayData;
  if (typeof write !== "function")
    throw new Error("show: nothing to show to: call it from a cell run by the tslab kernel");
  write({ data: { ...forms }, metadata: {}, transient: {} }, false);
}

/**
 * A chart's plain-text form: the text that names it (its description or title, as the SVG's
 * `<title>` holds it), then its data as a text table, one row per value, a column per field in the
 * order the values first name them. A spec whose data is not inline values gives its name alone.
 */
export function chartText(spec: ChartSpec): string {
  const name = chartAltText(spec) ?? "chart";
  const values = (spec.data as { values?: unknown } | undefined)?.values;
  if (!Array.isArray(values) || values.length === 0) return name;
  const rows = values as readonly Record<string, unknown>[];
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cell = (value: unknown) =>
    value === undefined || value === null
      ? ""
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value);
  return `${name}\n${formatTextTable(
    columns,
    rows.map((row) => columns.map((column) => cell(row[column]))),
  )}`;
}

/** A line that only opens or closes a folded answer (`foldedAnswer` of `wrapProse.ts`). */
const FOLD_TAG = /^\s*<\/?details>\s*$/;

/** A folded answer's `<summary>` line, its text captured. */
const SUMMARY_LINE = /^\s*<summary>(.*)<\/summary>\s*$/;

/**
 * Markdown's plain-text form: the markdown itself, but for folded answers (`<details>` blocks),
 * whose tags a plain-text reader would see raw. Their `<details>` and `</details>` lines are
 * dropped, with the blank line each leaves doubled; a `<summary>` line keeps its text, as a line
 * of its own. Nothing else changes.
 */
export function markdownText(markdown: string): string {
  const kept: string[] = [];
  let afterTag = false;
  for (const line of markdown.split("\n")) {
    if (FOLD_TAG.test(line)) {
      afterTag = true;
      continue;
    }
    const blank = line.trim() === "";
    if (blank && afterTag && (kept.length === 0 || kept[kept.length - 1].trim() === "")) continue;
    kept.push(line.replace(SUMMARY_LINE, "$1"));
    afterTag = afterTag && blank;
  }
  if (afterTag) while (kept.length > 0 && kept[kept.length - 1].trim() === "") kept.pop();
  return kept.join("\n");
}

/** What a cell shows: `show.markdown(text)` and `await show.chart(spec)`. */
export const show = {
  /**
   * Shows markdown computed from the run; its plain-text form is the markdown itself, folded
   * answers unfolded ({@link markdownText}).
   */
  markdown(text: string): void {
    showForms({ "text/markdown": text, "text/plain": markdownText(text) });
  },
  /**
   * Renders a vega-lite spec to SVG ({@link renderSvg}) and shows it, with {@link chartText} as
   * its plain-text form.
   *
   * @throws Error as renderSvg does, for a spec that is not valid vega-lite.
   */
  async chart(spec: ChartSpec): Promise<void> {
    showForms({ "image/svg+xml": await renderSvg(spec), "text/plain": chartText(spec) });
  },
} as const;
