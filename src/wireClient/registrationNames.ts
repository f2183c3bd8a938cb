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
