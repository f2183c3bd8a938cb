// Invariant: notebooks read into one in-memory shape, serialise back losslessly in Jupyter's style, and are written atomically.
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import {
  parseNotebook,
  readNotebook,
  serializeNotebook,
  stripOutputs,
  writeFileAtomic,
} from "../../src/notebook/notebookFile";

const fixtures = path.join(__dirname, "fixtures");

test("readNotebook joins nbformat's arrays of lines into strings", () => {
  const nb = readNotebook(path.join(fixtures, "tiny.executed.ipynb"));
  assert.equal(nb.cells[0].source, "# Tiny\n\nProse with  two spaces and a trailing newline.\n");
  const table = nb.cells[1];
  assert.equal(table.cell_type, "code");
  assert.deepEqual(table.cell_type === "code" && table.outputs[0], {
    output_type: "stream",
    name: "stdout",
    text: "tool     | calls \n---------|-------\nsearch   |     3 \n\n",
  });
});

test("readNotebook gives one-line errors for a missing file, invalid JSON and other formats", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nb-read-"));
  try {
    const missing = path.join(dir, "missing.ipynb");
    assert.throws(() => readNotebook(missing), { message: `${missing}: file not found` });
    fs.writeFileSync(path.join(dir, "bad.ipynb"), "{ not json");
    assert.throws(() => readNotebook(path.join(dir, "bad.ipynb")), /^Error: .*bad\.ipynb: invalid JSON \([^\n]*\)$/);
    fs.writeFileSync(path.join(dir, "v3.ipynb"), JSON.stringify({ nbformat: 3, worksheets: [] }));
    assert.throws(() => readNotebook(path.join(dir, "v3.ipynb")), {
      message: `${path.join(dir, "v3.ipynb")}: not an nbformat 4 notebook (nbformat 3)`,
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("notebooks older than 4.5 get deterministic cell ids", () => {
  const nb = parseNotebook(
    JSON.stringify({
      nbformat: 4,
      nbformat_minor: 2,
      metadata: {},
      cells: [{ cell_type: "markdown", metadata: {}, source: "hi" }],
    }),
  );
  assert.equal(nb.nbformat_minor, 5);
  assert.equal(nb.cells[0].id, "cell-0");
});

test("serializeNotebook round-trips and matches Jupyter's on-disk layout", () => {
  const file = path.join(fixtures, "tiny.executed.ipynb");
  const nb = readNotebook(file);
  assert.deepEqual(parseNotebook(serializeNotebook(nb)), nb);
  // The fixture was written by Python's json.dump(indent=1, sort_keys=True), as nbformat does.
  assert.equal(serializeNotebook(nb), fs.readFileSync(file, "utf8"));
});

test("writeFileAtomic creates the folder and leaves no temp file behind", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nb-write-"));
  try {
    const file = path.join(dir, "deep", "er", "out.md");
    writeFileAtomic(file, "one\n");
    writeFileAtomic(file, "two\n");
    assert.equal(fs.readFileSync(file, "utf8"), "two\n");
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ["out.md"]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("writeFileAtomic follows a symbolic link and replaces its target, the link kept", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nb-write-"));
  try {
    const target = path.join(dir, "target.md");
    const link = path.join(dir, "link.md");
    fs.writeFileSync(target, "old\n");
    fs.symlinkSync(target, link);
    writeFileAtomic(link, "new\n");
    assert.ok(fs.lstatSync(link).isSymbolicLink(), "the link is still a link");
    assert.equal(fs.readFileSync(target, "utf8"), "new\n");
    assert.deepEqual(fs.readdirSync(dir).sort(), ["link.md", "target.md"]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test(
  "writeFileAtomic writes into a path that is no regular file (a named pipe here) and leaves it what it was",
  { timeout: 20_000 },
  async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nb-write-"));
    try {
      const pipe = path.join(dir, "pipe");
      execFileSync("mkfifo", [pipe]);
      const reader = spawn("cat", [pipe], { stdio: ["ignore", "pipe", "inherit"] });
      let read = "";
      reader.stdout.on("data", (chunk: Buffer) => (read += chunk.toString("utf8")));
      const closed = new Promise((resolve) => reader.on("close", resolve));
      writeFileAtomic(pipe, "through the pipe\n");
      await closed;
      assert.equal(read, "through the pipe\n");
      assert.ok(fs.lstatSync(pipe).isFIFO(), "the pipe is still a pipe, not an ordinary file");
      assert.deepEqual(fs.readdirSync(dir), ["pipe"], "no temporary file left");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
);

test("stripOutputs empties outputs and counts without touching the input", () => {
  const nb = readNotebook(path.join(fixtures, "tiny.executed.ipynb"));
  const before = JSON.stringify(nb);
  const stripped = stripOutputs(nb);
  for (const cell of stripped.cells) {
    if (cell.cell_type === "code") {
      assert.deepEqual(cell.outputs, []);
      assert.equal(cell.execution_count, null);
    }
  }
  assert.equal(JSON.stringify(nb), before);
});
