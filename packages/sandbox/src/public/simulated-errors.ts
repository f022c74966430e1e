// Any public request can be made to answer with any catalogue error, so SDKs can test how
// they handle every code. Certificate lifecycle, delivery and
// transfer codes have no operation in the interface document; this is how they are reached.
//
//   Sandbox-Simulate-Error: <code>          the code, with its catalogue status
//   Sandbox-Simulate-Fallback: true          for a code with a fallback (the explanation-window
//                                             codes): answer policy_rejected with a matching
//                                             message instead (docs/decisions.md#unknown-error-codes)
import { ApiError, badRequest, errorBodyOf } from "@signing-platform/server";
import { errorCatalogue, headerNames, isKnownErrorCode, statusForCode } from "@signing-platform/types";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fastifyPlugin from "fastify-plugin";

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
  const status = statusForCode(code);
  const headers: Record<string, string> =
    status === 429 || status === 503 ? { [headerNames.retry_after]: String(SIMULATED_RETRY_AFTER_SECONDS) } : {};
  return new ApiError(code, { message: `${entry.condition} (simulated by the sandbox)`, headers });
}

/**
 * Adds the hooks to the public API's context, registered after the API plugin there. The
 * error is raised in preValidation, by a hook of the context, which runs before the hooks the
 * API attaches to each operation's route: after authentication, but before request
 * validation and before the Idempotency-Key is claimed. So a simulated request needs no
 * valid body or key, and a simulated error is a rejection before the operation runs, never
 * stored for replay (docs/decisions.md#idempotency-keys): the same key without the header then runs the operation.
 */
async function simulatedErrorsPlugin(app: FastifyInstance): Promise<void> {
  const simulated = new WeakMap<FastifyRequest, ApiError>();
  app.addHook("preValidation", async (request) => {
    const code = request.headers[SIMULATE_ERROR_HEADER];
    if (typeof code !== "string") return;
    const error = simulatedError(code.trim(), request.headers[SIMULATE_FALLBACK_HEADER] === "true");
    simulated.set(request, error);
    throw error;
  });
  // Response checking (on by default) replaces a code the operation does not declare with a
  // 500; most simulated codes are exactly that, on purpose (delivery and transfer codes have
  // no operation). Added after the check's own onSend hook, this puts the simulated answer back.
  app.addHook("onSend", (request, reply, payload, done) => {
    const error = simulated.get(request);
    if (!error || reply.statusCode === error.status) return done(null, payload);
    reply.code(error.status).type("application/json; charset=utf-8");
    done(null, JSON.stringify(errorBodyOf(error, request.id)));
  });
}

export const simulatedErrors = fastifyPlugin(simulatedErrorsPlugin, { name: "signing-platform-sandbox-simulated-errors" });
