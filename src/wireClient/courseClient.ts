/**
 * The real client's SDK `Client`: SDK v2's own (`@modelcontextprotocol/client` 2.4.0), with one
 * result validator per protocol era and method, built once instead of at every request.
 *
 * Source: issue 10 §6 (our client no slower than the SDK's own). When `request` is called for a
 * spec method without a result schema (as `callTool`, `listTools` and the other typed methods
 * call it), the SDK builds a validator for the method's result on the spot: it first asks the
 * era's codec to validate `undefined` as that method's result, only to learn whether the era
 * defines the method (a refused `undefined` means it does; "not-in-era" means it does not), and
 * wraps `codec.validateResult(method, value)` in a Standard Schema object. {@link CourseClient}
 * builds the same object, from the same codec, once per codec and method, and hands it to
 * `request` as the explicit result schema. The SDK's explicit-schema path is the same path: the
 * era gate (`_assertOutboundRequestInEra`) runs for every spec method, and the response is
 * decoded and checked by the same codec call, whose refusal becomes the same issue message. A
 * method the era does not define, or a request made before a version is negotiated (when the SDK
 * picks the codec by method), goes to the SDK's `request` unchanged.
 *
 * And a result response of the usual shape goes straight to the SDK's `_onresponse`
 * ({@link plainResponseDispatch}), where the SDK's dispatch would send it after its zod guard.
 */
import {
  Client,
  type ConnectOptions,
  type JSONRPCMessage,
  type JSONRPCResultResponse,
  type MessageExtraInfo,
  type Request,
  type RequestMethod,
  type RequestOptions,
  type ResultTypeMap,
  type StandardSchemaV1,
  type Transport,
} from "@modelcontextprotocol/client";
import { isPlainResultResponse } from "./stdioTransport";

/** The era codec as `Protocol._wireCodec()` returns it, as far as this module uses it. */
type WireCodec = ReturnType<Client["_wireCodec"]>;

/** Whether a value is a Standard Schema (what the SDK's `request` takes as an explicit result schema). */
function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  return (typeof value === "object" || typeof value === "function") && value !== null && "~standard" in value;
}

/**
 * The Standard Schema SDK 2.4.0's `codecResultValidator` builds for `method` on `codec` (its
 * vendor `mcp-wire-codec`), or undefined when the codec's era does not define the method. Its
 * `validate` gives the codec's value, or one issue: the codec's message for an invalid result.
 */
export function codecResultSchema(codec: WireCodec, method: string): StandardSchemaV1 | undefined {
  const probe = codec.validateResult(method, undefined);
  if (!probe.ok && probe.reason === "not-in-era") return undefined;
  return {
    "~standard": {
      version: 1,
      vendor: "mcp-wire-codec",
      validate(value: unknown) {
        const outcome = codec.validateResult(method, value);
        if (outcome.ok) return { value: outcome.value };
        return { issues: [{ message: outcome.reason === "invalid" ? outcome.message : `not-in-era: ${method}` }] };
      },
    },
  };
}

/** SDK v2's `Client`, each result validator built once per era codec and method (see the module comment). */
export class CourseClient extends Client {
  /** Result validators by codec, then by method; undefined for a method the codec's era does not define. */
  private readonly resultSchemas = new Map<WireCodec, Map<string, StandardSchemaV1 | undefined>>();

  /** The SDK's `request`; a spec method's call without a schema gets its era's validator, built once. */
  override request<M extends RequestMethod>(request: { method: M; params?: Record<string, unknown> }, options?: RequestOptions): Promise<ResultTypeMap[M]>;
  override request<T extends StandardSchemaV1>(request: Request, resultSchema: T, options?: RequestOptions): Promise<StandardSchemaV1.InferOutput<T>>;
  override request(request: Request, schemaOrOptions?: StandardSchemaV1 | RequestOptions, maybeOptions?: RequestOptions): Promise<unknown> {
    const schema = isStandardSchema(schemaOrOptions) || this._negotiatedProtocolVersion === undefined ? undefined : this.resultSchema(this._wireCodec(), request.method);
    if (schema === undefined) return super.request(request, schemaOrOptions as StandardSchemaV1, maybeOptions);
    return super.request(request, schema, schemaOrOptions as RequestOptions | undefined);
  }

  /** The SDK's `connect`; then plain result responses are dispatched as {@link plainResponseDispatch} says. */
  override async connect(transport: Transport, options?: ConnectOptions): Promise<void> {
    const before = transport.onmessage;
    await super.connect(transport, options);
    const sdkDispatch = transport.onmessage;
    // Only where the handler installed is the SDK Protocol's own dispatch, on the transport it holds.
    if (before !== undefined || sdkDispatch === undefined || (this as unknown as { _transport?: Transport })._transport !== transport) return;
    transport.onmessage = plainResponseDispatch(sdkDispatch, (response) => this._onresponse(response));
  }

  private resultSchema(codec: WireCodec, method: string): StandardSchemaV1 | undefined {
    let byMethod = this.resultSchemas.get(codec);
    if (byMethod === undefined) this.resultSchemas.set(codec, (byMethod = new Map()));
    if (!byMethod.has(method)) byMethod.set(method, codecResultSchema(codec, method));
    return byMethod.get(method);
  }
}

/**
 * The SDK's dispatch of incoming messages, with plain result responses taken straight to
 * `onresponse`.
 *
 * `Protocol.connect` (SDK 2.4.0) installs a dispatch that asks its zod guards whether a message is
 * a result response, an error response, a request or a notification, in that order, and hands a
 * response to `_onresponse`. A message that passes {@link isPlainResultResponse} is one the first
 * guard accepts (a test holds the two to it), so it goes to `onresponse` at once, as the SDK's
 * dispatch would send it. Every other message goes to the SDK's dispatch.
 */
export function plainResponseDispatch(
  sdkDispatch: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void,
  onresponse: (response: JSONRPCResultResponse) => void,
): (message: JSONRPCMessage, extra?: MessageExtraInfo) => void {
  return (message, extra) => {
    if (isPlainResultResponse(message)) onresponse(message as JSONRPCResultResponse);
    else sdkDispatch(message, extra);
  };
}
