// Deprecations and their x-sunset dates (../openapi/sunset.ts), of operations, parameters and
// properties.
import type { Check } from "./check.js";

/**
 * A deprecation that does not give clients the notice the project's period asks for
 * (--deprecation-days-beta, --deprecation-days-stable; oasdiff's checks of the same names). With
 * no period an x-sunset already past still counts as too soon, as in oasdiff: clients had none.
 */
export const DEPRECATION_CHECKS = [
  {
    id: "api-deprecated-sunset-missing",
    level: "breaking",
    summary: "an operation deprecated with no x-sunset date while a deprecation period applies to its stability level",
  },
  { id: "api-deprecated-sunset-parse", level: "breaking", summary: "an operation deprecated with an x-sunset that is not a date" },
  {
    id: "api-sunset-date-too-small",
    level: "breaking",
    summary: "an operation deprecated with an x-sunset sooner than the deprecation period of its stability level (or already past)",
  },
  {
    id: "sunset-deleted",
    level: "breaking",
    summary: "the x-sunset date of a deprecated operation removed, the operation still deprecated",
  },
  {
    id: "api-sunset-date-changed-too-small",
    level: "breaking",
    summary: "the x-sunset of a deprecated operation moved earlier, to a day sooner than its deprecation period (or already past)",
  },
  {
    id: "request-parameter-deprecated-sunset-missing",
    level: "breaking",
    summary: "a parameter deprecated with no x-sunset date while a deprecation period applies to its operation",
  },
  { id: "request-parameter-sunset-parse", level: "breaking", summary: "a parameter deprecated with an x-sunset that is not a date" },
  {
    id: "request-parameter-sunset-date-too-small",
    level: "breaking",
    summary: "a parameter deprecated with an x-sunset sooner than its operation's deprecation period (or already past)",
  },
  {
    id: "request-parameter-sunset-deleted",
    level: "breaking",
    summary: "the x-sunset date of a deprecated parameter removed, the parameter still deprecated",
  },
  {
    id: "request-parameter-sunset-date-changed-too-small",
    level: "breaking",
    summary:
      "the x-sunset of a deprecated parameter moved earlier, to a day sooner than its operation's deprecation period (or already past)",
  },
  {
    id: "request-property-deprecated-sunset-missing",
    level: "breaking",
    summary: "a property of a request deprecated with no x-sunset date while a deprecation period applies",
  },
  {
    id: "request-property-deprecated-sunset-invalid",
    level: "breaking",
    summary: "a property of a request deprecated with an x-sunset that is not a date",
  },
  {
    id: "request-property-sunset-date-too-small",
    level: "breaking",
    summary: "a property of a request deprecated with an x-sunset sooner than the deprecation period (or already past)",
  },
  { id: "request-property-deprecated", level: "info", summary: "a property of a request marked deprecated, with no x-sunset" },
  {
    id: "request-property-deprecated-with-sunset",
    level: "info",
    summary: "a property of a request marked deprecated, with an x-sunset that gives the notice asked for",
  },
  { id: "request-property-reactivated", level: "info", summary: "a property of a request no longer deprecated" },
  {
    id: "response-property-deprecated-sunset-missing",
    level: "breaking",
    summary: "a property of a response deprecated with no x-sunset date while a deprecation period applies",
  },
  {
    id: "response-property-deprecated-sunset-invalid",
    level: "breaking",
    summary: "a property of a response deprecated with an x-sunset that is not a date",
  },
  {
    id: "response-property-sunset-date-too-small",
    level: "breaking",
    summary: "a property of a response deprecated with an x-sunset sooner than the deprecation period (or already past)",
  },
  { id: "response-property-deprecated", level: "info", summary: "a property of a response marked deprecated, with no x-sunset" },
  {
    id: "response-property-deprecated-with-sunset",
    level: "info",
    summary: "a property of a response marked deprecated, with an x-sunset that gives the notice asked for",
  },
  { id: "response-property-reactivated", level: "info", summary: "a property of a response no longer deprecated" },
  {
    id: "webhook-property-deprecated-sunset-missing",
    level: "breaking",
    summary:
      "a property of a webhook payload deprecated with no x-sunset date while a deprecation period applies (oasdiff reads a payload as a request body: request-property-…)",
  },
  {
    id: "webhook-property-deprecated-sunset-invalid",
    level: "breaking",
    summary:
      "a property of a webhook payload deprecated with an x-sunset that is not a date (oasdiff reads a payload as a request body: request-property-…)",
  },
  {
    id: "webhook-property-sunset-date-too-small",
    level: "breaking",
    summary:
      "a property of a webhook payload deprecated with an x-sunset sooner than the deprecation period (or already past) (oasdiff reads a payload as a request body: request-property-…)",
  },
  {
    id: "webhook-property-deprecated",
    level: "info",
    summary:
      "a property of a webhook payload marked deprecated, with no x-sunset (oasdiff reads a payload as a request body: request-property-…)",
  },
  {
    id: "webhook-property-deprecated-with-sunset",
    level: "info",
    summary:
      "a property of a webhook payload marked deprecated, with an x-sunset that gives the notice asked for (oasdiff reads a payload as a request body: request-property-…)",
  },
  {
    id: "webhook-property-reactivated",
    level: "info",
    summary: "a property of a webhook payload no longer deprecated (oasdiff reads a payload as a request body: request-property-…)",
  },
] as const satisfies readonly Check[];

/** A deprecation that gives the notice asked for, or one taken back, under oasdiff's ids and levels. */
export const DEPRECATION_NOTICE_CHECKS = [
  {
    id: "endpoint-deprecated-with-sunset",
    level: "info",
    summary: "an operation marked deprecated, with an x-sunset date that gives the notice asked for",
  },
  { id: "request-parameter-deprecated", level: "info", summary: "a parameter marked deprecated, with the notice asked for" },
  { id: "request-parameter-reactivated", level: "info", summary: "a parameter no longer deprecated" },
  {
    id: "api-path-sunset-parse",
    level: "breaking",
    summary: "a deprecated operation removed, or its x-sunset changed, while an x-sunset of it is not a date",
  },
] as const satisfies readonly Check[];
