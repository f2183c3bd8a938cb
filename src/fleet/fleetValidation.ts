/**
 * The `validating` path's validators: one compiled ajv function per fleet tool, from the tools'
 * declared JSON Schemas (`FLEET_TOOL_DEFINITIONS`) and {@link FLEET_AJV_OPTIONS}.
 *
 * Source: seed document 000 (the validating server checks arguments against the declared schema,
 * as ajv does); compiling them at every start would cost each served fleet process start-up time
 * for no reason, since the schemas never change. Here they are compiled with ajv when first asked for, once per process, without ajv's
 * meta-schema check: these schemas are our own constants, and a test checks them against the
 * meta-schema instead (`test/fleet/tools.test.ts`, ajv in strict mode). The server's bundle (`src/build/bundle.ts`)
 * replaces this module with the very functions ajv generates for the same schemas and options,
 * compiled at build time (ajv's standalone code), so a served fleet does no ajv work at start-up.
 */
import Ajv, { type Options, type ValidateFunction } from "ajv";
import { FLEET_TOOL_DEFINITIONS } from "./tools";

/**
 * The options every fleet validator is compiled with: every error (`allErrors`), each with the
 * value it is about (`verbose`, for the messages of `paths.ts`), properties the schema does not
 * name stripped (`removeAdditional: "all"`, as the SDK's server does), no meta-schema check.
 */
export const FLEET_AJV_OPTIONS = {
  allErrors: true,
  verbose: true,
  removeAdditional: "all",
  validateSchema: false,
} as const satisfies Options;

let compiled: ReadonlyMap<string, ValidateFunction> | undefined;

/**
 * The validator of each fleet tool, by name; compiled on the first call, then shared. The
 * validating server asks for them when it is made, not at its first `tools/call`, so that no call
 * pays for the compile (a client timeout of a few hundred ms must not catch a cold compile).
 */
export function fleetValidators(): ReadonlyMap<string, ValidateFunction> {
  if (!compiled) {
    const ajv = new Ajv(FLEET_AJV_OPTIONS);
    compiled = new Map(
      FLEET_TOOL_DEFINITIONS.map((tool) => [tool.name, ajv.compile(tool.inputSchema)]),
    );
  }
  return compiled;
}
