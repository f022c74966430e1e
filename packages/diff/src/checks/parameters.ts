// The parameters of an operation (../openapi/parameters.ts): added, removed, required or not,
// and the properties of an object parameter, named after it as oasdiff names them.
import type { Check } from "./check.js";

export const PARAMETER_CHECKS = [
  { id: "new-required-request-parameter", level: "breaking", summary: "a required parameter (query, header, path, cookie) added" },
  { id: "new-optional-request-parameter", level: "info", summary: "an optional parameter added" },
  {
    id: "request-parameter-removed",
    level: "breaking",
    summary: "a parameter removed: clients that send it are rejected or silently ignored (oasdiff: WARN)",
  },
  { id: "request-parameter-removed-before-sunset", level: "breaking", summary: "a deprecated parameter removed before its x-sunset date" },
  {
    id: "request-parameter-removed-with-deprecation",
    level: "warning",
    summary: "a deprecated parameter removed after its x-sunset date, or deprecated with none",
  },
  { id: "request-parameter-became-required", level: "breaking", summary: "an optional parameter became required" },
  { id: "request-parameter-became-optional", level: "info", summary: "a required parameter became optional" },
] as const satisfies readonly Check[];

/**
 * Properties of an object parameter: oasdiff's request-parameter-property-… and
 * request-header-property-… ids, which the property checks found in its schema are renamed to.
 */
export const PARAMETER_PROPERTY_CHECKS = [
  {
    id: "request-parameter-property-type-changed",
    level: "breaking",
    summary: "the type of a property of an object parameter changed, breaking when the object is sent as JSON (oasdiff: WARN)",
  },
  { id: "request-parameter-property-type-generalized", level: "info", summary: "the type of a property of an object parameter widened" },
  {
    id: "request-parameter-property-list-of-types-widened",
    level: "info",
    summary: "a type added to the list of types of a property of an object parameter",
  },
  {
    id: "request-parameter-property-list-of-types-narrowed",
    level: "breaking",
    summary: "a type removed from the list of types of a property of an object parameter",
  },
  {
    id: "request-parameter-property-type-specialized",
    level: "breaking",
    summary: "the type of a property of an object parameter narrowed",
  },
  { id: "request-parameter-property-became-nullable", level: "info", summary: "null became allowed for a property of an object parameter" },
  {
    id: "request-parameter-property-became-not-nullable",
    level: "breaking",
    summary: "null is no longer allowed for a property of an object parameter",
  },
  {
    id: "request-parameter-property-enum-value-added",
    level: "info",
    summary: "a value added to the enum of a property of an object parameter",
  },
  {
    id: "request-parameter-property-enum-value-removed",
    level: "breaking",
    summary: "a value removed from the enum of a property of an object parameter",
  },
  { id: "request-header-property-became-enum", level: "breaking", summary: "an enum put on a property of an object header parameter" },
  { id: "request-header-property-became-required", level: "breaking", summary: "a property of an object header parameter became required" },
  { id: "new-required-request-header-property", level: "breaking", summary: "a required property added to an object header parameter" },
] as const satisfies readonly Check[];
