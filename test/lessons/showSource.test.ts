// showSource: a caption before each listing, in plain markdown; the listing is the declaration less its maintainers' provenance.
import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { findSource, formatListing, listingText, showSource, summaryText } from "../../src/lessons/showSource";
import { ROOT, tempDir } from "../helpers";
import { fencedBlocks, LISTING_CAPTION } from "./lessonText";

test("each declaration gets its caption first, then its listing in a ts fence; no HTML, no backticks left to show", () => {
  const shown = showSource("formatTextTable", "LESSONS");
  const table = findSource("formatTextTable");
  const lessons = findSource("LESSONS");
  assert.equal(
    shown,
    `\`formatTextTable\`, from \`src/lessons/textTable.ts\`:\n\n\`\`\`ts\n${table.text}\n\`\`\`\n\n` +
      `\`LESSONS\`, from \`src/lessons/catalog.ts\`:\n\n\`\`\`ts\n${lessons.text}\n\`\`\`\n`,
  );
  assert.doesNotMatch(
    shown,
    /<sub>|<\/?[a-z]+>/,
    "plain markdown: a front end that leaves markdown inside HTML alone shows no literal backticks",
  );
  const blocks = fencedBlocks(shown);
  assert.deepEqual(
    blocks.map((b) => b.kind),
    ["listing", "listing"],
    "the exports' width test tells listings by their caption",
  );
  assert.match(shown.split("\n")[0], LISTING_CAPTION);
});

test("a listing that holds a run of three backticks gets a longer fence", () => {
  const text = "/** Writes ```ts fences. */\nexport const FENCE = 1;";
  assert.equal(
    formatListing({ name: "FENCE", file: "src/fence.ts", text }),
    `\`FENCE\`, from \`src/fence.ts\`:\n\n\`\`\`\`ts\n${text}\n\`\`\`\`\n`,
  );
});

test("an unknown name throws, naming it", () => {
  assert.throws(
    () => showSource("noSuchDeclarationAnywhere"),
    /no top-level declaration named 'noSuchDeclarationAnywhere' in src\//,
  );
});

test("a final @remarks Source: paragraph is left out, with the blank line before it", () => {
  const text = [
    "/**",
    " * Latencies on the virtual clock, in microseconds.",
    " *",
    " * @remarks Source: the experiment's write-up,",
    " *   its latency table (seed document 000).",
    " */",
    "export const LATENCY = 22;",
  ].join("\n");
  assert.equal(
    listingText(text),
    ["/**", " * Latencies on the virtual clock, in microseconds.", " */", "export const LATENCY = 22;"].join("\n"),
  );
});

test("the paragraph ends at the next block tag, which stays", () => {
  const text = [
    "/**",
    " * Adds.",
    " *",
    " * @remarks Source: IM5.",
    " * @param a the first",
    " * @returns the sum",
    " */",
    "function add(a: number) {}",
  ].join("\n");
  assert.equal(
    listingText(text),
    ["/**", " * Adds.", " *", " * @param a the first", " * @returns the sum", " */", "function add(a: number) {}"].join(
      "\n",
    ),
  );
});

test("a doc comment that held only provenance goes whole, with its line break; members' doc comments too", () => {
  const text = [
    "/** @remarks Source: reference lesson 004. */",
    "export interface Walk {",
    "  /**",
    "   * @remarks Source: IM3.",
    "   */",
    "  steps: number;",
    "  /** Kept. */",
    "  done: boolean;",
    "}",
  ].join("\n");
  assert.equal(
    listingText(text),
    ["export interface Walk {", "  steps: number;", "  /** Kept. */", "  done: boolean;", "}"].join("\n"),
  );
});

test("text without the tag, other comments and a tag that does not open a line are left alone", () => {
  const text = [
    "/** See the remarks: @remarks Source: inline is not a paragraph. */",
    "// @remarks Source: a line comment",
    "/* @remarks Source: a block comment */",
    'const s = "/** @remarks Source: in a string */";',
  ].join("\n");
  assert.equal(listingText(text), text);
  assert.equal(listingText("export const A = 1;"), "export const A = 1;");
});

test("showSource lists a declaration without its provenance; findSource keeps it", () => {
  const root = tempDir();
  mkdirSync(join(root, "src"));
  const source = "/**\n * The rate.\n *\n * @remarks Source: seed document 001.\n */\nexport const RATE = 3;\n";
  writeFileSync(join(root, "src", "rate.ts"), source);
  const excerpt = findSource("RATE", root);
  assert.equal(excerpt.text, source.trimEnd(), "the source keeps what maintainers need");
  assert.equal(listingText(excerpt.text), "/**\n * The rate.\n */\nexport const RATE = 3;");
});

test("with { summary: true }, a listing keeps its code and the first sentence of its doc comment, on one line", () => {
  const text = [
    "/**",
    " * Runs the tasks once per session, e.g. `a` then `b`. Then it builds the result.",
    " *",
    " * @param kind what to build.",
    " */",
    "export function run(kind: string): string {",
    "  /** Kept: a comment inside the declaration. */",
    "  return kind;",
    "}",
  ].join("\n");
  assert.equal(
    summaryText(text),
    [
      "/** Runs the tasks once per session, e.g. `a` then `b`. */",
      "export function run(kind: string): string {",
      "  /** Kept: a comment inside the declaration. */",
      "  return kind;",
      "}",
    ].join("\n"),
  );
  assert.equal(summaryText("export const A = 1;"), "export const A = 1;", "no doc comment, nothing to cut");
  assert.equal(summaryText("/** @internal */\nexport const B = 2;"), "export const B = 2;", "no summary, no comment");
  const shown = showSource({ summary: true }, "formatTextTable", "LESSONS");
  assert.equal(
    shown,
    formatListing(findSource("formatTextTable"), { summary: true }) +
      "\n" +
      formatListing(findSource("LESSONS"), { summary: true }),
  );
  for (const listing of fencedBlocks(shown)) assert.match(listing.lines[0], /^\/\*\* [^\n]+ \*\/$/);
  assert.equal(showSource("LESSONS"), formatListing(findSource("LESSONS")), "without options, the whole comment");
});

test("tslab's TypeScript, which showSource parses with, reads every file of src/ without a syntax error", () => {
  const ts = require("@tslab/typescript-for-tslab") as typeof import("typescript");
  const files = readdirSync(join(ROOT, "src"), { recursive: true, encoding: "utf8" }).filter((path) =>
    path.endsWith(".ts"),
  );
  assert.ok(files.length > 50);
  for (const path of files) {
    const file = ts.createSourceFile(path, readFileSync(join(ROOT, "src", path), "utf8"), ts.ScriptTarget.ES2022, true);
    const errors = (file as unknown as { parseDiagnostics: { messageText: unknown }[] }).parseDiagnostics;
    assert.deepEqual(
      errors.map((error) => error.messageText),
      [],
      `src/${path} parses cleanly`,
    );
  }
});
