// Invariant: what `mcp-course serve` lists is exactly what we declared — the fleet's tools/list bytes are JSON.stringify of FLEET_TOOL_DEFINITIONS (+ annotations), world tools follow the level rules, and resources and prompts are served.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ProtocolError, ResourceNotFoundError } from "@modelcontextprotocol/client";
import { FLEET_TOOL_DEFINITIONS } from "../../src/fleet/tools";
import { generateFleet } from "../../src/fleet/generator";
import { annotationsOf, DEFAULTED_FIELDS } from "../../src/server/declarations";
import { jsonBytes } from "../../src/server/log";
import { DEFAULT_SEED } from "../../src/sim/seed";
import { createWorld } from "../../src/world/world";
import { charge } from "../../src/world/tariff";
import { answer, OPENING, opening, rawResponseLine, request, runServer, statelessRequest } from "./wire";

const LIST = OPENING + request(2, "tools/list");

describe("serve fleet: tools/list on the wire, byte for byte", () => {
  it("at full level, the result is JSON.stringify of FLEET_TOOL_DEFINITIONS with read-only, closed-world annotations, and serverInfo.version is 1", async () => {
    const run = await runServer(["fleet"], LIST);
    // readOnlyHint true carries no destructiveHint (meaningful only when readOnlyHint == false), and openWorldHint false (a fixed fleet).
    const declared = FLEET_TOOL_DEFINITIONS.map((tool) => ({
      ...tool,
      annotations: { readOnlyHint: true, openWorldHint: false },
    }));
    const line = rawResponseLine(run, 2);
    // The exact bytes of the line: the SDK's envelope around our tools, nothing rewritten.
    assert.equal(line, `{"result":{"tools":${JSON.stringify(declared)}},"jsonrpc":"2.0","id":2}`);
    assert.deepEqual(answer(run, 1)!.result.serverInfo, { name: "fleet", version: "1" });
    assert.deepEqual(answer(run, 1)!.result.capabilities, { tools: {}, resources: {} });
  });

  it("at level fields, the tools are FLEET_TOOL_DEFINITIONS' bytes exactly; at level name, names and an empty object schema", async () => {
    const [fields, name, sideEffect] = await Promise.all([
      runServer(["fleet", "--level", "fields", "--path", "raw"], LIST),
      runServer(["fleet", "--level", "0"], LIST),
      runServer(["fleet", "--level", "side-effect"], LIST),
    ]);
    assert.equal(
      rawResponseLine(fields, 2),
      `{"result":{"tools":${JSON.stringify(FLEET_TOOL_DEFINITIONS)}},"jsonrpc":"2.0","id":2}`,
    );
    assert.equal(
      rawResponseLine(name, 2),
      `{"result":{"tools":${JSON.stringify(FLEET_TOOL_DEFINITIONS.map((tool) => ({ name: tool.name, inputSchema: { type: "object" } })))}},"jsonrpc":"2.0","id":2}`,
    );
    for (const run of [fields, name, sideEffect]) assert.equal(answer(run, 1)!.result.serverInfo.version, "undeclared");
  });
});

describe("serve olcum, tarife, kayit: tools/list at each level follows the declaration rules", () => {
  const world = createWorld(DEFAULT_SEED);
  for (const server of world.servers) {
    it(`${server.name}: level 0 names only, 1 properties and required, 2 annotations, 3 the version`, async () => {
      const runs = await Promise.all(
        [0, 1, 2, 3].map((level) => runServer([server.name, "--level", String(level)], LIST)),
      );
      runs.forEach((run, level) => {
        assert.equal(run.code, 0);
        const tools = answer(run, 2)!.result.tools as Record<string, any>[];
        assert.deepEqual(
          tools.map((tool) => tool.name),
          server.tools.map((tool) => tool.name),
        );
        server.tools.forEach((declared, i) => {
          const tool = tools[i];
          assert.equal(tool.description, undefined, "world tools have no description");
          if (level === 0) {
            assert.deepEqual(tool, { name: declared.name, inputSchema: { type: "object" } });
            return;
          }
          assert.deepEqual(Object.keys(tool.inputSchema.properties), declared.fields);
          // A field the handler defaults (tarife's tip) is not required.
          assert.deepEqual(
            tool.inputSchema.required,
            declared.fields.filter((field) => !(DEFAULTED_FIELDS[declared.name] ?? []).includes(field)),
          );
          assert.deepEqual(
            tool.annotations,
            level >= 2 ? annotationsOf(declared.name, declared.sideEffect) : undefined,
          );
        });
        assert.equal(answer(run, 1)!.result.serverInfo.version, level === 3 ? String(server.version) : "undeclared");
      });
    });
  }

  it("field schemas follow the handlers: strings, whole m³, the five regions, and deger of any type", async () => {
    const runs = await Promise.all(["olcum", "tarife", "kayit"].map((name) => runServer([name], LIST)));
    const properties = Object.fromEntries(
      runs.flatMap((run) =>
        (answer(run, 2)!.result.tools as Record<string, any>[]).map((tool) => [tool.name, tool.inputSchema.properties]),
      ),
    );
    assert.deepEqual(properties.sayac_oku, { abone: { type: "string" } });
    assert.deepEqual(properties.tuketim, { onceki: { type: "integer" }, simdiki: { type: "integer" } });
    assert.deepEqual(properties.tarife, { m3: { type: "integer" }, tip: { type: "string" } });
    assert.deepEqual(properties.bolge_ozet.bolge.enum, ["dogu", "bati", "kuzey", "guney", "merkez"]);
    assert.deepEqual(properties.kayit_yaz.deger, {});
    assert.equal(answer(runs[2], 1)!.result.capabilities.resources, undefined, "kayit has no resources");
  });
});

describe("serve: resources and prompts", () => {
  it("olcum lists and reads abone_listesi, the seed's subscribers", async () => {
    const run = await runServer(
      ["olcum", "--seed", "7"],
      OPENING +
        request(2, "resources/list") +
        request(3, "resources/read", { uri: "olcum://abone_listesi" }) +
        request(4, "resources/read", { uri: "olcum://nothing" }) +
        request(5, "resources/read", {}),
    );
    assert.deepEqual(answer(run, 2)!.result.resources, [
      { uri: "olcum://abone_listesi", name: "abone_listesi", mimeType: "application/json" },
    ]);
    const contents = answer(run, 3)!.result.contents;
    assert.deepEqual(JSON.parse(contents[0].text), createWorld(7).subscribers);
    // Resource not found: −32602 with the URI in `data` (see the next test); a read without a uri is malformed params.
    assert.equal(answer(run, 4)!.error.code, -32602);
    assert.equal(answer(run, 5)!.error.code, -32602);
    assert.equal(answer(run, 5)!.error.data?.uri, undefined);
  });

  it("a URI it does not serve is −32602 with data {uri} in both eras, which the SDK's client takes for ResourceNotFoundError", async () => {
    // 2026-07-28 server/resources.mdx, "Error Handling": −32602 (MUST), example with "data": {"uri": …};
    // 2025-11-25 named −32002, which SDK 2.4.0 encodes as −32602 in every era. −32602 alone is any
    // invalid params; data {uri} alone is what ProtocolError.fromError reads as not found.
    const uri = "tarife://basamak_tablosu";
    const [legacy, stateless] = await Promise.all([
      runServer(["olcum"], opening("2025-11-25") + request(2, "resources/read", { uri })),
      runServer(["olcum"], statelessRequest(2, "resources/read", { uri })),
    ]);
    for (const run of [legacy, stateless]) {
      const { error } = answer(run, 2)!;
      assert.deepEqual(error, { code: -32602, message: `Resource not found: ${uri}`, data: { uri } });
      const received = ProtocolError.fromError(error.code, error.message, error.data);
      assert.ok(received instanceof ResourceNotFoundError);
      assert.equal(received.uri, uri);
    }
    assert.equal(answer(legacy, 1)!.result.protocolVersion, "2025-11-25");
  });

  it("tarife lists basamak_tablosu and bedel_aciklamasi; prompts/get states the amount the tarife handler charges", async () => {
    const run = await runServer(
      ["tarife"],
      OPENING +
        request(2, "resources/read", { uri: "tarife://basamak_tablosu" }) +
        request(3, "prompts/list") +
        request(4, "prompts/get", { name: "bedel_aciklamasi", arguments: { m3: "33", tip: "isyeri" } }) +
        request(5, "prompts/get", { name: "bedel_aciklamasi", arguments: {} }) +
        request(6, "prompts/get", { name: "nothing" }) +
        request(7, "prompts/get", { name: "bedel_aciklamasi", arguments: { m3: "33", tip: "bogus" } }),
    );
    assert.deepEqual(JSON.parse(answer(run, 2)!.result.contents[0].text).basamaklar[0], { ust_m3: 10, birim_fiyat: 4 });
    assert.deepEqual(
      answer(run, 3)!.result.prompts.map((p: { name: string }) => p.name),
      ["bedel_aciklamasi"],
    );
    const text: string = answer(run, 4)!.result.messages[0].content.text;
    assert.match(text, new RegExp(`33 m³ of water comes to ${charge(33, "isyeri")} `));
    assert.equal(answer(run, 5)!.error.code, -32602);
    assert.equal(answer(run, 6)!.error.code, -32602);
    assert.deepEqual(answer(run, 7)!.error, {
      code: -32602,
      message: 'Invalid arguments for prompt bedel_aciklamasi: tip: expected one of mesken, isyeri, got "bogus"',
    });
  });

  it("fleet reads cihaz_listesi, the seed's devices", async () => {
    const run = await runServer(
      ["fleet", "--seed", "3"],
      OPENING + request(2, "resources/read", { uri: "fleet://cihaz_listesi" }),
    );
    assert.deepEqual(JSON.parse(answer(run, 2)!.result.contents[0].text), generateFleet(3).devices);
  });
});

describe("jsonBytes: the size of an argument's JSON, without recursion", () => {
  it("equals JSON.stringify's UTF-8 length, and measures 10,000 levels that JSON.stringify cannot", () => {
    for (const value of ["x", 1, -2.5, null, true, [1, [2, {}]], { a: { ü: "é\n" }, b: [] }, {}, [], "😀"]) {
      assert.equal(jsonBytes(value), Buffer.byteLength(JSON.stringify(value)));
    }
    let deep: unknown = [];
    for (let i = 0; i < 10_000; i++) deep = [deep];
    assert.equal(jsonBytes(deep), 2 * 10_001);
  });
});
