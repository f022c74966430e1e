// The one error class of the server: code, status, message, details, and
// the Request-Id once the request it failed is known. A handler throws it; the error
// rendering plugin turns it into the error body (Errors › Error body).
import { errorCodeEntry, headerNames, statusForCode, type ErrorCode, type ErrorDetail, type KnownErrorCode } from "@signing-platform/types";

/** Options of an {@link ApiErrorResponse}: its message, details and headers. */
export interface ApiErrorResponseOptions {
  /** Human-readable text; never secrets or personal data. Defaults to the code's condition in the catalogue. */
  message?: string;
  /** The field-level details of the error body, naming the offending values. */
  details?: readonly ErrorDetail[];
  /** Headers the response must carry, such as Retry-After on 429 and 503. */
  headers?: Readonly<Record<string, string>>;
  /** Kept for logs; never rendered. */
  cause?: unknown;
}

/**
 * The options of each error thrown with a code outside the package's catalogue and no status:
 * a served document's own catalogue may know the code, and the router answers it with the
 * status and condition that catalogue gives (../router/router.ts).
 */
export const statusNotGiven = new WeakMap<ApiErrorResponse, ApiErrorResponseOptions>();

/** The status a server answers a known code with (one definition, in the types package). */
export { statusForCode };

/** What a handler throws to answer with an error: rendered as the error body, with its status and headers. */
export class ApiErrorResponse extends Error {
  /** The class name, `ApiErrorResponse`. */
  override readonly name = "ApiErrorResponse";
  /** The error code, sent as `error.code` of the error body. */
  readonly code: ErrorCode;
  /** The HTTP status of the answer. */
  readonly status: number;
  /** The field-level details of the error body; empty when there are none. */
  readonly details: readonly ErrorDetail[];
  /** Headers the answer carries, such as Retry-After. */
  readonly headers: Readonly<Record<string, string>>;
  /** Set when the error is rendered: the Request-Id of the response that carried it. */
  requestId: string | undefined;

  /** A code of the catalogue: its status comes from there. */
  constructor(code: KnownErrorCode, options?: ApiErrorResponseOptions);
  /** A code outside the catalogue needs its status. */
  constructor(code: ErrorCode, options: ApiErrorResponseOptions & { status: number });
  constructor(code: ErrorCode, options: ApiErrorResponseOptions & { status?: number } = {}) {
    const entry = errorCodeEntry(code);
    super(options.message ?? entry?.condition ?? "The request failed.", { cause: options.cause });
    this.code = code;
    this.status = options.status ?? (entry ? statusForCode(entry.code) : 500);
    this.details = options.details ?? [];
    this.headers = options.headers ?? {};
    if (options.status === undefined && !entry) statusNotGiven.set(this, options);
  }
}

/**
 * 404 not_found, identical for a missing resource and another organization's (Authentication 4).
 * @example
 * ```ts
 * import { notFound } from "@signing-platform/server";
 *
 * throw notFound();
 * ```
 */
export function notFound(): ApiErrorResponse {
  return new ApiErrorResponse("not_found", { message: "The resource does not exist." });
}

/**
 * 400 bad_request with details naming the offending values.
 * @example
 * ```ts
 * import { badRequest } from "@signing-platform/server";
 *
 * throw badRequest("The page size is out of range.", [{ field: "limit", code: "out_of_range", message: "Allowed: 1 to 100." }]);
 * ```
 */
export function badRequest(message: string, details: readonly ErrorDetail[] = []): ApiErrorResponse {
  return new ApiErrorResponse("bad_request", { message, details });
}

/** 503 service_unavailable with the Retry-After the interface document promises on it. */
export function serviceUnavailable(message: string, retryAfterSeconds: number, cause?: unknown): ApiErrorResponse {
  return new ApiErrorResponse("service_unavailable", { message, headers: { [headerNames.retry_after]: String(retryAfterSeconds) }, cause });
}
