/**
 * The choices `lesson --format` and `lesson --engine` take, apart from the lesson command itself,
 * so that the command line can list them without loading the notebook engines.
 */
import type { EngineName } from "../../notebook/executeNotebook";

/** `--engine`: a named engine, or `auto` (Jupyter when it is installed, else tslab in-process). */
export type EngineChoice = EngineName | "auto";

/** `--format`: markdown with chart files beside it, or one self-contained HTML page per lesson. */
export type ExportFormat = "md" | "html";

/** The values `--format` accepts, the default first. */
export const EXPORT_FORMATS: readonly ExportFormat[] = ["md", "html"];
