// Invariant: the Python for the jupyter engine is $MCP_COURSE_PYTHON alone if set, else the interpreter the `jupyter` command runs on, then fallbacks.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { pythonCandidates } from "../../src/notebook/jupyterPython";

test("an explicit MCP_COURSE_PYTHON is the only candidate", () => {
  assert.deepEqual(pythonCandidates({ MCP_COURSE_PYTHON: "/opt/py/bin/python", PATH: "/usr/bin" }), [
    "/opt/py/bin/python",
  ]);
});

test("the interpreter in jupyter's #! line comes first", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nb-python-"));
  try {
    const jupyter = path.join(dir, "jupyter");
    fs.writeFileSync(jupyter, "#!/opt/jupyter-env/bin/python3.11 -s\nimport sys\n", { mode: 0o755 });
    assert.deepEqual(pythonCandidates({ PATH: dir }), [
      "/opt/jupyter-env/bin/python3.11",
      "/usr/bin/python3",
      "python3",
    ]);
    fs.writeFileSync(jupyter, "#!/usr/bin/env python3\n", { mode: 0o755 });
    assert.deepEqual(pythonCandidates({ PATH: dir }), ["python3", "/usr/bin/python3"]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
