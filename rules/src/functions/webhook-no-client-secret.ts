// signing-platform-webhook-no-client-secret. Interface document › Resources › Signing request:
// client_secret "is omitted from event payloads"; Resources › Event: data.object is the
// signing request "without client_secret". A payload schema that declares the property
// anywhere, however deep, is wrong. A `not` that forbids it is the opposite and is skipped.
import { createRulesetFunction, type IFunctionResult } from "@stoplight/spectral-core";
import { isJsonObject } from "@signing-platform/contract/openapi";
import { jsonContentOf, operationsOf, result, walkSchemas, type Path } from "../openapi.js";

const SECRET = "client_secret";

/** Every place under `schema` that declares a property named client_secret. */
export function findSecretProperties(schema: unknown, at: Path): Path[] {
  const found: Path[] = [];
  walkSchemas(schema, at, (subschema, subschemaAt) => {
    if (isJsonObject(subschema.properties) && SECRET in subschema.properties) found.push([...subschemaAt, "properties", SECRET]);
  });
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
