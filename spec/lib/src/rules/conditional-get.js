// @ts-check
// Endpoints, GET /certificates/{id}: "Optional header If-None-Match carrying an entity tag.
// 200 with the resource and an ETag header, or 304 with no body"; docs/decisions.md#entity-tags.
// Applied to every GET of a single resource: a GET whose path ends in a path parameter and
// whose 200 returns a body. Any 304 has no body and carries the entity tag.
import { createRule, paramMessage } from "@typespec/compiler";
import { apiOperations, describeOperation, hasBody, headerNames, responseHeaderNames, responsesByStatus } from "../state.js";

/** @param {import("@typespec/http").HttpOperation} httpOperation */
export function readsSingleResource(httpOperation) {
  const lastSegment = httpOperation.path.split("/").filter(Boolean).pop() ?? "";
  const ok = responsesByStatus(httpOperation).find(({ status }) => status === 200);
  return httpOperation.verb === "get" && /^\{[^}]+\}$/.test(lastSegment) && ok !== undefined && hasBody(ok.response);
}

export const conditionalGetRule = createRule({
  name: "conditional-get",
  severity: "warning",
  description:
    "A GET of a single resource accepts If-None-Match and answers 304 with no body: ...IfNoneMatchHeader and NotModifiedResponse.",
  messages: {
    noCondition: paramMessage`${"operation"} reads a single resource but does not accept ${"header"}: spread \`...IfNoneMatchHeader\` into its parameters.`,
    requiredCondition: paramMessage`${"header"} of ${"operation"} must be optional: spread \`...IfNoneMatchHeader\`.`,
    no304: paramMessage`${"operation"} reads a single resource but declares no 304 response: add \`NotModifiedResponse\` to its responses.`,
    bodyOn304: paramMessage`The 304 response of ${"operation"} has a body: a 304 has none; use \`NotModifiedResponse\`.`,
    noTagOn304: paramMessage`The 304 response of ${"operation"} does not carry ${"header"}: a 304 carries the entity tag; use \`NotModifiedResponse\`.`,
  },
  create(context) {
    return {
      exit(program) {
        const headers = headerNames(program);
        if (!headers) return;
        for (const httpOperation of apiOperations(program)) {
          const operation = describeOperation(httpOperation);
          const target = httpOperation.operation;
          const notModified = responsesByStatus(httpOperation).find(({ status }) => status === 304)?.response;
          if (readsSingleResource(httpOperation)) {
            const condition = httpOperation.parameters.parameters.find(
              (parameter) => parameter.type === "header" && parameter.name.toLowerCase() === headers.if_none_match.toLowerCase(),
            );
            const format = { operation, header: headers.if_none_match };
            if (!condition) context.reportDiagnostic({ messageId: "noCondition", format, target });
            else if (!condition.param.optional)
              context.reportDiagnostic({ messageId: "requiredCondition", format, target: condition.param });
            if (!notModified) context.reportDiagnostic({ messageId: "no304", format, target });
          }
          if (!notModified) continue;
          if (hasBody(notModified)) context.reportDiagnostic({ messageId: "bodyOn304", format: { operation }, target });
          if (!responseHeaderNames(notModified).has(headers.entity_tag.toLowerCase()))
            context.reportDiagnostic({ messageId: "noTagOn304", format: { operation, header: headers.entity_tag }, target });
        }
      },
    };
  },
});
