/**
 * Computed prose wrapped to the width every lesson keeps, with the markdown it renders unchanged.
 *
 * A prose helper builds each paragraph as one long line. Markdown joins the lines of a paragraph
 * with spaces, so breaking a paragraph at its spaces changes nothing a reader sees rendered, while
 * the exported text and the notebook's plain view stay within {@link LINE_WIDTH} columns. This
 * module only breaks lines: it never joins them, never breaks inside a code span or a word (a
 * URL longer than the width keeps a line of its own), and leaves fenced code, headings and table
 * rows as they are.
 */

import { LINE_WIDTH } from "../notebook/lineWidth";

/**
 * A word that would open a block at the start of a line (a list item, a heading, a quote, a
 * fence, a table row, HTML, a thematic break or a setext underline) instead of continuing its
 * paragraph.
 */
function opensBlock(word: string): boolean {
  return /^(?:[-+*]|#{1,6}|\d{1,9}[.)]|[=_*-]+)$/.test(word) || /^(?:>|<|`{3}|~{3}|\|)/.test(word);
}

/** How many backticks run from `text[at]` on (0 when it is not one). */
function backtickRun(text: string, at: number): number {
  let run = 0;
  while (text[at + run] === "`") run += 1;
  return run;
}

/**
 * The words of a line, split at single spaces outside code spans: a code span (a run of
 * backticks, up to the next run of the same length) is part of the word it stands in, spaces
 * and all.
 */
function wordsOf(text: string): string[] {
  const words: string[] = [];
  let word = "";
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === " ") {
      if (word !== "") words.push(word);
      word = "";
      i += 1;
      continue;
    }
    if (char === "`") {
      const run = backtickRun(text, i);
      let end = i + run;
      for (let j = end; j < text.length;) {
        const closing = backtickRun(text, j);
        if (closing === run) {
          end = j + run;
          break;
        }
        j += Math.max(1, closing);
      }
      word += text.slice(i, end);
      i = end;
      continue;
    }
    word += char;
    i += 1;
  }
  if (word !== "") words.push(word);
  return words;
}

/** One line of a paragraph or list item, broken into lines of at most `width` where it can be. */
function wrapLine(line: string, width: number): string[] {
  const marker = /^(\s*)(?:[-*+]|\d{1,9}[.)])\s+/.exec(line);
  const lead = marker ? marker[0] : /^\s*/.exec(line)![0];
  const indent = " ".repeat(lead.length);
  const words = wordsOf(line.slice(lead.length));
  const lines: string[][] = [[]];
  let length = lead.length;
  for (const word of words) {
    const current = lines[lines.length - 1];
    if (current.length > 0 && length + 1 + word.length > width) {
      const next: string[] = [];
      // A line must not start a block: carry the previous word down with the one that would.
      if (opensBlock(word) && current.length > 1) next.push(current.pop()!);
      next.push(word);
      lines.push(next);
      length = indent.length + next.join(" ").length;
    } else {
      current.push(word);
      length += (current.length > 1 ? 1 : 0) + word.length;
    }
  }
  return lines.map((words, k) => (k === 0 ? lead : indent) + words.join(" "));
}

/**
 * Markdown with every paragraph and list item broken at spaces into lines of at most `width`
 * characters where its words allow.
 *
 * @param markdown paragraphs separated by blank lines; list items (`- `, `1. `) continue under
 *   their text, indented by their marker's width.
 * @param width the widest line, in characters (code units; the prose is ASCII and a few
 *   single-unit symbols); default {@link LINE_WIDTH}.
 * @returns the same markdown, rendering the same, with its long lines broken; a line already
 *   within `width`, a heading, a table row and fenced code unchanged.
 */
export function wrapMarkdown(markdown: string, width: number = LINE_WIDTH): string {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split("\n")) {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (opening !== undefined && opening[0] === fence[0] && opening.length >= fence.length)
        fence = undefined;
      out.push(line);
    } else if (opening !== undefined) {
      fence = opening;
      out.push(line);
    } else if (line.length <= width || /^\s*(?:#|\|)/.test(line)) {
      out.push(line);
    } else {
      out.push(...wrapLine(line, width));
    }
  }
  return out.join("\n");
}

/**
 * Words set greedily into lines of at most `width` characters, one space between words; a word
 * longer than `width` stands alone on its line. The wrapper of every table cell and caption that
 * lessons print.
 *
 * @param text a string (split at single spaces) or its words already split (e.g. keeping a quoted
 *   span whole).
 * @returns at least one line (`[""]` for empty text).
 */
export function wrapWords(text: string | readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of typeof text === "string" ? text.split(" ") : text) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  lines.push(line);
  return lines;
}

/**
 * An exercise's answer folded, so that a reader sees it only when they open it: a `<details>`
 * block whose `<summary>` is `summary`, holding `markdown` wrapped to the page ({@link
 * wrapMarkdown}). Blank lines part the tags from the markdown, so that it renders as markdown.
 *
 * @param summary one line of plain text, e.g. `1. What another seed changes`.
 */
export function foldedAnswer(summary: string, markdown: string): string {
  return `<details>\n<summary>${summary}</summary>\n\n${wrapMarkdown(markdown)}\n\n</details>`;
}

/**
 * The answers to a lesson's exercises, each folded ({@link foldedAnswer}) under its number and
 * title (`1. What another seed changes`), parted by blank lines.
 *
 * @param titles the exercises' titles, one per answer, in order.
 * @throws Error when there are not as many titles as answers.
 */
export function foldedAnswers(titles: readonly string[], answers: readonly string[]): string {
  if (titles.length !== answers.length)
    throw new Error(`${answers.length} answers for ${titles.length} exercise titles`);
  return answers.map((answer, k) => foldedAnswer(`${k + 1}. ${titles[k]}`, answer)).join("\n\n");
}
