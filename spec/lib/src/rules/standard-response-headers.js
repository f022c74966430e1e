// @ts-check
// Errors › Headers on every response: Request-Id and the rate-limit headers on every
// response, errors and 304 included; Retry-After on 429 and 503, and only there.
import { createRule, paramMessage } from "@typespec/compiler";
import { apiOperations, describeOperation, headerNames, responseHeaderNames, responsesByStatus } from "../state.js";

const RETRY_AFTER_STATUSES = [429, 503];

export const standardResponseHeadersRule = createRule({
  name: "standard-response-headers",
  severity: "warning",
  description:
    "Every response declares Request-Id and the rate-limit headers (...StandardResponseHeaders); 429 and 503 declare Retry-After.",
  messages: {
    default: paramMessage`The ${"status"} response of ${"operation"} does not declare ${"missing"} (Errors › Headers on every response): spread \`...StandardResponseHeaders\` into it, or return \`ResourceResponse<T>\` or \`ErrorResponse<Status>\`, which do.`,
    retryAfter: paramMessage`The ${"status"} response of ${"operation"} does not declare ${"header"}: a 429 or 503 tells the client when to retry; spread \`...RetryAfterHeader\` into it.`,
    unexpectedRetryAfter: paramMessage`The ${"status"} response of ${"operation"} declares ${"header"}, which only 429 and 503 carry.`,
  },
  create(context) {
    return {
      exit(program) {
        const headers = headerNames(program);
        if (!headers) return;
        const standard = [headers.request_id, headers.rate_limit_limit, headers.rate_limit_remaining, headers.rate_limit_reset];
        for (const httpOperation of apiOperations(program)) {
          for (const { status, response } of responsesByStatus(httpOperation)) {
            const declared = responseHeaderNames(response);
            const format = { status: String(status), operation: describeOperation(httpOperation), header: headers.retry_after };
            const target = httpOperation.operation;
            const missing = standard.filter((name) => !declared.has(name.toLowerCase()));
            if (missing.length > 0) context.reportDiagnostic({ format: { ...format, missing: missing.join(", ") }, target });
            const retryAfter = declared.has(headers.retry_after.toLowerCase());
            if (RETRY_AFTER_STATUSES.includes(status) && !retryAfter) context.reportDiagnostic({ messageId: "retryAfter", format, target });
            if (!RETRY_AFTER_STATUSES.includes(status) && retryAfter)
              context.reportDiagnostic({ messageId: "unexpectedRetryAfter", format, target });
          }
        }
      },
    };
  },
});
