// Every declaration a notebook shows (`showSource("…")`) is teaching text: lines of at most 100 characters, no provenance labels, no performance remarks.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LESSONS } from "../../src/lessons/catalog";
import { findSource, listingText } from "../../src/lessons/showSource";
import { lessonNotebook, MAX_LINE, shownNames, width } from "./lessonText";

/**
 * Labels of the source documents, for maintainers only: the experiment's findings (IM1…), the
 * reference lesson by number, the seed documents. Provenance goes in a final `@remarks Source:`
 * paragraph, which showSource leaves out.
 */
const PROVENANCE = [/\bIM\d/, /\breference lesson 0*\d+/i, /\bseed documents?\b/i];

/** Remarks about speed rather than meaning: how fast, how the engine optimises, what it costs the machine. */
const PERFORMANCE = [
  /\bhot (loop|path)s?\b/i,
  /\bobject shapes?\b/i,
  /\bper ?cent\b/i,
  /\b(monomorphic|megamorphic|polymorphic inline|inline cache|deoptimi[sz])/i,
  /\bas fast as\b|\bfaster\b|\bfastest\b|\bslower than\b/i,
  /\ballocat(e|es|ed|ion|ions)\b/i,
  /\bV8\b|\bJIT\b/,
];

for (const lesson of LESSONS) {
  const names = shownNames(lessonNotebook(lesson));
  test(`${lesson.name}: the ${names.length} declarations it shows are teaching text, no line over ${MAX_LINE} characters`, () => {
    const problems: string[] = [];
    for (const name of names) {
      const { file, text } = findSource(name);
      listingText(text)
        .split("\n")
        .forEach((line, i) => {
          const where = `${name} (${file}), listing line ${i + 1}`;
          if (width(line) > MAX_LINE) problems.push(`${where}: ${width(line)} characters`);
          for (const pattern of PROVENANCE)
            if (pattern.test(line)) problems.push(`${where}: provenance label ${pattern}: ${line.trim()}`);
          for (const pattern of PERFORMANCE)
            if (pattern.test(line)) problems.push(`${where}: performance remark ${pattern}: ${line.trim()}`);
        });
    }
    assert.deepEqual(problems, [], `${problems.length} problems:\n${problems.join("\n")}`);
  });
}

test("the rules above catch what they name, and pass teaching text", () => {
  const flagged = (line: string) => [...PROVENANCE, ...PERFORMANCE].some((pattern) => pattern.test(line));
  for (const line of [
    "Source: IM5.",
    "as in reference lesson 004",
    "seed document 000",
    "keeps the hot loop tight",
    "one object shape",
    "costs several per cent",
    "so that the first call is as fast as any other",
  ]) {
    assert.ok(flagged(line), line);
  }
  for (const line of [
    "the slow tool sleeps 3 s",
    "a fast-starting launcher",
    "lesson 6's envelope",
    "60% of devices",
    "an IMAGE of the fleet",
  ]) {
    assert.ok(!flagged(line), line);
  }
});
