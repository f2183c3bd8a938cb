/**
 * The envelope of the stateless era (2026-07-28): lesson 6's envelope, with the protocol fields
 * the era puts on every tool call and its result.
 *
 * Source: 2026-07-28 `basic/index.mdx` ("Per-request protocol fields": every request's `_meta`
 * carries the protocol version, the client's capabilities and, SHOULD, its identity;
 * "Per-response protocol fields": every result's `_meta` SHOULD carry the server's identity) and
 * `changelog.mdx` (major change 8: every result carries `resultType`). The fields are worded by
 * `eras.ts` ({@link requestFields}, {@link resultFields}) and counted once, when the envelope is
 * made; a call then costs its lesson-6 body plus those tokens, one message at a time, with no
 * extra message and no extra round trip. Lesson 6's `Envelope` is unchanged: it prices the
 * reference's era-free bodies, which are also the legacy era's calls (a legacy `tools/call` and
 * its result carry no protocol field).
 *
 * What is worded here, and what is not:
 * - `sendCall` (a `tools/call` request): the body, then the request's `_meta`;
 * - `sendFields` of a response (the call's result): `resultType complete`,
 *   the body, then the identity of the server the last call went to (`CallForm.server`): the
 *   simulator answers every request before it sends the next, so a result answers the last call;
 * - `send` counts a body as given: a caller that builds its own messages (discovery,
 *   `client/messages.ts`) writes the era's fields into them with the same functions.
 */
import { Envelope, type CallForm, type MessageKind, type Transport } from "./envelope";
import { partsTokens, requestFields, resultFields, type Identity, type ProtocolEra } from "./eras";
import type { WordTokens } from "./tokenizer";
import type { Fields } from "./values";

/**
 * A counter for one run in the stateless era (see the module comment).
 *
 * @throws Error from {@link sendCall} for a call whose form names a server the envelope was not
 *   given, and from {@link sendFields} for a result that answers no call, or a request or
 *   notification sent as fields (the era's requests go through `sendCall` or `send`).
 */
export class StatelessEnvelope extends Envelope {
  /** Tokens of every request's `_meta` (`requestFields("stateless")`). */
  readonly metaTokens: number;
  /** Tokens a `tools/call` result adds, by server name: `resultType complete` and the server's identity. */
  readonly resultTokens: ReadonlyMap<string, number>;
  /** The result tokens of the server the last call went to, until its result is counted. */
  private answering: number | undefined = undefined;

  /**
   * @param servers the servers calls may go to: their names and versions (their identities).
   * @param words token counts of words the bodies repeat (see `Envelope`); default none.
   */
  constructor(
    readonly servers: readonly Identity[],
    words?: WordTokens,
  ) {
    super(words);
    this.metaTokens = partsTokens(requestFields("stateless"));
    const results = new Map<string, number>();
    for (const server of servers) {
      const { head, tail } = resultFields("stateless", server, false);
      results.set(server.name, partsTokens(head) + partsTokens(tail));
    }
    this.resultTokens = results;
  }

  /** A `tools/call` request: lesson 6's body (`Envelope.sendCall`) and the request's `_meta`; costs that sum + 8. */
  override sendCall(form: CallForm, args: Fields, transport: Transport = "local"): number {
    const result = this.resultOf(form);
    const cost = super.sendCall(form, args, transport) + this.metaTokens;
    this.addToLast("request", this.metaTokens);
    this.answering = result;
    return cost;
  }

  /** The result tokens of the server `form` names. */
  private resultOf(form: CallForm): number {
    const result = this.resultTokens.get(form.server);
    if (result === undefined)
      throw new Error(
        `a call to '${form.name}' names server '${form.server}', which this envelope does not know`,
      );
    return result;
  }

  /** The result tokens of the call waiting for its result, which is now counted. */
  private answered(): number {
    const result = this.answering;
    if (result === undefined)
      throw new Error("a result answers a call: no call is waiting for one");
    this.answering = undefined;
    return result;
  }

  /** A call's result: lesson 6's body (`Envelope.sendFields`), `resultType` and the answering server's identity. */
  override sendFields(
    kind: MessageKind,
    head: string,
    fields: Fields,
    transport: Transport = "local",
  ): number {
    if (kind !== "response")
      throw new Error(`a stateless ${kind} is sent with sendCall or send, not as fields`);
    const result = this.answered();
    const cost = super.sendFields(kind, head, fields, transport) + result;
    this.addToLast("response", result);
    return cost;
  }

  /** A new stateless counter with this one's counts, servers and words (no call waiting). */
  override clone(): StatelessEnvelope {
    return this.copyCountsTo(new StatelessEnvelope(this.servers, this.words));
  }
}

/**
 * A run's counter in `era`: lesson 6's {@link Envelope} for the legacy era (whose calls carry no
 * protocol field), a {@link StatelessEnvelope} over `servers` for the stateless one.
 */
export function eraEnvelope(
  era: ProtocolEra,
  servers: readonly Identity[],
  words?: WordTokens,
): Envelope {
  return era === "stateless" ? new StatelessEnvelope(servers, words) : new Envelope(words);
}
