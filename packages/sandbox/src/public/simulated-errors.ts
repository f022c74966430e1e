// Any public request can be made to answer with any catalogue error, so SDKs can test how
// they handle every code. Certificate lifecycle, delivery and
// transfer codes have no operation in the interface document; this is how they are reached.
//
//   Sandbox-Simulate-Error: <code>          the code, with its catalogue status
//   Sandbox-Simulate-Fallback: true          for a code with a fallback (the explanation-window
//                                             codes): answer policy_rejected with a matching
//                                             message instead (docs/decisions.md#unknown-error-codes)
import { ApiErrorResponse, badRequest, type RejectRequest } from "@signing-platform/server";
import { errorCatalogue, headerNames, isKnownErrorCode, statusForCode } from "@signing-platform/types";

/** The request header that makes the sandbox answer with a catalogue error: `Sandbox-Simulate-Error: <code>` gives the code with its catalogue status. */
export const SIMULATE_ERROR_HEADER = "sandbox-simulate-error";
/** The request header that, with `true`, makes a simulated code that has a fallback answer with its fallback code (policy_rejected) and a message naming it. */
export const SIMULATE_FALLBACK_HEADER = "sandbox-simulate-fallback";

/** Seconds a simulated 429 or 503 asks the client to wait. */
const SIMULATED_RETRY_AFTER_SECONDS = 1;

export function simulatedError(code: string, fallback: boolean): ApiErrorResponse {
  if (!isKnownErrorCode(code)) {
    return badRequest(`${SIMULATE_ERROR_HEADER} names no catalogue error code.`, [
      { field: `header.${SIMULATE_ERROR_HEADER}`, code: "enum", message: "A code of generated/catalogue.json." },
    ]);
  }
  const entry = errorCatalogue.find((candidate) => candidate.code === code)!;
  if (fallback && "fallback_code" in entry && isKnownErrorCode(entry.fallback_code)) {
    return new ApiErrorResponse(entry.fallback_code, { message: `${code}: ${entry.condition} (simulated by the sandbox)` });
  }
  const status = statusForCode(code);
  const headers: Record<string, string> =
    status === 429 || status === 503 ? { [headerNames.retry_after]: String(SIMULATED_RETRY_AFTER_SECONDS) } : {};
  return new ApiErrorResponse(code, { message: `${entry.condition} (simulated by the sandbox)`, headers });
}

/**
 * The API plugin's `rejectRequest` option: the simulated error a request asks for, or
 * undefined. The plugin calls it after authentication, but before request validation and
 * before the Idempotency-Key is claimed. So a simulated request needs no valid body or key,
 * and a simulated error is a rejection before the operation runs, never stored for replay
 * (docs/decisions.md#idempotency-keys): the same key without the header then runs the
 * operation. Response checking leaves the answer as it is: most simulated codes are declared
 * by no operation, on purpose (delivery and transfer codes have none).
 */
export const simulatedErrorOf: RejectRequest = (request) => {
  const code = request.headers[SIMULATE_ERROR_HEADER];
  if (typeof code !== "string") return undefined;
  return simulatedError(code.trim(), request.headers[SIMULATE_FALLBACK_HEADER] === "true");
};
