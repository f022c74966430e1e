// @ts-check
// Endpoints › General rules: every resource response carries an ETag header
// (docs/decisions.md#entity-tags). A resource response is a 2xx response with a body.
import { createRule, paramMessage } from "@typespec/compiler";
import { apiOperations, describeOperation, hasBody, headerNames, responsesByStatus } from "../state.js";

export const resourceEtagRule = createRule({
  name: "resource-etag",
  severity: "warning",
  description: "Every response that returns a resource carries ETag: ResourceResponse<T> or CreatedResourceResponse<T>.",
  messages: {
    default: paramMessage`The ${"status"} response of ${"operation"} returns a resource without the ${"header"} header (Endpoints › General rules: every resource response carries it): return \`${"construct"}\`, or spread \`...EntityTagHeader\` into the response.`,
    optional: paramMessage`The ${"header"} header of the ${"status"} response of ${"operation"} must be required: every resource response carries it.`,
  },
  create(context) {
    return {
      exit(program) {
        const header = headerNames(program)?.entity_tag;
        if (!header) return;
        for (const httpOperation of apiOperations(program)) {
          for (const { status, response } of responsesByStatus(httpOperation)) {
            if (status < 200 || status > 299 || !hasBody(response)) continue;
            const declared = response.responses
              .flatMap((variant) => Object.entries(variant.headers ?? {}))
              .find(([name]) => name.toLowerCase() === header.toLowerCase())?.[1];
            const format = {
              status: String(status),
              operation: describeOperation(httpOperation),
              header,
              construct: status === 201 ? "CreatedResourceResponse<T>" : "ResourceResponse<T>",
            };
            if (!declared) context.reportDiagnostic({ format, target: httpOperation.operation });
            else if (declared.optional) context.reportDiagnostic({ messageId: "optional", format, target: declared });
          }
        }
      },
    };
  },
});
