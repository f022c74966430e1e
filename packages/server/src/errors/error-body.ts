// The error body (interface document › Errors › Error body): code, message, request_id
// (the same value as the Request-Id header) and details, empty when there are none.
import type { ErrorBody } from "@signing-platform/types";
import type { ApiErrorResponse } from "./api-error-response.js";

/**
 * The error body of the interface document (Errors › Error body) for `error`: code, message, request_id and details.
 * @example
 * ```ts
 * import { ApiErrorResponse, errorBodyOf } from "@signing-platform/server";
 *
 * const body = errorBodyOf(new ApiErrorResponse("not_found"), "req_123");
 * // { error: { code: "not_found", message: "…", request_id: "req_123", details: [] } }
 * ```
 */
export function errorBodyOf(error: Pick<ApiErrorResponse, "code" | "message" | "details">, requestId: string): ErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      request_id: requestId,
      details: error.details.map(({ field, code, message }) => (field === undefined ? { code, message } : { field, code, message })),
    },
  };
}
