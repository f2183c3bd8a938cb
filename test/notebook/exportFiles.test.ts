// Invariant: writeMarkdownExport writes the charts, then the markdown, then removes only the stale .svg files of that lesson.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { MarkdownExport } from "../../src/notebook/exporter";
import { writeMarkdownExport } from "../../src/notebook/exportFiles";
import { tempDir } from "../helpers";

const exported = (charts: string[]): MarkdownExport => ({
  markdown: charts.map((c) => `![chart](l.files/${c})`).join("\n\n") + "\n",
  filesFolder: "l.files",
  files: charts.map((c) => ({ path: `l.files/${c}`, text: `<svg>${c}</svg>` })),
});

test("charts are written beside the markdown, the charts first and the markdown last, through temp files", () => {
  const dir = tempDir();
  const order: string[] = [];
  const result = writeMarkdownExport(join(dir, "l.md"), exported(["a.svg", "a-2.svg"]), {
    write: (file, text) => {
      order.push(file);
      mkdirSync(join(file, ".."), { recursive: true });
      writeFileSync(file, text);
    },
    remove: () => assert.fail("nothing is stale"),
  });
  assert.deepEqual(order, [join(dir, "l.files", "a.svg"), join(dir, "l.files", "a-2.svg"), join(dir, "l.md")]);
  assert.deepEqual(result, { written: order, removed: [] });
  // The default writer is writeFileAtomic: no temporary file is left behind.
  const again = writeMarkdownExport(join(dir, "l.md"), exported(["a.svg", "a-2.svg"]));
  assert.deepEqual(again.removed, []);
  assert.deepEqual(readdirSync(join(dir, "l.files")).sort(), ["a-2.svg", "a.svg"]);
  assert.equal(readFileSync(join(dir, "l.files", "a-2.svg"), "utf8"), "<svg>a-2.svg</svg>");
});

test("stale charts of an earlier export are removed; other files, other lessons' charts and sub-folders stay", () => {
  const dir = tempDir();
  writeMarkdownExport(join(dir, "l.md"), exported(["a.svg", "b.svg"]));
  writeFileSync(join(dir, "l.files", "notes.txt"), "mine");
  mkdirSync(join(dir, "l.files", "keep.svg"));
  mkdirSync(join(dir, "m.files"));
  writeFileSync(join(dir, "m.files", "b.svg"), "other lesson");
  const result = writeMarkdownExport(join(dir, "l.md"), exported(["a.svg"]));
  assert.deepEqual(result.removed, [join(dir, "l.files", "b.svg")]);
  assert.deepEqual(readdirSync(join(dir, "l.files")).sort(), ["a.svg", "keep.svg", "notes.txt"]);
  assert.equal(readFileSync(join(dir, "m.files", "b.svg"), "utf8"), "other lesson");
});

test("a lesson that no longer shows any chart loses its files folder, unless something else is in it", () => {
  const dir = tempDir();
  writeMarkdownExport(join(dir, "l.md"), exported(["a.svg"]));
  assert.deepEqual(writeMarkdownExport(join(dir, "l.md"), exported([])).removed, [join(dir, "l.files", "a.svg")]);
  assert.equal(existsSync(join(dir, "l.files")), false);
  assert.equal(readFileSync(join(dir, "l.md"), "utf8"), "\n");
  writeMarkdownExport(join(dir, "l.md"), exported(["a.svg"]));
  writeFileSync(join(dir, "l.files", "notes.txt"), "mine");
  writeMarkdownExport(join(dir, "l.md"), exported([]));
  assert.deepEqual(readdirSync(join(dir, "l.files")), ["notes.txt"]);
  assert.deepEqual(
    writeMarkdownExport(join(dir, "n.md"), { ...exported([]), filesFolder: "n.files" }).removed,
    [],
    "no folder, nothing to remove",
  );
});
