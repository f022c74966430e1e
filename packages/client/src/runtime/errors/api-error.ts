// One base class for every error a call can give: the error body's code,
// message, request id and details (Errors › Error body), the status, and whether the API
// lets a client retry it. Subclasses name a family; a code the API's catalogue does not list
// is the base class itself (Versioning: clients tolerate unknown codes).

/** One entry of an error's `details`: which field, and what is wrong with it. */
export interface ErrorDetail {
  /** The field the detail is about, as the API names it, when it is about one. */
  field?: string;
  /** The detail's machine-readable code. */
  code: string;
  /** What is wrong, for people. */
  message: string;
  /** Further fields the API adds to a detail. */
  [key: string]: unknown;
}

/**
 * Codes of errors made by the client itself, where no error body exists: the request could
 * not be sent or completed, the answer could not be read, or the client refused the input.
 */
export type ClientErrorCode =
  | "connection_error"
  | "deadline_exceeded"
  | "stream_interrupted"
  | "invalid_response"
  | "invalid_request"
  | "access_token_unavailable"
  | "token_request_failed";

/** What an {@link ApiError} is made from. */
export interface ApiErrorInit {
  /** The error code: the error body's, or one of ClientErrorCode. */
  code: string;
  /** The HTTP status, or undefined when no response arrived. */
  status: number | undefined;
  /** What went wrong, for people. */
  message: string;
  /** The request id of the response, for support. */
  requestId?: string | undefined;
  /** The field-level details of the error body. */
  details?: readonly ErrorDetail[];
  /** Whether the API lets a client retry this later; false when not given. */
  retryable?: boolean;
  /** The code as the server sent it, when the explanation-window fallback changed it. */
  receivedCode?: string | undefined;
  /** Seconds the server asked to wait (Retry-After). */
  retryAfter?: number | undefined;
  /** The parsed body of the error response, for APIs whose error body has fields of its own. */
  body?: unknown;
  /** The error that caused this one, such as a network error. */
  cause?: unknown;
}

/** An error of a call: the error body's code, message, request id and details, the status, and whether it may be retried (Errors › Error body). */
export class ApiError extends Error {
  /** The class name, `ApiError` or the family's. */
  override name = "ApiError";
  /** The error body's code, one of ClientErrorCode when no error body exists. */
  readonly code: string;
  /** The HTTP status, or undefined when no response arrived. */
  readonly status: number | undefined;
  /** The request id of the response, for support; undefined when there was none. */
  readonly requestId: string | undefined;
  /** The field-level details of the error body; empty when there are none. */
  readonly details: readonly ErrorDetail[];
  /** Whether the interface document lets a client retry this later (Errors › HTTP statuses). */
  readonly retryable: boolean;
  /** The code as the server sent it, when the explanation-window fallback changed it. */
  readonly receivedCode: string | undefined;
  /** Seconds the server asked to wait (Retry-After), when it did. */
  readonly retryAfter: number | undefined;
  /** The parsed body of the error response, for APIs whose error body has fields of its own. */
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.details = init.details ?? [];
    this.retryable = init.retryable ?? false;
    this.receivedCode = init.receivedCode;
    this.retryAfter = init.retryAfter;
    this.body = init.body;
  }

  /**
   * Whether this error is `code`, directly or through a fallback code (Errors › Error codes,
   * docs/decisions.md#unknown-error-codes): a policy_rejected whose message names explanation_window_required is both.
   */
  is(code: string): boolean {
    return this.code === code || this.receivedCode === code;
  }
}
