// wrapMarkdown: every line of computed prose within the width, rendering exactly as the unwrapped markdown did.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Marked } from "marked";
import { foldedAnswer, foldedAnswers, wrapMarkdown } from "../../src/lessons/wrapProse";
import { LINE_WIDTH } from "../../src/notebook/lineWidth";

/** The HTML a markdown text renders to, with every run of white space made one space. */
function rendered(markdown: string): string {
  return String(new Marked().parse(markdown)).replace(/\s+/g, " ").trim();
}

const code = (text: string) => `\`${text}\``;

/** A paragraph of many short words, some code spans with spaces, a URL, and a long code span. */
const PARAGRAPH =
  `The legacy client needed 5 lines (844 bytes) to reach its tools; the stateless client 2 lines (816 bytes). ` +
  `A cache kept by ${code("now < t_received + ttlMs")} lists only when the answer has gone stale, ` +
  `as https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching says; ` +
  `the key ${code("io.modelcontextprotocol/clientCapabilities")} travels in every request, and ${code('"resultType":"complete"')} in every result.`;

test("a long paragraph is broken at spaces into lines of at most the width, and renders the same", () => {
  const wrapped = wrapMarkdown(PARAGRAPH);
  assert.equal(LINE_WIDTH, 100);
  const lines = wrapped.split("\n");
  assert.ok(lines.length > 3);
  for (const line of lines) assert.ok(line.length <= LINE_WIDTH, line);
  assert.equal(lines.join(" "), PARAGRAPH, "only spaces became line breaks");
  assert.equal(rendered(wrapped), rendered(PARAGRAPH));
  // Greedy: no line could have taken the next line's first word.
  for (let k = 0; k + 1 < lines.length; k++)
    assert.ok(lines[k].length + 1 + lines[k + 1].split(" ")[0].length > LINE_WIDTH, lines[k]);
});

test("a code span is never broken, spaces and all", () => {
  const span = code("now < t_received + ttlMs");
  const text = `${"word ".repeat(17)}${span} and more words after it to fill the line`;
  for (const width of [40, 60, 80, 90, 95, 100]) {
    const wrapped = wrapMarkdown(text, width);
    assert.ok(
      wrapped.split("\n").some((line) => line.includes(span)),
      `${width}: ${wrapped}`,
    );
  }
  const doubled = `${"word ".repeat(17)}\`\` a \` b \`\` end`;
  assert.ok(wrapMarkdown(doubled, 95).includes("`` a ` b ``"), "a span opened by two backticks closes at the next two");
});

test("list items continue under their text, indented by their marker, and render the same", () => {
  const items = [`- ${PARAGRAPH}`, `- short`, `7. ${PARAGRAPH}`].join("\n");
  const wrapped = wrapMarkdown(items);
  for (const line of wrapped.split("\n")) {
    assert.ok(line.length <= LINE_WIDTH, line);
    assert.match(line, /^(- |7\. | {2}\S| {3}\S)/, line);
  }
  assert.equal(rendered(wrapped), rendered(items));
  assert.ok(wrapped.split("\n").filter((line) => line.startsWith("- ")).length === 2);
});

test("no continuation line starts a block: a word that would open one is carried down with the word before it", () => {
  const filler = "x".repeat(96);
  for (const opener of ["-", "+", "*", "#", "1.", "7)", "---", "===", ">", "<b>", "```", "|"]) {
    // `filler so` fills the first line, so the opener would begin the second.
    const text = `${filler} so ${opener} then`;
    const wrapped = wrapMarkdown(text);
    assert.deepEqual(wrapped.split("\n"), [filler, `so ${opener} then`], opener);
    assert.equal(rendered(wrapped), rendered(text), opener);
  }
});

test("short lines, headings, table rows and fenced code are left as they are; a word longer than the width keeps a line of its own", () => {
  const long = "y".repeat(120);
  const text = [
    "## A heading that is long " + "z".repeat(100),
    "",
    "| a table row " + "w".repeat(100) + " |",
    "",
    "```text",
    "a printed line " + "v".repeat(100),
    "```",
    "",
    "short line",
    "",
    `before ${long} after`,
  ].join("\n");
  const wrapped = wrapMarkdown(text);
  const lines = wrapped.split("\n");
  assert.deepEqual(lines.slice(0, 9), text.split("\n").slice(0, 9));
  assert.deepEqual(lines.slice(9), ["", "before", long, "after"]);
});

test("foldedAnswers numbers each answer under its title, and wants a title for every answer", () => {
  assert.equal(
    foldedAnswers(["One", "Two"], ["First answer.", "Second answer."]),
    `${foldedAnswer("1. One", "First answer.")}\n\n${foldedAnswer("2. Two", "Second answer.")}`,
  );
  assert.throws(() => foldedAnswers(["One"], ["a", "b"]), /2 answers for 1 exercise titles/);
});
