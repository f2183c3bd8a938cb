// Invariant: a real `mcp-course serve` process follows the specification of the revision its client speaks, point by point: each test names the rule's source (spec file and section, repository modelcontextprotocol/modelcontextprotocol) and runs in the era or eras the rule applies to.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { FLEET_TOOL_DEFINITIONS } from "../../src/fleet/tools";
import { DEFAULT_SEED } from "../../src/sim/seed";
import { createWorld } from "../../src/world/world";
import {
  answer,
  call,
  eventsOf,
  line,
  messages,
  opening,
  rawResponseLine,
  request,
  runServer,
  STATELESS_META,
  statelessCall,
  statelessRequest,
  type ServerRun,
} from "./wire";

/** Every error message on a run's stdout (JSON lines only). */
function errorMessages(run: ServerRun): string[] {
  return messages(run).flatMap((m) => (m.error ? [String(m.error.message)] : []));
}

/** No error message anywhere is a dump or carries a doubled `MCP error` prefix. */
function assertOneSentenceErrors(run: ServerRun): void {
  for (const message of errorMessages(run)) {
    assert.doesNotMatch(message, /\n/, `one line: ${message}`);
    assert.doesNotMatch(message, /^MCP error/, `no SDK prefix: ${message}`);
    assert.doesNotMatch(message, /"code":|invalid_type|\[\s*\{/, `no zod dump: ${message}`);
  }
}

const LEGACY = ["2025-11-25", "2025-06-18", "2024-11-05"] as const;

describe("responses sent to the server are never answered (every revision's basic/index.mdx, Responses: 'Responses are sent in reply to requests'; 2026-07-28 basic/transports/stdio.mdx: 'The client MUST NOT write JSON-RPC responses')", () => {
  const responses = [
    line({ jsonrpc: "2.0", id: 40, result: {} }),
    line({ jsonrpc: "2.0", id: 41, error: { code: -32601, message: "no" } }),
    line({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }),
    line({ jsonrpc: "2.0", error: { code: -32600, message: "no id at all" } }),
  ].join("");
  for (const era of ["2025-06-18", "stateless"] as const) {
    it(`${era}: four responses (one with "id": null) get nothing back; the next request is served`, async () => {
      const open = era === "stateless" ? statelessRequest(1, "server/discover") : opening(era);
      const next = era === "stateless" ? statelessRequest(2, "tools/list") : request(2, "tools/list");
      const run = await runServer(["fleet"], [open, responses, next]);
      assert.equal(run.code, 0);
      assert.deepEqual(
        messages(run).map((m) => m.id),
        era === "stateless" ? [1, 2] : [1, 2],
      );
      assert.equal(eventsOf(run, "ignored").length, 4);
    });
  }
});

describe("replies to unparsable or invalid lines follow the revision's schema (JSONRPCErrorResponse.id is optional, never null, in schema/2025-11-25 and schema/2026-07-28/schema.ts; a required RequestId in 2025-06-18 and 2024-11-05, where JSON-RPC 2.0 §5's null is kept)", () => {
  const bad = '{"not json\n{"jsonrpc":"2.0","id":7}\n';
  for (const [era, idMember] of [
    ["2025-11-25", "absent"],
    ["2026-07-28", "absent"],
    ["2025-06-18", "null"],
    ["2024-11-05", "null"],
  ] as const) {
    it(`${era}: a parse error gets −32700 with the id member ${idMember}; a message without a method −32600 with its readable id`, async () => {
      const open = era === "2026-07-28" ? statelessRequest(1, "server/discover") : opening(era);
      const run = await runServer(["olcum"], [open, bad]);
      const replies = messages(run).filter((m) => m.error && m.id !== 1);
      assert.deepEqual(
        replies.map((m) => m.error.code),
        [-32700, -32600],
      );
      assert.equal(answer(run, 7)!.error.code, -32600, "neither a request nor a response: answered with its id");
      const parse = replies[0];
      if (idMember === "absent") assert.equal("id" in parse, false);
      else assert.equal(parse.id, null);
      const invalid = await runServer(["olcum"], [open, '{"jsonrpc":"2.0","id":8,"method":5}\n']);
      assert.deepEqual(answer(invalid, 8)!.error.code, -32600);
    });
  }
});

describe("unknown tool: the protocol error −32602 (server/tools.mdx, Error Handling: 'Protocol Errors … Unknown tool', 2024-11-05 to 2026-07-28)", () => {
  const cases: [string, string[]][] = [
    ["fleet validating", ["fleet"]],
    ["fleet raw", ["fleet", "--path", "raw"]],
    ["olcum", ["olcum"]],
  ];
  for (const [label, args] of cases) {
    it(`${label}, legacy (2025-11-25) and stateless: −32602 'Unknown tool: rank_by_rate'`, async () => {
      const [legacy, stateless] = await Promise.all([
        runServer(args, [opening("2025-11-25"), call(2, "rank_by_rate", { field: "x" })]),
        runServer(args, [statelessCall(2, "rank_by_rate", { field: "x" })]),
      ]);
      for (const run of [legacy, stateless]) {
        assert.deepEqual(answer(run, 2)!.error, { code: -32602, message: "Unknown tool: rank_by_rate" });
        assertOneSentenceErrors(run);
      }
    });
  }
});

describe("invalid arguments: a tool execution error from 2025-11-25 on ('Input validation errors' under Tool Execution Errors, 2025-11-25 and 2026-07-28 server/tools.mdx, Error Handling); −32602 for 2025-06-18 and 2024-11-05 ('Protocol Errors … Invalid arguments', their server/tools.mdx, Error Handling)", () => {
  const fleetBad = { field: "downtime_min", limit: "5" };
  const expectedFleet =
    'Input validation error: Invalid arguments for tool top_devices: limit: expected integer, received "5"';
  const expectedTarife =
    'Input validation error: Invalid arguments for tool tarife: m3: expected integer, received "abc"';
  for (const era of [...LEGACY, "2026-07-28"] as const) {
    it(`${era}: fleet top_devices {limit: "5"} and tarife {m3: "abc"} name the argument and what it should be`, async () => {
      const send = (id: number, name: string, args: Record<string, unknown>) =>
        era === "2026-07-28" ? statelessCall(id, name, args) : call(id, name, args);
      const open = era === "2026-07-28" ? "" : opening(era);
      const [fleet, tarife] = await Promise.all([
        runServer(["fleet"], [open, send(2, "top_devices", fleetBad)]),
        runServer(["tarife"], [open, send(2, "tarife", { m3: "abc" })]),
      ]);
      for (const [run, text] of [
        [fleet, expectedFleet],
        [tarife, expectedTarife],
      ] as const) {
        const reply = answer(run, 2)!;
        if (era === "2025-11-25" || era === "2026-07-28") {
          assert.equal(reply.result.isError, true);
          assert.deepEqual(reply.result.content, [{ type: "text", text }]);
        } else {
          assert.deepEqual(reply.error, { code: -32602, message: text });
        }
      }
    });
  }
});

describe("servers validate tool inputs (server/tools.mdx, Security Considerations: 'Servers MUST: Validate all tool inputs', 2025-06-18 to 2026-07-28); the fleet's raw path stays unvalidated, opt-in (lesson 8's contrast)", () => {
  it("tarife {m3: 'abc'} never answers {tutar: null}, in either era; tarife {m3: 23} without tip is served (tip defaults to mesken)", async () => {
    const [legacy, stateless] = await Promise.all([
      runServer(["tarife"], [opening("2025-11-25"), call(2, "tarife", { m3: "abc" }), call(3, "tarife", { m3: 23 })]),
      runServer(["tarife"], [statelessCall(2, "tarife", { m3: "abc" }), statelessCall(3, "tarife", { m3: 23 })]),
    ]);
    for (const run of [legacy, stateless]) {
      assert.doesNotMatch(run.stdout.toString(), /tutar\\":null/);
      assert.equal(answer(run, 2)!.result.isError, true);
      assert.equal(answer(run, 3)!.result.isError, false);
    }
  });

  it("fleet --path raw hands {limit: '5'} to the handler unchecked: no 'Input validation error'", async () => {
    const run = await runServer(
      ["fleet", "--path", "raw"],
      [opening("2025-11-25"), call(2, "top_devices", { field: "downtime_min", limit: "5" })],
    );
    assert.doesNotMatch(run.stdout.toString(), /Input validation error/);
    assert.ok(answer(run, 2), "answered");
  });
});

describe("initialize with missing or wrong params: −32602 with one sentence (InitializeRequestParams: protocolVersion, capabilities, clientInfo required, 2025-11-25 schema.ts; −32602 'Invalid params', JSON-RPC 2.0 §5.1)", () => {
  it("no params, no capabilities, a numeric protocolVersion, clientInfo without version: each −32602, one sentence; a good initialize after them is served", async () => {
    const run = await runServer(
      ["olcum"],
      [
        request(1, "initialize"),
        request(2, "initialize", { protocolVersion: "2025-11-25" }),
        request(3, "initialize", {
          protocolVersion: 20251125,
          capabilities: {},
          clientInfo: { name: "a", version: "1" },
        }),
        request(4, "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "a" } }),
        request(5, "initialize", {
          protocolVersion: "2025-11-25",
          capabilities: {},
          clientInfo: { name: "a", version: "1" },
        }),
        request(6, "tools/call", { name: 5 }),
        request(7, "resources/read", {}),
      ],
    );
    for (const id of [1, 2, 3, 4, 6, 7]) assert.equal(answer(run, id)!.error.code, -32602, `id ${id}`);
    assert.match(answer(run, 2)!.error.message, /^Invalid initialize params: .*capabilities is missing\.$/);
    assert.equal(answer(run, 5)!.result.protocolVersion, "2025-11-25");
    assertOneSentenceErrors(run);
  });
});

describe("resources/templates/list is answered where resources are declared (2025-11-25 and 2026-07-28 server/resources.mdx, Resource Templates)", () => {
  for (const era of ["2025-11-25", "2026-07-28"] as const) {
    it(`${era}: olcum, tarife and fleet answer an empty list; kayit, without resources, −32601`, async () => {
      const send = (id: number) =>
        era === "2026-07-28"
          ? statelessRequest(id, "resources/templates/list")
          : request(id, "resources/templates/list");
      const open = era === "2026-07-28" ? "" : opening(era);
      const runs = await Promise.all(
        ["olcum", "tarife", "fleet", "kayit"].map((server) => runServer([server], [open, send(2)])),
      );
      for (const run of runs.slice(0, 3)) assert.deepEqual(answer(run, 2)!.result.resourceTemplates, []);
      assert.equal(answer(runs[3], 2)!.error.code, -32601);
    });
  }
});

describe("an invalid pagination cursor is −32602 ('Invalid cursors SHOULD result in an error with code -32602', 2025-11-25 and 2026-07-28 server/utilities/pagination.mdx)", () => {
  it("tools/list, resources/list and prompts/list with a cursor this server never issued, in both eras", async () => {
    const lists = ["tools/list", "resources/list", "prompts/list"];
    const [legacy, stateless] = await Promise.all([
      runServer(
        ["tarife"],
        [opening("2025-11-25"), ...lists.map((method, i) => request(2 + i, method, { cursor: "eyJwYWdlIjoyfQ" }))],
      ),
      runServer(
        ["tarife"],
        lists.map((method, i) => statelessRequest(2 + i, method, { cursor: "eyJwYWdlIjoyfQ" })),
      ),
    ]);
    for (const run of [legacy, stateless])
      for (const id of [2, 3, 4]) assert.equal(answer(run, id)!.error.code, -32602);
  });
});

describe("arguments nested 100,000 deep: a clean −32602 (malformed params; 'Invalid params', JSON-RPC 2.0 §5.1), no stack overflow", () => {
  it("in both eras, objects and arrays, and the next request is served", async () => {
    const deep = (open: string, close: string) => `${open.repeat(100_000)}1${close.repeat(100_000)}`;
    const objects = deep('{"a":', "}");
    const arrays = deep("[", "]");
    const legacy = await runServer(
      ["olcum"],
      [
        opening("2025-11-25"),
        `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"sayac_oku","arguments":{"abone":${objects}}}}\n`,
        `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"sayac_oku","arguments":{"abone":${arrays}}}}\n`,
        request(4, "tools/list"),
      ],
    );
    const stateless = await runServer(
      ["olcum"],
      [
        `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"sayac_oku","arguments":{"abone":${objects}},"_meta":${JSON.stringify(STATELESS_META)}}}\n`,
        statelessRequest(4, "tools/list"),
      ],
    );
    for (const run of [legacy, stateless]) {
      assert.equal(answer(run, 2)!.error.code, -32602);
      assert.doesNotMatch(run.stdout.toString(), /Maximum call stack/);
      assert.equal(answer(run, 4)!.result.tools.length, 2);
      assertOneSentenceErrors(run);
    }
    assert.equal(answer(legacy, 3)!.error.code, -32602);
  });
});

describe("a task-augmented tools/call is processed normally when tasks are not declared ('Receivers that do not declare the task capability for a request type MUST process requests of that type normally, ignoring any task-augmentation metadata', 2025-11-25 basic/utilities/tasks.mdx)", () => {
  it("2025-11-25: count_devices with task {ttl} answers a plain result", async () => {
    const run = await runServer(
      ["fleet"],
      [
        opening("2025-11-25"),
        request(2, "tools/call", { name: "count_devices", arguments: { max_hours: 500 }, task: { ttl: 60000 } }),
      ],
    );
    const result = answer(run, 2)!.result;
    assert.notEqual(result.isError, true);
    assert.equal(result.task, undefined);
    assert.deepEqual(Object.keys(JSON.parse(result.content[0].text)), ["count"]);
  });
});

describe("annotations (ToolAnnotations, 2025-11-25 and 2026-07-28 schema.ts): openWorldHint false for a closed domain, no destructiveHint or idempotentHint beside readOnlyHint true ('meaningful only when readOnlyHint == false'), kayit_yaz idempotent, tarife's defaulted tip not required", () => {
  it("at level side-effect, in both eras", async () => {
    const servers = ["olcum", "tarife", "kayit", "fleet"];
    const runs = await Promise.all(
      servers.flatMap((server) => [
        runServer([server, "--level", "side-effect"], [opening("2025-11-25"), request(2, "tools/list")]),
        runServer([server, "--level", "side-effect"], [statelessRequest(2, "tools/list")]),
      ]),
    );
    const tools = runs.flatMap((run) => answer(run, 2)!.result.tools as Record<string, any>[]);
    for (const tool of tools) {
      assert.equal(tool.annotations.openWorldHint, false, tool.name);
      if (tool.annotations.readOnlyHint === true)
        assert.deepEqual(Object.keys(tool.annotations).sort(), ["openWorldHint", "readOnlyHint"], tool.name);
    }
    const kayitYaz = tools.find((tool) => tool.name === "kayit_yaz")!;
    assert.deepEqual(kayitYaz.annotations, {
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: false,
    });
    assert.deepEqual(tools.find((tool) => tool.name === "tarife")!.inputSchema.required, ["m3"]);
  });
});

describe("numeric ids beyond 2^53 are echoed exactly (the response 'MUST include the same ID as the request', every revision's basic/index.mdx, Responses)", () => {
  it("legacy and stateless: 12345678901234567890 and -9007199254740993 come back digit for digit, on results and on errors", async () => {
    const big = "12345678901234567890";
    const negative = "-9007199254740993";
    const legacy = await runServer(
      ["fleet"],
      [
        opening("2025-11-25"),
        `{"jsonrpc":"2.0","id":${big},"method":"tools/list"}\n`,
        `{"jsonrpc":"2.0","id":${negative},"method":"nope"}\n`,
      ],
    );
    const stateless = await runServer(
      ["fleet"],
      [`{"jsonrpc":"2.0","id":${big},"method":"tools/list","params":{"_meta":${JSON.stringify(STATELESS_META)}}}\n`],
    );
    for (const run of [legacy, stateless])
      assert.ok(
        run.lines.some((text) => text.includes(`"id":${big},`) && text.includes('"tools"')),
        run.stdout.toString(),
      );
    assert.ok(legacy.lines.some((text) => text.includes(`"id":${negative},`) && text.includes("-32601")));
  });
});

describe("the stateless era (2026-07-28)", () => {
  let run: ServerRun;
  before(async () => {
    run = await runServer(
      ["fleet"],
      [
        statelessRequest(1, "server/discover"),
        request(2, "tools/list"),
        line({
          jsonrpc: "2.0",
          id: 3,
          method: "tools/list",
          params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } },
        }),
        line({
          jsonrpc: "2.0",
          id: 4,
          method: "tools/list",
          params: { _meta: { "io.modelcontextprotocol/clientCapabilities": {} } },
        }),
        line({
          jsonrpc: "2.0",
          id: 5,
          method: "tools/list",
          params: { _meta: { ...STATELESS_META, "io.modelcontextprotocol/protocolVersion": "1999-01-01" } },
        }),
        statelessRequest(6, "ping"),
        statelessRequest(7, "logging/setLevel", { level: "info" }),
        statelessRequest(8, "tools/list"),
        statelessRequest(9, "tools/list"),
        statelessCall(10, "count_devices", { max_hours: 500 }),
      ],
    );
  });

  it("_meta missing or incomplete: −32602 ('A request missing any required field is malformed; the server MUST reject it with JSON-RPC error code -32602', basic/index.mdx, Per-request protocol fields)", () => {
    for (const id of [2, 3, 4]) assert.equal(answer(run, id)!.error.code, -32602, `id ${id}`);
    assert.match(answer(run, 4)!.error.message, /protocolVersion is missing/);
    assertOneSentenceErrors(run);
  });

  it("an unsupported version after the discover probe alone: −32022 listing the versions it does support ('it MUST respond with an UnsupportedProtocolVersionError listing the versions it does support', basic/versioning.mdx, Protocol Version Negotiation): 2026-07-28 alone, the one version _meta may name (the legacy ones are served through initialize, and listed would loop a client back to −32022)", () => {
    const error = answer(run, 5)!.error;
    assert.equal(error.code, -32022);
    assert.deepEqual(error.data, { supported: ["2026-07-28"], requested: "1999-01-01" });
  });

  it("an unsupported version on the first request: −32022 listing 2026-07-28 alone, the legacy ones still open through initialize", async () => {
    const meta = {
      "io.modelcontextprotocol/protocolVersion": "1999-01-01",
      "io.modelcontextprotocol/clientCapabilities": {},
    };
    const first = await runServer(["olcum"], [request(1, "tools/list", { _meta: meta }), opening("2025-11-25", 2)]);
    assert.deepEqual(answer(first, 1)!.error.data, { supported: ["2026-07-28"], requested: "1999-01-01" });
    assert.equal(answer(first, 2)!.result.protocolVersion, "2025-11-25", "the refused request opened no era");
  });

  it("ping and logging/setLevel: −32601 ('Remove ping, logging/setLevel', changelog.mdx, Major changes 5)", () => {
    assert.equal(answer(run, 6)!.error.code, -32601);
    assert.equal(answer(run, 7)!.error.code, -32601);
  });

  it("server/discover lists the modern versions the process accepts (2026-07-28 alone, as the SDK lists), its capabilities and identity (server/discover.mdx: supportedVersions, capabilities; serverInfo SHOULD)", () => {
    const result = answer(run, 1)!.result;
    assert.deepEqual(result.supportedVersions, ["2026-07-28"]);
    assert.deepEqual(result.capabilities, { tools: {}, resources: {} });
    assert.deepEqual(result._meta["io.modelcontextprotocol/serverInfo"], { name: "fleet", version: "1" });
    assert.equal(result.resultType, "complete");
    assert.equal(typeof result.ttlMs, "number");
  });

  it("tools in a deterministic order, byte for byte our declarations ('Servers SHOULD return tools in a deterministic order', server/tools.mdx), with resultType, ttlMs, cacheScope (server/utilities/caching.mdx: MUST) and serverInfo in _meta (basic/index.mdx, Per-response protocol fields: SHOULD)", () => {
    const declared = FLEET_TOOL_DEFINITIONS.map((tool) => ({
      ...tool,
      annotations: { readOnlyHint: true, openWorldHint: false },
    }));
    const first = rawResponseLine(run, 8);
    assert.equal(first.replace('"id":8', '"id":9'), rawResponseLine(run, 9));
    assert.ok(
      first.startsWith(
        `{"result":{"tools":${JSON.stringify(declared)},"resultType":"complete","ttlMs":3600000,"cacheScope":"public","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"fleet","version":"1"}}}`,
      ),
      first,
    );
    const callResult = answer(run, 10)!.result;
    assert.equal(callResult.resultType, "complete");
    assert.deepEqual(callResult._meta["io.modelcontextprotocol/serverInfo"], { name: "fleet", version: "1" });
  });

  it("below level full the identity's version is 'undeclared' in discover and in each result's _meta, as in initialize's serverInfo", async () => {
    const world = createWorld(DEFAULT_SEED);
    const [stateless, legacy] = await Promise.all([
      runServer(
        ["olcum", "--level", "fields"],
        [
          statelessRequest(1, "server/discover"),
          statelessCall(2, "sayac_oku", { abone: Object.keys(world.subscribers)[0] }),
        ],
      ),
      runServer(["olcum", "--level", "fields"], [opening("2025-11-25")]),
    ]);
    assert.deepEqual(answer(stateless, 1)!.result._meta["io.modelcontextprotocol/serverInfo"], {
      name: "olcum",
      version: "undeclared",
    });
    assert.deepEqual(answer(stateless, 2)!.result._meta["io.modelcontextprotocol/serverInfo"], {
      name: "olcum",
      version: "undeclared",
    });
    assert.deepEqual(answer(legacy, 1)!.result.serverInfo, { name: "olcum", version: "undeclared" });
  });
});

describe("the legacy era accepts 2025-11-25, 2025-06-18 and 2024-11-05 through initialize (2025-11-25 basic/lifecycle.mdx, Version Negotiation)", () => {
  it("each is answered with itself; another version gets the newest, 2025-11-25; tools/list is the same bytes in each", async () => {
    const runs = await Promise.all(
      [...LEGACY, "2025-03-26"].map((version) => runServer(["fleet"], [opening(version), request(2, "tools/list")])),
    );
    assert.deepEqual(
      runs.map((run) => answer(run, 1)!.result.protocolVersion),
      [...LEGACY, "2025-11-25"],
    );
    const lists = runs.map((run) => rawResponseLine(run, 2));
    for (const list of lists) assert.equal(list, lists[0]);
  });
});
