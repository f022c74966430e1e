// signing-platform-webhook-envelope. Interface document › Resources › Event and Events: every
// delivery is "a JSON body in the event shape": id, object, type, livemode, created_at and
// data, each present.
import { createRulesetFunction, type IFunctionResult } from "@stoplight/spectral-core";
import { jsonContentOf, objectShapeOf, operationsOf, result } from "../openapi.js";

/** The event envelope's fields (Resources › Event). */
const ENVELOPE_FIELDS = ["id", "object", "type", "livemode", "created_at", "data"] as const;

/**
 * The Spectral function of signing-platform-webhook-envelope: webhook payloads use the event envelope {id, object, type, livemode, created_at, data} (Resources › Event). Give it `$.webhooks` of an OpenAPI 3 document.
 * @example
 * ```ts
 * import { webhookEnvelope } from "@signing-platform/rules/functions";
 *
 * export default { rules: { "my-webhook-envelope": { given: "$.webhooks", severity: "error", then: { function: webhookEnvelope } } } };
 * ```
 */
export const webhookEnvelope = createRulesetFunction<unknown, null>({ input: null, options: null }, (webhooks) => {
  const results: IFunctionResult[] = [];
  for (const entry of operationsOf(webhooks, "webhooks")) {
    const json = jsonContentOf(entry.operation.requestBody?.content);
    if (!json) {
      results.push(result(`Webhook \`${entry.path}\` has no JSON payload: a delivery carries the event envelope.`, entry.at));
      continue;
    }
    const at = [...entry.at, "requestBody", "content", json.mediaType, "schema"];
    const shape = objectShapeOf(json.schema, at);
    const missing = ENVELOPE_FIELDS.filter((field) => !shape.properties[field] || !shape.required.has(field));
    for (const field of missing) {
      results.push(result(`The payload of webhook \`${entry.path}\` lacks the required envelope field \`${field}\`.`, at));
    }
  }
  return results;
});
