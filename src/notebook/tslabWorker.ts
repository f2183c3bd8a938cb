// Child process of the tslab engine: runs code cells with tslab's executor exactly as tslab's kernel does.
//
// Started by tslabEngine.ts with cwd = the notebook folder, because tslab's converter compiles
// relative to process.cwd() and cannot compile files outside it (https://github.com/yunabe/tslab/issues/63).
// Mirrors node_modules/tslab/dist/main.js (startKernel) and dist/jupyter.js (handleExecuteImpl):
// same converters, same console, process.stdout/stderr.write replaced during a cell,
// `jupyter.lastWriteDisplayData` set for tslab.display.*, and the same uncaught-error handlers.
import fs from "node:fs";
import Module from "node:module";
import { TextDecoder } from "node:util";
import { createConverter, type Converter } from "tslab/dist/converter";
import { createExecutor, type ConverterSet } from "tslab/dist/executor";
// `import = require` keeps the real exports object (an `import * as` namespace may be a copy,
// e.g. under tsx), and tslab.display reads lastWriteDisplayData from that very object.
import jupyter = require("tslab/dist/jupyter");
import type { CellRun, EngineEvent } from "./engineRun";
import type { DisplayDataOutput, MimeBundle, Output } from "./notebookFile";

/** The single IPC message the parent sends: the code cells to run, in order. */
export interface WorkerRequest {
  cells: { cellIndex: number; source: string }[];
}

/**
 * IPC messages the worker sends: for each cell `cellStarted`, then its outputs (`cellRun`) and
 * `cellFinished`; then exactly one `result`. Outputs travel cell by cell so that the parent keeps
 * the finished cells' outputs when it has to kill the worker in the middle of a later cell.
 */
export type WorkerMessage =
  EngineEvent | { type: "cellRun"; cell: CellRun } | { type: "result"; failedCellIndex?: number };

/** The lazy node/browser converter pair of tslab's main.js (ConverterSetImpl). */
class Converters implements ConverterSet {
  private nodeConv?: Converter;
  private browserConv?: Converter;
  get node(): Converter {
    return (this.nodeConv ??= createConverter({ isJS: false, isBrowser: false }));
  }
  get browser(): Converter {
    return (this.browserConv ??= createConverter({ isJS: false, isBrowser: true }));
  }
  close(): void {
    this.nodeConv?.close();
    this.browserConv?.close();
  }
}

async function runCells(
  request: WorkerRequest,
  send: (m: WorkerMessage) => void,
): Promise<{ failedCellIndex?: number }> {
  const convs = new Converters();
  void convs.node; // main.js warms the Node converter before the first cell
  const executor = createExecutor(process.cwd(), convs, { log: console.log, error: console.error });
  process.on("SIGINT", () => executor.interrupt());
  process.on("uncaughtException", (err) => console.error("UncaughtException:", err));
  process.on("unhandledRejection", (reason) => console.error("UnhandledPromiseRejection:", reason));

  // Output of the running cell. The kernel keeps writing to the finished cell's parent message,
  // which nbclient ignores; here such late output goes to the real stream (parent shows it only on a crash).
  let current: Output[] | null = null;
  const realWrite = {
    stdout: process.stdout.write.bind(process.stdout),
    stderr: process.stderr.write.bind(process.stderr),
  };
  const decoder = new TextDecoder();
  const capture = (name: "stdout" | "stderr") =>
    ((buffer: string | Uint8Array, ...rest: any[]) => {
      if (!current) return (realWrite[name] as any)(buffer, ...rest);
      current.push({ output_type: "stream", name, text: typeof buffer === "string" ? buffer : decoder.decode(buffer) });
      return true;
    }) as typeof process.stdout.write;
  process.stdout.write = capture("stdout");
  process.stderr.write = capture("stderr");

  // nbclient's display-id bookkeeping: an output with a display_id is updated in place by later
  // displays with the same id, wherever it is; update_display_data adds no output of its own.
  const byDisplayId = new Map<string, DisplayDataOutput[]>();
  jupyter.lastWriteDisplayData = (msg, update) => {
    if (!current) return; // late display from a finished cell: nbclient ignores its parent message
    const id = msg.transient?.display_id;
    // tslab's public.js base64-encodes binary data, so the bundle is JSON like the kernel's message.
    const data = msg.data as MimeBundle;
    for (const shown of (id && byDisplayId.get(id)) || []) {
      shown.data = data;
      shown.metadata = msg.metadata;
    }
    if (update) return;
    const output: DisplayDataOutput = { output_type: "display_data", data, metadata: msg.metadata };
    current.push(output);
    if (id) byDisplayId.set(id, [...(byDisplayId.get(id) ?? []), output]);
  };

  // A cell awaiting a promise that never settles never finishes, as in the kernel (whose sockets
  // keep it alive): the worker must not exit because its event loop ran empty.
  const keepAlive = setInterval(() => {}, 2 ** 31 - 1);
  let executionCount = 0;
  try {
    for (const { cellIndex, source } of request.cells) {
      send({ type: "cellStarted", cellIndex });
      const outputs: Output[] = (current = []);
      const ok = await executor.execute(source);
      current = null;
      send({ type: "cellRun", cell: { cellIndex, executionCount: ++executionCount, outputs } });
      send({ type: "cellFinished", cellIndex, ok });
      if (!ok) return { failedCellIndex: cellIndex };
    }
    return {};
  } finally {
    clearInterval(keepAlive);
    executor.close();
  }
}

if (require.main === module) {
  if (!process.send) throw new Error("tslabWorker must be started by tslabEngine.ts (fork with an IPC channel)");
  const send = (m: WorkerMessage) => process.send!(m);
  process.once("message", (request: WorkerRequest) =>
    runCells(request, send).then(
      (run) => {
        // The parent kills the worker when the result arrives: write Node's compile cache first
        // (`module.flushCompileCache()`, Node 22.10 and later; older Nodes have no cache to write).
        (Module as { flushCompileCache?: () => void }).flushCompileCache?.();
        process.send!({ type: "result", ...run } satisfies WorkerMessage, () => process.exit(0));
      },
      (e) => {
        // An infrastructure failure (a failing cell is a result): report on the real stderr, which
        // the parent quotes, and exit so it does not wait forever. process.stderr.write is patched.
        fs.writeSync(2, `tslab worker: ${e instanceof Error ? e.stack : String(e)}\n`);
        process.exit(1);
      },
    ),
  );
}
