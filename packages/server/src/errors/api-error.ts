// The one error class of the server: code, status, message, details, and
// the Request-Id once the request it failed is known. A handler throws it; the error
// rendering plugin turns it into the error body (Errors › Error body).
import { errorCodeEntry, headerNames, statusForCode, type ErrorCode, type ErrorDetail, type KnownErrorCode } from "@signing-platform/types";

export interface ApiErrorOptions {
  /** Human-readable text; never secrets or personal data. Defaults to the code's condition in the catalogue. */
  message?: string;
  details?: readonly ErrorDetail[];
  /** Headers the response must carry, such as Retry-After on 429 and 503. */
  headers?: Readonly<Record<string, string>>;
  /** Kept for logs; never rendered. */
  cause?: unknown;
}

/** The status a server answers a known code with (one definition, in the types package). */
export { statusForCode };

export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: readonly ErrorDetail[];
  readonly headers: Readonly<Record<string, string>>;
  /** Set when the error is rendered: the Request-Id of the response that carried it. */
  requestId: string | undefined;

  /** A code of the catalogue: its status comes from there. */
  constructor(code: KnownErrorCode, options?: ApiErrorOptions);
  /** A code outside the catalogue needs its status. */
  constructor(code: ErrorCode, options: ApiErrorOptions & { status: number });
  constructor(code: ErrorCode, options: ApiErrorOptions & { status?: number } = {}) {
    const entry = errorCodeEntry(code);
    super(options.message ?? entry?.condition ?? "The request failed.", { cause: options.cause });
    this.code = code;
    this.status = options.status ?? (entry ? statusForCode(entry.code) : 500);
    this.details = options.details ?? [];
    this.headers = options.headers ?? {};
  }
}

/** 404 not_found, identical for a missing resource and another organization's (Authentication 4). */
export function notFound(): ApiError {
  return new ApiError("not_found", { message: "The resource does not exist." });
}

/** 400 bad_request with details naming the offending values. */
export function badRequest(message: string, details: readonly ErrorDetail[] = []): ApiError {
  return new ApiError("bad_request", { message, details });
}

/** 503 service_unavailable with the Retry-After the interface document promises on it. */
export function serviceUnavailable(message: string, retryAfterSeconds: number, cause?: unknown): ApiError {
  return new ApiError("service_unavailable", { message, headers: { [headerNames.retry_after]: String(retryAfterSeconds) }, cause });
}
