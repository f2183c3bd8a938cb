// Public API of src/notebook: read, parameterise, execute and export notebooks.
export {
  parseNotebook,
  readNotebook,
  serializeNotebook,
  stripOutputs,
  writeFileAtomic,
  type Cell,
  type CodeCell,
  type JsonValue,
  type Notebook,
  type Output,
} from "./notebookFile";
export { defaultParameter, injectParameters, INJECTED_TAG, PARAMETERS_TAG } from "./parameters";
export {
  executeNotebook,
  resolveEngine,
  type CellFailure,
  type EngineName,
  type ExecuteOptions,
  type ExecutionResult,
  type ProgressEvent,
} from "./executeNotebook";
export { DEFAULT_CELL_TIMEOUT_SECONDS, isCellTimeout, MAX_CELL_TIMEOUT_SECONDS } from "./cellTimeout";
export { jupyterAvailable, findJupyterPython } from "./jupyterPython";
export {
  exportLesson,
  exportMarkdown,
  lessonBlocks,
  type ExportedFile,
  type ExportOptions,
  type LessonBlock,
  type LessonDocument,
  type MarkdownExport,
} from "./exporter";
export { exportHtml } from "./htmlExporter";
export { writeMarkdownExport, type ExportWriter, type WrittenExport } from "./exportFiles";
