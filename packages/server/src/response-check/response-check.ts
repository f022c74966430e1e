// Contract checking of outgoing responses, for development and tests: every response of
// an operation is checked against the spec before it leaves — a status the operation
// declares, a body its precompiled response validator accepts, an error code the
// operation may carry with request_id equal to Request-Id, and the headers the spec
// requires (ETag is added after this check, from the final bytes). A response that breaks
// the contract is logged at error level, reported to `onViolation`, and replaced by a 500
// internal_error whose details list what was wrong: loud, and impossible to miss in a test.
import { headerNames, type ErrorDetail } from "@signing-platform/types";
import type { FastifyInstance, FastifyReply } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { ApiErrorResponse } from "../errors/api-error-response.js";
import { errorBodyOf } from "../errors/error-body.js";
import { reportInternalError } from "../errors/internal-errors.js";
import { wasRejected } from "../reject-request/reject-request.js";
import "../router/fastify-types.js";
import type { OperationDescriptor } from "../router/operation-descriptor.js";
import { validatorsOf } from "../validation/schema-validators.js";

/** A response a handler gave that the spec does not allow for its operation and status. */
export interface ContractViolation {
  /** The operation that answered. */
  readonly operationId: string;
  /** The status it answered with. */
  readonly status: number;
  /** What is wrong with the response, one detail per problem. */
  readonly problems: readonly ErrorDetail[];
}

/** How responses are checked against the spec (`checkResponses`): what to do with a violation besides logging it. */
export interface ResponseCheckOptions {
  /** Called with every violation, after it is logged. */
  onViolation?(violation: ContractViolation): void;
}

/** Everything in a response that the spec does not allow; empty when it keeps the contract. */
export function contractProblems(operation: OperationDescriptor, reply: FastifyReply, payload: unknown): ErrorDetail[] {
  const status = reply.statusCode;
  const declared = operation.responses[String(status)];
  if (!declared)
    return [{ field: "status", code: "undeclared_status", message: `${status} is not a response of ${operation.operationId}` }];
  const problems: ErrorDetail[] = declared.headers
    .filter((name) => name !== headerNames.entity_tag && !reply.hasHeader(name))
    .map((name) => ({ field: `header ${name}`, code: "required", message: "is required on this response" }));
  const text = typeof payload === "string" ? payload : payload instanceof Uint8Array ? Buffer.from(payload).toString("utf8") : "";
  if (!declared.body) {
    if (text !== "") problems.push({ field: "$", code: "not_allowed", message: "this response has no body" });
    return problems;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [...problems, { field: "$", code: "invalid_json", message: "the body is not JSON" }];
  }
  const result = validatorsOf(operation)?.responses?.[String(status)]?.(body);
  if (result && !result.ok) problems.push(...result.errors);
  const error = status >= 400 ? (body as { error?: { code?: unknown; request_id?: unknown } }).error : undefined;
  if (error && !operation.errorCodes.includes(String(error.code))) {
    problems.push({
      field: "$.error.code",
      code: "undeclared_code",
      message: `${String(error.code)} is not an error code of ${operation.operationId}`,
    });
  }
  if (error && error.request_id !== reply.getHeader(headerNames.request_id)) {
    problems.push({ field: "$.error.request_id", code: "request_id_mismatch", message: "must equal the Request-Id header" });
  }
  return problems;
}

async function responseCheckPlugin(fastify: FastifyInstance, options: ResponseCheckOptions): Promise<void> {
  fastify.addHook("onSend", (request, reply, payload, done) => {
    const operation = request.routeOptions.config.operation;
    // A refusal from the rejectRequest option carries the code its author chose, declared or not.
    if (!operation || wasRejected(request)) return done(null, payload);
    const problems = contractProblems(operation, reply, payload);
    if (problems.length === 0) return done(null, payload);
    const violation: ContractViolation = { operationId: operation.operationId, status: reply.statusCode, problems };
    options.onViolation?.(violation);
    const error = new ApiErrorResponse("internal_error", {
      message: `The response of ${operation.operationId} broke the API contract (response checking is on).`,
      details: problems,
    });
    // Where every 500's cause goes (the logger, onInternalError or stderr), naming each problem.
    const summary = problems.map((problem) => `${problem.field} ${problem.code} (${problem.message})`).join("; ");
    reportInternalError(
      new Error(`the ${reply.statusCode} response of ${operation.operationId} broke the API contract: ${summary}`),
      request,
    );
    reply.code(error.status).type("application/json; charset=utf-8");
    reply.removeHeader(headerNames.entity_tag);
    done(null, JSON.stringify(errorBodyOf(error, request.id)));
  });
}

export const responseCheck = fastifyPlugin(responseCheckPlugin, { name: "signing-platform-response-check", fastify: "5.x" });
