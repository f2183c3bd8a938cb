// The one-line failure message of a failed tslab cell, read from what the cell printed to stderr.
//
// tslab reports a failure only as text: the executor console.error()s the thrown value or prints
// TypeScript diagnostics, and the kernel's execute_reply is a bare {"status": "error"} with no
// ename/evalue (and no `error` output). Both engines therefore derive the message from the same
// stderr text with this function, so they agree by construction.

const STACK_FRAME = /^\s+at\s/;
/** `Error: boom`, `TypeError [ERR_X]: boom`, `UncaughtException: Error: boom`. */
const ERROR_HEADER = /^[A-Za-z_$][\w$.]*( \[[^\]]*\])?: /;
/** tslab's printDiagnostics: `[file ]line:col - message`. */
const DIAGNOSTIC = /^(\S+ )?\d+:\d+ - /;

/**
 * One line naming the error, e.g. `Error: boom`:
 * - a stack trace: the `Name: message` line nearest above its first `at` frame (skipping the
 *   `evalmachine.<anonymous>:2` / source / caret lines Node prints for errors thrown at top level,
 *   and blank lines between the message and the frame); never an empty line;
 * - TypeScript diagnostics: the first one, e.g. `1:7 - Type 'string' is not assignable to type 'number'.`;
 * - otherwise (e.g. `throw "boom"`): the last non-empty line.
 * Returns `cell failed without printing an error` for empty stderr.
 */
export function failureMessage(stderr: string): string {
  const lines = stderr.split(/\r?\n/);
  const frame = lines.findIndex((line) => STACK_FRAME.test(line));
  if (frame > 0) {
    // The message may end in blank lines (an error carrying a child's stderr), so the block above
    // the frame starts at its nearest non-empty line.
    let end = frame - 1;
    while (end >= 0 && lines[end].trim() === "") end--;
    for (let i = end; i >= 0 && lines[i].trim() !== ""; i--) {
      if (ERROR_HEADER.test(lines[i])) return lines[i].trimEnd();
    }
    if (end >= 0) return lines[end].trimEnd();
  }
  const diagnostic = lines.find((line) => DIAGNOSTIC.test(line));
  if (diagnostic) return diagnostic.trimEnd();
  const last = lines.filter((line) => line.trim() !== "").pop();
  return last?.trim() ?? "cell failed without printing an error";
}
