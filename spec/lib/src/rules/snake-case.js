// @ts-check
// Every field the interface document shows is snake_case (Resources and their fields); a
// body property keeps that spelling on the wire. Headers, query and path parameters are
// named by HTTP and are not judged.
import { createRule, paramMessage, resolveEncodedName } from "@typespec/compiler";
import { SNAKE_CASE, snakeCaseOf } from "@signing-platform/contract";
import { isBody, isBodyRoot, isHeader, isPathParam, isQueryParam, isStatusCode } from "@typespec/http";

export const snakeCaseRule = createRule({
  name: "snake-case",
  severity: "warning",
  description: "Every property of a JSON body is snake_case on the wire, as every field of the interface document is.",
  messages: {
    default: paramMessage`Property "${"name"}" of ${"model"} is not snake_case: every field of the interface document is (Resources and their fields); name it \`${"snake"}\`, or keep the TypeSpec name and write \`@encodedName("application/json", "${"snake"}")\`.`,
  },
  create(context) {
    const seen = new Set();
    const program = context.program;
    return {
      modelProperty(property) {
        if (!property.node || seen.has(property.node)) return;
        seen.add(property.node);
        const metadata = [isHeader, isQueryParam, isPathParam, isStatusCode, isBody].some((is) => is(program, property));
        if (metadata || isBodyRoot(program, property)) return;
        const name = resolveEncodedName(program, property, "application/json");
        if (SNAKE_CASE.test(name)) return;
        context.reportDiagnostic({
          format: { name, model: property.model?.name || "an inline model", snake: snakeCaseOf(name) },
          target: property,
        });
      },
    };
  },
});
