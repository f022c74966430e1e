// signing-platform-webhook-no-client-secret. Interface document › Resources › Signing request:
// client_secret "is omitted from event payloads"; Resources › Event: data.object is the
// signing request "without client_secret". A payload schema that declares the property
// anywhere, however deep, is wrong. A `not` that forbids it is the opposite and is skipped.
import { createRulesetFunction, type IFunctionResult } from "@stoplight/spectral-core";
import { isObject, jsonContentOf, operationsOf, result, type Path } from "../openapi.js";

const SECRET = "client_secret";

/** Sub-schema keywords to walk; `not` is left out on purpose. */
const SINGLE = ["items", "additionalProperties", "unevaluatedProperties", "contains", "if", "then", "else"];
const LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];
const MAPS = ["properties", "patternProperties", "dependentSchemas"];

/** Every place under `schema` that declares a property named client_secret. */
export function findSecretProperties(schema: unknown, at: Path, seen = new Set<unknown>()): Path[] {
  if (!isObject(schema) || seen.has(schema)) return [];
  seen.add(schema);
  const found: Path[] = [];
  if (isObject(schema.properties) && SECRET in schema.properties) found.push([...at, "properties", SECRET]);
  for (const keyword of SINGLE) found.push(...findSecretProperties(schema[keyword], [...at, keyword], seen));
  for (const keyword of LISTS) {
    if (Array.isArray(schema[keyword]))
      schema[keyword].forEach((branch: unknown, index: number) =>
        found.push(...findSecretProperties(branch, [...at, keyword, index], seen)),
      );
  }
  for (const keyword of MAPS) {
    if (!isObject(schema[keyword])) continue;
    for (const [name, branch] of Object.entries(schema[keyword])) found.push(...findSecretProperties(branch, [...at, keyword, name], seen));
  }
  return found;
}

/**
 * The Spectral function of signing-platform-webhook-no-client-secret: webhook payloads never include client_secret. Give it `$.webhooks` of an OpenAPI 3 document.
 * @example
 * ```ts
 * import { webhookNoClientSecret } from "@signing-platform/rules/functions";
 *
 * export default { rules: { "my-webhook-no-client-secret": { given: "$.webhooks", severity: "error", then: { function: webhookNoClientSecret } } } };
 * ```
 */
export const webhookNoClientSecret = createRulesetFunction<unknown, null>({ input: null, options: null }, (webhooks) => {
  const results: IFunctionResult[] = [];
  for (const entry of operationsOf(webhooks, "webhooks")) {
    const json = jsonContentOf(entry.operation.requestBody?.content);
    if (!json) continue;
    const at = [...entry.at, "requestBody", "content", json.mediaType, "schema"];
    for (const path of findSecretProperties(json.schema, at)) {
      const field = path
        .slice(at.length)
        .filter((segment, index, all) => all[index - 1] === "properties")
        .join(".");
      results.push(result(`The payload of webhook \`${entry.path}\` declares \`${SECRET}\` (at ${field}): events never carry it.`, path));
    }
  }
  return results;
});
