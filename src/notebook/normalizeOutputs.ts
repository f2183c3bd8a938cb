// One canonical form for cell outputs, so both engines produce byte-identical notebooks.
import type { MimeBundle, Output } from "./notebookFile";

/**
 * Canonical outputs: consecutive stream outputs of the same name merged into one (the kernel
 * sends one message per write, the worker one output per write: chunking is not meaningful),
 * empty streams dropped, and only nbformat's own fields kept, in a fixed order (no `transient`
 * display ids, no timing). Text held as nbformat's list of lines (how a kernel or nbclient may hand
 * over a stream, `image/svg+xml` or `text/plain`) is joined into one string, as in memory
 * everywhere else; in MIME bundles, JSON types (`application/json`, `…+json`) are structured data and kept as they are.
 */
export function normalizeOutputs(outputs: readonly Output[]): Output[] {
  const result: Output[] = [];
  for (const o of outputs) {
    const last = result[result.length - 1];
    switch (o.output_type) {
      case "stream": {
        const text = joinLines(o.text);
        if (text === "") break;
        if (last?.output_type === "stream" && last.name === o.name) last.text += text;
        else result.push({ output_type: "stream", name: o.name, text });
        break;
      }
      case "display_data":
        result.push({
          output_type: "display_data",
          data: joinBundleLines(o.data),
          metadata: o.metadata ?? {},
        });
        break;
      case "execute_result":
        result.push({
          output_type: "execute_result",
          execution_count: o.execution_count ?? null,
          data: joinBundleLines(o.data),
          metadata: o.metadata ?? {},
        });
        break;
      case "error":
        result.push({
          output_type: "error",
          ename: o.ename,
          evalue: o.evalue,
          traceback: o.traceback,
        });
        break;
    }
  }
  return result;
}

/** Text as one string, whether it came as one or as nbformat's list of lines. */
function joinLines(text: string | readonly string[]): string {
  return typeof text === "string" ? text : text.join("");
}

/** A bundle whose text values are single strings: a list of lines (each keeping its "\n") is joined. */
function joinBundleLines(data: MimeBundle): MimeBundle {
  return Object.fromEntries(
    Object.entries(data).map(([mime, value]) => [
      mime,
      !/json$/.test(mime) && Array.isArray(value) && value.every((line) => typeof line === "string")
        ? value.join("")
        : value,
    ]),
  );
}
