// The custom functions of the ruleset, one module each, for rulesets that build on ours.
export { conditionalGet } from "./conditional-get.js";
export { errorBody } from "./error-body.js";
export { errorCatalogue } from "./error-catalogue.js";
export { idempotencyKey } from "./idempotency-key.js";
export { operationExample } from "./operation-example.js";
export { pagination } from "./pagination.js";
export { resourceEtag } from "./resource-etag.js";
export { retryAfter } from "./retry-after.js";
export { signingRequestPathV1 } from "./signing-request-path-v1.js";
export { snakeCase } from "./snake-case.js";
export { standardResponseHeaders } from "./standard-response-headers.js";
export { statusTable } from "./status-table.js";
export { webhookDeliveryHeaders } from "./webhook-delivery-headers.js";
export { webhookEnvelope } from "./webhook-envelope.js";
export { webhookNoClientSecret } from "./webhook-no-client-secret.js";
