/**
 * Telling equal tool names apart when a host gathers the tools of several servers.
 *
 * Source: 2026-07-28 `server/tools.mdx`, "Tool Names": tool names SHOULD be unique within a server,
 * not across servers; a client that aggregates tools from several servers "SHOULD implement a
 * disambiguation strategy such as prefixing tool names with a server identifier", and the server
 * `name` from `serverInfo` "SHOULD NOT be relied upon for disambiguation". The identifier here is
 * the key the host configured each server under (unique by construction), and the separator is the
 * course's choice: `__`, made of characters the same section lets a tool name use.
 */
import { formatTextTable } from "../textTable";

/** The course's separator between a server's key and a tool's name. */
export const PREFIX_SEPARATOR = "__";

/** One server as the host holds it: the key it configured, what `serverInfo` says, the tools listed. */
export interface ConfiguredServer {
  /** The host's own name for the server, unique among its servers. */
  key: string;
  /** The server's self-reported `serverInfo.name`: not unique, not used to tell tools apart. */
  serverInfoName: string;
  /** The tool names the server listed. */
  tools: readonly string[];
}

/** One listed tool and the name the host gives it. */
export interface PrefixedTool {
  key: string;
  serverInfoName: string;
  /** The name as the server listed it. */
  tool: string;
  /** `key__tool`: unique across the host's servers. */
  prefixed: string;
}

/**
 * Prefixes every listed tool name with its server's key and {@link PREFIX_SEPARATOR}.
 *
 * @throws Error if two servers share a key, or (a key or name holding the separator) if two
 *   prefixed names come out equal: the scheme would then not tell them apart.
 */
export function prefixToolNames(servers: readonly ConfiguredServer[]): PrefixedTool[] {
  const keys = new Set(servers.map((s) => s.key));
  if (keys.size !== servers.length) throw new Error("each server needs a key of its own");
  const rows = servers.flatMap((server) =>
    server.tools.map((tool) => ({
      key: server.key,
      serverInfoName: server.serverInfoName,
      tool,
      prefixed: `${server.key}${PREFIX_SEPARATOR}${tool}`,
    })),
  );
  if (new Set(rows.map((r) => r.prefixed)).size !== rows.length)
    throw new Error("two prefixed tool names are equal");
  return rows;
}

/** The names listed by more than one server, in order of first listing. */
export function sharedToolNames(rows: readonly PrefixedTool[]): string[] {
  const seen = new Map<string, Set<string>>();
  for (const r of rows) seen.set(r.tool, (seen.get(r.tool) ?? new Set()).add(r.key));
  return [...seen].filter(([, keys]) => keys.size > 1).map(([tool]) => tool);
}

/** The prefixed names as a table: the host's key, `serverInfo`'s name, the listed name, the prefixed one. */
export function formatPrefixedNames(rows: readonly PrefixedTool[]): string {
  return formatTextTable(
    ["host's key", "serverInfo name", "listed as", "shown to the model as"],
    rows.map((r) => [r.key, r.serverInfoName, r.tool, r.prefixed]),
  );
}

/** The longest tool name the SHOULD allows (2026-07-28 `server/tools.mdx`, "Tool Names"). */
export const TOOL_NAME_MAX = 128;

/**
 * The tool-name SHOULDs a name breaks (2026-07-28 `server/tools.mdx`, "Tool Names"): 1 to
 * {@link TOOL_NAME_MAX} characters, each an ASCII letter, a digit, `_`, `-` or `.`.
 *
 * @returns one phrase per broken rule; empty when the name keeps them all.
 */
export function toolNameBreaks(name: string): string[] {
  const breaks: string[] = [];
  if (name.length < 1 || name.length > TOOL_NAME_MAX)
    breaks.push(`has ${name.length} characters, not 1 to ${TOOL_NAME_MAX}`);
  const others = [...new Set(name.replace(/[A-Za-z0-9_.-]/g, ""))];
  if (others.length > 0) breaks.push(`holds ${others.map((c) => `\`${c}\``).join(", ")}`);
  return breaks;
}
