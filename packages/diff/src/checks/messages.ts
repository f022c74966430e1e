// Request bodies, responses, their headers and media types, and webhook payloads
// (../openapi/messages.ts). What is inside their schemas is ./schema's.
import type { Check } from "./check.js";

export const MESSAGE_CHECKS = [
  { id: "request-body-added-required", level: "breaking", summary: "a required request body added" },
  { id: "request-body-added-optional", level: "info", summary: "an optional request body added" },
  { id: "request-body-removed", level: "breaking", summary: "the request body removed" },
  { id: "request-body-became-required", level: "breaking", summary: "the request body became required" },
  { id: "request-body-became-optional", level: "info", summary: "the request body became optional" },
  { id: "request-body-media-type-removed", level: "breaking", summary: "a request media type no longer accepted" },
  { id: "request-body-media-type-added", level: "info", summary: "a request media type accepted" },
  { id: "response-success-status-removed", level: "breaking", summary: "a success (2xx) status removed" },
  { id: "response-success-status-added", level: "info", summary: "a success (2xx) status added" },
  { id: "response-non-success-status-removed", level: "info", summary: "an error (non-2xx) status removed" },
  { id: "response-non-success-status-added", level: "info", summary: "an error (non-2xx) status added" },
  { id: "response-media-type-removed", level: "breaking", summary: "a response media type removed" },
  { id: "response-media-type-added", level: "info", summary: "a response media type added" },
  { id: "required-response-header-removed", level: "breaking", summary: "a required response header removed" },
  { id: "optional-response-header-removed", level: "breaking", summary: "an optional response header removed (oasdiff: WARN)" },
  { id: "response-header-became-optional", level: "breaking", summary: "a response header no longer always sent" },
  {
    id: "response-header-type-changed",
    level: "breaking",
    summary: "the type or format of a response header changed (not in oasdiff 1.15)",
  },
  { id: "response-header-added", level: "info", summary: "a response header added" },
  { id: "webhook-media-type-removed", level: "breaking", summary: "a webhook payload media type removed" },
] as const satisfies readonly Check[];

/** A schema put on a media type that had none, or taken off it, and oasdiff's name for an enum value removed from a response body. */
export const MEDIA_TYPE_SCHEMA_CHECKS = [
  {
    id: "request-body-media-type-schema-added",
    level: "breaking",
    summary: "a schema put on a request media type that had none: content it accepted may be refused",
  },
  {
    id: "request-body-media-type-schema-removed",
    level: "info",
    summary: "the schema of a request media type removed: any content is accepted",
  },
  { id: "response-body-media-type-schema-added", level: "info", summary: "a schema put on a response media type that had none" },
  {
    id: "response-body-media-type-schema-removed",
    level: "breaking",
    summary: "the schema of a response media type removed: clients no longer know what they get (oasdiff: WARN)",
  },
  { id: "response-mediatype-enum-value-removed", level: "info", summary: "a value removed from the enum of a response body" },
] as const satisfies readonly Check[];
