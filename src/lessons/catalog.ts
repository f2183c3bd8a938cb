/**
 * The course's lessons: the name a command takes, the notebook that holds it, what it covers.
 *
 * Notebooks and exports share the name: `notebooks/NAME.ipynb` → `lessons/NAME.md`.
 */

/** One lesson of the course. */
export interface LessonEntry {
  /** Numbered kebab-case name, e.g. `06-writing-a-server`. */
  name: string;
  /** A short name the commands also take, e.g. `fleet` (`simulate --lesson fleet`, `lesson fleet`). */
  alias: string;
  title: string;
  /** One sentence: what the lesson covers. */
  covers: string;
  /**
   * Whether the lesson starts real servers and times calls against short client timeouts (lessons
   * 9 and 10): `mcp-course lesson` runs such lessons one at a time, and the others beside them.
   */
  startsServers: boolean;
}

/** The lessons, in course order. */
export const LESSONS: readonly LessonEntry[] = [
  {
    name: "01-three-roles",
    alias: "roles",
    title: "Three Roles",
    covers:
      "what MCP is for; host, client and server, and the model inside the host; one client per server; the twelve tasks of the course's world traced through the three fictional servers, counting the tools, calls and values each server sees, and what only the host sees; two of those calls made for real.",
    startsServers: false,
  },
  {
    name: "02-the-transport",
    alias: "transport",
    title: "The Transport",
    covers:
      "stdio and Streamable HTTP measured on the course's real servers: newline framing, stdout for protocol and stderr for logs, shutdown and a restart after a crash, a POST per message and its headers, loopback and a refused Origin; the course's placement and its doubled round trip for a remote server set beside the wire, where it holds and where it does not; what 2025-11-25 did otherwise (sessions, the GET stream).",
    startsServers: false,
  },
  {
    name: "03-messages",
    alias: "messages",
    title: "Messages",
    covers:
      "JSON-RPC requests, responses and notifications as MCP uses them, and who may send which in each revision; one tools/call and its result as real lines in 2025-11-25 and 2026-07-28, with _meta and resultType; six failures on the two error channels in both revisions, invalid arguments where the revisions disagree, and local failures that never cross the wire; five tools called with no arguments; the course's envelope tokens by kind beside real bytes.",
    startsServers: false,
  },
  {
    name: "04-three-primitives",
    alias: "primitives",
    title: "Three Primitives",
    covers:
      "tools, resources and prompts, and who chooses each; a tool's inputSchema as JSON Schema, and a tool with a description; resources/list, resources/read (not found in each revision) and prompts/get as real lines; one region question asked through a tool and through a resource, in envelope tokens, round trips and bytes, and what the model sees of each primitive.",
    startsServers: false,
  },
  {
    name: "05-lifecycle-and-negotiation",
    alias: "negotiation",
    title: "Lifecycle and Negotiation",
    covers:
      "a 2025-11-25 connection's lifecycle (initialize, notifications/initialized, shutdown) and what MCP negotiates, a protocol version and capabilities, there and per request in 2026-07-28 (_meta, server/discover, -32022), each as real lines, with the messages and bytes before the first call; what a client following MCP reads of a server (annotations by their defaults, serverInfo for display, a person who may deny a call); then the course's host as a measuring device: the simulator's handshake, the allowlist, the version rule and the approval gate, and the negotiated tools under each.",
    startsServers: false,
  },
  {
    name: "06-writing-a-server",
    alias: "writing-a-server",
    title: "Writing a Server",
    covers:
      "handler versus declaration; a minimal server written whole with the SDK's McpServer.registerTool and serveStdio, run as a process, with its 2026-07-28 tools/list and tools/call lines, and served over Streamable HTTP by a whole program on createMcpHandler; the course's real olcum server, served in-process, declaring its tools at four levels as real tools/list lines, and an empty tools/call answered with a tool execution error; the simulator's declare at the same levels; negotiation against an allowlist and known versions; the envelope cost of twelve tasks; the course's version rule beside a client that follows MCP; the approval gate reading a tool that says nothing by MCP's defaults, beside the course's gate that passes silence.",
    startsServers: false,
  },
  {
    name: "07-writing-a-client",
    alias: "writing-a-client",
    title: "Writing a Client",
    covers:
      "a whole client in 2026-07-28 written with the official SDK (its imports, StdioClientTransport, versionNegotiation pinned to 2026-07-28, connect, listTools, callTool, isError, a caught ProtocolError, close), run on a real server with its lines shown; the same SDK as a 2025-11-25 client with its policy applied after tools/list and before tools/call; discovery as MCP spells it (initialize, the initialized notification, tools/resources/prompts lists) for the three servers and the fleet; discovery renewed at every task against once per session, and how the gap grows; kayit dropped for its version without a word; a client that reports each drop and what that costs.",
    startsServers: false,
  },
  {
    name: "08-the-fleet-behind-the-boundary",
    alias: "fleet",
    title: "The Fleet behind the Boundary",
    covers:
      "a seeded fleet of 400 devices and a question with a trap; MCP's two error channels, the same eight malformed calls down three paths and three of them on a real server; two scripted agents under slow tools, crashes, restarts and stdout noise on a virtual clock; failures the client makes itself, and when a retry is safe; a slow call's progress on stdio and as an SSE stream over HTTP.",
    startsServers: false,
  },
  {
    name: "09-the-simulation-against-the-wire",
    alias: "wire",
    title: "The Simulation against the Wire",
    covers:
      "the four servers as real MCP servers over stdio on the official SDK, and a real client; the simulator's counts held to the wire in one line, lesson 6's gate table included; envelope tokens against bytes; what zod's converter lists; a cancellation on the wire; structured tool results (outputSchema, structuredContent) from a real server, and who checks them.",
    startsServers: true,
  },
  {
    name: "10-without-a-session",
    alias: "without-a-session",
    title: "Without a Session",
    covers:
      "MCP's two eras, the legacy initialize session and the stateless 2026-07-28 revision: the two openings line by line; the per-request _meta and per-result fields, in tokens and bytes; lesson 6's tasks and lesson 7's discovery in both eras, simulated and on the wire; caching lists for ttlMs; auto's probe and fallback; a multi round-trip request that asks the user to confirm a write.",
    startsServers: true,
  },
];

/**
 * Finds a lesson by its full name (`06-writing-a-server`), its alias (`writing-a-server`) or its
 * number (`06`, `6`).
 *
 * @returns the lesson, or undefined when no lesson has that name.
 */
export function findLesson(name: string): LessonEntry | undefined {
  return LESSONS.find(
    (lesson) =>
      lesson.name === name ||
      lesson.alias === name ||
      (/^\d+$/.test(name) && Number(lesson.name.slice(0, 2)) === Number(name)),
  );
}
