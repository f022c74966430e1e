// The families of ApiError, one per kind of failure a caller handles differently.
import { ApiError, type ApiErrorInit } from "./api-error.js";

/** 401: credentials missing, invalid or expired, or bound to another application (Authentication 1–2). */
export class AuthenticationError extends ApiError {
  /** The class name, `AuthenticationError`. */
  override name = "AuthenticationError";
}

/** 403: authenticated but not permitted; the message names the capability (Authentication 3). */
export class PermissionError extends ApiError {
  /** The class name, `PermissionError`. */
  override name = "PermissionError";
}

/** 404: absent or not visible to the organization; the two are not told apart (Authentication 4). */
export class NotFoundError extends ApiError {
  /** The class name, `NotFoundError`. */
  override name = "NotFoundError";
}

/** 410: content gone (delivery expired, retired, attempt limit reached). */
export class GoneError extends ApiError {
  /** The class name, `GoneError`. */
  override name = "GoneError";
}

/** 409: the state prevents the operation, or an idempotency key was reused with another payload. */
export class ConflictError extends ApiError {
  /** The class name, `ConflictError`. */
  override name = "ConflictError";
}

/** 400, 413, 414, 415, 422, 431: the request was refused as it stands; `details` names the fields. */
export class ValidationError extends ApiError {
  /** The class name, `ValidationError`. */
  override name = "ValidationError";
}

/** 408: the server did not receive the whole request in time; retried with backoff. */
export class RequestTimeoutError extends ApiError {
  /** The class name, `RequestTimeoutError`. */
  override name = "RequestTimeoutError";
}

/** 429: rate limited; `retryAfter` is the wait in seconds the server asked for. */
export class RateLimitError extends ApiError {
  /** The class name, `RateLimitError`. */
  override name = "RateLimitError";
}

/** 5xx: the server failed or is unavailable. */
export class ServerError extends ApiError {
  /** The class name, `ServerError`. */
  override name = "ServerError";
}

/** No response: the connection failed or was reset, or the call's deadline passed. */
export class ConnectionError extends ApiError {
  /** The class name, `ConnectionError`. */
  override name = "ConnectionError";
  constructor(init: Omit<ApiErrorInit, "status">) {
    super({ retryable: init.code !== "deadline_exceeded", ...init, status: undefined });
  }
}

/** A streamed response that broke in the middle of an event and could not be resumed; `eventsReceived` says how many events arrived before. */
export class StreamError extends ConnectionError {
  /** The class name, `StreamError`. */
  override name = "StreamError";
  /** How many events the stream gave before it broke. */
  readonly eventsReceived: number;
  constructor(init: Omit<ApiErrorInit, "status" | "code"> & { eventsReceived: number }) {
    const { eventsReceived, ...rest } = init;
    super({ ...rest, code: "stream_interrupted", retryable: false });
    this.eventsReceived = eventsReceived;
  }
}

/** A response the client could not read: a body that is not JSON, or not the error body. */
export class InvalidResponseError extends ApiError {
  /** The class name, `InvalidResponseError`. */
  override name = "InvalidResponseError";
}

/** Input the client refused before sending anything, such as a page size over the maximum. */
export class RequestValidationError extends ApiError {
  /** The class name, `RequestValidationError`. */
  override name = "RequestValidationError";
  constructor(init: Pick<ApiErrorInit, "message" | "details">) {
    super({ ...init, code: "invalid_request", status: undefined, retryable: false });
  }
}

type ErrorClass = new (init: ApiErrorInit) => ApiError;

const familyByStatus: ReadonlyMap<number, ErrorClass> = new Map<number, ErrorClass>([
  [400, ValidationError],
  [401, AuthenticationError],
  [403, PermissionError],
  [404, NotFoundError],
  [408, RequestTimeoutError],
  [409, ConflictError],
  [410, GoneError],
  [413, ValidationError],
  [414, ValidationError],
  [415, ValidationError],
  [431, ValidationError],
  [422, ValidationError],
  [429, RateLimitError],
]);

/** The family of a known code's error, by the status it came with. */
export function errorClassForStatus(status: number): ErrorClass {
  return familyByStatus.get(status) ?? (status >= 500 && status <= 599 ? ServerError : ApiError);
}
