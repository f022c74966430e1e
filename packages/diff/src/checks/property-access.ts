// readOnly and writeOnly (../openapi/property-access.ts): a request never carries a readOnly
// property, a response never a writeOnly one, so changes to them are info under oasdiff's ids,
// but for the flag changes that reach readers: a property they must now send, or no longer get.
import type { Check } from "./check.js";

export const PROPERTY_ACCESS_CHECKS = [
  {
    id: "request-read-only-property-enum-value-removed",
    level: "info",
    summary: "a readOnly property of a request: an enum value removed (clients do not send it)",
  },
  {
    id: "request-read-only-property-max-decreased",
    level: "info",
    summary: "a readOnly property of a request: its maximum lowered (clients do not send it)",
  },
  {
    id: "request-read-only-property-exclusive-max-decreased",
    level: "info",
    summary: "a readOnly property of a request: its exclusiveMaximum lowered (clients do not send it)",
  },
  {
    id: "request-read-only-property-min-increased",
    level: "info",
    summary: "a readOnly property of a request: its minimum raised (clients do not send it)",
  },
  {
    id: "request-read-only-property-exclusive-min-increased",
    level: "info",
    summary: "a readOnly property of a request: its exclusiveMinimum raised (clients do not send it)",
  },
  {
    id: "request-read-only-property-max-length-decreased",
    level: "info",
    summary: "a readOnly property of a request: its maxLength lowered (clients do not send it)",
  },
  { id: "request-required-property-became-read-only", level: "info", summary: "a required property of a request became readonly" },
  {
    id: "request-required-property-became-not-read-only",
    level: "breaking",
    summary: "a required property of a request is no longer readOnly: clients that left it to the server must now send it (oasdiff: INFO)",
  },
  { id: "request-required-property-became-write-only", level: "info", summary: "a required property of a request became writeonly" },
  {
    id: "request-required-property-became-not-write-only",
    level: "info",
    summary: "a required property of a request is no longer writeonly",
  },
  { id: "request-optional-property-became-read-only", level: "info", summary: "a optional property of a request became readonly" },
  {
    id: "request-optional-property-became-not-read-only",
    level: "info",
    summary: "a optional property of a request is no longer readonly",
  },
  { id: "request-optional-property-became-write-only", level: "info", summary: "a optional property of a request became writeonly" },
  {
    id: "request-optional-property-became-not-write-only",
    level: "info",
    summary: "a optional property of a request is no longer writeonly",
  },
  { id: "response-required-property-became-read-only", level: "info", summary: "a required property of a response became readonly" },
  {
    id: "response-required-property-became-not-read-only",
    level: "info",
    summary: "a required property of a response is no longer readonly",
  },
  {
    id: "response-required-property-became-write-only",
    level: "breaking",
    summary: "a required property of a response became writeOnly: responses no longer carry it (oasdiff: INFO)",
  },
  {
    id: "response-required-property-became-not-write-only",
    level: "breaking",
    summary: "a required property of a response is no longer writeOnly: responses now carry it, though they did not (oasdiff: WARN)",
  },
  { id: "response-optional-property-became-read-only", level: "info", summary: "a optional property of a response became readonly" },
  {
    id: "response-optional-property-became-not-read-only",
    level: "info",
    summary: "a optional property of a response is no longer readonly",
  },
  { id: "response-optional-property-became-write-only", level: "info", summary: "a optional property of a response became writeonly" },
  {
    id: "response-optional-property-became-not-write-only",
    level: "info",
    summary: "a optional property of a response is no longer writeonly",
  },
  {
    id: "response-required-write-only-property-added",
    level: "info",
    summary: "a required writeOnly property added to a response schema (responses do not carry it)",
  },
  {
    id: "response-required-write-only-property-removed",
    level: "info",
    summary: "a required writeOnly property removed from a response schema (responses did not carry it)",
  },
  {
    id: "response-optional-write-only-property-added",
    level: "info",
    summary: "a optional writeOnly property added to a response schema (responses do not carry it)",
  },
  {
    id: "response-optional-write-only-property-removed",
    level: "info",
    summary: "a optional writeOnly property removed from a response schema (responses did not carry it)",
  },
  {
    id: "response-write-only-property-became-optional",
    level: "info",
    summary: "a writeOnly property of a response schema became optional",
  },
  {
    id: "response-write-only-property-became-required",
    level: "info",
    summary: "a writeOnly property of a response schema became required",
  },
  {
    id: "response-write-only-property-enum-value-added",
    level: "info",
    summary: "a value added to the enum of a writeOnly property of a response schema",
  },
] as const satisfies readonly Check[];
