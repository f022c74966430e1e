// One base class for every error a call can give (STYLE › Errors): the error body's code,
// message, request id and details (Errors › Error body), the status, and whether the
// interface document lets a client retry it. Subclasses name a family; a code this version
// does not know is the base class itself (Versioning: clients tolerate unknown codes).
import { isEquivalentErrorCode, isRetryableStatus, type ErrorCode, type ErrorDetail } from "@signing-platform/types";

/**
 * Codes of errors made by the client itself, where no error body exists: the request could
 * not be sent or completed, the answer could not be read, or the client refused the input.
 */
export type ClientErrorCode =
  | "connection_error"
  | "deadline_exceeded"
  | "invalid_response"
  | "invalid_request"
  | "access_token_unavailable";

export interface ApiErrorInit {
  code: ErrorCode | ClientErrorCode;
  /** The HTTP status, or undefined when no response arrived. */
  status: number | undefined;
  message: string;
  requestId?: string | undefined;
  details?: readonly ErrorDetail[];
  /** Overrides the retry class of the status (for errors with no status). */
  retryable?: boolean;
  /** The code as the server sent it, when the explanation-window fallback changed it. */
  receivedCode?: string | undefined;
  /** Seconds the server asked to wait (Retry-After). */
  retryAfter?: number | undefined;
  cause?: unknown;
}

export class ApiError extends Error {
  override name = "ApiError";
  readonly code: ErrorCode | ClientErrorCode;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly details: readonly ErrorDetail[];
  /** Whether the interface document lets a client retry this later (Errors › HTTP statuses). */
  readonly retryable: boolean;
  readonly receivedCode: string | undefined;
  readonly retryAfter: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.details = init.details ?? [];
    this.retryable = init.retryable ?? (init.status !== undefined && isRetryableStatus(init.status));
    this.receivedCode = init.receivedCode;
    this.retryAfter = init.retryAfter;
  }

  /**
   * Whether this error is `code`, directly or through the explanation-window fallback
   * (Errors › Error codes, DECISIONS 15): a policy_rejected whose message names
   * explanation_window_required is both.
   */
  is(code: ErrorCode | ClientErrorCode): boolean {
    if (this.code === code || this.receivedCode === code) return true;
    return isEquivalentErrorCode({ code: this.receivedCode ?? this.code, message: this.message }, code);
  }
}
