// x-stability-level on operations and properties (../openapi/stability.ts): draft and alpha
// operations may change freely, a stability once given may not be taken back.
import type { Check } from "./check.js";

export const STABILITY_CHECKS = [
  {
    id: "api-stability-decreased",
    level: "breaking",
    summary:
      "an operation's x-stability-level lowered (stable to beta, beta to alpha, …) from a level at or above --stability-level (beta by default)",
  },
  {
    id: "request-property-stability-decreased",
    level: "breaking",
    summary: "a request property's own x-stability-level lowered, from a level that is judged",
  },
  { id: "request-property-stability-increased", level: "info", summary: "a request property's own x-stability-level raised" },
  {
    id: "response-property-stability-decreased",
    level: "breaking",
    summary: "a response property's own x-stability-level lowered, from a level that is judged",
  },
  { id: "response-property-stability-increased", level: "info", summary: "a response property's own x-stability-level raised" },
  {
    id: "api-stability-increased",
    level: "info",
    summary: "an operation's x-stability-level raised, from a level at or above --stability-level",
  },
  {
    id: "api-invalid-stability-level",
    level: "breaking",
    summary: "an operation that changed or was removed has an x-stability-level other than draft, alpha, beta or stable",
  },
] as const satisfies readonly Check[];
