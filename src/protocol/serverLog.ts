/**
 * Reading a real server's log back: the one parser of the JSON lines `mcp-course serve` writes on
 * stderr (the format is `server/log.ts`'s: one JSON object per line, `event` first). The server
 * writes the log and the clients and lessons read it, so the reading sits here, below both; it
 * imports nothing.
 *
 * Stderr is the server's log, never protocol: 2026-07-28 `basic/transports/stdio.mdx` (the server
 * MAY write UTF-8 strings to `stderr` for any logging purposes; the client MAY capture, forward or
 * ignore them). So a reader keeps only the lines that are events and skips any other text the
 * process wrote there (a stack trace, a warning). The HTTP server writes the same log on its
 * stderr.
 */

/** One line of a server's stderr log: `event` (`serving`, `call`, `stopping`, …) and its fields. */
export interface ServerEvent {
  event: string;
  [field: string]: unknown;
}

/**
 * The events of a server's log, in the order written: each line that parses as a JSON object with
 * a string `event` member; any other line (not JSON, another JSON value, an object without
 * `event`, an empty or unfinished last line) is skipped.
 *
 * @param log the log as one text (lines split at `\n`) or as its lines.
 */
export function parseEvents(log: string | readonly string[]): ServerEvent[] {
  const lines = typeof log === "string" ? log.split("\n") : log;
  const events: ServerEvent[] = [];
  for (const line of lines) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue; // not a log line: not an event
    }
    if (
      value !== null &&
      typeof value === "object" &&
      !Array.isArray(value) &&
      typeof (value as { event?: unknown }).event === "string"
    )
      events.push(value as ServerEvent);
  }
  return events;
}
