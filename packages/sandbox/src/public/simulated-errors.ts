// Any public request can be made to answer with any catalogue error, so SDKs can test how
// they handle every code (issue 7 › control API). Certificate lifecycle, delivery and
// transfer codes have no operation in the interface document; this is how they are reached.
//
//   Sandbox-Simulate-Error: <code>          the code, with its catalogue status
//   Sandbox-Simulate-Fallback: true          for a code with a fallback (the explanation-window
//                                             codes): answer policy_rejected with a matching
//                                             message instead (DECISIONS 15)
import { ApiError, badRequest } from "@signing-platform/server";
import { errorCatalogue, headerNames, isKnownErrorCode } from "@signing-platform/types";
import type { FastifyInstance } from "fastify";

export const SIMULATE_ERROR_HEADER = "sandbox-simulate-error";
export const SIMULATE_FALLBACK_HEADER = "sandbox-simulate-fallback";

/** Seconds a simulated 429 or 503 asks the client to wait. */
const SIMULATED_RETRY_AFTER_SECONDS = 1;

export function simulatedError(code: string, fallback: boolean): ApiError {
  if (!isKnownErrorCode(code)) {
    return badRequest(`${SIMULATE_ERROR_HEADER} names no catalogue error code.`, [
      { field: `header.${SIMULATE_ERROR_HEADER}`, code: "enum", message: "A code of generated/catalogue.json." },
    ]);
  }
  const entry = errorCatalogue.find((candidate) => candidate.code === code)!;
  if (fallback && "fallback_code" in entry && isKnownErrorCode(entry.fallback_code)) {
    return new ApiError(entry.fallback_code, { message: `${code}: ${entry.condition} (simulated by the sandbox)` });
  }
  const status = entry.status ?? ("status_used_by_servers" in entry ? entry.status_used_by_servers : 422);
  const headers: Record<string, string> =
    status === 429 || status === 503 ? { [headerNames.retry_after]: String(SIMULATED_RETRY_AFTER_SECONDS) } : {};
  return new ApiError(code, { message: `${entry.condition} (simulated by the sandbox)`, headers });
}

/** Adds the hook to the public API app: after authentication and validation, before the operation runs. */
export function simulatedErrors(app: FastifyInstance): void {
  app.addHook("preHandler", async (request) => {
    const code = request.headers[SIMULATE_ERROR_HEADER];
    if (typeof code !== "string") return;
    throw simulatedError(code.trim(), request.headers[SIMULATE_FALLBACK_HEADER] === "true");
  });
}
