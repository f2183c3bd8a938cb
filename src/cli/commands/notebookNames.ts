/**
 * Lesson names and notebook paths as the commands that read notebooks take them (`lesson`,
 * `kernel metadata`), and paths as a user should read them.
 */
import { existsSync } from "node:fs";
import { basename, isAbsolute, join, relative, resolve, sep } from "node:path";
import { findLesson, LESSONS, type LessonEntry } from "../../lessons/catalog";
import { PACKAGE_ROOT } from "../../packageRoot";
import { CliError, messages } from "../messages";

/** A notebook named on the command line. */
export interface NamedNotebook {
  /** The lesson's name (`06-writing-a-server`), or the file's name without `.ipynb` for another notebook. */
  name: string;
  /** Absolute path of the `.ipynb` file. */
  file: string;
  /** True for a notebook that is not one of the course's lessons (named by its path). */
  byPath: boolean;
  /** The lesson's `startsServers`; true for another notebook, which may start servers too. */
  startsServers: boolean;
}

/** A course lesson's notebook at `file` (its own, or the same notebook named by its path). */
const ofLesson = (lesson: LessonEntry, file: string): NamedNotebook => ({
  name: lesson.name,
  file,
  byPath: false,
  startsServers: lesson.startsServers,
});

/**
 * Lesson names and notebook paths → notebook files, each once, in the order given; no names means
 * every lesson of the catalog, in course order. A name is a lesson's full name, number or short
 * name (findLesson), or the path of an existing `.ipynb` file.
 *
 * @throws CliError (exit 2) for a path that does not exist or a name that is no lesson.
 */
export function resolveNotebooks(names: readonly string[]): NamedNotebook[] {
  const found = (names.length ? names : LESSONS.map((l) => l.name)).map((name) => {
    const lesson = findLesson(name);
    if (lesson) return ofLesson(lesson, join(PACKAGE_ROOT, "notebooks", `${lesson.name}.ipynb`));
    if (name.endsWith(".ipynb")) {
      if (!existsSync(name)) throw new CliError(messages.noSuchNotebook(name));
      // A course notebook named by its path is still that lesson, with the lesson's default output.
      const course = LESSONS.find(
        (l) => join(PACKAGE_ROOT, "notebooks", `${l.name}.ipynb`) === resolve(name),
      );
      if (course) return ofLesson(course, resolve(name));
      return {
        name: basename(name, ".ipynb"),
        file: resolve(name),
        byPath: true,
        startsServers: true,
      };
    }
    throw new CliError(
      messages.unknownLesson(
        name,
        LESSONS.map((l) => l.name),
      ),
    );
  });
  return found.filter((entry, i) => found.findIndex((other) => other.file === entry.file) === i);
}

/** A path as the user should read it: relative to the package root, with `/`, when inside it. */
export function shown(path: string): string {
  const rel = relative(PACKAGE_ROOT, path);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel.split(sep).join("/") : path;
}
