// The checks of an object's properties, by reader, as oasdiff names them: a request's are
// `new-…-request-property` and `request-property-…`, a response's and a webhook payload's
// `<reader>-required-property-…`. What a reader cannot see of a property is ./property-access.ts's.
import type { CheckId, Reader } from "../checks/index.js";
import type { StabilityMove } from "./stability.js";
import type { DeprecationProblem } from "./sunset.js";

/** A property removed (by how its removal is judged, or by whether it was required), made required or optional, or added. */
type PropertyChange =
  | "removed-before-sunset"
  | "removed-with-deprecation"
  | "required-removed"
  | "optional-removed"
  | "became-required"
  | "became-optional"
  | "required-added"
  | "optional-added";

export const PROPERTY_IDS = {
  request: {
    "removed-before-sunset": "request-property-removed-before-sunset",
    "removed-with-deprecation": "request-property-removed-with-deprecation",
    "required-removed": "request-property-removed",
    "optional-removed": "request-property-removed",
    "became-required": "request-property-became-required",
    "became-optional": "request-property-became-optional",
    "required-added": "new-required-request-property",
    "optional-added": "new-optional-request-property",
  },
  response: {
    "removed-before-sunset": "response-property-removed-before-sunset",
    "removed-with-deprecation": "response-property-removed-with-deprecation",
    "required-removed": "response-required-property-removed",
    "optional-removed": "response-optional-property-removed",
    "became-required": "response-property-became-required",
    "became-optional": "response-property-became-optional",
    "required-added": "response-required-property-added",
    "optional-added": "response-optional-property-added",
  },
  webhook: {
    "removed-before-sunset": "webhook-property-removed-before-sunset",
    "removed-with-deprecation": "webhook-property-removed-with-deprecation",
    "required-removed": "webhook-required-property-removed",
    "optional-removed": "webhook-optional-property-removed",
    "became-required": "webhook-property-became-required",
    "became-optional": "webhook-property-became-optional",
    "required-added": "webhook-required-property-added",
    "optional-added": "webhook-optional-property-added",
  },
} as const satisfies Record<Reader, Record<PropertyChange, CheckId>>;

/** A property marked deprecated (with or without an x-sunset), no longer, or without the notice the period asks for. */
type PropertyDeprecation = "deprecated" | "deprecated-with-sunset" | "reactivated" | DeprecationProblem["kind"];

export const PROPERTY_DEPRECATION_IDS = {
  request: {
    deprecated: "request-property-deprecated",
    "deprecated-with-sunset": "request-property-deprecated-with-sunset",
    reactivated: "request-property-reactivated",
    "sunset-missing": "request-property-deprecated-sunset-missing",
    "not-a-date": "request-property-deprecated-sunset-invalid",
    "too-soon": "request-property-sunset-date-too-small",
  },
  response: {
    deprecated: "response-property-deprecated",
    "deprecated-with-sunset": "response-property-deprecated-with-sunset",
    reactivated: "response-property-reactivated",
    "sunset-missing": "response-property-deprecated-sunset-missing",
    "not-a-date": "response-property-deprecated-sunset-invalid",
    "too-soon": "response-property-sunset-date-too-small",
  },
  webhook: {
    deprecated: "webhook-property-deprecated",
    "deprecated-with-sunset": "webhook-property-deprecated-with-sunset",
    reactivated: "webhook-property-reactivated",
    "sunset-missing": "webhook-property-deprecated-sunset-missing",
    "not-a-date": "webhook-property-deprecated-sunset-invalid",
    "too-soon": "webhook-property-sunset-date-too-small",
  },
} as const satisfies Record<Reader, Record<PropertyDeprecation, CheckId>>;

/** A property's own x-stability-level taken back or raised; a webhook payload's is not judged. */
export const PROPERTY_STABILITY_IDS = {
  request: { decreased: "request-property-stability-decreased", increased: "request-property-stability-increased" },
  response: { decreased: "response-property-stability-decreased", increased: "response-property-stability-increased" },
} as const satisfies Record<Exclude<Reader, "webhook">, Record<StabilityMove, CheckId>>;
