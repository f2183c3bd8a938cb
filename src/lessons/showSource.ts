/**
 * The code a lesson shows is the code that ran.
 *
 * A notebook cell calls the library, and a lesson that wants to explain a function shows that
 * function's own source, read from `src/` of this package at run time, instead of a copy in the
 * notebook that could drift. The notebook imports the compiled `dist/`, which the build makes
 * from the same `src/`; the freshness tests rebuild both.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type * as TypeScript from "typescript";
import { PACKAGE_ROOT } from "../packageRoot";

/**
 * The TypeScript compiler that parses `src/`: tslab's own (`@tslab/typescript-for-tslab`, pinned to
 * the version tslab 1.0.22 depends on), which a kernel has loaded already to compile its cells, so a
 * listing costs a notebook no second compiler. Loaded on first use: it is large, and only notebooks
 * showing source need it. Its parser reads every construct `src/` uses.
 */
function typescript(): typeof TypeScript {
  return require("@tslab/typescript-for-tslab") as typeof TypeScript;
}

/** A top-level declaration found in `src/`: its text (with its doc comment) and its file. */
export interface SourceExcerpt {
  name: string;
  /** Path relative to the package root, with `/` separators, e.g. `src/sim/declaration.ts`. */
  file: string;
  text: string;
}

/**
 * Finds the top-level function, class, interface, type or `const` called `name` in `src/`.
 *
 * @throws Error naming the symbol when no file in `src/` declares it at top level.
 */
export function findSource(name: string, root: string = PACKAGE_ROOT): SourceExcerpt {
  const ts = typescript();
  // A file that declares `name` spells it out as a whole word; only such files are parsed.
  const word = new RegExp(`(?<![\\w$])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w$])`);
  for (const path of sourceFiles(join(root, "src"))) {
    const source = readFileSync(path, "utf8");
    if (!word.test(source)) continue;
    const file = ts.createSourceFile(path, source, ts.ScriptTarget.ES2022, true);
    for (const statement of file.statements) {
      if (declaredNames(ts, statement).includes(name)) {
        const text = file.text.slice(statement.getStart(file, true), statement.getEnd());
        return { name, file: relative(root, path).split("\\").join("/"), text };
      }
    }
  }
  throw new Error(`no top-level declaration named '${name}' in src/`);
}

/**
 * The source of one or more declarations as a markdown block, for `tslab.display.markdown`.
 *
 * Each declaration gets a caption line, then its listing in a ```ts fence (longer than any run of
 * backticks in the listing):
 *
 * ````text
 * `declare`, from `src/sim/declaration.ts`:
 *
 * ```ts
 * …the declaration, with its doc comment…
 * ```
 * ````
 *
 * The caption stands before its listing and is plain markdown (code spans, no HTML), so every
 * Jupyter front end and the exports render it the same, without literal backticks. The listing is
 * the declaration as findSource reads it, less the maintainers' provenance (see listingText).
 *
 * @param names top-level declarations in `src/`, shown in this order, separated by a blank line.
 * @throws Error as findSource does, naming the first symbol that no file declares.
 */
export function showSource(...names: string[]): string;
/**
 * The same, listed as `options` says: with `{ summary: true }` each declaration's own doc comment
 * is cut to its summary ({@link summaryText}), for a lesson whose prose explains the code.
 */
export function showSource(options: ListingOptions, ...names: string[]): string;
export function showSource(...args: (string | ListingOptions)[]): string {
  const options = typeof args[0] === "object" ? args[0] : {};
  const names = args.filter((arg): arg is string => typeof arg === "string");
  return names.map((name) => formatListing(findSource(name), options)).join("\n");
}

/**
 * A whole file of `src/` as a markdown block, for a lesson that shows a small program entire,
 * imports included: the caption `` `file`, <caption>: ``, a blank line, then listingText of the
 * file (its doc comments without their provenance) in a ```ts fence, and a final newline.
 *
 * @param file the path relative to the package root, e.g. `src/lessons/writingAServer/olcumServer.ts`.
 * @param caption what the caption says of the listing after the file's name.
 * @throws Error when no such file exists.
 */
export function showFile(
  file: string,
  caption = "without the comment naming its sources",
  root: string = PACKAGE_ROOT,
): string {
  const text = listingText(readFileSync(join(root, file), "utf8")).trimEnd();
  return `\`${file}\`, ${caption}:\n\n${listingFence(text)}\n`;
}

/** How showSource lists a declaration. */
export interface ListingOptions {
  /**
   * Cut the declaration's own doc comment to its first sentence, on one line (`/** Runs … *\/`),
   * its parameters and the rest left to the lesson's prose; default false, the whole comment.
   */
  summary?: boolean;
}

/**
 * One excerpt as showSource shows it: the caption `` `name`, from `file`: ``, a blank line, then
 * listingText of its text (its summary only, when asked) in a ```ts fence (longer than any run of
 * backticks in it), and a final newline.
 */
export function formatListing(excerpt: SourceExcerpt, options: ListingOptions = {}): string {
  const text = listingText(excerpt.text);
  const shown = options.summary ? summaryText(text) : text;
  return `\`${excerpt.name}\`, from \`${excerpt.file}\`:\n\n${listingFence(shown)}\n`;
}

/**
 * A declaration's text with its leading doc comment cut to a one-line summary: the first sentence
 * of the comment's first paragraph (up to a full stop followed by a capital letter, or the
 * paragraph's end), as `/** … *\/`. Text without a leading doc comment is returned unchanged;
 * comments inside the declaration are kept.
 */
export function summaryText(text: string): string {
  const open = /^\/\*\*(?!\/)/.exec(text);
  const end = text.indexOf("*/");
  if (!open || end < 0) return text;
  const lines = text
    .slice(3, end)
    .split("\n")
    .map((line) => commentContent(line).trim());
  const paragraph: string[] = [];
  for (const line of lines) {
    if (line === "" && paragraph.length === 0) continue;
    if (line === "" || line.startsWith("@")) break;
    paragraph.push(line);
  }
  const joined = paragraph.join(" ");
  const sentence = /^[\s\S]*?[.!?](?=\s+[A-Z]|$)/.exec(joined)?.[0] ?? joined;
  const rest = text.slice(end + 2).replace(/^[ \t]*/, "");
  return sentence === "" ? rest.replace(/^\r?\n/, "") : `/** ${sentence} */${rest}`;
}

/** The tag that opens the maintainers' provenance paragraph of a doc comment. */
export const PROVENANCE_TAG = "@remarks Source:";

/**
 * A declaration's text as a lesson lists it: every doc comment in it without its provenance.
 *
 * Where a value comes from (which source document, which measurement) is for maintainers; a lesson
 * shows teaching text. A maintainer writes the provenance as the last paragraph of a doc comment,
 * on lines of its own, opened by `@remarks Source:` (for example ` * @remarks Source: the
 * experiment's write-up, its latency table.`), and the listing leaves it out.
 *
 * That paragraph runs from its tag to the next block tag (a line starting with `@`) or to the end
 * of the comment, and is left out, with the blank comment lines before it when it ends the
 * comment. A doc comment that held nothing else is left out whole, with the line break after it.
 * The source file keeps it, and its reader sees it. Comments that are not doc comments (`//`,
 * `/*`) and a tag elsewhere on a line are kept as they are.
 *
 * @param text TypeScript source of one or more declarations, e.g. `findSource(name).text`.
 * @returns the text with those paragraphs removed; unchanged when it has none.
 */
export function listingText(text: string): string {
  if (!text.includes(PROVENANCE_TAG)) return text;
  const ts = typescript();
  const file = ts.createSourceFile("listing.ts", text, ts.ScriptTarget.ES2022, true);
  const comments = new Map<number, number>();
  // Every comment is the leading trivia of some token; getChildren reaches every token, `}` too.
  const visit = (node: TypeScript.Node): void => {
    for (const range of ts.getLeadingCommentRanges(text, node.pos) ?? []) {
      if (text.startsWith("/**", range.pos) && !text.startsWith("/**/", range.pos))
        comments.set(range.pos, range.end);
    }
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  let listing = text;
  for (const [start, end] of [...comments].sort((a, b) => b[0] - a[0])) {
    const kept = withoutProvenance(text.slice(start, end));
    if (kept === undefined) {
      // The whole comment goes, with the line break and indentation that led to what it documented.
      const after = /^[ \t]*\r?\n[ \t]*/.exec(listing.slice(end))?.[0].length ?? 0;
      listing = listing.slice(0, start) + listing.slice(end + after);
    } else {
      listing = listing.slice(0, start) + kept + listing.slice(end);
    }
  }
  return listing;
}

/** One doc comment (`/** … *\/`) without its provenance paragraphs; undefined when nothing else is left. */
function withoutProvenance(comment: string): string | undefined {
  const lines = comment.split("\n");
  if (lines.length === 1) {
    return /^\/\*\*\s*@remarks Source:/.test(comment) ? undefined : comment;
  }
  for (;;) {
    const start = lines.findIndex(
      (line, i) => i > 0 && i < lines.length - 1 && commentContent(line).startsWith(PROVENANCE_TAG),
    );
    if (start === -1) break;
    let end = start + 1;
    while (end < lines.length - 1 && !/^@\w/.test(commentContent(lines[end]))) end++;
    let from = start;
    if (end === lines.length - 1) while (from > 1 && commentContent(lines[from - 1]) === "") from--;
    lines.splice(from, end - from);
  }
  const opening = lines[0].replace(/^\s*\/\*\*/, "").trim();
  const closing = lines[lines.length - 1].replace(/\*\/\s*$/, "").trim();
  const empty =
    opening === "" &&
    closing === "" &&
    lines.slice(1, -1).every((line) => commentContent(line) === "");
  return empty ? undefined : lines.join("\n");
}

/** A doc comment line's content: what follows its leading ` * `, without trailing blanks. */
function commentContent(line: string): string {
  return line.replace(/^\s*\*(?!\/)\s?/, "").trimEnd();
}

/** A ```ts fence around `text`, longer than any run of backticks in it. */
function listingFence(text: string): string {
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = "`".repeat(Math.max(3, longestRun + 1));
  return `${ticks}ts\n${text}\n${ticks}`;
}

function declaredNames(ts: typeof TypeScript, statement: TypeScript.Statement): string[] {
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((d) =>
      ts.isIdentifier(d.name) ? [d.name.text] : [],
    );
  }
  if (
    ts.isFunctionDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isInterfaceDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement)
  ) {
    return statement.name ? [statement.name.text] : [];
  }
  return [];
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
    });
}
