// @signing-platform/validators: every schema of the Signing Platform API compiled ahead of
// time; nothing is compiled at import.

// One validator per model (validateSigningRequest, validateErrorBody, validateWebhookEvent,
// validateEventEnvelope, …), per event type (eventValidators), and per operation
// (operationValidators, validateCreateEnrollmentRequestBody, validateGetCertificateResponse, …).
export * from "./generated/validators.js";

// Any webhook event, its schema picked by `type`.
export { validateEvent, type EventValidationResult, type EventValidator } from "./events.js";

// The result shape, shared by every validator.
export type { ValidationFailure, ValidationIssue, ValidationResult, ValidationSuccess, Validator } from "./result.js";
export { ISSUE_CODE_BY_KEYWORD, type IssueCode } from "./issue-codes.js";

// ajv's errors for a schema compiled elsewhere (a Fastify route's, say), as the same issues.
export { issuesFromAjvErrors } from "./issues.js";
export type { AjvError } from "./compiled-schema.js";
