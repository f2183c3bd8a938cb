/**
 * `mcp-course kernel install`: register this project's tslab kernel with Jupyter, so that
 * `jupyter notebook notebooks/` can run the lessons interactively.
 *
 * The kernelspec is the one the `jupyter` engine uses for headless runs: this Node and the
 * tslab installed in this project, named `tslab` as the notebooks' metadata expects.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KERNEL_NAME, tslabKernelSpec } from "../../notebook/jupyterEngine";
import { CliError, EXIT_FAILURE, messages } from "../messages";
import type { CliIo } from "../io";

/**
 * What Jupyter's `jupyter` dispatcher prints when the subcommand's program is not installed:
 * "Jupyter command `jupyter-kernelspec` not found." (jupyter_core; Debian's jupyter-notebook
 * package alone leaves it out, jupyter-client brings it).
 */
const KERNELSPEC_NOT_FOUND = /Jupyter command `jupyter-kernelspec` not found/;

/** Options of `kernel install`: where Jupyter should put the kernelspec. */
export interface KernelInstallOptions {
  /** Install under this prefix (`PREFIX/share/jupyter/kernels/tslab`) instead of the user's Jupyter folder. */
  prefix?: string;
}

/**
 * Installs the kernelspec with `jupyter kernelspec install`.
 *
 * @throws CliError (exit 1) when `jupyter` is not installed, has no `kernelspec` subcommand, or refuses.
 */
export function installKernel(options: KernelInstallOptions, io: CliIo): void {
  const dir = mkdtempSync(join(tmpdir(), "mcp-course-kernel-"));
  try {
    const spec = join(dir, KERNEL_NAME);
    mkdirSync(spec);
    writeFileSync(join(spec, "kernel.json"), `${JSON.stringify(tslabKernelSpec(), null, 1)}\n`);
    const where = options.prefix ? ["--prefix", options.prefix] : ["--user"];
    const run = spawnSync(
      "jupyter",
      ["kernelspec", "install", "--replace", "--name", KERNEL_NAME, ...where, spec],
      {
        encoding: "utf8",
      },
    );
    if (run.error) throw new CliError(messages.jupyterCommandMissing(), EXIT_FAILURE);
    if (run.status !== 0 && KERNELSPEC_NOT_FOUND.test(run.stderr))
      throw new CliError(messages.kernelspecCommandMissing(), EXIT_FAILURE);
    if (run.status !== 0)
      throw new CliError(
        messages.kernelInstallFailed(run.stderr.trim().split("\n").at(-1) ?? ""),
        EXIT_FAILURE,
      );
    io.stderr(run.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
