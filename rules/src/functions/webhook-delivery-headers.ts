// signing-platform-webhook-delivery-headers. Interface document › Events › Delivery headers:
// every delivery carries the signature, event and delivery headers (Service-Signature,
// Service-Event, Service-Delivery; the prefix is the service's name, docs/decisions.md#header-prefix, so the
// names are read from the catalogue).
import { createRulesetFunction, type IFunctionResult } from "@stoplight/spectral-core";
import { readConventions } from "../conventions.js";
import { findParameter, operationsOf, parametersOf, result } from "../openapi.js";

/**
 * The Spectral function of signing-platform-webhook-delivery-headers: webhooks carry the signature, event and delivery headers (Events › Delivery headers). Give it `$.webhooks` of an OpenAPI 3 document.
 * @example
 * ```ts
 * import { webhookDeliveryHeaders } from "@signing-platform/rules/functions";
 *
 * export default { rules: { "my-webhook-delivery-headers": { given: "$.webhooks", severity: "error", then: { function: webhookDeliveryHeaders } } } };
 * ```
 */
export const webhookDeliveryHeaders = createRulesetFunction<unknown, null>(
  { input: null, options: null },
  (webhooks, _options, context) => {
    const { webhookHeaders } = readConventions(context.document.data);
    const names = [webhookHeaders.signature, webhookHeaders.event, webhookHeaders.delivery];
    const results: IFunctionResult[] = [];
    for (const entry of operationsOf(webhooks, "webhooks")) {
      const parameters = parametersOf(entry);
      for (const name of names) {
        const found = findParameter(parameters, "header", name);
        if (!found) results.push(result(`Webhook \`${entry.path}\` does not declare the ${name} delivery header.`, entry.at));
        else if (found.parameter.required !== true)
          results.push(result(`${name} of webhook \`${entry.path}\` must be required.`, found.at));
      }
    }
    return results;
  },
);
