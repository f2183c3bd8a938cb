// The client's gates and arguments: gateTool refuses in the client, callArguments fills in the declared fields, gateCall joins them, and callTool counts one request and one response per call that passes.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  callArguments,
  callTool,
  gateCall,
  gateTool,
  NO_APPROVAL,
  NOT_DECLARED,
  readByMcpDefaults,
  type Session,
} from "../../src/sim/client";
import { callForm, Envelope } from "../../src/sim/envelope";
import type { NegotiatedTool } from "../../src/sim/negotiation";
import { countTokens } from "../../src/sim/tokenizer";
import type { Fields } from "../../src/sim/values";

function tool(
  name: string,
  fields: readonly string[] | undefined,
  sideEffect: boolean | undefined,
  answer: Fields,
): NegotiatedTool {
  return {
    name,
    server: "s",
    transport: "remote",
    fields,
    sideEffect,
    handler: () => answer,
    call: callForm(name, fields ?? []),
  };
}

const AGREED = new Map<string, NegotiatedTool>([
  ["read", tool("read", ["b", "a"], false, { m3: 12 })],
  ["write", tool("write", ["a"], true, { yazildi: true })],
  ["bare", tool("bare", undefined, undefined, { hata: "eksik alan" })],
]);

test("gateTool gives the negotiated tool, or the error the call ends with in the client", () => {
  assert.equal(gateTool(AGREED, false, "other"), NOT_DECLARED);
  assert.equal(gateTool(AGREED, true, "other"), NOT_DECLARED);
  assert.equal(gateTool(AGREED, false, "write"), NO_APPROVAL);
  assert.equal(gateTool(AGREED, true, "write"), AGREED.get("write"));
  assert.equal(gateTool(AGREED, false, "read"), AGREED.get("read"));
  assert.equal(gateTool(AGREED, false, "bare"), AGREED.get("bare"), "an undeclared side effect has no gate");
});

test("callArguments: the declared fields present in the state, in declared order; unset slots and undeclared keys are not sent", () => {
  const state: Fields = { a: 1, b: null, c: 3, d: undefined as unknown as number };
  const args = callArguments(["d", "b", "a", "z"], state);
  assert.deepEqual(args, { b: null, a: 1 });
  assert.deepEqual(Object.keys(args), ["b", "a"]);
  assert.deepEqual(callArguments(undefined, state), {});
  assert.deepEqual(callArguments([], state), {});
  assert.notEqual(callArguments(["a"], state), callArguments(["a"], state), "a new object each time");
  // A declared field named like a member of Object.prototype is not in the state unless the state holds it (Python's `a in state`).
  assert.deepEqual(callArguments(["constructor", "toString", "__proto__", "hasOwnProperty", "a"], state), { a: 1 });
  assert.deepEqual(callArguments(["toString", "list"], { toString: "own", list: [1, "x"] }), {
    toString: "own",
    list: [1, "x"],
  });
});

test("gateCall is gateTool then callArguments, for every tool, approval and state", () => {
  const states: Fields[] = [{}, { a: 1 }, { a: 1, b: 2, c: 3 }, { b: "x" }];
  for (const name of ["read", "write", "bare", "other"]) {
    for (const approval of [false, true]) {
      for (const state of states) {
        const gate = gateTool(AGREED, approval, name);
        const expected =
          typeof gate === "string"
            ? { refused: { hata: gate } }
            : { tool: gate, args: callArguments(gate.fields, state) };
        assert.deepEqual(gateCall(AGREED, approval, name, state), expected, `${name} ${approval}`);
      }
    }
  }
});

test("callTool counts one request (the call's form and values) and one response per call that passes the gates, and nothing for a refused one", () => {
  const envelope = new Envelope();
  const session: Session = { envelope, negotiated: AGREED, approval: false };
  assert.deepEqual(callTool(session, "other", { a: 1 }), { hata: NOT_DECLARED });
  assert.deepEqual(callTool(session, "write", { a: 1 }), { hata: NO_APPROVAL });
  assert.deepEqual(envelope.counts(), { request: 0, response: 0, notification: 0, tokens: 0, round_trips: 0 });
  assert.deepEqual(callTool(session, "read", { a: 1, b: "A001", c: 5 }), { m3: 12 });
  const request = countTokens("read b A001 a 1") + 8;
  const response = countTokens("m3 12") + 8;
  assert.deepEqual(envelope.counts(), {
    request: 1,
    response: 1,
    notification: 0,
    tokens: request + response,
    round_trips: 2,
  });
  assert.deepEqual(envelope.tokensByKind(), { request, response, notification: 0 });
  assert.deepEqual(callTool(session, "bare", { a: 1 }), { hata: "eksik alan" });
  assert.deepEqual(envelope.counts().request, 2);
  assert.deepEqual(
    envelope.tokensByKind().request,
    request + countTokens("bare") + 8,
    "no fields declared: the name alone",
  );
});

test("read by MCP's defaults, a tool that declares no side effect counts as one that may write; declared ones keep theirs", () => {
  const session: Session = { envelope: new Envelope(), negotiated: AGREED, approval: false };
  const read = readByMcpDefaults(session);
  assert.deepEqual(
    [...read.negotiated.values()].map((t) => [t.name, t.sideEffect]),
    [
      ["read", false],
      ["write", true],
      ["bare", true],
    ],
  );
  assert.equal(AGREED.get("bare")!.sideEffect, undefined, "the session it was given is left as it was");
  assert.equal(read.approval, false);
});
