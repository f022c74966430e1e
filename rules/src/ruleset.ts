// The Signing Platform conventions ruleset for Spectral. Each rule is one clause of the
// interface document (docs/interface.md), but signing-platform-operation-example, which keeps
// a document readable as reference docs and SDK samples; rules/README.md has a heading per
// rule id with the clause, a bad and a good example. Every rule is an error except
// signing-platform-retry-after-unexpected and signing-platform-operation-example, warnings.
//
//   spectral lint --ruleset node_modules/@signing-platform/rules/dist/ruleset.js openapi.yaml
//   .spectral.yaml:  extends: ["@signing-platform/rules"]
import { oas3 } from "@stoplight/spectral-formats";
import {
  conditionalGet,
  errorBody,
  errorCatalogue,
  idempotencyKey,
  operationExample,
  pagination,
  resourceEtag,
  retryAfter,
  signingRequestPathV1,
  snakeCase,
  standardResponseHeaders,
  statusTable,
  webhookDeliveryHeaders,
  webhookEnvelope,
  webhookNoClientSecret,
} from "./functions/index.js";
import { readConventions } from "./conventions.js";

const DOCUMENT = "$";
const PATHS = "$.paths";
// The descriptions quote the package's catalogue, which the rule functions check against;
// a document's own extensions may change the values a function applies, never the text.
const { limits, headers, statuses } = readConventions(undefined);
const WEBHOOKS = "$.webhooks";

/** A rule whose message is the one its function gives, which names the operation and the place. */
function rule(
  description: string,
  given: string,
  then: { function: unknown; functionOptions?: object },
  severity: "error" | "warn" = "error",
) {
  return { description, message: "{{error}}", severity, given, then };
}

/** The Signing Platform conventions ruleset for Spectral: one rule per clause of the interface document, and one asking every operation for examples; every rule an error except signing-platform-retry-after-unexpected and signing-platform-operation-example (warnings). */
const ruleset = {
  formats: [oas3],
  rules: {
    "signing-platform-idempotency-key": rule(
      `Every POST, PUT and PATCH requires the ${headers.idempotency_key} header, alphanumeric, ${limits.idempotency_key_min_length} to ${limits.idempotency_key_max_length} characters.`,
      PATHS,
      { function: idempotencyKey },
    ),
    "signing-platform-resource-etag": rule("Every response that returns a resource carries ETag.", PATHS, { function: resourceEtag }),
    "signing-platform-conditional-get": rule("A GET of a single resource accepts If-None-Match and declares a 304 with no body.", PATHS, {
      function: conditionalGet,
    }),
    "signing-platform-standard-response-headers": rule(
      `Every response declares ${headers.request_id}, ${headers.rate_limit_limit}, ${headers.rate_limit_remaining} and ${headers.rate_limit_reset}.`,
      PATHS,
      { function: standardResponseHeaders },
    ),
    "signing-platform-retry-after": rule("429 and 503 responses declare Retry-After.", PATHS, {
      function: retryAfter,
      functionOptions: { check: "required" },
    }),
    "signing-platform-retry-after-unexpected": rule(
      "Only 429 and 503 responses declare Retry-After.",
      PATHS,
      { function: retryAfter, functionOptions: { check: "unexpected" } },
      "warn",
    ),
    "signing-platform-error-body": rule(
      "Every 4xx and 5xx response body is the error schema {error:{code,message,request_id,details[]}}.",
      PATHS,
      { function: errorBody },
    ),
    "signing-platform-error-catalogue": rule(
      "Every error code an operation declares is in the catalogue, under the catalogue's status.",
      PATHS,
      { function: errorCatalogue },
    ),
    "signing-platform-status-table": rule(
      `Every response status of an operation is in the status table (${statuses.map((entry) => entry.status).join(", ")}); \`default\` and a range that covers a status of the table are catch-alls.`,
      PATHS,
      { function: statusTable },
    ),
    "signing-platform-pagination": rule(
      `List operations take limit (integer, default ${limits.page_size_default}, maximum ${limits.page_size_maximum}) and cursor (string), and return {items, cursor, next}.`,
      PATHS,
      { function: pagination },
    ),
    "signing-platform-snake-case": rule(
      "Every property of a JSON request body, response body and webhook payload is snake_case, as every field of the interface document is.",
      DOCUMENT,
      { function: snakeCase },
    ),
    "signing-platform-operation-example": rule(
      "Every operation shows an example of its JSON request body and of the JSON body of each 2xx response.",
      PATHS,
      { function: operationExample },
      "warn",
    ),
    "signing-platform-webhook-envelope": rule(
      "Webhook payloads use the event envelope {id, object, type, livemode, created_at, data}.",
      WEBHOOKS,
      { function: webhookEnvelope },
    ),
    "signing-platform-webhook-delivery-headers": rule("Webhooks carry the signature, event and delivery headers.", WEBHOOKS, {
      function: webhookDeliveryHeaders,
    }),
    "signing-platform-webhook-no-client-secret": rule("Webhook payloads never include client_secret.", WEBHOOKS, {
      function: webhookNoClientSecret,
    }),
    "signing-platform-signing-request-path-v1": rule("The signing-request path carries /v1.", PATHS, { function: signingRequestPathV1 }),
  },
} as const;

export default ruleset;
