/**
 * The world servers' validators: one compiled ajv function per world tool, from the input schema
 * every level from 1 declares (`worldInputSchema`, `declarations.ts`) and {@link WORLD_AJV_OPTIONS}.
 *
 * Servers must validate tool inputs ("Servers MUST: Validate all tool
 * inputs", `server/tools.mdx` "Security Considerations", 2025-06-18 to 2026-07-28). Compiled with
 * ajv when first asked for, once per process, without ajv's meta-schema check (our own constants);
 * the server's bundle (`src/build/bundle.ts`) replaces this module with the very functions ajv
 * generates for the same schemas and options at build time, as for the fleet's
 * (`fleet/fleetValidation.ts`), so a served world does no ajv work at start-up.
 */
import Ajv, { type Options, type ValidateFunction } from "ajv";
import { SERVER_FACTS } from "../world/servers";
import { worldInputSchema } from "./declarations";

/**
 * The options every world validator is compiled with: every error (`allErrors`), each with the
 * value it is about (`verbose`, for the messages of `fleet/paths.ts`'s `describeError`), no
 * meta-schema check. Nothing is stripped: the handlers ignore what they do not know.
 */
export const WORLD_AJV_OPTIONS = {
  allErrors: true,
  verbose: true,
  validateSchema: false,
} as const satisfies Options;

/** The world's tools with the schema each is validated against, in the servers' order. */
export function worldToolSchemas(): { name: string; inputSchema: Record<string, unknown> }[] {
  return SERVER_FACTS.flatMap((server) =>
    server.tools.map((tool) => ({ name: tool.name, inputSchema: worldInputSchema(tool) })),
  );
}

let compiled: ReadonlyMap<string, ValidateFunction> | undefined;

/** The validator of each world tool, by name; compiled on the first call, then shared. */
export function worldValidators(): ReadonlyMap<string, ValidateFunction> {
  if (!compiled) {
    const ajv = new Ajv(WORLD_AJV_OPTIONS);
    compiled = new Map(
      worldToolSchemas().map((tool) => [tool.name, ajv.compile(tool.inputSchema)]),
    );
  }
  return compiled;
}
