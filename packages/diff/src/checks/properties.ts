// The properties of an object schema (../openapi/schemas.ts), named per reader as oasdiff names
// them: added, removed (judged by their deprecation and x-sunset), required or not.
import type { Check } from "./check.js";

export const PROPERTY_CHECKS = [
  { id: "new-required-request-property", level: "breaking", summary: "a required property added to a request body" },
  { id: "new-optional-request-property", level: "info", summary: "an optional property added to a request body" },
  {
    id: "request-property-removed",
    level: "breaking",
    summary: "a property removed from a request body: clients that send it are rejected by a strict server (oasdiff: WARN)",
  },
  {
    id: "request-property-removed-before-sunset",
    level: "breaking",
    summary: "a deprecated request property removed before its x-sunset date",
  },
  {
    id: "request-property-removed-with-deprecation",
    level: "warning",
    summary: "a deprecated request property removed after its x-sunset date, or deprecated with none",
  },
  { id: "request-property-became-required", level: "breaking", summary: "a request property became required" },
  {
    id: "new-required-request-property-with-default",
    level: "breaking",
    summary:
      "a required property with a default added to a request body: a request without it is still invalid, the default notwithstanding",
  },
  {
    id: "request-property-became-required-with-default",
    level: "breaking",
    summary: "a request property with a default became required: a request without it is still invalid",
  },
  { id: "request-property-became-optional", level: "info", summary: "a request property became optional" },
  { id: "response-required-property-removed", level: "breaking", summary: "a required property removed from a response" },
  {
    id: "response-optional-property-removed",
    level: "breaking",
    summary: "an optional property removed from a response: readers that use it lose it (oasdiff: WARN)",
  },
  {
    id: "response-property-removed-before-sunset",
    level: "breaking",
    summary: "a deprecated property of a response removed before its x-sunset date",
  },
  {
    id: "response-property-removed-with-deprecation",
    level: "warning",
    summary: "a deprecated property of a response removed after its x-sunset date, or deprecated with none",
  },
  { id: "response-property-became-optional", level: "breaking", summary: "a property of a response is no longer always present" },
  { id: "response-property-became-required", level: "info", summary: "a property of a response is now always present" },
  { id: "response-required-property-added", level: "info", summary: "a required property added to a response" },
  { id: "response-optional-property-added", level: "info", summary: "an optional property added to a response" },
  { id: "webhook-required-property-removed", level: "breaking", summary: "a required property removed from a webhook payload" },
  {
    id: "webhook-optional-property-removed",
    level: "breaking",
    summary: "an optional property removed from a webhook payload: readers that use it lose it (oasdiff: WARN)",
  },
  {
    id: "webhook-property-removed-before-sunset",
    level: "breaking",
    summary: "a deprecated property of a webhook payload removed before its x-sunset date",
  },
  {
    id: "webhook-property-removed-with-deprecation",
    level: "warning",
    summary: "a deprecated property of a webhook payload removed after its x-sunset date, or deprecated with none",
  },
  { id: "webhook-property-became-optional", level: "breaking", summary: "a property of a webhook payload is no longer always present" },
  { id: "webhook-property-became-required", level: "info", summary: "a property of a webhook payload is now always present" },
  { id: "webhook-required-property-added", level: "info", summary: "a required property added to a webhook payload" },
  { id: "webhook-optional-property-added", level: "info", summary: "an optional property added to a webhook payload" },
] as const satisfies readonly Check[];
