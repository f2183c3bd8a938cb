// Invariant: the bundled server (`dist/serve.js`, what MCP clients run) answers byte for byte as the unbundled modules do — every server, level and path, tools/list, resources, prompts, good and malformed calls, the log, bad input — and its code cache is the one made for it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { MALFORMED_CALLS } from "../../src/fleet/malformed";
import { buildIdOf, bundleScript, SERVE_BUNDLE, SERVE_CODE_CACHE, SERVE_SCRIPT } from "../../src/serve";
import { ROOT } from "../helpers";
import { call, OPENING, request, runServer, type ServerRun } from "./wire";

/** The same command line, unbundled: `cli/serveMain.js` as the build compiled it, run on the arguments after `-e`'s script. */
const UNBUNDLED = [
  "-e",
  "require(process.argv[1]).main(process.argv.slice(2))",
  join(ROOT, "dist", "cli", "serveMain.js"),
];

/** A session touching every method a server answers, and, for the fleet, the seed's calls and the eight malformed ones. */
function session(fleet: boolean): string {
  const lists =
    request(2, "tools/list") +
    request(3, "resources/list") +
    request(4, "prompts/list") +
    request(5, "prompts/get", { name: "bedel_aciklamasi", arguments: { m3: "23" } });
  const reads = fleet
    ? request(6, "resources/read", { uri: "fleet://cihaz_listesi" })
    : request(6, "resources/read", { uri: "tarife://basamak_tablosu" });
  const calls = fleet
    ? [
        call(10, "count_devices", { max_hours: 500 }),
        call(11, "top_devices", { field: "downtime_min", limit: 10, max_hours: 500 }),
        call(12, "get_device", { device_id: "RP2-001" }),
        ...MALFORMED_CALLS.map((malformed, i) => call(20 + i, malformed.call.name, { ...malformed.call.arguments })),
      ]
    : [call(10, "sayac_oku", { abone: "A001" }), call(11, "tarife", { m3: 23, tip: "isyeri" }), call(12, "nope", {})];
  return (
    OPENING +
    lists +
    reads +
    calls.join("") +
    '{"jsonrpc":"2.0","id":99,"method":"tools/list","params":{"_meta":{"progressToken":1}}}\n{"not":"json-rpc"}\n'
  );
}

/** A run's log without its wall times. */
function events(run: ServerRun): Record<string, unknown>[] {
  return run.events.map(({ duration_ms: _ms, ...rest }) => rest);
}

describe("the bundle answers as the unbundled modules do", () => {
  const cases: [string, string[]][] = [
    ["fleet", ["fleet"]],
    ["fleet --path raw", ["fleet", "--path", "raw"]],
    ["fleet --level name --seed 7", ["fleet", "--level", "name", "--seed", "7"]],
    ["fleet --level fields", ["fleet", "--level", "fields"]],
    ["tarife", ["tarife"]],
    ["olcum --level 2", ["olcum", "--level", "2"]],
    ["kayit --level 0 --seed 20260219", ["kayit", "--level", "0", "--seed", "20260219"]],
  ];
  for (const [label, args] of cases) {
    it(`${label}: the same stdout bytes and the same log`, async () => {
      const input = session(args[0] === "fleet");
      const [bundled, unbundled] = await Promise.all([
        runServer(args, input, [SERVE_SCRIPT]),
        runServer(args, input, UNBUNDLED),
      ]);
      assert.equal(bundled.code, 0, bundled.stderr);
      assert.equal(unbundled.code, 0, unbundled.stderr);
      assert.ok(bundled.lines.length >= 8, bundled.stdout.toString());
      assert.ok(bundled.stdout.equals(unbundled.stdout), `${label}:\n${bundled.stdout}\n---\n${unbundled.stdout}`);
      assert.deepEqual(events(bundled), events(unbundled));
    });
  }

  it("bad input: the same one line on stderr, exit 2, nothing on stdout", () => {
    for (const args of [["nope"], ["fleet", "--level", "9"], ["tarife", "--path", "raw"], []]) {
      const bundled = spawnSync(process.execPath, [SERVE_SCRIPT, ...args], { encoding: "utf8", input: "" });
      const unbundled = spawnSync(process.execPath, [...UNBUNDLED, ...args], { encoding: "utf8", input: "" });
      assert.equal(bundled.status, 2, args.join(" "));
      assert.equal(bundled.stdout, "");
      assert.match(bundled.stderr, /^mcp-course: [^\n]*\n$/);
      assert.deepEqual(
        [unbundled.status, unbundled.stdout, unbundled.stderr],
        [bundled.status, bundled.stdout, bundled.stderr],
      );
    }
  });
});

it("--help is the launcher's own, the same as `mcp-course serve --help`", () => {
  const bundled = spawnSync(process.execPath, [SERVE_SCRIPT, "--help"], { encoding: "utf8", input: "" });
  const unbundled = spawnSync(process.execPath, [...UNBUNDLED, "--help"], { encoding: "utf8", input: "" });
  assert.equal(bundled.status, 0);
  assert.match(bundled.stdout, /^Usage: mcp-course serve/);
  assert.deepEqual(
    [unbundled.status, unbundled.stdout, unbundled.stderr],
    [bundled.status, bundled.stdout, bundled.stderr],
  );
});

describe("the bundle as built", () => {
  const source = readFileSync(SERVE_BUNDLE, "utf8");

  it("carries a build id, and its code cache was made for it and is accepted by this Node", () => {
    const id = buildIdOf(source);
    assert.match(id ?? "", /^[0-9a-f]{32}$/);
    const cache = readFileSync(SERVE_CODE_CACHE);
    const end = cache.indexOf(0x0a);
    assert.equal(cache.toString("latin1", 0, end), id);
    const script = bundleScript(source, cache.subarray(end + 1));
    assert.equal(script.cachedDataRejected, false);
  });

  it("holds zod's English locale only, no zod v3, and the fleet's validators precompiled", () => {
    const modules = [...source.matchAll(/^\/\/ (node_modules\/[^\n]+)$/gm)].map((match) => match[1]);
    const locales = modules.filter((module) => module.includes("zod/v4/locales/") && !module.endsWith("/index.js"));
    assert.deepEqual(locales, ["node_modules/zod/v4/locales/en.js"]);
    assert.deepEqual(
      modules.filter((module) => module.startsWith("node_modules/zod/v3/")),
      [],
    );
    // In place of the module that compiles with ajv at run time: ajv's generated functions.
    const validation = source.slice(source.indexOf("// src/fleet/fleetValidation.ts\n"));
    assert.match(validation, /^\/\/ src\/fleet\/fleetValidation\.ts\nfunction validate0\(data, /);
    assert.doesNotMatch(validation.slice(0, validation.indexOf("\n// ", 1)), /\.compile\(/);
  });

  it("the build marks the package's two programs executable (dist/cli/main.js, the bin; dist/serve.js)", () => {
    for (const file of [join(ROOT, "dist", "cli", "main.js"), SERVE_SCRIPT])
      assert.equal(statSync(file).mode & 0o111, 0o111, file);
  });
});
