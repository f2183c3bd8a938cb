// Claims about MCP that hold in one revision, under one condition or from one page say so in the
// exports of both seeds: each test names the page that scopes the claim and fails on the old,
// over-general wording.
import assert from "node:assert/strict";
import { test } from "node:test";
import { lessonExports } from "./lessonText";

/** Both seeds' exports of the lesson numbered `number`, each with its text on one line. */
function exportsOf(number: string): { path: string; flat: string }[] {
  const found = lessonExports()
    .filter((e) => e.lesson.name.startsWith(`${number}-`))
    .map((e) => ({ path: e.path, flat: e.text.replace(/\s+/g, " ") }));
  assert.equal(found.length, 2, `lesson ${number} has an export per seed`);
  return found;
}

test("lesson 1: relying on a connection's history is forbidden by 2026-07-28 (basic/index.mdx, Statelessness), not by every revision", () => {
  for (const { path, flat } of exportsOf("01")) {
    // An expert's review scoped the MUST NOT to protocol context; a student's reading then found the rule not
    // needed to trace the task, so lesson 1 leaves it to the lessons that teach 2026-07-28's requests.
    assert.doesNotMatch(flat, /2026-07-28 forbids a server to take protocol context/, path);
    assert.doesNotMatch(flat, /forbids relying on the connection's history/, path);
    assert.doesNotMatch(flat, /MCP forbids relying/, path);
  }
});

test("lesson 2: a failed probe means an older server only when the error is not a modern one, or no answer comes (stdio.mdx, Backward Compatibility)", () => {
  for (const { path, flat } of exportsOf("02")) {
    // the probe is deferred in one sentence (the student could not read "a modern error" yet).
    assert.match(
      flat,
      /a client SHOULD first ask the server which revisions it supports, with `server\/discover` \(`basic\/transports\/stdio\.mdx`, "Backward Compatibility"\)/,
      path,
    );
    assert.doesNotMatch(flat, /it fails, with an error or no answer|not a modern one/, path);
  }
});

test("lesson 2: the checklist's re-issue after a break is the changelog's MUST, not the transport pages'", () => {
  for (const { path, flat } of exportsOf("02")) {
    // The rule in the text, the provenance in one folded note.
    assert.match(
      flat,
      /After a network break, re-issue the request with a new id \(the changelog's MUST, above; the course's reading: make a non-idempotent write safe to repeat\)/,
      path,
    );
    // An expert's review: the MUST keeps to the new id (changelog.mdx, Major changes 9); whether to resend is the application's.
    // A student's reading: the rule as a reader acts on it, then its source.
    assert.match(
      flat,
      /so the request is lost\. Clients MUST re-issue it as a new request with a new id \(`changelog\.mdx`, Major changes 9\); the course adds: if it is still needed\./,
      path,
    );
    assert.doesNotMatch(flat, /A client that still wants it MUST send it again/, path);
    assert.doesNotMatch(flat, /under a new id, as MCP requires/, path);
  }
});

test("lesson 3: a server's notifications/cancelled ends a subscription, taught later; the pages' disagreement on how is left out of section 1", () => {
  for (const { path, flat } of exportsOf("03")) {
    // section 1 keeps one clause (subscriptions exist, taught later), not the pages' disagreement.
    assert.match(
      flat,
      /the server's, to end a `subscriptions\/listen` stream \| `basic\/patterns\/cancellation\.mdx` \|/,
      path,
    );
    assert.doesNotMatch(flat, /or a final result: the pages disagree/, path);
    assert.doesNotMatch(flat, /on stdio; to end a subscription stream \||would rather the server end it/, path);
  }
});

test("lesson 4: structuredContent is an object up to 2025-11-25, any JSON value from 2026-07-28 (server/tools.mdx, Structured Content)", () => {
  for (const { path, flat } of exportsOf("04")) {
    assert.match(flat, /the answer as a JSON object \(any JSON value from 2026-07-28\)/, path);
    assert.doesNotMatch(flat, /the answer as a JSON value beside/, path);
  }
});

test("lesson 9: a client that skips the probe may never see a legacy server's mismatch (basic/versioning.mdx, Compatibility Matrix)", () => {
  for (const { path, flat } of exportsOf("09")) {
    assert.match(flat, /might refuse the first call, stay silent, or even run it under its old rules/, path);
    assert.match(flat, /the mismatch might never show/, path);
    assert.doesNotMatch(flat, /would show it at the client's first call, not before/, path);
  }
});

test("lesson 10: -32021 only when the call cannot be processed without the capability (basic/index.mdx, _meta); the inputRequests MUST NOT is mrtr.mdx's", () => {
  for (const { path, flat } of exportsOf("10")) {
    assert.match(
      flat,
      /for a client that has not declared it \(`basic\/patterns\/mrtr\.mdx`, "Server Requirements \(Basic Workflow\)"\)\./,
      path,
    );
    assert.match(
      flat,
      /If the call cannot be processed without it, the server MUST answer error -32021 \(lesson 3's missing client capability\)/,
      path,
    );
    assert.doesNotMatch(flat, /it MUST answer error -32021 \(lesson 3's missing client capability\) instead/, path);
    assert.doesNotMatch(flat, /our server's SDK answers the call with error -32021/, path);
  }
});

test("lesson 6: index.mdx's Tool Safety is a principle, not the same as server/tools.mdx's MUST", () => {
  for (const { path, flat } of exportsOf("06")) {
    assert.match(
      flat,
      /`index\.mdx` states it as a principle for any description of a tool's behavior \("Tool Safety"\)/,
      path,
    );
    assert.doesNotMatch(flat, /says the same, lowercase/, path);
  }
});

test("every lesson cites spec pages by path from the revision's root, never a bare page name", () => {
  for (const number of ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10"]) {
    for (const { path, flat } of exportsOf(number)) {
      // Root pages (index.mdx, schema.mdx, changelog.mdx, deprecated.mdx) sit at the root by name.
      const bare = flat.match(/(?<![/\w{}-])`(?!index|schema|changelog|deprecated)[\w-]+\.mdx`/g);
      assert.equal(bare, null, `${path}: ${bare?.join(", ")}`);
    }
  }
});
