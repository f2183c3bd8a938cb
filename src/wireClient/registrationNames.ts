/**
 * The MCP clients `mcp-course register` writes an entry for, and where each keeps it.
 *
 * Kept apart from `registration.ts` so that the command line can list them in its help without
 * loading what builds the entry.
 */

/** The clients `mcp-course register` writes an entry for. */
export const REGISTRATION_CLIENTS = ["claude-desktop", "vscode"] as const;

/** One of {@link REGISTRATION_CLIENTS}. */
export type RegistrationClient = (typeof REGISTRATION_CLIENTS)[number];

/** Where each client keeps the entry, for help and for the README. */
export const REGISTRATION_FILES: Readonly<Record<RegistrationClient, string>> = {
  "claude-desktop":
    "claude_desktop_config.json (Claude Desktop: Settings → Developer → Edit Config)",
  vscode: ".vscode/mcp.json in a workspace (or MCP: Open User Configuration)",
};

/**
 * Whether each client's configuration file has an entry for a server reached over HTTP (a URL
 * rather than a command), for `register --http`:
 * - VS Code: yes, `{"type": "http", "url": …}` (code.visualstudio.com/docs/copilot/reference/mcp-configuration,
 *   "HTTP and Server-Sent Events (SSE) servers");
 * - Claude Desktop: no. Its `claude_desktop_config.json` holds stdio servers only; a remote server is
 *   added under Settings → Connectors, and one written into the file is not connected to
 *   (support.anthropic.com/en/articles/11503834-building-custom-connectors-via-remote-mcp-servers).
 */
export const HTTP_ENTRY_CLIENTS: readonly RegistrationClient[] = ["vscode"];
