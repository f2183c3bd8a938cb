// Lesson 9's measurements of what the simulator did not build, without a process: the tool-list comparison
// (keys added, removed, moved; bytes and tokens), its grouping, the discovery check against lesson 7's model,
// and the tables that print them, each line within 100 columns.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  checkDiscovery,
  compareToolLists,
  groupChanges,
  listsOf,
} from "../../src/lessons/simulationAgainstTheWire/independent";
import {
  formatHighLevelChanges,
  formatHighLevelDeclarations,
  movedKeys,
} from "../../src/lessons/simulationAgainstTheWire/tables";
import { LINE_WIDTH } from "../../src/notebook/lineWidth";
import { wrapWords } from "../../src/lessons/wrapProse";
import { glossed } from "../../src/lessons/simulationAgainstTheWire/prose";
import { countTokens } from "../../src/sim/tokenizer";
import { TrafficMeter } from "../../src/wireClient/trafficCounts";
import { SERVER_FACTS } from "../../src/world/servers";

const ours = [
  {
    name: "t",
    inputSchema: { type: "object", properties: { n: { type: "integer", minimum: 0, description: "A count." } } },
  },
];
const theirs = [
  {
    name: "t",
    inputSchema: {
      type: "object",
      $schema: "https://json-schema.org/draft/2020-12/schema",
      properties: { n: { description: "A count.", type: "integer", minimum: 0, maximum: 9007199254740991 } },
    },
  },
];

test("compareToolLists: keys added with their value, keys moved with both orders, sizes in bytes and lesson 6's tokens", () => {
  const [diff] = compareToolLists(ours, theirs);
  assert.equal(diff.name, "t");
  assert.deepEqual(diff.bytes, [
    Buffer.byteLength(JSON.stringify(ours[0])),
    Buffer.byteLength(JSON.stringify(theirs[0])),
  ]);
  assert.deepEqual(diff.tokens, [countTokens(JSON.stringify(ours[0])), countTokens(JSON.stringify(theirs[0]))]);
  assert.deepEqual(
    diff.added.map((change) => change.path),
    ["inputSchema.$schema", "inputSchema.properties.n.maximum"],
  );
  assert.deepEqual(diff.moved, [
    {
      path: "inputSchema.properties.n",
      from: ["type", "minimum", "description"],
      to: ["description", "type", "minimum"],
    },
  ]);
  assert.deepEqual([diff.removed, diff.changed], [[], []]);
  // The same list twice: nothing changed.
  const [same] = compareToolLists(ours, ours);
  assert.deepEqual([same.added, same.removed, same.moved, same.changed], [[], [], [], []]);
  // A tool the other side lacks: every key removed.
  assert.deepEqual(
    compareToolLists(ours, [])[0].removed.map((change) => change.key),
    ["name", "inputSchema"],
  );
});

test("groupChanges counts each key with its value once per place, and movedKeys names the keys that changed place", () => {
  const groups = groupChanges(
    compareToolLists([...ours, { ...ours[0], name: "u" }], [...theirs, { ...theirs[0], name: "u" }]),
  );
  assert.deepEqual(
    groups.map((group) => [group.change, group.what, group.count]),
    [
      ["added", "$schema", 2],
      ["added", "maximum", 2],
      ["moved", "type, minimum, description → description, type, minimum", 2],
    ],
  );
  assert.deepEqual(movedKeys(["type", "minimum", "description"], ["description", "type", "minimum"]), {
    moved: ["description"],
    kept: ["type", "minimum"],
  });
  assert.deepEqual(
    movedKeys(["type", "description"], ["description", "type"]).moved,
    ["description"],
    "on a tie the earlier key stays",
  );
  const table = formatHighLevelChanges(groups);
  assert.match(table, /moved\s+description\s+ahead of type, minimum\s+2/);
  for (const line of [...table.split("\n"), ...formatHighLevelDeclarations(compareToolLists(ours, theirs)).split("\n")])
    assert.ok(line.length <= LINE_WIDTH, line);
});

test("wrapWords keeps every line within the width and loses no word", () => {
  const text = "Input validation error: Invalid arguments for tool count_devices: model: expected one of many words";
  const lines = wrapWords(text, 30);
  assert.ok(lines.every((line) => line.length <= 30));
  assert.equal(lines.join(" "), text);
  assert.deepEqual(wrapWords("averyveryverylongword next", 5), ["averyveryverylongword", "next"]);
});

test("checkDiscovery sets lesson 7's messages beside the wire's, method by method, leaving tools/call out", () => {
  const tarife = SERVER_FACTS.find((server) => server.name === "tarife")!;
  const opening = new TrafficMeter();
  const rest = new TrafficMeter();
  const request = (id: number, method: string) => ({ jsonrpc: "2.0", id, method });
  const response = (id: number) => ({ jsonrpc: "2.0", id, result: {} });
  opening.countBytes("sent", request(0, "initialize"), "initialize", 100);
  opening.countBytes("received", response(0), "initialize", 150);
  opening.countBytes("sent", { jsonrpc: "2.0", method: "notifications/initialized" }, "notifications/initialized", 55);
  opening.countBytes("sent", request(1, "tools/list"), "tools/list", 50);
  opening.countBytes("received", response(1), "tools/list", 200);
  opening.countBytes("sent", request(2, "tools/call"), "tools/call", 80);
  opening.countBytes("received", response(2), "tools/call", 90);
  rest.countBytes("sent", request(3, "resources/list"), "resources/list", 50);
  rest.countBytes("received", response(3), "resources/list", 140);
  const check = checkDiscovery("legacy", "2025-11-25", tarife, opening.counts(), rest.counts());
  assert.deepEqual(
    check.methods.map((row) => [row.method, row.simulatedMessages, row.wireMessages]),
    [
      ["initialize", 2, 2],
      ["notifications/initialized", 1, 1],
      ["tools/list", 2, 2],
      ["resources/list", 2, 2],
      ["prompts/list", 2, 0],
    ],
  );
  assert.deepEqual(listsOf(check, "simulated"), ["tools/list", "resources/list", "prompts/list"]);
  assert.deepEqual(listsOf(check, "wire"), ["tools/list", "resources/list"]);
  assert.ok(check.methods.every((row) => row.simulatedTokens > 0));
});

test("every Turkish error the runs can print is glossed in English", () => {
  assert.equal(glossed("abone yok"), "`abone yok` (no such subscriber)");
  assert.equal(glossed("onay yok"), "`onay yok` (no approval)");
  assert.equal(glossed("arac bildirilmedi"), "`arac bildirilmedi` (tool not declared)");
  assert.equal(glossed("something else"), "`something else`");
});
