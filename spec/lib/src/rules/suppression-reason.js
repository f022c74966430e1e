// @ts-check
// A suppression says why: `#suppress "rule" "reason"`. One without a reason hides a
// convention from every reviewer after the one who wrote it.
import { createRule, paramMessage } from "@typespec/compiler";
import { suppressionsOf } from "../suppressions.js";

export const suppressionReasonRule = createRule({
  name: "suppression-reason",
  severity: "warning",
  description: "Every #suppress gives its reason.",
  messages: {
    default: paramMessage`#suppress "${"code"}" gives no reason: write why, as \`#suppress "${"code"}" "the reason"\`.`,
  },
  create(context) {
    return {
      exit(program) {
        for (const { code, reason, node } of suppressionsOf(program)) {
          if (reason?.trim()) continue;
          context.reportDiagnostic({ format: { code }, target: node });
        }
      },
    };
  },
});
