/**
 * The envelope counter: what crossing the protocol boundary costs.
 *
 * Source: reference lesson 004, "Handler and Declaration", function `message` and assumption IM4:
 * every message costs its body's tokens plus a constant 8 for the envelope; a request costs one
 * round trip on a local transport and two on a remote one. Responses and notifications cost no
 * round trip of their own.
 *
 * Each run owns its counter: there is no module-level state, so runs can interleave freely.
 */
import { countTokens, wordTokens, type WordTokens } from "./tokenizer";
import { valueTokens, type Fields, type Value } from "./values";

/** Envelope tokens added to every message. Source: reference lesson 004, IM4 and `message`. */
export const ENVELOPE_TOKENS = 8;

/** A message's cost in the course's envelope: the tokens of its body plus `ENVELOPE_TOKENS`. */
export function envelopeCost(body: string): number {
  return countTokens(body) + ENVELOPE_TOKENS;
}

/** No words known in advance: every word of a body is counted when it is sent. */
const NO_WORDS: WordTokens = wordTokens([]);

/**
 * The fixed words of a call to one tool: its name and its declared fields, each with its tokens,
 * counted once when the tool is negotiated ({@link callForm}). A request to the tool then counts
 * only the values it carries ({@link Envelope.sendCall}).
 */
export interface CallForm {
  name: string;
  /**
   * The server that answers the call ("" when not known). The era-free envelope never reads it; a
   * stateless one (`StatelessEnvelope`) words the result's server identity from it.
   */
  server: string;
  fields: readonly string[];
  /** Tokens of `name`. */
  nameTokens: number;
  /** Tokens of each of `fields`, in the same order. */
  fieldTokens: readonly number[];
}

/**
 * A call's form: `name` and `fields` with their tokens, from `words` when there, else counted.
 *
 * @param fields the declared fields, in declared order (none when no fields were declared).
 * @param server the server that answers the call; default "" (not known).
 */
export function callForm(
  name: string,
  fields: readonly string[],
  words: WordTokens = NO_WORDS,
  server = "",
): CallForm {
  const fieldTokens = fields.map((field) => words[field] ?? countTokens(field));
  return { name, server, fields, nameTokens: words[name] ?? countTokens(name), fieldTokens };
}

/** Round trips per request on a remote transport. Source: reference lesson 004, IM4. */
export const REMOTE_ROUND_TRIPS = 2;

/** Where a server runs: in the client's process (`local`) or across a network (`remote`). */
export type Transport = "local" | "remote";

/** The three kinds of JSON-RPC message that MCP exchanges. */
export type MessageKind = "request" | "response" | "notification";

/** Counts so far: messages by kind, envelope tokens, and round trips. All are integers. */
export interface EnvelopeCounts {
  request: number;
  response: number;
  notification: number;
  tokens: number;
  round_trips: number;
}

/**
 * A counter of messages, tokens and round trips for one run.
 *
 * The bodies of a run repeat a few fixed words — tool names, field names, result keys, and texts
 * such as ids or region names — beside values that change. An envelope can be given the token
 * count of each such word, counted once ({@link WordTokens}, e.g. `WORLD_WORDS`): a body costs
 * exactly the same, but the envelope looks those words up instead of counting them again, and
 * counts every other word as it is sent.
 */
export class Envelope {
  private requests = 0;
  private responses = 0;
  private notifications = 0;
  private tokens = 0;
  private roundTrips = 0;
  // The same tokens split by kind (their sum is `tokens`), for setting beside real bytes per kind.
  private requestTokens = 0;
  private responseTokens = 0;
  private notificationTokens = 0;
  // Each message's tokens in the order counted (their sum is `tokens`), for a reader to rebuild a total.
  private messageCosts: number[] = [];

  /** @param words token counts of words the bodies repeat (a word not in it is counted when sent); default none. */
  constructor(readonly words: WordTokens = NO_WORDS) {}

  /** A body word's tokens: from {@link words} when it is there, else counted. */
  private wordTokens(word: string): number {
    return this.words[word] ?? countTokens(word);
  }

  /**
   * Counts one message.
   *
   * @param kind request, response or notification.
   * @param body the message body as text, or as the words it is made of (joined by spaces, values
   *   written as Python's `str()` writes them); its tokens are counted as `tokenize` cuts them.
   * @param transport the transport the message travels on; it matters only for requests.
   * @returns the message's cost in tokens (body tokens + {@link ENVELOPE_TOKENS}).
   */
  send(kind: MessageKind, body: string | readonly Value[], transport: Transport = "local"): number {
    if (typeof body === "string") return this.count(kind, countTokens(body), transport);
    let tokens = 0;
    for (const word of body) tokens += valueTokens(word);
    return this.count(kind, tokens, transport);
  }

  /**
   * Counts one message whose body is `head` followed by `key value` pairs, as the reference
   * writes a call (`sayac_oku abone A001`) or a result (`onceki 41230 simdiki 41262 tip mesken`).
   * Costs exactly what {@link send} costs for that text: words split at spaces, so the tokens of
   * the body are the sum of the tokens of its parts, and the text need not be built.
   *
   * @param head the leading word(s), e.g. the tool name; "" for none.
   * @param fields the pairs, in order; values are written as Python's `str()` writes them.
   */
  sendFields(
    kind: MessageKind,
    head: string,
    fields: Fields,
    transport: Transport = "local",
  ): number {
    let tokens = head === "" ? 0 : this.wordTokens(head);
    for (const key in fields) {
      const value = fields[key];
      tokens += this.wordTokens(key) + this.valueTokens(value);
    }
    return this.count(kind, tokens, transport);
  }

  /**
   * Counts one request whose body is a call: `name field value …`, for each of the form's fields
   * that `args` holds (a field that reads as `undefined` is not in the body). Costs exactly what
   * {@link sendFields} costs for `name` and those pairs; the name and field names are counted by
   * the form ({@link callForm}), the values when sent.
   *
   * @param form the call's name and declared fields, with their tokens.
   * @param args the values sent; only the form's fields are read.
   */
  sendCall(form: CallForm, args: Fields, transport: Transport = "local"): number {
    const { fields, fieldTokens } = form;
    let tokens = form.nameTokens;
    for (let i = 0; i < fields.length; i++) {
      const value = args[fields[i]];
      if (value !== undefined) tokens += fieldTokens[i] + this.valueTokens(value);
    }
    return this.countRequest(tokens, transport);
  }

  /** A body value's tokens: a text is one of the run's words or counted as one; any other value is written out ({@link valueTokens}). */
  private valueTokens(value: Value): number {
    return typeof value === "string" ? this.wordTokens(value) : valueTokens(value);
  }

  private count(kind: MessageKind, bodyTokens: number, transport: Transport): number {
    if (kind === "request") return this.countRequest(bodyTokens, transport);
    if (kind === "response") return this.countResponse(bodyTokens);
    const cost = bodyTokens + ENVELOPE_TOKENS;
    this.tokens += cost;
    this.notifications += 1;
    this.notificationTokens += cost;
    this.messageCosts.push(cost);
    return cost;
  }

  /** Counts one request of `bodyTokens` body tokens on `transport`; returns its cost (as {@link count}). */
  private countRequest(bodyTokens: number, transport: Transport): number {
    const cost = bodyTokens + ENVELOPE_TOKENS;
    this.tokens += cost;
    this.requests += 1;
    this.requestTokens += cost;
    this.roundTrips += transport === "remote" ? REMOTE_ROUND_TRIPS : 1;
    this.messageCosts.push(cost);
    return cost;
  }

  /** Counts one response of `bodyTokens` body tokens; returns its cost (as {@link count}). */
  private countResponse(bodyTokens: number): number {
    const cost = bodyTokens + ENVELOPE_TOKENS;
    this.tokens += cost;
    this.responses += 1;
    this.responseTokens += cost;
    this.messageCosts.push(cost);
    return cost;
  }

  /**
   * Adds `tokens` to the message just counted, of kind `kind` (a request or a response): more
   * words of the same message, not another message. For an envelope that words a message's
   * protocol fields itself (`StatelessEnvelope`).
   */
  protected addToLast(kind: "request" | "response", tokens: number): void {
    this.tokens += tokens;
    if (kind === "request") this.requestTokens += tokens;
    else this.responseTokens += tokens;
    this.messageCosts[this.messageCosts.length - 1] += tokens;
  }

  /** A new counter that starts from this one's counts (e.g. a run that starts after a handshake), with the same words. */
  clone(): Envelope {
    return this.copyCountsTo(new Envelope(this.words));
  }

  /** Sets `copy`'s counts to this one's; returns `copy`. */
  protected copyCountsTo<E extends Envelope>(copy: E): E {
    copy.requests = this.requests;
    copy.responses = this.responses;
    copy.notifications = this.notifications;
    copy.tokens = this.tokens;
    copy.roundTrips = this.roundTrips;
    copy.requestTokens = this.requestTokens;
    copy.responseTokens = this.responseTokens;
    copy.notificationTokens = this.notificationTokens;
    copy.messageCosts = [...this.messageCosts];
    return copy;
  }

  /** The tokens so far split by message kind (envelope included; they sum to `counts().tokens`), as a new object. */
  tokensByKind(): Record<MessageKind, number> {
    return {
      request: this.requestTokens,
      response: this.responseTokens,
      notification: this.notificationTokens,
    };
  }

  /**
   * Each message's tokens so far (its body's and the envelope's {@link ENVELOPE_TOKENS}), in the
   * order counted; they sum to `counts().tokens`. A new array.
   */
  messageTokens(): number[] {
    return [...this.messageCosts];
  }

  /** The counts so far, as a new object. */
  counts(): EnvelopeCounts {
    return {
      request: this.requests,
      response: this.responses,
      notification: this.notifications,
      tokens: this.tokens,
      round_trips: this.roundTrips,
    };
  }
}
