// Request validation (Errors › HTTP statuses, 400): path and query parameters by their
// schemas, the JSON body by the operation's precompiled validator from
// @signing-platform/validators. Every problem is a detail `{ field, code, message }`; the
// messages are built from the schema, never from the value, so no secret or personal data
// sent in a bad body comes back in the error (Errors › Error body).
import type { ErrorDetail } from "@signing-platform/types";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { onOperationRoute } from "../router/route-hooks.js";
import { ApiErrorResponse } from "../errors/api-error-response.js";
import type { OperationDescriptor } from "../router/operation-descriptor.js";
import { parseParameters } from "./parameters.js";
import { validatorsOf } from "./schema-validators.js";

/** Every problem of a request: parameters first, then the body. Empty when it is valid. */
export function requestProblems(operation: OperationDescriptor, request: FastifyRequest): ErrorDetail[] {
  const path = parseParameters(operation.parameters, "path", request.params as Record<string, unknown>);
  const query = parseParameters(operation.parameters, "query", request.query as Record<string, unknown>);
  request.params = path.values;
  request.query = query.values;
  const details = [...path.details, ...query.details];
  if (operation.requestBody) {
    if (request.body === undefined) {
      if (operation.requestBody.required) details.push({ field: "$", code: "required", message: "A JSON body is required." });
    } else {
      const result = validatorsOf(operation)?.requestBody?.(request.body);
      if (result && !result.ok) details.push(...result.errors);
    }
  }
  return details;
}

async function requestValidationPlugin(fastify: FastifyInstance): Promise<void> {
  onOperationRoute(fastify, (operation, add) =>
    add("preValidation", (request, _reply, done) => {
      const details = requestProblems(operation, request);
      if (details.length === 0) return done();
      done(new ApiErrorResponse("bad_request", { message: "The request does not match the API's schema.", details }));
    }),
  );
}

export const requestValidation = fastifyPlugin(requestValidationPlugin, {
  name: "signing-platform-request-validation",
  fastify: "5.x",
});
