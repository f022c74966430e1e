// The checks of paths and operations as wholes: removed (judged by their deprecation and
// x-sunset, ../openapi/index.ts), added, deprecated or no longer, renamed (operationId, tags,
// ../openapi/metadata.ts), the credentials they accept (../openapi/security.ts), webhooks, and
// the versioning policy a breaking change asks of info.version (../openapi/versioning.ts).
import type { Check } from "./check.js";

export const OPERATION_CHECKS = [
  { id: "api-path-removed-without-deprecation", level: "breaking", summary: "a path removed (or renamed), its operations not deprecated" },
  {
    id: "api-path-removed-before-sunset",
    level: "breaking",
    summary: "a path removed while an operation of it is deprecated with an x-sunset date still ahead",
  },
  {
    id: "api-path-removed-with-deprecation",
    level: "warning",
    summary: "a path removed whose operations were all deprecated, past their x-sunset date or with none",
  },
  { id: "api-removed-without-deprecation", level: "breaking", summary: "an operation removed, not deprecated" },
  { id: "api-removed-before-sunset", level: "breaking", summary: "a deprecated operation removed before its x-sunset date" },
  {
    id: "api-removed-with-deprecation",
    level: "warning",
    summary: "a deprecated operation removed after its x-sunset date, or deprecated with none",
  },
  { id: "endpoint-added", level: "info", summary: "an operation added" },
  { id: "api-operation-id-added", level: "info", summary: "an operation given an operationId it had none of" },
  { id: "api-operation-id-removed", level: "info", summary: "an operation's operationId removed, or replaced by another" },
  { id: "api-tag-added", level: "info", summary: "a tag added to an operation" },
  { id: "api-tag-removed", level: "info", summary: "a tag removed from an operation" },
  {
    id: "api-schema-removed",
    level: "info",
    summary: "a schema removed from components.schemas (what used it is judged where it is used)",
  },
  { id: "api-version-not-bumped", level: "info", summary: "a breaking change, while info.version (a semantic version) stayed the same" },
  { id: "api-version-decreased", level: "info", summary: "a breaking change, while info.version (a semantic version) went down" },
  {
    id: "api-major-version-not-bumped",
    level: "info",
    summary: "a breaking change, while info.version (a semantic version) rose without a new major version (a new minor below 1.0.0)",
  },
  { id: "endpoint-deprecated", level: "info", summary: "an operation marked deprecated" },
  { id: "endpoint-reactivated", level: "info", summary: "an operation no longer deprecated" },
  { id: "webhook-removed", level: "breaking", summary: "a webhook (event type) removed: receivers that subscribe to it get nothing" },
  { id: "webhook-added", level: "info", summary: "a webhook added" },
  {
    id: "api-security-added",
    level: "breaking",
    summary: "an operation requires a credential it did not (oasdiff: INFO; a client that called it before is now refused)",
  },
  {
    id: "api-security-removed",
    level: "breaking",
    summary: "a credential an operation accepted is no longer accepted, while others still are (oasdiff: INFO; clients using it get 401)",
  },
  { id: "api-security-relaxed", level: "info", summary: "an operation accepts a new credential, or none" },
] as const satisfies readonly Check[];
