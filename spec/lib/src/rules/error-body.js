// @ts-check
// Errors › Error body: every 4xx and 5xx response has the body
// {error: {code, message, request_id, details[]}}.
import { createRule, paramMessage } from "@typespec/compiler";
import { apiOperations, describeOperation, responsesByStatus } from "../state.js";

const ERROR_FIELDS = ["code", "message", "request_id", "details"];

/** @param {import("@typespec/compiler").Type | undefined} body */
function isErrorBody(body) {
  const error = body?.kind === "Model" ? body.properties.get("error") : undefined;
  if (!error || error.optional || error.type.kind !== "Model") return false;
  const fields = error.type.properties;
  return ERROR_FIELDS.every((field) => fields.has(field) && !fields.get(field)?.optional);
}

export const errorBodyRule = createRule({
  name: "error-body",
  severity: "warning",
  description: "Every 4xx and 5xx response has the error body: ErrorResponse<Status>.",
  messages: {
    default: paramMessage`The ${"status"} response of ${"operation"} does not have the error body {error: {code, message, request_id, details}} (Errors › Error body): return \`ErrorResponse<${"status"}>\`, with @carriesCodes naming its codes.`,
  },
  create(context) {
    return {
      exit(program) {
        for (const httpOperation of apiOperations(program)) {
          for (const { status, response } of responsesByStatus(httpOperation)) {
            if (status < 400) continue;
            if (response.responses.every((variant) => isErrorBody(variant.body?.type))) continue;
            context.reportDiagnostic({
              format: { status: String(status), operation: describeOperation(httpOperation) },
              target: httpOperation.operation,
            });
          }
        }
      },
    };
  },
});
