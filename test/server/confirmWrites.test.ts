// Invariant: `serve --confirm-writes` is opt-in and follows 2026-07-28's multi round-trip pattern: a side-effect tool's first call is answered input_required with one form elicitation and a signed requestState bound to the call; the retry runs the tool only on an accepted confirm: true with the matching state; a decline, cancel or confirm: false ends in a complete isError result; a state whose tag does not verify, or a well-signed state presented on a call with other arguments, is refused -32602 with the same line; a retry without a usable answer asks again; without the flag, or in the legacy era, kayit_yaz writes at once; a client without the elicitation capability gets -32021.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isInputRequiredResult, ProtocolError } from "@modelcontextprotocol/server";
import { confirmationState, COURSE_STATE_KEY, stateBody } from "../../src/protocol/requestState";
import { CONFIRM_KEY, CONFIRM_SCHEMA, confirmGate } from "../../src/server/confirmWrites";
import { confirmedWrite, CONFIRMED_CALL, forgedWrite, mismatchedWrite } from "../../src/wireClient/confirmTranscripts";
import { isTranscriptLine, LineExchange } from "../../src/wireClient/lineExchange";
import { serverArgs } from "../../src/wireClient/serveCommand";
import { initializeRequest, requestMeta } from "../../src/wireClient/transcripts";

const ARGS = { ...CONFIRMED_CALL.arguments };
const KEY = COURSE_STATE_KEY;
const STATE = confirmationState("kayit_yaz", ARGS, KEY);
const answered = (response: unknown, requestState: unknown = STATE) => ({
  inputResponses: { [CONFIRM_KEY]: response },
  requestState,
});

describe("confirmGate (the server's side of the round trips)", () => {
  it("lets a tool without a side effect run at once", () => {
    assert.equal(confirmGate("sayac_oku", { abone: "A044" }, answered(undefined, undefined), KEY), undefined);
  });

  it("answers a side-effect tool's first call input_required: one form elicitation, a state bound to the call", () => {
    const first = confirmGate("kayit_yaz", ARGS, { inputResponses: undefined, requestState: undefined }, KEY);
    assert.ok(first !== undefined && isInputRequiredResult(first));
    assert.equal(first.requestState, STATE);
    const requests: Record<string, unknown> = first.inputRequests ?? {};
    const request = requests[CONFIRM_KEY] as { method: string; params: Record<string, any> };
    assert.equal(request.method, "elicitation/create");
    assert.equal(request.params.mode, "form");
    assert.deepEqual(request.params.requestedSchema, CONFIRM_SCHEMA);
    assert.match(request.params.message, /554 into bedel of subscriber A044/);
    assert.match(STATE, /^kayit_yaz:[0-9a-f]{16}\.[A-Za-z0-9_-]{22}$/);
    assert.equal(STATE.split(".")[0], stateBody("kayit_yaz", ARGS));
    assert.notEqual(confirmationState("kayit_yaz", ARGS, "another key of thirty-two bytes or more"), STATE);
    assert.notEqual(confirmationState("kayit_yaz", { ...ARGS, deger: 555 }, KEY), STATE);
  });

  it("runs the tool on accept with confirm: true and the matching state, and on nothing else", () => {
    assert.equal(
      confirmGate("kayit_yaz", ARGS, answered({ action: "accept", content: { confirm: true } }), KEY),
      undefined,
    );
    for (const [response, said] of [
      [{ action: "decline" }, "decline"],
      [{ action: "cancel" }, "cancel"],
      [{ action: "accept", content: { confirm: false } }, "confirm: false"],
    ] as const) {
      const result = confirmGate("kayit_yaz", ARGS, answered(response), KEY) as Record<string, any>;
      assert.equal(result.isError, true, said);
      assert.equal(result.resultType, undefined, "a complete result: the SDK adds resultType");
      assert.equal(
        result.content[0].text,
        `Not written: the user answered ${said}. Do not retry unless the user asks.`,
      );
    }
    // Asked again ("Error Handling"): no answer, no content, an answer without the state.
    for (const retry of [
      answered(undefined),
      answered({ action: "accept" }),
      { inputResponses: { [CONFIRM_KEY]: { action: "accept", content: { confirm: true } } }, requestState: undefined },
    ]) {
      const again = confirmGate("kayit_yaz", ARGS, retry, KEY) as Record<string, any>;
      assert.equal(again.resultType, "input_required");
      assert.equal(again.requestState, STATE);
    }
  });

  it("refuses -32602 a state that is not this call's: another call's (mrtr.mdx Server Requirements 5), or a tampered one", () => {
    for (const state of [
      confirmationState("kayit_yaz", { ...ARGS, deger: 555 }, KEY),
      `${stateBody("kayit_yaz", ARGS)}.${"A".repeat(22)}`,
    ]) {
      assert.throws(
        () => confirmGate("kayit_yaz", ARGS, answered({ action: "accept", content: { confirm: true } }, state), KEY),
        (error: unknown) =>
          error instanceof ProtocolError &&
          error.code === -32602 &&
          error.message === "Invalid or expired requestState" &&
          (error.data as { reason?: string }).reason === "invalid_request_state",
      );
    }
  });
});

describe("serve kayit --confirm-writes on a real wire", () => {
  it("accepted: input_required, then a retry with a new id, the answer and the state echoed, then the record written", async () => {
    const transcript = await confirmedWrite("accept");
    assert.equal(transcript.command, "mcp-course serve kayit --confirm-writes");
    const [call, asked, retry, done] = transcript.steps
      .filter(isTranscriptLine)
      .map((step) => JSON.parse(step.line) as Record<string, any>);
    assert.equal(call.params._meta["io.modelcontextprotocol/clientCapabilities"].elicitation !== undefined, true);
    assert.equal(asked.result.resultType, "input_required");
    assert.equal(asked.result.ttlMs, undefined, "an interim result carries no caching hint");
    assert.equal(asked.result.inputRequests.confirm.method, "elicitation/create");
    assert.notEqual(retry.id, call.id);
    assert.equal(retry.params.requestState, asked.result.requestState);
    assert.deepEqual(retry.params.arguments, call.params.arguments);
    assert.deepEqual(done.result.content, [{ type: "text", text: '{"yazildi":true}' }]);
    assert.equal(done.result.resultType, "complete");
  });

  it("declined: a complete isError result, nothing written", async () => {
    const transcript = await confirmedWrite("decline");
    const done = JSON.parse(transcript.steps.filter(isTranscriptLine).at(-1)!.line) as Record<string, any>;
    assert.equal(done.result.isError, true);
    assert.equal(done.result.resultType, "complete");
    assert.equal(transcript.outcome, "input_required, then decline: isError, nothing written");
  });

  it("forged: a retry whose state's body was rewritten to other arguments is refused -32602 before the tool runs", async () => {
    const transcript = await forgedWrite();
    const [, asked, retry, refused] = transcript.steps
      .filter(isTranscriptLine)
      .map((step) => JSON.parse(step.line) as Record<string, any>);
    assert.equal(retry.params.arguments.deger, 555);
    assert.equal(retry.params.requestState.split(".")[1], asked.result.requestState.split(".")[1], "the tag kept");
    assert.deepEqual(refused.error, {
      code: -32602,
      message: "Invalid or expired requestState",
      data: { reason: "invalid_request_state" },
    });
    assert.equal(transcript.outcome, "input_required, then a forged state: error -32602, nothing written");
  });

  it("another call's state: a well-signed state echoed on a retry for 555 is refused with the forged retry's line", async () => {
    const [mismatched, forged] = await Promise.all([mismatchedWrite(), forgedWrite()]);
    const lines = (transcript: typeof forged) =>
      transcript.steps.filter(isTranscriptLine).map((step) => JSON.parse(step.line) as Record<string, any>);
    const [, asked, retry, refused] = lines(mismatched);
    assert.equal(retry.params.arguments.deger, 555);
    assert.equal(retry.params.requestState, asked.result.requestState, "the server's own state, unchanged");
    assert.deepEqual(refused, lines(forged)[3], "the same answer as the forged state");
    assert.equal(refused.error.code, -32602);
    assert.equal(mismatched.outcome, "input_required, then another call's state: error -32602, nothing written");
  });

  it("without the elicitation capability the SDK answers -32021 instead of asking", async () => {
    const exchange = new LineExchange(serverArgs({ server: "kayit", confirmWrites: true }));
    exchange.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { ...CONFIRMED_CALL, _meta: requestMeta() } });
    const answer = await exchange.read();
    await exchange.close("done");
    assert.equal(answer.error?.code, -32021);
    assert.deepEqual(answer.error?.data?.requiredCapabilities, { elicitation: { form: {} } });
  });

  it("opt-in: without the flag, and in a legacy session with it, kayit_yaz writes at once", async () => {
    const plain = new LineExchange(serverArgs({ server: "kayit" }));
    plain.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { ...CONFIRMED_CALL, _meta: requestMeta() } });
    const written = await plain.read();
    await plain.close("done");
    assert.equal(written.result.resultType, "complete");
    assert.deepEqual(written.result.content, [{ type: "text", text: '{"yazildi":true}' }]);

    const legacy = new LineExchange(serverArgs({ server: "kayit", confirmWrites: true }));
    legacy.send(initializeRequest(0));
    await legacy.read();
    legacy.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    legacy.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { ...CONFIRMED_CALL } });
    const legacyAnswer = await legacy.read();
    await legacy.close("done");
    assert.deepEqual(legacyAnswer.result.content, [{ type: "text", text: '{"yazildi":true}' }]);
  });
});
