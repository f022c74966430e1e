// Every check, in the order a report lists them: grouped by area, active checks before the
// passive ones that read what they sent.
import type { Check } from "../check.js";
import { otherOrganizationIsNotFound, unauthenticatedWithoutCredentials } from "./authentication.js";
import { entityTagOnResources, notModified } from "./conditional.js";
import {
  idempotencyKeyFormat,
  idempotencyKeyRequired,
  idempotencyKeyReused,
  idempotentConcurrency,
  idempotentReplay,
} from "./idempotency.js";
import { payloadTooLarge, unsupportedMediaType, uriTooLong } from "./limits.js";
import { limitBounds, pageWalk, tamperedCursor } from "./pagination.js";
import { PASSIVE_CHECKS } from "./passive.js";
import { rateLimited } from "./rate-limit.js";
import { invalidBodyRefused } from "./request-validation.js";

export const CHECKS: readonly Check[] = [
  unauthenticatedWithoutCredentials,
  otherOrganizationIsNotFound,
  invalidBodyRefused,
  idempotencyKeyRequired,
  idempotencyKeyFormat,
  idempotentReplay,
  idempotencyKeyReused,
  idempotentConcurrency,
  entityTagOnResources,
  notModified,
  limitBounds,
  pageWalk,
  tamperedCursor,
  payloadTooLarge,
  uriTooLong,
  unsupportedMediaType,
  rateLimited,
  ...PASSIVE_CHECKS,
];
