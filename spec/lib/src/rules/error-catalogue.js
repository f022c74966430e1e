// @ts-check
// Errors › Error codes: each code has one status. Every code an error response carries —
// through @carriesCodes, or pinned by its body (`error.code` a literal or a closed union of
// literals, as an inline body writes it) — is in the catalogue, under the catalogue's status.
// An open union (with plain `string`, as the catalogue's own is) lists known codes: only
// membership is judged.
import { createRule, paramMessage } from "@typespec/compiler";
import { apiOperations, catalogueStatuses, describeOperation, keys, literalOf, responsesByStatus } from "../state.js";

/** @typedef {import("@typespec/compiler").Type} Type */

/**
 * The codes `error.code` of a body pins: its literals, and whether other strings are allowed.
 * @param {Type | undefined} body
 * @returns {{ codes: string[], open: boolean }}
 */
function bodyCodes(body) {
  const error = body?.kind === "Model" ? body.properties.get("error")?.type : undefined;
  const code = error?.kind === "Model" ? error.properties.get("code")?.type : undefined;
  if (code?.kind === "String") return { codes: [code.value], open: false };
  if (code?.kind !== "Union") return { codes: [], open: true };
  const variants = [...code.variants.values()];
  return {
    codes: variants.filter((variant) => variant.type.kind === "String").map(literalOf),
    open: variants.some((variant) => variant.type.kind === "Scalar"),
  };
}

export const errorCatalogueRule = createRule({
  name: "error-catalogue",
  severity: "warning",
  description: "Every error code a response carries is in the catalogue, under the catalogue's status.",
  messages: {
    unknown: paramMessage`The ${"status"} response of ${"operation"} answers error code "${"code"}", which is not in the catalogue: add it to the error code union with \`@errorStatus(${"status"})\` and its condition, or answer a catalogue code (Errors › Error codes).`,
    wrongStatus: paramMessage`The ${"status"} response of ${"operation"} carries error code "${"code"}", which the catalogue gives status ${"expected"}: carry it on the ${"expected"} response (@carriesCodes on its \`ErrorResponse<${"expected"}>\`).`,
  },
  create(context) {
    return {
      exit(program) {
        const catalogue = catalogueStatuses(program);
        if (catalogue.size === 0) return;
        /** @type {Map<Type, import("@typespec/compiler").UnionVariant[]>} */
        const carried = program.stateMap(keys.carriesCodes);
        const reported = new Set();
        for (const httpOperation of apiOperations(program)) {
          const operation = describeOperation(httpOperation);
          for (const { status, response } of responsesByStatus(httpOperation)) {
            if (status < 400) continue;
            /** @param {string} code @param {boolean} pinned @param {Type} target */
            const judge = (code, pinned, target) => {
              const expected = catalogue.get(code);
              const format = { status: String(status), operation, code, expected: String(expected) };
              const key = `${operation} ${status} ${code}`;
              if (reported.has(key)) return;
              if (expected === undefined) context.reportDiagnostic({ messageId: "unknown", format, target });
              else if (pinned && expected !== status) context.reportDiagnostic({ messageId: "wrongStatus", format, target });
              else return;
              reported.add(key);
            };
            for (const variant of carried.get(response.type) ?? []) judge(literalOf(variant), true, response.type);
            for (const variant of response.responses) {
              const { codes, open } = bodyCodes(variant.body?.type);
              for (const code of codes) judge(code, !open, httpOperation.operation);
            }
          }
        }
      },
    };
  },
});
