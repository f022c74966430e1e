// Maps a non-2xx response to its ApiError (STYLE › Errors: a factory maps a response to its
// class). Known codes get their family; unknown codes the base class, reported to the
// caller (Errors › Error codes: "Clients log unknown codes and never treat them as
// success"); the explanation-window fallback is applied (DECISIONS 15).
import { canonicalErrorCode, headerNames, isKnownErrorCode, type ErrorDetail } from "@signing-platform/types";
import { parseRetryAfter } from "../retry/retry-after.js";
import { ApiError } from "./api-error.js";
import { errorClassForStatus, InvalidResponseError } from "./error-families.js";

export interface ErrorResponse {
  status: number;
  headers: Headers;
  /** The whole body as received. */
  text: string;
  nowMs: number;
}

export interface ErrorFromResponse {
  error: ApiError;
  /** Set when the code is not in the catalogue of this version. */
  unknownCode: string | undefined;
}

interface ErrorObject {
  code: string;
  message: string;
  request_id?: unknown;
  details?: unknown;
}

function parseErrorObject(text: string): ErrorObject | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const error = (body as { error?: unknown } | null)?.error as Partial<ErrorObject> | undefined;
  if (!error || typeof error !== "object" || typeof error.code !== "string" || typeof error.message !== "string") return undefined;
  return error as ErrorObject;
}

function isErrorDetail(value: unknown): value is ErrorDetail {
  const detail = value as Partial<ErrorDetail> | null;
  return typeof detail === "object" && detail !== null && typeof detail.code === "string" && typeof detail.message === "string";
}

export function errorFromResponse(response: ErrorResponse): ErrorFromResponse {
  const { status, headers, text, nowMs } = response;
  const headerRequestId = headers.get(headerNames.request_id) ?? undefined;
  const retryAfterMs = parseRetryAfter(headers.get(headerNames.retry_after), nowMs);
  const retryAfter = retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000);
  const parsed = parseErrorObject(text);
  if (!parsed) {
    const error = new InvalidResponseError({
      code: "invalid_response",
      status,
      requestId: headerRequestId,
      retryAfter,
      message: `The server answered ${status} with a body that is not the error body of the interface document.`,
    });
    return { error, unknownCode: undefined };
  }
  const known = isKnownErrorCode(parsed.code);
  const code = canonicalErrorCode({ code: parsed.code, message: parsed.message });
  const ErrorClass = known ? errorClassForStatus(status) : ApiError;
  const error = new ErrorClass({
    code,
    receivedCode: code === parsed.code ? undefined : parsed.code,
    status,
    message: parsed.message,
    requestId: typeof parsed.request_id === "string" ? parsed.request_id : headerRequestId,
    details: Array.isArray(parsed.details) ? parsed.details.filter(isErrorDetail) : [],
    retryAfter,
  });
  return { error, unknownCode: known ? undefined : parsed.code };
}
