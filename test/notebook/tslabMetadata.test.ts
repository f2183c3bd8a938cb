// The notebook metadata a reader's Jupyter saves after running a lesson on tslab: tslab's own values, a real kernel's, and the committed notebooks'.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { LESSONS } from "../../src/lessons/catalog";
import { findJupyterPython } from "../../src/notebook/jupyterPython";
import { KERNEL_NAME, tslabKernelSpec } from "../../src/notebook/jupyterEngine";
import { parseNotebook } from "../../src/notebook/notebookFile";
import {
  TSLAB_KERNELSPEC,
  TSLAB_LANGUAGE_INFO,
  tslabMetadata,
  tslabMetadataDifferences,
  withTslabMetadata,
} from "../../src/notebook/tslabMetadata";
import { ROOT, tempDir } from "../helpers";
import { jupyterRequirement } from "../requirements";

const jupyter = jupyterRequirement();

test("language_info is what the installed tslab's kernel_info reply holds", () => {
  // tslab answers kernel_info_request with JupyterHandlerImpl.handleKernel(); it reads nothing of the executor.
  const { JupyterHandlerImpl } = require("tslab/dist/jupyter") as {
    JupyterHandlerImpl: new (executor: unknown, isJs: boolean) => { handleKernel(): { language_info: unknown } };
  };
  assert.deepEqual(new JupyterHandlerImpl(null, false).handleKernel().language_info, TSLAB_LANGUAGE_INFO);
  assert.equal(
    (require("tslab/package.json") as { version: string }).version,
    "1.0.22",
    "the version the docstring names",
  );
});

test("the project's kernelspec names the kernel as the metadata does", () => {
  const spec = tslabKernelSpec();
  assert.equal(KERNEL_NAME, TSLAB_KERNELSPEC.name);
  assert.equal(spec.display_name, TSLAB_KERNELSPEC.display_name);
  assert.equal(spec.language, TSLAB_KERNELSPEC.language);
});

test(
  "a real tslab kernel started by Jupyter reports this language_info, and its kernelspec gives this kernelspec",
  { skip: jupyter.skip },
  () => {
    jupyter.check();
    const dir = tempDir();
    mkdirSync(join(dir, "kernels", KERNEL_NAME), { recursive: true });
    writeFileSync(join(dir, "kernels", KERNEL_NAME, "kernel.json"), JSON.stringify(tslabKernelSpec()));
    // What Classic Notebook records on save: {name, display_name, language} of the kernelspec, and the kernel_info reply's language_info.
    const script = `
import json
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import start_new_kernel
spec = KernelSpecManager().get_kernel_spec(${JSON.stringify(KERNEL_NAME)})
km, kc = start_new_kernel(kernel_name=${JSON.stringify(KERNEL_NAME)}, startup_timeout=120)
try:
    reply = kc.kernel_info(reply=True, timeout=60)
    print(json.dumps({"kernelspec": {"name": ${JSON.stringify(KERNEL_NAME)}, "display_name": spec.display_name, "language": spec.language}, "language_info": reply["content"]["language_info"]}))
finally:
    kc.stop_channels()
    km.shutdown_kernel(now=True)
`;
    const run = spawnSync(findJupyterPython()!, ["-c", script], {
      cwd: dir,
      env: { ...process.env, JUPYTER_PATH: dir, JUPYTER_RUNTIME_DIR: join(dir, "runtime") },
      encoding: "utf8",
      timeout: 180_000,
    });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout.trim().split("\n").at(-1)!), tslabMetadata());
  },
);

test("withTslabMetadata sets kernelspec and language_info and keeps everything else", () => {
  const nb = parseNotebook(
    JSON.stringify({
      nbformat: 4,
      nbformat_minor: 5,
      metadata: {
        kernelspec: { name: "tslab", display_name: "TypeScript (tslab, mcp-course)", language: "typescript" },
        language_info: { name: "typescript", version: "5.0.4" },
        authors: ["a"],
      },
      cells: [{ cell_type: "markdown", id: "a", metadata: {}, source: "# A" }],
    }),
  );
  assert.deepEqual(tslabMetadataDifferences(nb), ["kernelspec", "language_info"]);
  const fixed = withTslabMetadata(nb);
  assert.deepEqual(tslabMetadataDifferences(fixed), []);
  assert.deepEqual(fixed.metadata.authors, ["a"]);
  assert.deepEqual(fixed.cells, nb.cells);
  assert.equal(
    nb.metadata.language_info && (nb.metadata.language_info as { version: string }).version,
    "5.0.4",
    "the input is not changed",
  );
  const missing = withTslabMetadata({ ...nb, metadata: {} });
  assert.deepEqual(missing.metadata, tslabMetadata());
  assert.deepEqual(
    tslabMetadataDifferences({
      ...nb,
      metadata: { ...tslabMetadata(), language_info: { ...TSLAB_LANGUAGE_INFO, codemirror_mode: "typescript" } },
    }),
    ["language_info"],
  );
});

for (const lesson of LESSONS) {
  test(`notebooks/${lesson.name}.ipynb has the metadata Jupyter saves after a run on tslab (fix: mcp-course kernel metadata)`, () => {
    const nb = parseNotebook(readFileSync(join(ROOT, "notebooks", `${lesson.name}.ipynb`), "utf8"));
    assert.deepEqual({ kernelspec: nb.metadata.kernelspec, language_info: nb.metadata.language_info }, tslabMetadata());
  });
}
