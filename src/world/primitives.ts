/**
 * Resources and prompts in the simulator: `resources/read` and `prompts/get`, each one request and
 * one response counted on a run's envelope like any other (8 envelope tokens on top of the body;
 * one round trip for a request to a local server, two to a remote one; `sim/envelope.ts`).
 *
 * Bodies (the course's wording, in the style of a tool call's):
 * - `resources/read`: the request is the method and the URI, `resources/read
 *   olcum://abone_listesi`; the response is the contents as words ({@link contentWords}), `A001
 *   bolge guney tip isyeri onceki 87563 simdiki 87604 A002 …`;
 * - `prompts/get`: the request is the method, the prompt's name and each argument as `name value`,
 *   `prompts/get bedel_aciklamasi m3 23 tip mesken`; the response is the text of the message it
 *   returns.
 * The contents and the text are the real servers' own (`resources.ts`, `prompts.ts` of this
 * folder), so the simulator counts what `mcp-course serve` sends, as words instead of JSON.
 */
import type { Envelope, MessageKind, Transport } from "../sim/envelope";
import type { ServerFacts } from "../sim/server";
import { pyStr, type Value } from "../sim/values";
import { CHARGE_PROMPT, chargePromptText } from "./prompts";
import { contentWords, isWorldResource, parseResourceUri, resourceContents } from "./resources";
import type { World } from "./world";

/** MCP's method for reading a resource (2026-07-28 and 2025-11-25 `server/resources.mdx`). */
export const RESOURCE_READ = "resources/read";

/** MCP's method for getting a prompt (2026-07-28 and 2025-11-25 `server/prompts.mdx`). */
export const PROMPT_GET = "prompts/get";

/** One message as the simulator counted it. */
export interface PrimitiveMessage {
  kind: MessageKind;
  /** The body as it reads: its words joined by spaces. */
  body: string;
  /** Envelope tokens: the body's tokens + 8. */
  tokens: number;
  /** Round trips it added: 1 or 2 for a request, by transport; 0 for a response. */
  roundTrips: number;
}

/** A request and its response, as the simulator counted them. */
export interface PrimitiveExchange {
  method: string;
  server: string;
  transport: Transport;
  request: PrimitiveMessage;
  response: PrimitiveMessage;
}

/** Counts one message on `envelope` and returns it as counted. */
function counted(
  envelope: Envelope,
  kind: MessageKind,
  body: string | readonly Value[],
  transport: Transport,
): PrimitiveMessage {
  const before = envelope.counts().round_trips;
  const tokens = envelope.send(kind, body, transport);
  const text = typeof body === "string" ? body : body.map(pyStr).join(" ");
  return { kind, body: text, tokens, roundTrips: envelope.counts().round_trips - before };
}

/** A request and its response counted on `envelope`, the request on the server's transport. */
function exchange(
  envelope: Envelope,
  method: string,
  server: ServerFacts,
  request: readonly Value[],
  response: string | readonly Value[],
): PrimitiveExchange {
  return {
    method,
    server: server.name,
    transport: server.transport,
    request: counted(envelope, "request", request, server.transport),
    response: counted(envelope, "response", response, server.transport),
  };
}

/**
 * Reads a resource of the world by its URI: one `resources/read` request to the server the URI
 * names and one response carrying the contents, both counted on `envelope`.
 *
 * @param uri `<server>://<name>` (`resourceUri`), e.g. `olcum://abone_listesi`.
 * @returns the contents (`resourceContents`) and the exchange as counted.
 * @throws RangeError when no server of the world offers that resource; nothing is counted then
 *   (the simulator models no protocol errors).
 */
export function readResource(
  world: World,
  uri: string,
  envelope: Envelope,
): { contents: { readonly [key: string]: Value }; exchange: PrimitiveExchange } {
  const parsed = parseResourceUri(uri);
  const server = world.servers.find(
    (candidate) => candidate.name === parsed?.server && candidate.resources.includes(parsed.name),
  );
  if (!parsed || !server || !isWorldResource(parsed.name))
    throw new RangeError(`no server of the world offers the resource ${uri}`);
  const contents = resourceContents(parsed.name, world);
  return {
    contents,
    exchange: exchange(
      envelope,
      RESOURCE_READ,
      server,
      [RESOURCE_READ, uri],
      contentWords(contents),
    ),
  };
}

/**
 * Gets a prompt of the world: one `prompts/get` request to the server that offers it, naming the
 * prompt and its arguments, and one response carrying the text of the message it returns, both
 * counted on `envelope`.
 *
 * @param args the prompt's arguments, as MCP sends them (strings), in the order given.
 * @returns the message's text (`chargePromptText`) and the exchange as counted.
 * @throws RangeError when no server of the world offers the prompt; PromptArgumentError (of
 *   `prompts.ts`) for arguments the prompt cannot use. Nothing is counted then.
 */
export function getPrompt(
  world: World,
  name: string,
  args: Readonly<Record<string, string>>,
  envelope: Envelope,
): { text: string; exchange: PrimitiveExchange } {
  const server = world.servers.find((candidate) => candidate.prompts.includes(name));
  if (!server || name !== CHARGE_PROMPT)
    throw new RangeError(`no server of the world offers the prompt ${name}`);
  const text = chargePromptText(args);
  const request: Value[] = [PROMPT_GET, name];
  for (const [key, value] of Object.entries(args)) request.push(key, value);
  return { text, exchange: exchange(envelope, PROMPT_GET, server, request, text) };
}
