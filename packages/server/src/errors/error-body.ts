// The error body (interface document › Errors › Error body): code, message, request_id
// (the same value as the Request-Id header) and details, empty when there are none.
import type { ErrorBody } from "@signing-platform/types";
import type { ApiError } from "./api-error.js";

export function errorBodyOf(error: Pick<ApiError, "code" | "message" | "details">, requestId: string): ErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      request_id: requestId,
      details: error.details.map(({ field, code, message }) => (field === undefined ? { code, message } : { field, code, message })),
    },
  };
}
