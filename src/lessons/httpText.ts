/**
 * An HTTP message as the course prints it, for every lesson that shows one as it crossed (lesson 2's
 * `tools/call` POST, lesson 8's POST answered by an SSE stream): its header lines, the port masked
 * and the `Date` field left out (the two things that vary between runs), then its body; an SSE
 * body's chunked coding, which varies too, is not counted ({@link shownBodyBytes}). A JSON
 * body is one line folded to fit the page ({@link foldedLine}); a `text/event-stream` body is shown
 * line by line, each newline as `⏎`, so that an SSE event's `event:` and `data:` lines and the blank
 * line that ends it can be read by hand (the SSE format: WHATWG HTML, "Server-sent events",
 * https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation).
 */
import { LINE_WIDTH } from "../notebook/lineWidth";
import type { HttpMessageText } from "../wireClient/httpFetch";
import { foldedLine } from "./transcriptText";

/** What stands for a port in everything a lesson prints: ports are picked by the system. */
export const PORT_MASK = "<port>";

/** The header field left out of every printed block: the server's `Date`, which varies by run. */
export const OMITTED_FIELDS: readonly string[] = ["Date"];

/** Text cut to `width` characters, `…` marking the cut. */
export function cut(text: string, width: number = LINE_WIDTH): string {
  return [...text].length <= width ? text : `${[...text].slice(0, width - 1).join("")}…`;
}

/** A header block for print: the port masked ({@link PORT_MASK}), the `Date` field left out. */
export function maskedHttpMessage(message: HttpMessageText): HttpMessageText {
  const head = message.head
    .filter((line) => !/^date:/i.test(line))
    .map((line) => line.replace(/^(host:\s*[^:]+):\d+$/i, `$1:${PORT_MASK}`));
  return { ...message, head };
}

/** Whether a message's header block names an SSE body (`content-type: text/event-stream`). */
export function isEventStream(message: HttpMessageText): boolean {
  return message.head.some((line) => /^content-type:\s*text\/event-stream/i.test(line));
}

/**
 * An HTTP message as it crossed: header lines, a blank line, its content. A JSON body is folded
 * ({@link foldedLine}); an SSE body is printed line by line, each line's newline as `⏎` (a blank
 * line, the end of an event, as a lone `⏎`), a long `data:` line folded.
 */
export function formatHttpMessage(message: HttpMessageText): string[] {
  const head = message.head.map((line) => cut(`  ${line}`));
  if (message.content === "") return head;
  if (!isEventStream(message)) return [...head, "", ...foldedLine(message.content)];
  const lines = message.content.split("\n");
  // The body's last newline ends its last line: no line follows it.
  if (lines.at(-1) === "") lines.pop();
  return [...head, "", ...lines.flatMap((line) => foldedLine(line, "⏎"))];
}

/**
 * The bytes a heading gives for a message's body. A JSON body is written in one piece, so its
 * chunked coding is counted with it (lesson 2 reads it: a size line, the piece, the last chunk).
 * An SSE body is written an event or so at a time, and how the runtime groups those writes into
 * chunks is not fixed (Node.js 20 and 24 group the same four events differently), so for a stream
 * only its content counts: the events' bytes as a client reads them, without the chunked coding.
 */
export function shownBodyBytes(message: HttpMessageText): number {
  return isEventStream(message) ? Buffer.byteLength(message.content) : message.bodyBytes;
}

/**
 * Who sent an HTTP message, and its bytes: header block + body ({@link shownBodyBytes}), an SSE
 * body marked as counted without its chunked coding.
 */
export function httpHeading(from: "client" | "server", message: HttpMessageText): string {
  const who = from === "client" ? "client → server" : "server → client";
  const body = isEventStream(message) ? ", the body without its chunked coding" : "";
  return `${who} (${message.headerBytes} + ${shownBodyBytes(message)} bytes${body})`;
}

/**
 * One HTTP exchange as it crossed: the command that started the server, each message's heading
 * ({@link httpHeading}), header block and body ({@link formatHttpMessage}), and a last line naming
 * the fields left out ({@link OMITTED_FIELDS}). With `requestNote`, for a request the page has
 * already shown in another form, the request is its heading and that note alone.
 */
export function formatHttpExchange(
  command: string,
  exchange: { request: HttpMessageText; response: HttpMessageText },
  { requestNote }: { requestNote?: string } = {},
): string {
  const request =
    requestNote === undefined
      ? [httpHeading("client", exchange.request), ...formatHttpMessage(exchange.request)]
      : [cut(`${httpHeading("client", exchange.request)}: ${requestNote}`)];
  return [
    cut(`$ ${command}`),
    ...request,
    httpHeading("server", exchange.response),
    ...formatHttpMessage(exchange.response),
    cut(
      `(left out above: the response's ${OMITTED_FIELDS.join(", ")} field; its bytes are counted)`,
    ),
  ].join("\n");
}
