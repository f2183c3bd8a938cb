"""Execute a notebook through nbclient; the Python half of the `jupyter` engine (jupyterEngine.ts).

Usage: python3 nbclientRunner.py INPUT.ipynb RESULT.json KERNEL_NAME CWD CELL_TIMEOUT_SECONDS

Starts kernel KERNEL_NAME (found through JUPYTER_PATH, set by jupyterEngine.ts) in CWD and runs
the code cells in order, stopping at the first failure. A cell still running CELL_TIMEOUT_SECONDS
(a decimal number) after nbclient sent it is a failure too: nbclient raises CellTimeoutError, and
the kernel is then killed at once (with its process group) instead of being asked to shut down,
which a kernel stuck in a cell would not answer. Progress goes to file descriptor 3, one
JSON object per line: {"type": "cellStarted", "cellIndex": N} or {"type": "cellFinished",
"cellIndex": N, "ok": bool}; fd 3 because the kernel inherits stdout/stderr and may print there.
RESULT.json receives {"cells": [{"cellIndex", "executionCount", "outputs"}], "failedCellIndex":
N or null, "timedOut": bool}; a cell that timed out is not among "cells" (see engineRun.ts).
Exit status 0 means every cell ran or one cell failed. A kernel that does not answer within
STARTUP_TIMEOUT_SECONDS of its start exits with status 3 and one line on stderr saying so;
anything else (kernel died) exits non-zero with a Python traceback on stderr.
"""
import json
import os
import sys

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError

# nbclient's default is 60 s. A tslab kernel is a Node process that loads TypeScript before it
# answers; on a machine busy with other work (two test suites on two cores) it has taken longer.
STARTUP_TIMEOUT_SECONDS = 180
# The exit status jupyterEngine.ts reads as "the kernel did not start".
KERNEL_DID_NOT_START = 3


class TimedClient(NotebookClient):
    """A NotebookClient that records which cell timed out and then kills the kernel outright."""

    timed_out = None

    async def async_execute_cell(self, cell, cell_index, *args, **kwargs):
        try:
            return await super().async_execute_cell(cell, cell_index, *args, **kwargs)
        except CellTimeoutError:
            self.timed_out = cell_index
            # Read when execute() leaves its kernel context, right after this raise.
            self.shutdown_kernel = "immediate"
            raise


def main(input_path, result_path, kernel_name, cwd, cell_timeout_seconds):
    events = os.fdopen(3, "w", encoding="utf-8")

    def emit(event_type, cell_index, **fields):
        events.write(json.dumps({"type": event_type, "cellIndex": cell_index, **fields}) + "\n")
        events.flush()

    nb = nbformat.read(input_path, as_version=4)
    executed = []
    failed = []

    started = []

    def on_notebook_start(notebook):
        # nbclient calls this once the kernel has answered kernel_info: it has started.
        started.append(True)

    def on_cell_execute(cell, cell_index):
        # Only fires for code cells nbclient really executes (blank ones are skipped),
        # unlike on_cell_start, which also fires for markdown cells.
        executed.append(cell_index)
        emit("cellStarted", cell_index)

    def on_cell_executed(cell, cell_index, execute_reply):
        emit("cellFinished", cell_index, ok=execute_reply["content"]["status"] == "ok")

    def on_cell_error(cell, cell_index, execute_reply):
        # tslab's execute_reply is {"status": "error"} without ename/evalue/traceback; the
        # error text is in the cell's stderr stream, which jupyterEngine.ts reads.
        failed.append(cell_index)

    cell_timeout = float(cell_timeout_seconds)
    client = TimedClient(
        nb,
        kernel_name=kernel_name,
        resources={"metadata": {"path": cwd}},
        record_timing=False,  # no timestamps in outputs or metadata
        allow_errors=False,  # stop at the first failing cell
        startup_timeout=STARTUP_TIMEOUT_SECONDS,
        on_notebook_start=on_notebook_start,
        on_cell_execute=on_cell_execute,
        on_cell_executed=on_cell_executed,
        on_cell_error=on_cell_error,
        timeout_func=lambda cell: cell_timeout,  # seconds, per cell; the `timeout` trait takes only integers
    )
    try:
        client.execute()
    except Exception as error:  # noqa: BLE001: sorted below by kind
        if isinstance(error, CellExecutionError):
            pass  # recorded by on_cell_error
        elif isinstance(error, CellTimeoutError) and client.timed_out is not None:
            failed.append(client.timed_out)
            executed.remove(client.timed_out)
        elif not started:
            sys.stderr.write(
                f"the {kernel_name} kernel did not start (nbclient waits up to"
                f" {STARTUP_TIMEOUT_SECONDS} s): {error}\n"
            )
            sys.stderr.flush()
            # nbclient has already cleaned the kernel up; its exit hook would try again and print
            # a traceback under the line above, so leave without running exit hooks.
            os._exit(KERNEL_DID_NOT_START)
        else:
            raise

    cells = [
        {
            "cellIndex": i,
            "executionCount": nb.cells[i].get("execution_count"),
            "outputs": nb.cells[i].get("outputs", []),
        }
        for i in executed
    ]
    with open(result_path, "w", encoding="utf-8") as f:
        json.dump({"cells": cells, "failedCellIndex": failed[0] if failed else None, "timedOut": client.timed_out is not None}, f)


if __name__ == "__main__":
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    main(*sys.argv[1:])
