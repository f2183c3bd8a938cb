/**
 * Every message a user of the CLI can see when something goes wrong, in one place.
 *
 * Tests and the README quote these; a command never writes an error text of its own. Each
 * message is one line, without the `mcp-course:` prefix that `fail` adds.
 */
import { MAX_SEED } from "../sim/seed";
import { MAX_CELL_TIMEOUT_SECONDS } from "../notebook/cellTimeout";

/** Exit code for bad input: an unknown flag, a bad seed, an unknown lesson. */
export const EXIT_USAGE = 2;

/** Exit code for work that failed: a notebook cell that threw, an engine that could not start. */
export const EXIT_FAILURE = 1;

/** The messages, by situation; each function returns one line. */
export const messages = {
  badSeed: () => `Expected an integer from 0 to ${MAX_SEED}.`,
  /** No command at all: one line pointing to the help, not the whole help. */
  noCommand: () => "no command given; try `mcp-course --help`",
  /** The catalog read is the built one (dist/), so a lesson scaffolded into src/ is unknown until a build. */
  unknownLesson: (name: string, known: readonly string[]) =>
    `unknown lesson '${name}'; known lessons: ${known.join(", ")} (or the path of an .ipynb file); if you just added it, run npm run build first`,
  noSuchNotebook: (path: string) => `no such notebook: ${path}`,
  noParametersCell: (notebook: string) =>
    `${notebook} has no cell tagged "parameters", so --seed cannot be set`,
  outRequired: (notebook: string) =>
    `${notebook} is not one of the course's lessons: say where its export goes with --out`,
  jupyterMissing: () =>
    "--engine jupyter needs Jupyter with nbclient (Debian: apt-get install jupyter-nbconvert python3-nbclient jupyter-client)",
  cellFailed: (
    notebook: string,
    cellNumber: number,
    cellId: string,
    error: string,
    previous?: readonly string[],
  ) =>
    `${notebook}: cell ${cellNumber} (id ${cellId}) failed: ${error.replace(/[.;:]\s*$/, "")} — ${keptOrNothing(previous)}`,
  kernelDied: (
    notebook: string,
    cellNumber: number,
    cellId: string,
    engine: string,
    reason: string,
    previous?: readonly string[],
  ) =>
    `${notebook}: cell ${cellNumber} (id ${cellId}) did not finish: the ${engine} engine stopped (${firstLine(reason)}) — ${keptOrNothing(previous)}`,
  cellTimedOut: (
    notebook: string,
    cellNumber: number,
    cellId: string,
    seconds: number,
    engine: string,
    previous?: readonly string[],
  ) =>
    `${notebook}: cell ${cellNumber} (id ${cellId}) did not finish within ${seconds} s (--cell-timeout); the ${engine} engine was stopped — ${keptOrNothing(previous)}`,
  /** `lesson` told to stop (Ctrl-C, `kill`, a closed terminal) while a notebook ran. */
  lessonStopped: (signal: string, notebooks: readonly string[]) =>
    notebooks.length === 1
      ? `stopped by ${signal} while running ${notebooks[0]}: its kernel or worker was killed; exports already written are whole, the one in progress was not written`
      : `stopped by ${signal} while running ${notebooks.join(" and ")}: their kernels or workers were killed; exports already written are whole, those in progress were not written`,
  /** Follows commander's own "option '--jobs <n>' argument 'x' is invalid." */
  badJobs: (max: number) => `Expected a whole number of lessons to run at once, from 1 to ${max}.`,
  /** Follows commander's own "option '--cell-timeout <seconds>' argument 'x' is invalid." */
  badCellTimeout: () =>
    `Expected a number of seconds, more than 0 and at most ${MAX_CELL_TIMEOUT_SECONDS}.`,
  notebookUnreadable: (reason: string) => `cannot read notebook: ${reason}`,
  engineFailed: (engine: string, reason: string) =>
    `the ${engine} engine failed: ${firstLine(reason)}`,
  outNotFolder: (path: string) => `--out ${path} exists and is not a folder`,
  outIsFolder: (path: string, flag = "--out") =>
    `${flag} ${path} is a folder; give the path of a file to write`,
  outEmpty: (flag = "--out") => `${flag} needs a path`,
  outNotWritable: (path: string, reason: string, flag = "--out") =>
    `cannot write to ${flag} ${path}: ${reason}`,
  /** Follows commander's own "option '--lesson <name>' argument 'x' is invalid." */
  unknownSimulation: (known: readonly string[]) => `Choose ${known.join(" or ")}.`,
  /** A lesson that exists but has no simulation of its own to print or sweep (lesson 7, lesson 9). */
  noSimulation: (lesson: string, known: readonly string[]) =>
    `${lesson} has no tables of its own here; export the lesson with \`mcp-course lesson ${lesson.slice(0, 2)}\`. Choose ${known.join(" or ")}.`,
  cannotWrite: (path: string, reason: string) => `cannot write ${path}: ${reason}`,
  cannotRemove: (path: string, reason: string) =>
    `cannot remove the stale chart ${path}: ${reason}`,
  exportIsFolder: (path: string) => `${path} is a folder, so the export cannot be written there`,
  jupyterCommandMissing: () =>
    "the jupyter command was not found (Debian: apt-get install jupyter-notebook jupyter-client)",
  /** Debian's `jupyter-notebook` brings `jupyter` but not `jupyter-kernelspec`; `jupyter-client` does. */
  kernelspecCommandMissing: () =>
    "Jupyter is installed, but not its kernelspec command (jupyter-kernelspec), which registers kernels (Debian: apt-get install jupyter-client)",
  kernelInstallFailed: (reason: string) => `jupyter kernelspec install failed: ${reason}`,
  /** `new-lesson`: bad input, each found before any file is written. */
  badLessonNumber: (text: string) =>
    `the lesson number ${JSON.stringify(text)} is not two digits from 01 to 99 (such as 11)`,
  lessonNumberTaken: (number: string, name: string, free: string | undefined) =>
    `lesson ${number} is in the catalog already (${name})${free === undefined ? "" : `; ${free} is free`}`,
  titleEmpty: () => 'the lesson\'s title is empty; give it in quotes, such as "Toy Lesson"',
  titleUnusable: (title: string) =>
    `the title ${JSON.stringify(title)} has no letter or digit from A to Z or 0 to 9 to name the lesson by`,
  titleCharacters: (title: string) =>
    `the title ${JSON.stringify(title)} holds a line break, a control character or one of | " \\, which the catalog or the README's table cannot hold as they are`,
  titleTaken: (title: string, name: string) =>
    `lesson ${name} has the title ${JSON.stringify(title)} already`,
  badAlias: (alias: string) =>
    `--alias ${JSON.stringify(alias)}: expected lower-case letters, digits and hyphens, not digits alone, such as toy-lesson`,
  aliasTaken: (alias: string, name: string) =>
    `the alias ${JSON.stringify(alias)} names lesson ${name} already; choose another with --alias`,
  badCovers: () =>
    "--covers: expected one sentence on one line, without | \" or \\ (the catalog and the README's table hold it)",
  scaffoldExists: (path: string) =>
    `${path} exists already, and new-lesson writes only new files: remove it or choose another title`,
  scaffoldNameTaken: (name: string) =>
    `src/index.ts exports ${name} already, the name the new lesson's code would take; choose another title`,
  scaffoldOutOfShape: (file: string, problem: string) =>
    `${file}, as new-lesson would write it: ${problem}; choose a shorter title`,
  titleNamedBefore: (file: string, title: string) =>
    `${file} names "${title}" before its Next, where no later lesson may be named; choose another title`,
  cannotEdit: (file: string, reason: string) => `cannot add the lesson to ${file}: ${reason}`,
  /** `kernel metadata`: one line per notebook. */
  lessonShapeKept: (count: number, byPath: number) =>
    `${count} notebook${count === 1 ? "" : "s"} checked: sections in order, every line within the page, exports as new as their notebooks` +
    (byPath === 0
      ? ""
      : `; ${byPath} outside the catalog, whose title, Next and exports were not checked`),
  /** `check-lessons`: an export that does not show its notebook's cells as they are now. */
  exportOlderThanNotebook: (cells: readonly number[], command: string) =>
    `older than its notebook (cell${cells.length === 1 ? "" : "s"} ${cells.join(", ")} changed since it ran): export it again with ${command}`,
  lessonShapeFailed: (count: number) =>
    `${count} problem${count === 1 ? "" : "s"} with the lessons' shape (listed above)`,
  metadataMatches: (notebook: string) =>
    `${notebook}: kernelspec and language_info are what tslab writes`,
  metadataSet: (notebook: string, keys: readonly string[]) =>
    `${notebook}: ${[metadataPart("set", keys), keys.includes("outputs") ? "cleared the outputs" : ""].filter(Boolean).join("; ")}`,
  metadataDiffers: (notebook: string, keys: readonly string[]) =>
    `${notebook}: ${[metadataPart("differ", keys), keys.includes("outputs") ? "has outputs" : ""].filter(Boolean).join("; ")}`,
  metadataCheckFailed: (count: number, clearOutputs = false) =>
    clearOutputs
      ? `${count} notebook${count === 1 ? "" : "s"} not as lessons are committed; run mcp-course kernel metadata --clear-outputs`
      : `${count} notebook${count === 1 ? "" : "s"} would change when saved from Jupyter; run mcp-course kernel metadata to set what tslab writes`,
  /** Follows commander's own "option '--count <n>' argument 'x' is invalid." */
  badSweepCount: () => `Expected a number of seeds, an integer from 1 to ${MAX_SEED}.`,
  sweepPastLastSeed: (from: number, count: number) =>
    `--from ${from} --count ${count} would end at seed ${BigInt(from) + BigInt(count) - 1n}, past the largest seed ${MAX_SEED}`,
  /** `serve`: these follow commander's own "command-argument value 'x' is invalid for argument 'server'." and "option '--level <level>' argument 'x' is invalid." */
  unknownServer: (known: readonly string[]) => `Choose ${known.join(", ")}.`,
  badLevel: (names: readonly string[]) => `Choose 0, 1, 2, 3 or ${names.join(", ")}.`,
  badFault: () =>
    "Choose slow, crash, crash:N (N a whole number from 1), noisy-line, noisy-raw or none.",
  badSlowMs: () => "Expected a whole number of milliseconds, from 0 to 2147483647.",
  badPath: (known: readonly string[]) => `Choose ${known.join(" or ")}.`,
  badEra: (known: readonly string[]) =>
    `Choose ${known.slice(0, -1).join(", ")} or ${known.at(-1)}.`,
  pathNotFleet: (server: string) => `--path applies to the fleet server only, not ${server}`,
  slowMsWithoutSlow: () => "--slow-ms sets the slow fault's delay; use it with --fault slow",
  slowNotFleet: (server: string) =>
    `--fault slow delays top_devices, a fleet tool; ${server} has none`,
  badPort: () => "Expected a TCP port, a whole number from 0 (any free port) to 65535.",
  httpOnly: (option: string) => `${option} applies to serving over HTTP; add --http`,
  noisyOverHttp: () =>
    "a noisy fault writes stray text into stdio's stream; over HTTP no stream is shared, so use crash, slow or none",
  remoteHost: (host: string, loopback: string) =>
    `--host ${host} is not one of the loopback names the server's Host check accepts (${loopback}), so it may be reachable from beyond this machine; add --allow-remote to serve it anyway`,
  hostUnavailable: (host: string, reason: string) =>
    `cannot listen on --host ${host}: ${reason}; give an address of this machine, or 127.0.0.1`,
  remoteWarning: (host: string) =>
    `warning: serving on ${host}, beyond this machine: nothing authenticates a client, and any Host header is accepted`,
  portInUse: (host: string, port: number) =>
    `port ${port} on ${host} is in use; choose another with --port, or --port 0 for any free one`,
  confirmWritesLegacy: () =>
    "--confirm-writes asks by a multi round-trip request, which only 2026-07-28 has; --era legacy serves no 2026-07-28 request, so use --era both or stateless",
  faultNotHighLevel: () =>
    "--path high-level serves the SDK's own McpServer, which takes no --fault; use raw or validating",
  /** `register`: follows commander's own "option '--client <client>' argument 'x' is invalid." */
  unknownClient: (known: readonly string[]) => `Choose ${known.join(" or ")}.`,
  /** `register --http`: follows commander's own "option '--http <url>' argument 'x' is invalid." */
  badHttpUrl: () => "Expected an http:// or https:// URL, such as http://127.0.0.1:8931/mcp.",
  httpNotForClient: (client: string, clients: readonly string[]) =>
    client === "claude-desktop"
      ? `--http: claude_desktop_config.json has no entry for a server over HTTP (Claude Desktop adds one under Settings → Connectors); use --client ${clients.join(" or ")}`
      : `--http: ${client} has no entry for a server over HTTP; use --client ${clients.join(" or ")}`,
  httpWithServerOptions: (server: string) =>
    `--http names a server already running, so --level and --seed are its own: pass them to mcp-course serve ${server} --http`,
  bundleMissing: (path: string) =>
    `the server's bundle ${path} is missing: build it with npm run build`,
} as const;

/** `set kernelspec and language_info to what tslab writes` / `language_info differs from what tslab writes`; empty for no metadata key. */
function metadataPart(verb: "set" | "differ", keys: readonly string[]): string {
  const metadata = keys.filter((key) => key !== "outputs");
  if (metadata.length === 0) return "";
  const named = metadata.join(" and ");
  return verb === "set"
    ? `set ${named} to what tslab writes`
    : `${named} differ${metadata.length === 1 ? "s" : ""} from what tslab writes`;
}

function firstLine(text: string): string {
  return text.trim().split("\n")[0];
}

function keptOrNothing(previous: readonly string[] | undefined): string {
  if (!previous || previous.length === 0) return "nothing was written";
  return previous.length === 1
    ? `the previous export ${previous[0]} is unchanged`
    : `the previous exports ${previous.join(" and ")} are unchanged`;
}

/** A user-facing failure: the message and the exit code it ends the command with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_USAGE,
  ) {
    super(message);
  }
}
