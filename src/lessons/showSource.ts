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

/** The TypeScript compiler, loaded on first use: it is large, and only notebooks showing source need it. */
function typescript(): typeof TypeScript {
  return require("typescript") as typeof TypeScript;
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
  for (const path of sourceFiles(join(root, "src"))) {
    const file = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.ES2022, true);
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
 * @returns a ```ts fence per declaration, each followed by the file it comes from.
 */
export function showSource(...names: string[]): string {
  return names
    .map((name) => {
      const excerpt = findSource(name);
      return `\`\`\`ts\n${excerpt.text}\n\`\`\`\n\n<sub>\`${excerpt.name}\` — ${excerpt.file}</sub>\n`;
    })
    .join("\n");
}

function declaredNames(ts: typeof TypeScript, statement: TypeScript.Statement): string[] {
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
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
