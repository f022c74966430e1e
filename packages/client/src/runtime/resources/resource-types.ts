// The types of the generated resource methods, read from openapi-typescript's `paths`: an
// operation's path parameters, query, JSON request body, JSON success body, streamed events, and page items.
import type { FilterKeys, OkStatus, ResponseObjectMap } from "openapi-typescript-helpers";
import type { StreamMediaType } from "../stream/stream-media.js";

type JsonMedia = `${string}json${string}`;

/** The type of path parameter `Name` of an operation. */
export type PathParam<Operation, Name extends string> = Operation extends { parameters: { path: infer Path } }
  ? Name extends keyof Path
    ? Path[Name]
    : string
  : string;

/** The query parameters of an operation. */
export type QueryOf<Operation> = Operation extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;

/** The JSON request body of an operation. */
export type BodyOf<Operation> = Operation extends { requestBody?: infer RequestBody }
  ? NonNullable<RequestBody> extends { content: infer Content }
    ? FilterKeys<Content, JsonMedia>
    : never
  : never;

/** The request body of an operation in media type `Media` (a form, multipart, text). */
export type BodyIn<Operation, Media extends string> = Operation extends { requestBody?: infer RequestBody }
  ? NonNullable<RequestBody> extends { content: infer Content }
    ? FilterKeys<Content, Media>
    : never
  : never;

/** The header and cookie parameters of an operation. */
export type HeaderOf<Operation> = Operation extends { parameters: { header?: infer Header } } ? NonNullable<Header> : never;
/** The cookie parameters of an operation. */
export type CookieOf<Operation> = Operation extends { parameters: { cookie?: infer Cookie } } ? NonNullable<Cookie> : never;

/** The JSON body of an operation's 2xx responses (not a stream of JSON records); `undefined` for a response without one. */
export type SuccessOf<Operation> = {
  [Status in keyof ResponseObjectMap<Operation> & OkStatus]: ResponseObjectMap<Operation>[Status] extends { content: infer Content }
    ? FilterKeys<Content, Exclude<keyof Content & JsonMedia, StreamMediaType>>
    : undefined;
}[keyof ResponseObjectMap<Operation> & OkStatus];

/** The type of each event of an operation's streamed 2xx responses (an SSE event's JSON data, a JSON Lines record). */
export type StreamEventOf<Operation> = {
  [Status in keyof ResponseObjectMap<Operation> & OkStatus]: ResponseObjectMap<Operation>[Status] extends { content: infer Content }
    ? FilterKeys<Content, StreamMediaType>
    : never;
}[keyof ResponseObjectMap<Operation> & OkStatus];

/** The item type of a page whose items are under `Field`. */
export type ItemOf<Page, Field extends string> = Page extends { [Key in Field]?: ReadonlyArray<infer Item> | null } ? Item : unknown;

/** Options every resource method takes after its own arguments. */
export interface RequestOptions {
  /** Extra request headers, such as the header parameters the operation declares. */
  headers?: Record<string, string>;
  /** Aborts the call, including waits between retries; the call then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Overall deadline of the call in milliseconds, retries and waits included. */
  timeoutMs?: number;
  /** Retries of this call at most, instead of the client's `retry.maxRetries`; 0 sends it once. */
  maxRetries?: number;
}

/** Options of an operation that takes an idempotency key. */
export interface IdempotentRequestOptions extends RequestOptions {
  /** Your own key, to reuse across your own retries; the client makes one per call otherwise. */
  idempotencyKey?: string;
}

/** Options of an operation with header or cookie parameters: their values, styled as its document says. */
export interface ParameterRequestOptions<Header, Cookie> extends RequestOptions {
  /** The operation's header parameters, by name. */
  header?: Partial<Header>;
  /** The operation's cookie parameters, by name. */
  cookie?: Partial<Cookie>;
}

/** Options of an operation that has both a request body and query parameters. */
export interface QueryRequestOptions<Query> extends RequestOptions {
  /** The operation's query parameters. */
  query?: Query;
}
