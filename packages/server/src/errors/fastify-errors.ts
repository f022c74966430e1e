// Errors Fastify raises before a handler runs (body parsing, URL decoding), as ApiErrorResponses.
// Their own messages are not reused: a JSON parse error quotes the body it failed on, and
// the body may hold personal data (Errors › Error body: no secrets or personal data).
import { issuesFromAjvErrors, type AjvError } from "@signing-platform/validators";
import { ApiErrorResponse, badRequest, serviceUnavailable } from "./api-error-response.js";

const BODY = "$";
const VALIDATED_PARTS = { body: true, querystring: true, params: true, headers: true };

/** What a client waits before retrying while a store is down (Retry-After, in seconds). */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/**
 * Whether an error is a store's connection failing (ioredis gives up on a command after its
 * reconnection attempts, or the connection is closed): the service is unavailable, not broken.
 */
export function isStoreOutage(error: unknown): boolean {
  const { name, message, code } = (error ?? {}) as { name?: unknown; message?: unknown; code?: unknown };
  if (name === "MaxRetriesPerRequestError") return true;
  if (typeof code === "string" && ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE"].includes(code)) return true;
  return typeof message === "string" && /^(Connection is closed\.|Stream isn't writeable)/.test(message);
}

const byFastifyCode: Readonly<Record<string, () => ApiErrorResponse>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () =>
    new ApiErrorResponse("bad_request", {
      message: "The request body is not valid JSON.",
      details: [{ field: BODY, code: "invalid_json", message: "The body could not be parsed as JSON." }],
    }),
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    new ApiErrorResponse("bad_request", {
      message: "The request body is empty.",
      details: [{ field: BODY, code: "required", message: "A JSON body is required." }],
    }),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new ApiErrorResponse("payload_too_large", { message: "The request body is too large." }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new ApiErrorResponse("unsupported_media_type", { message: "The Content-Type is not supported: send application/json." }),
  FST_ERR_CTP_INVALID_TYPE: () =>
    new ApiErrorResponse("unsupported_media_type", { message: "The Content-Type is not supported: send application/json." }),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new ApiErrorResponse("bad_request", { message: "The Content-Length does not match the body." }),
  FST_ERR_BAD_URL: () => new ApiErrorResponse("bad_request", { message: "The request URL is malformed." }),
};

/** The parts of a request a route schema validates, as Fastify names them. */
export interface ValidatedParts {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  headers?: unknown;
}

/**
 * A route schema's failure (a route beside the API that validates with Fastify's own
 * schemas): 400 with one detail per issue, as the API's validation gives them. A body's
 * fields are JSONPaths; a parameter's or header's field is its name.
 */
function schemaFailure(validation: readonly AjvError[], context: keyof ValidatedParts, parts: ValidatedParts): ApiErrorResponse {
  const issues = issuesFromAjvErrors(validation, parts[context]);
  const details = context === "body" ? issues : issues.map((issue) => ({ ...issue, field: issue.field.replace(/^\$\.?/, "") }));
  return badRequest(`The request ${context === "body" ? "body" : context} does not match its schema.`, details);
}

/**
 * The ApiErrorResponse for anything thrown while a request was served: an ApiErrorResponse as it is; a
 * Fastify client error by its code (or, for one this table does not name, by its status);
 * anything else 500 internal_error, with a message that reveals nothing of the cause.
 */
export function toApiErrorResponse(error: unknown, parts: ValidatedParts = {}): ApiErrorResponse {
  if (error instanceof ApiErrorResponse) return error;
  const { validation, validationContext } = (error ?? {}) as { validation?: unknown; validationContext?: unknown };
  if (Array.isArray(validation) && typeof validationContext === "string" && validationContext in VALIDATED_PARTS) {
    return schemaFailure(validation as AjvError[], validationContext as keyof ValidatedParts, parts);
  }
  if (isStoreOutage(error)) {
    return serviceUnavailable("A store the service needs is unreachable; retry shortly.", OUTAGE_RETRY_AFTER_SECONDS, error);
  }
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  const known = typeof code === "string" ? byFastifyCode[code] : undefined;
  if (known) return known();
  if (typeof code === "string" && code.startsWith("FST_") && typeof statusCode === "number") {
    if (statusCode === 413) return byFastifyCode.FST_ERR_CTP_BODY_TOO_LARGE!();
    if (statusCode === 415) return byFastifyCode.FST_ERR_CTP_INVALID_MEDIA_TYPE!();
    if (statusCode === 414) return new ApiErrorResponse("uri_too_long", { message: "The request URI is too long." });
    if (statusCode >= 400 && statusCode < 500) return new ApiErrorResponse("bad_request", { message: "The request is malformed." });
  }
  return new ApiErrorResponse("internal_error", { message: "An unexpected error occurred.", cause: error });
}
