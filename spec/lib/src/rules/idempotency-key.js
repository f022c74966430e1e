// @ts-check
// Endpoints › General rules: every POST, PUT and PATCH requires Idempotency-Key.
import { createRule, paramMessage } from "@typespec/compiler";
import { apiOperations, describeOperation, headerNames, headerParameter, IDEMPOTENT_METHODS, keys } from "../state.js";

export const idempotencyKeyRule = createRule({
  name: "idempotency-key",
  severity: "warning",
  description: "Every POST, PUT and PATCH takes the Idempotency-Key header, through ...IdempotencyKeyHeader.",
  messages: {
    default: paramMessage`${"operation"} does not take the ${"header"} header (Endpoints › General rules: every POST, PUT and PATCH requires it): spread \`...IdempotencyKeyHeader\` into its parameters.`,
    handWritten: paramMessage`${"operation"} writes the ${"header"} header by hand: spread \`...IdempotencyKeyHeader\` instead, which carries the key's pattern and lengths, marks it @idempotencyKey and so gives the operation idempotent replay.`,
    optional: paramMessage`${"operation"} takes the ${"header"} header as optional: every POST, PUT and PATCH requires it; spread \`...IdempotencyKeyHeader\`.`,
  },
  create(context) {
    return {
      exit(program) {
        const header = headerNames(program)?.idempotency_key;
        if (!header) return;
        for (const httpOperation of apiOperations(program)) {
          if (!IDEMPOTENT_METHODS.has(httpOperation.verb)) continue;
          const format = { operation: describeOperation(httpOperation), header };
          const marked = headerParameter(httpOperation, program.stateSet(keys.idempotencyKey));
          if (marked) {
            if (marked.param.optional) context.reportDiagnostic({ messageId: "optional", format, target: marked.param });
            continue;
          }
          const byHand = httpOperation.parameters.parameters.find(
            (parameter) => parameter.type === "header" && parameter.name.toLowerCase() === header.toLowerCase(),
          );
          context.reportDiagnostic({
            messageId: byHand ? "handWritten" : "default",
            format,
            target: byHand ? byHand.param : httpOperation.operation,
          });
        }
      },
    };
  },
});
