// @ts-check
// Errors › HTTP statuses: the platform answers the statuses of its table, each with its retry
// class; a client retries by that table, so a status outside it has no retry rule.
import { createRule, paramMessage } from "@typespec/compiler";
import { apiOperations, describeOperation, responsesByStatus, statusTable } from "../state.js";

export const statusTableRule = createRule({
  name: "status-table",
  severity: "warning",
  description: "Every response status is in the HTTP status table, where clients read how to retry it.",
  messages: {
    default: paramMessage`${"operation"} declares a ${"status"} response, which the HTTP status table does not list (Errors › HTTP statuses): answer one of ${"statuses"}, or add the status to the table with its @retry class.`,
  },
  create(context) {
    return {
      exit(program) {
        const table = statusTable(program).map((row) => row.status);
        if (table.length === 0) return;
        for (const httpOperation of apiOperations(program)) {
          for (const { status, response } of responsesByStatus(httpOperation)) {
            if (table.includes(status)) continue;
            context.reportDiagnostic({
              format: { operation: describeOperation(httpOperation), status: String(status), statuses: table.join(", ") },
              target: response.type.kind === "Model" && response.type.name ? response.type : httpOperation.operation,
            });
          }
        }
      },
    };
  },
});
