// Invariant: `mcp-course serve` rejects bad input with one catalog line on stderr, exit 2 and nothing on stdout, and its help names every option.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { messages } from "../../src/cli/messages";
import { LOOPBACK_NAMES } from "../../src/server/httpConstants";
import { cli } from "../helpers";

describe("mcp-course serve: bad input", () => {
  const cases: [string[], string][] = [
    [["serve", "nope"], messages.unknownServer(["olcum", "tarife", "kayit", "fleet"])],
    [["serve", "olcum", "--level", "4"], messages.badLevel(["name", "fields", "side-effect", "full"])],
    [["serve", "olcum", "--level", "everything"], messages.badLevel(["name", "fields", "side-effect", "full"])],
    [["serve", "fleet", "--fault", "crash:0"], messages.badFault()],
    [["serve", "fleet", "--fault", "explode"], messages.badFault()],
    [["serve", "fleet", "--seed", "-1"], messages.badSeed()],
    [["serve", "fleet", "--seed", "9007199254740992"], messages.badSeed()],
    [["serve", "fleet", "--path", "direct"], messages.badPath(["raw", "validating", "high-level"])],
    [["serve", "fleet", "--slow-ms", "soon"], messages.badSlowMs()],
    [["serve", "olcum", "--era", "modern"], messages.badEra(["both", "legacy", "stateless"])],
    [["serve", "tarife", "--path", "raw"], messages.pathNotFleet("tarife")],
    [["serve", "kayit", "--fault", "slow"], messages.slowNotFleet("kayit")],
    [["serve", "fleet", "--slow-ms", "200"], messages.slowMsWithoutSlow()],
    [["serve", "fleet", "--path", "high-level", "--fault", "crash:2"], messages.faultNotHighLevel()],
    [["serve", "kayit", "--confirm-writes", "--era", "legacy"], messages.confirmWritesLegacy()],
    [["serve", "tarife", "--port", "8931"], messages.httpOnly("--port")],
    [["serve", "tarife", "--host", "localhost"], messages.httpOnly("--host")],
    [["serve", "tarife", "--allow-remote"], messages.httpOnly("--allow-remote")],
    [["serve", "tarife", "--http", "--port", "65536"], messages.badPort()],
    [["serve", "tarife", "--http", "--port", "-1"], messages.badPort()],
    [["serve", "tarife", "--http", "--host", "0.0.0.0"], messages.remoteHost("0.0.0.0", LOOPBACK_NAMES)],
    [["serve", "fleet", "--http", "--fault", "noisy-line"], messages.noisyOverHttp()],
    [["serve", "tarife", "--http", "--host", "127.0.0.2"], messages.remoteHost("127.0.0.2", LOOPBACK_NAMES)],
    [
      ["serve", "tarife", "--http", "--host", "192.0.2.1", "--allow-remote"],
      messages.hostUnavailable("192.0.2.1", "no interface of this machine has it"),
    ],
    [
      ["serve", "tarife", "--http", "--host", "no-such-host.invalid", "--allow-remote"],
      messages.hostUnavailable("no-such-host.invalid", "no such host name"),
    ],
  ];
  for (const [args, message] of cases) {
    it(`${args.slice(1).join(" ")}: one line naming the problem, exit 2, empty stdout`, () => {
      const run = cli(args);
      assert.equal(run.status, 2);
      assert.equal(run.stdout, "");
      assert.equal(run.stderr.split("\n").length, 2, run.stderr);
      assert.ok(run.stderr.startsWith("mcp-course: "), run.stderr);
      assert.ok(run.stderr.includes(message), run.stderr);
    });
  }

  for (const http of [[], ["--http"]])
    it(`serve kayit --confirm-writes${http.map((flag) => ` ${flag}`).join("")} with a short MCP_COURSE_STATE_KEY: one line, exit 2, empty stdout`, () => {
      const run = cli(["serve", "kayit", "--confirm-writes", ...http], {
        env: { ...process.env, MCP_COURSE_STATE_KEY: "too short" },
      });
      assert.equal(run.status, 2);
      assert.equal(run.stdout, "");
      assert.equal(run.stderr, "mcp-course: MCP_COURSE_STATE_KEY must be at least 32 bytes long (it has 9)\n");
    });

  it("serve without a server: exit 2, nothing on stdout", () => {
    const run = cli(["serve"]);
    assert.equal(run.status, 2);
    assert.equal(run.stdout, "");
  });

  it("help names the servers, levels, faults, --path, --slow-ms and --era's three eras", () => {
    const run = cli(["serve", "--help"]);
    assert.equal(run.status, 0);
    for (const word of [
      "olcum, tarife, kayit, fleet",
      "--level",
      "side-effect",
      "--seed",
      "--fault",
      "crash[:N]",
      "noisy-raw",
      "--path",
      "validating",
      "--slow-ms",
      "--era",
      "--http",
      "--port",
      "--host",
      "--allow-remote",
      "--confirm-writes",
      "Mcp-Session-Id",
      "both",
      "legacy",
      "stateless",
    ]) {
      assert.ok(run.stdout.includes(word), word);
    }
  });
});
