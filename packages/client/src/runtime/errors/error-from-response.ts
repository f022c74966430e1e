// Maps a non-2xx response to its ApiError (a factory maps a response to its
// class). With an error catalogue, the body must be the API's error body: known codes get
// their family, unknown codes the base class, reported to the caller (Errors › Error codes:
// "Clients log unknown codes and never treat them as success"), and the fallback rule is
// applied. Without one, any body is accepted: the family comes from the status, the code and
// message from the usual fields (`error.code`, `code`, `message`, a problem+json `title`), and
// the parsed body is kept on the error.
import type { ApiConventions } from "../api-description.js";
import { readRequestId } from "../metadata.js";
import { parseRetryAfter } from "../retry/retry-after.js";
import { ApiError, type ErrorDetail } from "./api-error.js";
import { errorClassForStatus, InvalidResponseError } from "./error-families.js";
import { canonicalErrorCode } from "@signing-platform/contract";

export interface ErrorResponse {
  status: number;
  headers: Headers;
  /** The whole body as received. */
  text: string;
  nowMs: number;
}

export interface ErrorFromResponse {
  error: ApiError;
  /** Set when the code is not in the API's catalogue. */
  unknownCode: string | undefined;
}

type Json = Record<string, unknown>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const asObject = (value: unknown): Json | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
const firstString = (...values: unknown[]): string | undefined =>
  values.find((value): value is string => typeof value === "string" && value !== "");

function isErrorDetail(value: unknown): value is ErrorDetail {
  const detail = asObject(value);
  return detail !== undefined && typeof detail.code === "string" && typeof detail.message === "string";
}

export function errorFromResponse(response: ErrorResponse, conventions: ApiConventions): ErrorFromResponse {
  const { status, headers, text, nowMs } = response;
  const headerRequestId = readRequestId(headers, conventions.headers);
  const retryAfterMs = parseRetryAfter(headers.get(conventions.headers.retryAfter), nowMs);
  const retryAfter = retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000);
  const retryClass = conventions.retryByStatus[status];
  const retryable = retryClass !== undefined && retryClass !== "no" && retryClass !== "not_applicable";
  const body = parseJson(text);
  const envelope = asObject(asObject(body)?.error);
  const catalogue = conventions.errorCodes;

  if (catalogue) {
    if (!envelope || typeof envelope.code !== "string" || typeof envelope.message !== "string") {
      const error = new InvalidResponseError({
        code: "invalid_response",
        status,
        requestId: headerRequestId,
        retryAfter,
        retryable,
        message: `The server answered ${status} with a body that is not the API's error body.`,
      });
      return { error, unknownCode: undefined };
    }
    const received = { code: envelope.code, message: envelope.message };
    const known = Object.hasOwn(catalogue, received.code);
    const code = canonicalErrorCode(received, catalogue);
    const ErrorClass = known ? errorClassForStatus(status) : ApiError;
    const error = new ErrorClass({
      code,
      receivedCode: code === received.code ? undefined : received.code,
      status,
      message: received.message,
      requestId: firstString(envelope.request_id) ?? headerRequestId,
      details: Array.isArray(envelope.details) ? envelope.details.filter(isErrorDetail) : [],
      retryAfter,
      retryable,
      body,
    });
    return { error, unknownCode: known ? undefined : received.code };
  }

  const fields = envelope ?? asObject(body) ?? {};
  const ErrorClass = errorClassForStatus(status);
  const error = new ErrorClass({
    code: firstString(fields.code, asObject(body)?.type) ?? (typeof fields.code === "number" ? String(fields.code) : `http_${status}`),
    status,
    message:
      firstString(fields.message, fields.detail, fields.title, asObject(body)?.message, asObject(body)?.error) ??
      `The server answered ${status}.`,
    requestId: firstString(fields.request_id, fields.requestId) ?? headerRequestId,
    details: Array.isArray(fields.details) ? fields.details.filter(isErrorDetail) : [],
    retryAfter,
    retryable,
    body: body ?? (text === "" ? undefined : text),
  });
  return { error, unknownCode: undefined };
}
