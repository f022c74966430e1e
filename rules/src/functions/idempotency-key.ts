// signing-platform-idempotency-key. Interface document › Endpoints: "Every POST, PUT and PATCH
// requires an Idempotency-Key header"; Errors › Idempotency 4 and Limits: "alphanumeric, 16 to
// 128 characters" (docs/decisions.md#idempotency-keys). Header name, pattern and bounds come from the catalogue.
import { createRulesetFunction, type IFunctionResult } from "@stoplight/spectral-core";
import { readConventions } from "../conventions.js";
import { describeOperation, findParameter, operationsOf, parametersOf, result } from "../openapi.js";

const METHODS_NEEDING_A_KEY = new Set(["post", "put", "patch"]);

/**
 * The Spectral function of signing-platform-idempotency-key: every POST, PUT and PATCH requires the idempotency key header, with the pattern and lengths of the limits (Endpoints › General rules). Give it `$.paths` of an OpenAPI 3 document.
 * @example
 * ```ts
 * import { idempotencyKey } from "@signing-platform/rules/functions";
 *
 * export default { rules: { "my-idempotency-key": { given: "$.paths", severity: "error", then: { function: idempotencyKey } } } };
 * ```
 */
export const idempotencyKey = createRulesetFunction<unknown, null>({ input: null, options: null }, (paths, _options, context) => {
  const { headers, limits } = readConventions(context.document.data);
  const header = headers.idempotency_key;
  const bounds = `alphanumeric, ${limits.idempotency_key_min_length} to ${limits.idempotency_key_max_length} characters`;
  const results: IFunctionResult[] = [];
  for (const entry of operationsOf(paths)) {
    if (!METHODS_NEEDING_A_KEY.has(entry.method)) continue;
    const name = describeOperation(entry);
    const found = findParameter(parametersOf(entry), "header", header);
    if (!found) {
      results.push(result(`${name} does not take the ${header} header: every POST, PUT and PATCH requires it.`, entry.at));
      continue;
    }
    const { parameter, at } = found;
    if (parameter.required !== true) results.push(result(`${header} of ${name} must be required.`, at));
    const schema = parameter.schema ?? {};
    if (schema.pattern !== limits.idempotency_key_pattern) {
      results.push(result(`${header} of ${name} must have the pattern ${limits.idempotency_key_pattern} (${bounds}).`, [...at, "schema"]));
    }
    for (const [keyword, want] of [
      ["minLength", limits.idempotency_key_min_length],
      ["maxLength", limits.idempotency_key_max_length],
    ] as const) {
      if (schema[keyword] !== undefined && schema[keyword] !== want) {
        results.push(
          result(`${header} of ${name} must have ${keyword} ${want} (${bounds}), not ${schema[keyword]}.`, [...at, "schema", keyword]),
        );
      }
    }
  }
  return results;
});
