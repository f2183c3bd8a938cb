// One canonical form for cell outputs, so both engines produce byte-identical notebooks.
import type { Output } from "./notebookFile";

/**
 * Canonical outputs: consecutive stream outputs of the same name merged into one (the kernel
 * sends one message per write, the worker one output per write: chunking is not meaningful),
 * empty streams dropped, and only nbformat's own fields kept, in a fixed order (no `transient`
 * display ids, no timing).
 */
export function normalizeOutputs(outputs: readonly Output[]): Output[] {
  const result: Output[] = [];
  for (const o of outputs) {
    const last = result[result.length - 1];
    switch (o.output_type) {
      case "stream":
        if (o.text === "") break;
        if (last?.output_type === "stream" && last.name === o.name) last.text += o.text;
        else result.push({ output_type: "stream", name: o.name, text: o.text });
        break;
      case "display_data":
        result.push({ output_type: "display_data", data: o.data, metadata: o.metadata ?? {} });
        break;
      case "execute_result":
        result.push({ output_type: "execute_result", execution_count: o.execution_count ?? null, data: o.data, metadata: o.metadata ?? {} });
        break;
      case "error":
        result.push({ output_type: "error", ename: o.ename, evalue: o.evalue, traceback: o.traceback });
        break;
    }
  }
  return result;
}
