// The checks of the Signing Platform conventions (../conventions/), which a generic OpenAPI
// diff cannot see: the error codes and event types of x-signing-platform-catalogue, idempotency
// requirements, the `limit` bounds of lists, and x-signing-platform-limits.
import type { Check } from "./check.js";

export const CONVENTION_CHECKS = [
  { id: "error-code-removed", level: "breaking", summary: "an error code removed from the catalogue (x-signing-platform-catalogue)" },
  { id: "error-code-status-changed", level: "breaking", summary: "an error code answered with another status" },
  { id: "error-code-added", level: "info", summary: "an error code added (clients tolerate unknown codes)" },
  { id: "event-type-removed", level: "breaking", summary: "an event type removed from the catalogue" },
  { id: "event-type-added", level: "info", summary: "an event type added (receivers tolerate unknown types)" },
  { id: "idempotency-requirement-added", level: "breaking", summary: "an existing operation now requires an idempotency key" },
  { id: "limit-bounds-narrowed", level: "breaking", summary: "the bounds of a list's `limit` parameter narrowed" },
  { id: "limit-bounds-widened", level: "info", summary: "the bounds of a list's `limit` parameter widened" },
  { id: "retry-schedule-tightened", level: "breaking", summary: "the webhook retry schedule gives up sooner or has fewer attempts" },
  { id: "retry-schedule-changed", level: "info", summary: "the webhook retry schedule changed without giving up sooner" },
  { id: "limit-tightened", level: "breaking", summary: "a number of x-signing-platform-limits tightened" },
  { id: "limit-loosened", level: "info", summary: "a number of x-signing-platform-limits loosened" },
  { id: "limit-default-changed", level: "info", summary: "a default of x-signing-platform-limits changed" },
] as const satisfies readonly Check[];
