// Invariant: a confirmation's requestState is its readable body (tool and argument digest) and a tag
// only the key's holder can make; the check refuses any state whose tag is not its body's under the
// key; the key is MCP_COURSE_STATE_KEY when set (at least 32 bytes), else the course's published one.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  confirmationState,
  COURSE_STATE_KEY,
  stateBody,
  stateKey,
  STATE_KEY_VARIABLE,
  verifyConfirmationState,
} from "../../src/protocol/requestState";

const KEY = COURSE_STATE_KEY;
const ARGS = { abone: "A044", sutun: "bedel", deger: 554 };
const STATE = confirmationState("kayit_yaz", ARGS, KEY);

describe("the signed state (the server's requestState.verify hook)", () => {
  it("verifies the server's own state and refuses any other tag, a state without one, and another key's", () => {
    assert.equal(verifyConfirmationState(STATE, KEY), undefined);
    const [body, tag] = STATE.split(".");
    const forged = `${stateBody("kayit_yaz", { ...ARGS, deger: 555 })}.${tag}`;
    for (const bad of [forged, body, `${body}.${tag.slice(1)}`, `${body}.`, ""])
      assert.throws(() => verifyConfirmationState(bad, KEY), /does not verify/, bad);
    assert.throws(() => verifyConfirmationState(STATE, "another key of thirty-two bytes or more"), /does not verify/);
  });

  it("the key: MCP_COURSE_STATE_KEY when set and at least 32 bytes, else the course's published one", () => {
    assert.equal(stateKey({}), COURSE_STATE_KEY);
    assert.ok(Buffer.byteLength(COURSE_STATE_KEY) >= 32);
    const own = "k".repeat(32);
    assert.equal(stateKey({ [STATE_KEY_VARIABLE]: own }), own);
    assert.throws(() => stateKey({ [STATE_KEY_VARIABLE]: "short" }), {
      name: "RangeError",
      message: "MCP_COURSE_STATE_KEY must be at least 32 bytes long (it has 5)",
    });
  });
});
