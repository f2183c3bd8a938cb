/**
 * Lesson 9's structured tool results: the real lines of its structured-results server
 * (`structuredServer.ts`), run as a process of its own on stdio and spoken to in 2026-07-28 one
 * request at a time, as lesson 6 ran its minimal server: `tools/list`, then `tools/call` of
 * `tuketim_oku` for a subscriber with both readings and for one whose current reading is missing.
 * And what the SDK's client does with a result: it checks `structuredContent` against the
 * `outputSchema` it listed, with its own JSON Schema validator, which {@link clientVerdicts}
 * applies to a few candidate results. Nothing is timed, so every run gives the same lines.
 *
 * @remarks Source: 2026-07-28 `server/tools.mdx` ("Structured Content", "Output Schema": clients
 * SHOULD validate structured results against the schema); `@modelcontextprotocol/client` 2.4.0
 * (`Client.callTool` validates `structuredContent` against the cached `tools/list` entry's
 * `outputSchema` and throws a `ProtocolError` when it does not match; `validators/ajv`'s
 * `AjvJsonSchemaValidator`, its default validator in Node).
 */
import { join } from "node:path";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/client/validators/ajv";
import { PACKAGE_ROOT } from "../../packageRoot";
import { isTranscriptLine, type Transcript } from "../../wireClient/lineExchange";
import { request, runServerScript } from "../writingAServer/wire";
import { STRUCTURED_TOOL } from "./structuredServer";

/** The structured-results server as built: the file `node` runs. */
export const STRUCTURED_SERVER_SCRIPT = join(
  PACKAGE_ROOT,
  "dist",
  "lessons",
  "simulationAgainstTheWire",
  "structuredServer.js",
);

/** The subscribers the lesson asks for: both readings, then a missing current reading. */
export const STRUCTURED_CALLS: readonly string[] = ["A001", "A002"];

/**
 * The server's lines (see the module comment): every line both sides wrote, in order.
 *
 * @throws Error when the server closes its output before answering a request.
 */
export function structuredLines(): Promise<Transcript> {
  return runServerScript(STRUCTURED_SERVER_SCRIPT, [
    request(1, "tools/list"),
    ...STRUCTURED_CALLS.map((abone, k) =>
      request(k + 2, "tools/call", { name: STRUCTURED_TOOL, arguments: { abone } }),
    ),
  ]);
}

/** The messages a transcript's server wrote, parsed, in order. */
export function serverMessages(lines: Transcript): Record<string, unknown>[] {
  return lines.steps
    .filter((step) => isTranscriptLine(step) && step.from === "server")
    .map((step) => JSON.parse((step as { line: string }).line) as Record<string, unknown>);
}

/** The `outputSchema` of the listed tool, from the `tools/list` result the server wrote first. */
export function listedOutputSchema(lines: Transcript): Record<string, unknown> {
  const [list] = serverMessages(lines);
  const tools = (list.result as { tools: { name: string; outputSchema?: object }[] }).tools;
  const schema = tools.find((tool) => tool.name === STRUCTURED_TOOL)?.outputSchema;
  if (schema === undefined) throw new Error(`${STRUCTURED_TOOL} lists no outputSchema`);
  return schema as Record<string, unknown>;
}

/** Exercise 6's candidate results, as a server might send them in `structuredContent`. */
export const CANDIDATE_RESULTS: readonly unknown[] = [
  { abone: "A001", m3: 32.5 },
  { abone: "A001", m3: "32" },
  { abone: "A001" },
  { abone: "A001", m3: 32, birim: "m3" },
];

/** What the SDK's client's validator says of one candidate: accepted, or its error message. */
export interface ClientVerdict {
  candidate: unknown;
  valid: boolean;
  /** The validator's message when it refuses; empty when it accepts. */
  message: string;
}

/**
 * Each candidate checked as the SDK's client checks a `structuredContent` against the listed
 * `outputSchema`: with its default validator (`AjvJsonSchemaValidator`).
 */
export function clientVerdicts(
  schema: Record<string, unknown>,
  candidates: readonly unknown[] = CANDIDATE_RESULTS,
): ClientVerdict[] {
  const validate = new AjvJsonSchemaValidator().getValidator(schema);
  return candidates.map((candidate) => {
    const verdict = validate(candidate);
    return {
      candidate,
      valid: verdict.valid,
      message: verdict.valid ? "" : (verdict.errorMessage ?? "invalid"),
    };
  });
}
