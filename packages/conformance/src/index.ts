// @signing-platform/conformance: checks that a running implementation of the Signing Platform
// API keeps the contract its OpenAPI document states, reading the conventions from the
// document's x-signing-platform-* extensions. The engine of `signing-platform conformance`.

export {
  chooseChecks,
  runConformance,
  UnreachableError,
  type ConformanceOptions,
  type ConformanceReport,
} from "./run-conformance.js";
// Every check of a run against the API, the opt-in exploration (also EXPLORE_CHECK) among them.
export { CHECKS } from "./checks/index.js";
// Generated sequences of requests, shrunk to the shortest that breaks the contract: opt-in.
export { exploreCheck as EXPLORE_CHECK } from "./explore/explore-check.js";
export { AREAS, type Area, type CheckInfo, type CheckResult } from "./check.js";
export type { Outcome } from "./outcome.js";
export { CONFORMANCE_FORMATS, exitStatusOf, formatConformance, formatSetupFailure, type ConformanceFormat } from "./report/formats.js";
export { SetupError } from "./setup-error.js";
export type { TargetOptions } from "./target.js";

// The deliveries side: listen where the implementation sends its webhooks, and judge them.
export { runWebhookConformance, type WebhookConformanceOptions } from "./webhooks/run-webhook-conformance.js";
export { WEBHOOK_CHECKS } from "./webhooks/webhook-checks.js";
