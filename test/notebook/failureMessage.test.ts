// Invariant: a failed cell's stderr yields one line naming the error, the same for both engines.
import assert from "node:assert/strict";
import { test } from "node:test";
import { failureMessage } from "../../src/notebook/failureMessage";

test("a thrown Error at top level (with Node's source and caret lines)", () => {
  const stderr =
    'about to fail\nevalmachine.<anonymous>:3\nthrow new Error("boom");\n^\n\nError: boom\n    at evalmachine.<anonymous>:3:7\n    at Object.execute (/x/executor.js:160:38)\n';
  assert.equal(failureMessage(stderr), "Error: boom");
});

test("earlier stderr lines and multi-line messages", () => {
  assert.equal(failureMessage("note\nTypeError: bad\nsecond line\n    at f (x.js:1:1)\n"), "TypeError: bad");
  assert.equal(
    failureMessage("RangeError [ERR_OUT_OF_RANGE]: too big\n    at f (x.js:1:1)\n"),
    "RangeError [ERR_OUT_OF_RANGE]: too big",
  );
});

test("TypeScript diagnostics give the first one", () => {
  assert.equal(
    failureMessage("1:7 - Type 'string' is not assignable to type 'number'.\n2:1 - Cannot find name 'y'.\n"),
    "1:7 - Type 'string' is not assignable to type 'number'.",
  );
});

test("thrown non-errors and silence", () => {
  assert.equal(failureMessage("log line\nboom\n"), "boom");
  assert.equal(failureMessage(""), "cell failed without printing an error");
});

test("a message that ends in blank lines still names the error, never an empty line", () => {
  assert.equal(
    failureMessage("Error: the server said\nits last words\n\n    at f (x.js:1:1)\n"),
    "Error: the server said",
  );
  assert.equal(failureMessage("no header here\n\n\n    at f (x.js:1:1)\n"), "no header here");
  assert.equal(failureMessage("\n    at f (x.js:1:1)\n"), "at f (x.js:1:1)");
});
