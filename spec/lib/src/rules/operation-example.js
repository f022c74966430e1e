// @ts-check
// An example for every operation: the reference docs, the SDKs' READMEs and the sandbox show
// it, and the compiler checks it against the operation's parameters and responses.
import { createRule, getOpExamples, paramMessage } from "@typespec/compiler";
import { apiOperations, describeOperation } from "../state.js";

export const operationExampleRule = createRule({
  name: "operation-example",
  severity: "warning",
  description: "Every operation shows an example with @opExample; the compiler checks it against the operation's types.",
  messages: {
    default: paramMessage`${"operation"} shows no example: add \`@opExample(#{ parameters: #{ … }, returnType: #{ … } })\`; the compiler checks it against the operation's parameters and responses.`,
  },
  create(context) {
    return {
      exit(program) {
        for (const httpOperation of apiOperations(program)) {
          if (getOpExamples(program, httpOperation.operation).length > 0) continue;
          context.reportDiagnostic({ format: { operation: describeOperation(httpOperation) }, target: httpOperation.operation });
        }
      },
    };
  },
});
