// One base class for every error a call can give: the error body's code,
// message, request id and details (Errors › Error body), the status, and whether the API
// lets a client retry it. Subclasses name a family; a code the API's catalogue does not list
// is the base class itself (Versioning: clients tolerate unknown codes).

/** One entry of an error's `details`: which field, and what is wrong with it. */
export interface ErrorDetail {
  field?: string;
  code: string;
  message: string;
  [key: string]: unknown;
}

/**
 * Codes of errors made by the client itself, where no error body exists: the request could
 * not be sent or completed, the answer could not be read, or the client refused the input.
 */
export type ClientErrorCode =
  | "connection_error"
  | "deadline_exceeded"
  | "invalid_response"
  | "invalid_request"
  | "access_token_unavailable"
  | "token_request_failed";

export interface ApiErrorInit {
  code: string;
  /** The HTTP status, or undefined when no response arrived. */
  status: number | undefined;
  message: string;
  requestId?: string | undefined;
  details?: readonly ErrorDetail[];
  /** Whether the API lets a client retry this later; false when not given. */
  retryable?: boolean;
  /** The code as the server sent it, when the explanation-window fallback changed it. */
  receivedCode?: string | undefined;
  /** Seconds the server asked to wait (Retry-After). */
  retryAfter?: number | undefined;
  /** The parsed body of the error response, for APIs whose error body has fields of its own. */
  body?: unknown;
  cause?: unknown;
}

export class ApiError extends Error {
  override name = "ApiError";
  /** The error body's code, one of ClientErrorCode when no error body exists. */
  readonly code: string;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly details: readonly ErrorDetail[];
  /** Whether the interface document lets a client retry this later (Errors › HTTP statuses). */
  readonly retryable: boolean;
  readonly receivedCode: string | undefined;
  readonly retryAfter: number | undefined;
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
