/**
 * The `mcp-course` command line: argument parsing only; the work is done by the library.
 *
 * Bad input (an unknown command or flag, a bad seed, an unknown lesson) ends with one line on
 * stderr and exit code 2 before any file is touched; failed work ends with exit code 1.
 *
 * Each command's work is loaded when that command runs, not at start-up: `serve` should not pay
 * for the notebook engines, nor `simulate` for the MCP SDK. What help and parsing need lives in
 * small modules of names and choices.
 */
import { join, resolve } from "node:path";
import { PACKAGE_ROOT } from "../packageRoot";
import { Command, Option } from "commander";
import { DEFAULT_SEED } from "../sim/seed";
import { LESSONS } from "../lessons/catalog";
import {
  cellTimeoutOption,
  EXPORT_FORMATS,
  jobsOption,
  type EngineChoice,
  type ExportFormat,
} from "./commands/lessonFormats";
import { DEFAULT_CELL_TIMEOUT_SECONDS } from "../notebook/cellTimeout";
import { SIMULATION_NAMES, type SimulationName } from "./commands/simulationNames";
import { findLesson } from "../lessons/catalog";
import {
  countOption,
  DEFAULT_COUNTS,
  SWEEP_LESSON_CHOICES,
  sweepLessonOption,
} from "./commands/sweepOptions";
import type { SweepCommandOptions } from "./commands/sweep";
import { defineServe, LEVEL_HELP, levelOption, serverArgument } from "./commands/serve";
import {
  clientOption,
  httpUrlOption,
  type RegisterCommandOptions,
} from "./commands/registerOptions";
import { REGISTRATION_CLIENTS, REGISTRATION_FILES } from "../wireClient/registrationNames";
import { SERVER_NAMES } from "../server/names";
import { EXIT_USAGE, messages } from "./messages";
import { checkOutFile, seedOption, simulationOption, writeOutput } from "./options";
import { configureCommand, runCommand } from "./commandRunner";
import { defaultIo, type CliIo } from "./io";

/** This package's version, from package.json. */
function version(): string {
  return (require(join(PACKAGE_ROOT, "package.json")) as { version: string }).version;
}

function buildProgram(io: CliIo): Command {
  const program = configureCommand(new Command("mcp-course"), io)
    .description(
      "A deterministic, seeded course on the Model Context Protocol: simulate and sweep lessons, export and check lesson notebooks, scaffold a new lesson, and serve the course's servers as real MCP servers.",
    )
    .version(version(), "-V, --version", "print the version");

  program
    .command("simulate")
    .allowExcessArguments(false)
    .summary("print a lesson's tables, or its figures as JSON")
    .description(
      "Print a lesson's tables (lesson 6's exactly as the reference lesson prints them) or its figures as JSON.",
    )
    .option(
      "--lesson <name>",
      `which lesson: ${SIMULATION_NAMES.map((name) => `${name} (${findLesson(name)!.name.slice(0, 2)})`).join(" or ")}; a lesson's number or full name works too`,
      simulationOption,
      "writing-a-server",
    )
    .option("--seed <n>", "world seed, an integer from 0 to 2^53-1", seedOption, DEFAULT_SEED)
    .option("--json", "print one JSON object instead of the tables")
    .option(
      "--out <file>",
      "write to this file (through a temporary file and a rename) instead of stdout",
    )
    .action(
      async (options: { seed: number; json?: boolean; out?: string; lesson: SimulationName }) => {
        if (options.out !== undefined) checkOutFile(options.out === "" ? "" : resolve(options.out));
        const { simulateOutput } = await import("./commands/simulate");
        const text = simulateOutput(options);
        if (options.out !== undefined) writeOutput(resolve(options.out), text);
        else io.stdout(text);
      },
    );

  program
    .command("lesson")
    .summary("run lesson notebooks and export them (markdown or HTML)")
    .description(
      "Execute lesson notebooks and export each to markdown (text, code, printed output, charts as SVG files beside it) or to one self-contained HTML page.",
    )
    .argument(
      "[names...]",
      `lessons to export (default: all): ${LESSONS.map((l) => l.name).join(", ")}`,
    )
    .option(
      "--seed <n>",
      `seed to inject (default: each notebook's own SEED, ${DEFAULT_SEED} for the lessons); another seed exports to lessons/seed-N/`,
      seedOption,
    )
    .option(
      "--out <dir>",
      "folder for the exports (default lessons/, or lessons/seed-N/ for another seed)",
    )
    .addOption(
      new Option(
        "--engine <engine>",
        "how to execute: jupyter (nbclient + tslab kernel), tslab (in-process), or auto",
      )
        .choices(["auto", "jupyter", "tslab"])
        .default("auto"),
    )
    .addOption(
      new Option(
        "--format <format>",
        "md: <name>.md with charts in <name>.files/; html: one self-contained <name>.html (charts inline); both: the two from one run of the notebook",
      )
        .choices(EXPORT_FORMATS)
        .default("md"),
    )
    .option(
      "--cell-timeout <seconds>",
      "stop a cell still running after this many seconds: its kernel or worker is killed, the export fails (exit 1) and the previous one is kept",
      cellTimeoutOption,
      DEFAULT_CELL_TIMEOUT_SECONDS,
    )
    .option(
      "--jobs <n>",
      "how many lessons run at once, each in its own kernel (default: one per core); lessons that start servers (09, 10) run one at a time",
      jobsOption,
    )
    .action(
      async (
        names: string[],
        options: {
          seed?: number;
          out?: string;
          engine: EngineChoice;
          format: ExportFormat;
          cellTimeout: number;
          jobs?: number;
        },
      ) => {
        const { runLessonCommand } = await import("./commands/lesson");
        return runLessonCommand({ names, ...options }, io);
      },
    );

  const kernel = program
    .command("kernel")
    .summary("register the tslab kernel; keep the notebooks' metadata")
    .description(
      "Register this project's tslab kernel with Jupyter (for opening the notebooks interactively), and keep the notebooks' metadata as that kernel saves it.",
    );
  kernel
    .command("install")
    .allowExcessArguments(false)
    .summary("install the kernelspec `tslab` with Jupyter")
    .description(
      "Install the kernelspec `tslab` (this Node, this project's tslab) with `jupyter kernelspec install`.",
    )
    .option(
      "--prefix <dir>",
      "install under DIR/share/jupyter/kernels instead of your user folder (then set JUPYTER_PATH=DIR/share/jupyter)",
    )
    .action(async (options: { prefix?: string }) =>
      (await import("./commands/kernel")).installKernel(options, io),
    );
  kernel
    .command("metadata")
    .summary("set the notebooks' metadata as tslab saves it")
    .description(
      "Set the notebooks' kernelspec and language_info to what Jupyter writes when a reader saves them on tslab (only those that differ are rewritten).",
    )
    .argument("[names...]", "lessons or .ipynb files (default: every lesson)")
    .option(
      "--clear-outputs",
      "also clear outputs, execution counts and execution timing, as lessons are committed",
    )
    .option("--check", "change nothing: name the notebooks that differ and exit 1 if any do")
    .action(async (names: string[], options: { check?: boolean; clearOutputs?: boolean }) =>
      (await import("./commands/metadata")).runMetadataCommand({ names, ...options }, io),
    );

  program
    .command("check-lessons")
    .summary("check lessons' sections and widths without running them")
    .description(
      "Check lessons without running them: each notebook's sections in the course's order and its markdown and code within 100 characters a line; a lesson's title and Next as the catalog has them, a cell tagged parameters, no later lesson named before Next, and its committed exports (as new as the notebook, printed lines within the width, no later lesson named before Next, the markdown cells' share of the prose, the length); a notebook outside the catalog gets the sections and widths only.",
    )
    .argument("[names...]", "lessons or .ipynb files (default: every lesson)")
    .action(async (names: string[]) =>
      (await import("./commands/checkLessons")).runCheckLessonsCommand(names, io),
    );

  program
    .command("new-lesson")
    .summary("scaffold a new lesson: notebook, module, test, catalog")
    .description(
      "Scaffold a new lesson that passes the suite as written: its notebook (every section in the course's order, tslab's metadata, no outputs), its module src/lessons/<folder>/ (a seed-dependent function, its one line of prose, the index.ts the notebook imports), a test stub, its catalog entry in number order, its row in the README's lessons table and its names in the package's root; when it becomes the catalog's last, the lesson that was last gets a ## Next pointing to it. Every file is checked before any is written. It does not build or export: it prints the commands that do (npm run build, mcp-course lesson NN with both seeds, mcp-course check-lessons NN).",
    )
    .argument("<number>", "the lesson's number, two digits from 01 to 99, not yet in the catalog")
    .argument(
      "<title>",
      'its title, in quotes ("Toy Lesson"); the lesson is named NN-<title in kebab case>',
    )
    .option(
      "--alias <short>",
      "the short name the commands also take (default: the title in kebab case)",
    )
    .option(
      "--covers <sentence>",
      "what the lesson covers, for the catalog and the README (default: a placeholder to write)",
    )
    .addHelpText(
      "after",
      '\nExample:\n  npx mcp-course new-lesson 11 "Toy Lesson"\n  npm run build && npx mcp-course lesson 11 && npx mcp-course lesson 11 --seed 20260219\n',
    )
    .action(async (number: string, title: string, options: { alias?: string; covers?: string }) =>
      (await import("./commands/newLesson")).runNewLessonCommand({ number, title, ...options }, io),
    );

  program
    .command("sweep")
    .allowExcessArguments(false)
    .summary("run a lesson's simulation over seeds; check its claims")
    .description(
      "Run a lesson's simulation over consecutive seeds: each count's min, median and max, the lesson's claims checked, one chart.",
    )
    .option(
      "--lesson <name>",
      `which lesson: ${SWEEP_LESSON_CHOICES.join(" or ")}; a lesson's number or full name works too`,
      sweepLessonOption,
      "writing-a-server",
    )
    .option("--from <seed>", "first seed, an integer from 0 to 2^53-1", seedOption, DEFAULT_SEED)
    .option("--count <n>", `how many consecutive seeds (default: ${DEFAULT_COUNTS})`, countOption)
    .option("--json", "print one JSON object (distributions and claims) instead of the tables")
    .option("--chart <file>", "write the sweep's chart as SVG to this file")
    .action(async (options: SweepCommandOptions) =>
      (await import("./commands/sweep")).runSweepCommand(options, io),
    );

  // `mcp-course serve …` itself runs the server's bundle (main.ts); this is its help and the in-process route.
  defineServe(program.command("serve"));

  program
    .command("register")
    .summary("print the JSON that registers a server with an MCP client")
    .description(
      "Print the entry that registers a server with an MCP client, as JSON to paste into its configuration: " +
        `${REGISTRATION_CLIENTS.map((client) => `${client}: ${REGISTRATION_FILES[client]}`).join("; ")}. ` +
        "The entry runs the bundled server with this Node, both by absolute path: node <package>/dist/serve.js <server> [options], which keeps working after that Node is upgraded.",
    )
    .option(
      "--client <client>",
      `which client's format: ${REGISTRATION_CLIENTS.join(" or ")}`,
      clientOption,
      "claude-desktop",
    )
    .option(
      "--server <server>",
      `which server: ${SERVER_NAMES.join(", ")}`,
      serverArgument,
      "fleet",
    )
    .option("--level <level>", `${LEVEL_HELP} (default: the server's, full)`, levelOption)
    .option(
      "--seed <n>",
      `world or fleet seed, an integer from 0 to 2^53-1 (default: the server's, ${DEFAULT_SEED})`,
      seedOption,
    )
    .option(
      "--http <url>",
      "register a server already serving over Streamable HTTP at <url> (start it with mcp-course serve <server> --http --port N): " +
        'an entry {"type": "http", "url": <url>}, for --client vscode only (claude_desktop_config.json holds stdio servers only)',
      httpUrlOption,
    )
    .action(async (options: RegisterCommandOptions) =>
      (await import("./commands/register")).runRegisterCommand(options, io),
    );

  return program;
}

/**
 * Runs the CLI on `argv` (without `node` and the script) and returns the exit code: 0 on
 * success or help, 2 for bad input (no command at all is one line pointing to `--help`), 1 for
 * failed work.
 */
export async function runCli(argv: readonly string[], io: CliIo = defaultIo): Promise<number> {
  const program = buildProgram(io);
  if (argv.length === 0) {
    io.stderr(`mcp-course: ${messages.noCommand()}\n`);
    return EXIT_USAGE;
  }
  return runCommand(program, argv, io);
}
