/**
 * The transport's floor (run by bench/wire.ts): a process that writes every newline-terminated line
 * of its stdin back to its stdout, unchanged. Nothing is parsed, so a round trip through it costs
 * what a newline-delimited JSON exchange between two Node processes over a pipe cannot avoid: two
 * pipe writes, two wake-ups, the buffering and the line split. It is not an MCP server.
 */
let pending = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk: string) => {
  pending += chunk;
  let end = pending.indexOf("\n");
  while (end !== -1) {
    process.stdout.write(pending.slice(0, end + 1));
    pending = pending.slice(end + 1);
    end = pending.indexOf("\n");
  }
});
