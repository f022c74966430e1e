// The shapes a handler sees and returns. The generated handler types
// (src/generated/handlers.ts) instantiate them per operation, so a reply with a status or an
// error code the spec does not give that operation is a type error.
import type { ErrorCode, ErrorDetail, OperationId, OperationParameters, RequestBody } from "@signing-platform/types";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Principal } from "../auth/principal.js";
import type { Page, PageRequest, PaginateOptions } from "../pagination/keyset.js";
import type { OperationDescriptor } from "./operation-descriptor.js";

/** A success response with a JSON body. The conventions add Request-Id, rate-limit headers and ETag. */
export interface SuccessReply<Status extends number, Body> {
  /** The status, one of those the spec gives the operation. */
  readonly status: Status;
  /** The response body, as the spec types it. */
  readonly body: Body;
  /** Extra headers, such as Location. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A success response without a body (204). */
export interface EmptyReply<Status extends number> {
  /** The status, one of those the spec gives the operation. */
  readonly status: Status;
  /** Extra headers, such as Location. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** An error response: rendered in the error body with the request's Request-Id. */
export interface ErrorReply<Status extends number, Code extends string> {
  /** The status, one of those the spec gives the operation with this error code. */
  readonly status: Status;
  /** The error code, its message and details, rendered in the error body. */
  readonly error: {
    readonly code: Code;
    /** Human-readable; never secrets or personal data (Errors › Error body). Defaults to the code's condition. */
    readonly message?: string;
    readonly details?: readonly ErrorDetail[];
  };
}

type Defined<T> = [Exclude<T, undefined>] extends [never] ? Record<string, never> : Exclude<T, undefined>;
type LowercaseKeys<T> = { [Key in keyof T as Lowercase<Key & string>]: T[Key] };

/** The request of an operation: parameters as the spec types them (query values coerced), body validated. */
export interface HandlerRequest<Id extends OperationId> {
  /** The path parameters, by name. */
  readonly params: Defined<OperationParameters<Id>["path"]>;
  /** The query parameters, coerced to the types the spec gives them. */
  readonly query: Defined<OperationParameters<Id>["query"]>;
  /** Request headers, lower-cased as Node gives them. */
  readonly headers: LowercaseKeys<Defined<OperationParameters<Id>["header"]>> & Readonly<Record<string, string | string[] | undefined>>;
  /** The request body, validated against the spec; undefined for an operation without one. */
  readonly body: [RequestBody<Id>] extends [never] ? undefined : RequestBody<Id>;
}

/** What a handler is given besides the request: the request id, the caller, the operation and a logger. */
export interface HandlerContext {
  /** The canonical Request-Id of this request (docs/decisions.md#request-id). */
  readonly requestId: string;
  /** The caller, already authenticated. */
  readonly principal: Principal;
  /** The operation being served. */
  readonly operation: OperationDescriptor;
  /** The public base URL of the service, without a trailing slash. */
  readonly baseUrl: string;
  /** Throws 403 capability_not_granted naming `capability` unless the organization holds it (Authentication 3). */
  requireCapability(capability: string): void;
  /** The request's logger, with its Request-Id. */
  readonly log: FastifyBaseLogger;
  /** The Fastify request, for what the typed request does not carry. */
  readonly raw: FastifyRequest;
}

/** The context of a list operation: the page asked for, and a helper that answers it. */
export interface PagedHandlerContext<Item> extends HandlerContext {
  /** `limit` (1–100, default 25) and the keyset position after which the page starts. */
  readonly page: PageRequest;
  /** Reads one page from an ordered source and returns `{ items, cursor, next }` (docs/decisions.md#cursor-pagination). */
  paginate(options: PaginateOptions<Item>): Promise<Page<Item>>;
}

/** The business logic of one operation: takes the typed request and the context, and returns (or resolves with) one of the replies the spec allows. */
export type Handler<Id extends OperationId, Reply, Context extends HandlerContext = HandlerContext> = (
  request: HandlerRequest<Id>,
  context: Context,
) => Reply | Promise<Reply>;

/** The request an {@link UntypedHandler} is given: parameters (query values coerced) and body, validated against the spec but not typed by it. */
export interface UntypedRequest {
  /** The path parameters, by name. */
  readonly params: Readonly<Record<string, unknown>>;
  /** The query parameters, coerced to the types the spec gives them. */
  readonly query: Readonly<Record<string, unknown>>;
  /** Request headers, lower-cased as Node gives them. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The request body, validated against the spec; undefined for an operation without one. */
  readonly body: unknown;
}

/** A reply of any operation, as an {@link UntypedHandler} gives it; the conventions and the response check treat it as they treat a typed reply. */
export type UntypedReply = SuccessReply<number, unknown> | EmptyReply<number> | ErrorReply<number, ErrorCode>;

/**
 * A handler for whichever operation it is mounted for, typed by none: what the API plugin's
 * `fallback` gives an operation without a handler. The context is a {@link PagedHandlerContext}
 * for a list operation (one with x-signing-platform-pagination).
 */
export type UntypedHandler = (
  request: UntypedRequest,
  context: HandlerContext | PagedHandlerContext<unknown>,
) => UntypedReply | Promise<UntypedReply>;
