// Interrupting a real tslab kernel (jupyter_client's interrupt_kernel) while a cell awaits lesson 10's wire run stops
// the run: the cell ends in error with the run's one line and nothing else, no server process is left under the
// kernel (nor started after), and the next cell gets only its own output.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { findJupyterPython } from "../../src/notebook/jupyterPython";
import { KERNEL_NAME, tslabKernelSpec } from "../../src/notebook/jupyterEngine";
import { interruptedLine } from "../../src/wireClient/interruptible";
import { SERVE_SCRIPT } from "../../src/wireClient/serveCommand";
import { ROOT, tempDir } from "../helpers";
import { jupyterRequirement } from "../requirements";

const jupyter = jupyterRequirement();

/** Lesson 10's setup cell, as its notebook awaits it (the package imported by name, from the notebooks' folder). */
const WIRE_CELL = `import { runWithoutASessionOnTheWire } from "mcp-course/lessons/withoutASession";
const wire = await runWithoutASessionOnTheWire(20260218);`;

/** The cell after it: a marker, then a second in which late output of the first would land. */
const NEXT_CELL = `console.log("marker");
await new Promise((resolve) => setTimeout(resolve, 1000));`;

/**
 * Starts the kernel in `argv[1]`, runs `argv[3]`, interrupts the kernel once it has three `serve`
 * children (`argv[2]` is the serve script), then runs `argv[4]`; prints what it saw as JSON.
 */
const DRIVER = `
import json, os, queue, sys, time
from jupyter_client.manager import start_new_kernel

cwd, serve_script, wire_cell, next_cell = sys.argv[1:5]

def servers(pid):
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
            with open(f"/proc/{name}/cmdline", "rb") as f:
                argv = f.read().split(b"\\0")
        except OSError:
            continue
        state, ppid = stat[stat.rindex(")") + 2:].split()[:2]
        if state != "Z" and int(ppid) == pid and serve_script.encode() in argv:
            found.append(int(name))
    return found

def execute(kc, code, poll=lambda: None, seconds=180):
    msg_id = kc.execute(code)
    deadline = time.monotonic() + seconds
    outputs = []
    while True:
        if time.monotonic() > deadline:
            raise TimeoutError(f"cell still running after {seconds} s")
        poll()
        try:
            msg = kc.get_iopub_msg(timeout=0.05)
        except queue.Empty:
            continue
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind = msg["msg_type"]
        if kind == "stream":
            outputs.append({"name": msg["content"]["name"], "text": msg["content"]["text"]})
        elif kind in ("error", "execute_result", "display_data"):
            outputs.append({"type": kind, "content": msg["content"]})
        elif kind == "status" and msg["content"]["execution_state"] == "idle":
            break
    while True:
        reply = kc.get_shell_msg(timeout=30)
        if reply["parent_header"].get("msg_id") == msg_id:
            return {"status": reply["content"]["status"], "outputs": outputs}

km, kc = start_new_kernel(kernel_name=${JSON.stringify(KERNEL_NAME)}, startup_timeout=120, cwd=cwd)
try:
    pid = km.provisioner.process.pid
    seen = []
    def interrupt_once_serving():
        if not seen and len(servers(pid)) >= 3:
            seen.append(len(servers(pid)))
            km.interrupt_kernel()
    wire = execute(kc, wire_cell, interrupt_once_serving)
    after = servers(pid)
    time.sleep(1)
    later = servers(pid)
    following = execute(kc, next_cell)
    print(json.dumps({"interruptedWith": seen, "wire": wire, "after": after, "later": later, "next": following, "finally": servers(pid)}))
finally:
    kc.stop_channels()
    km.shutdown_kernel(now=True)
`;

interface CellResult {
  status: string;
  outputs: { name?: string; text?: string; type?: string }[];
}

test(
  "an interrupt stops a wire cell in a real tslab kernel: one line of error, no server left, nothing spilled into the next cell",
  { skip: jupyter.skip, timeout: 300_000 },
  () => {
    jupyter.check();
    const dir = tempDir();
    mkdirSync(join(dir, "kernels", KERNEL_NAME), { recursive: true });
    writeFileSync(join(dir, "kernels", KERNEL_NAME, "kernel.json"), JSON.stringify(tslabKernelSpec()));
    const run = spawnSync(
      findJupyterPython()!,
      ["-c", DRIVER, join(ROOT, "notebooks"), SERVE_SCRIPT, WIRE_CELL, NEXT_CELL],
      {
        cwd: dir,
        env: { ...process.env, JUPYTER_PATH: dir, JUPYTER_RUNTIME_DIR: join(dir, "runtime") },
        encoding: "utf8",
        timeout: 280_000,
      },
    );
    assert.equal(run.status, 0, run.stderr);
    const seen = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as {
      interruptedWith: number[];
      wire: CellResult;
      after: number[];
      later: number[];
      next: CellResult;
      finally: number[];
    };
    assert.equal(seen.interruptedWith.length, 1, "interrupted while its servers ran");
    assert.equal(seen.wire.status, "error");
    assert.equal(seen.wire.outputs.length, 1, JSON.stringify(seen.wire.outputs));
    const [output] = seen.wire.outputs;
    assert.equal(output.name, "stderr");
    const stopped = Number(/^Interrupted: (\d+) server process/.exec(output.text ?? "")?.[1]);
    assert.ok(stopped >= 1, output.text);
    assert.equal(output.text, `${interruptedLine(stopped)}\n`);
    assert.deepEqual(seen.after, [], "no server left once the cell has ended");
    assert.deepEqual(seen.later, [], "none started a second later");
    assert.deepEqual(seen.next, { status: "ok", outputs: [{ name: "stdout", text: "marker\n" }] });
    assert.deepEqual(seen.finally, []);
  },
);
