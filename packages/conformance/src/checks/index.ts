// Every check, in the order they run (a report groups them by area): active checks before
// the passive ones that read what they sent, and error-code-status last of the active ones,
// as it judges every error the others were answered.
import type { Check } from "../check.js";
import { otherOrganizationIsNotFound, unauthenticatedWithoutCredentials } from "./authentication.js";
import { entityTagOnResources, notModified } from "./conditional.js";
import { errorCodeStatus } from "./error-code-status.js";
import {
  idempotencyKeyFormat,
  idempotencyKeyRequired,
  idempotencyKeyReused,
  idempotentConcurrency,
  idempotentReplay,
} from "./idempotency.js";
import { payloadTooLarge, unsupportedMediaType, uriTooLong } from "./limits.js";
import { nextLink } from "./next-link.js";
import { pageComplete } from "./page-complete.js";
import { limitBounds, pageWalk, tamperedCursor } from "./pagination.js";
import { PASSIVE_CHECKS } from "./passive.js";
import { rateLimited } from "./rate-limit.js";
import { invalidBodyRefused } from "./request-validation.js";
import { unknownRoute } from "./unknown-route.js";

export const CHECKS: readonly Check[] = [
  unauthenticatedWithoutCredentials,
  otherOrganizationIsNotFound,
  invalidBodyRefused,
  unknownRoute,
  idempotencyKeyRequired,
  idempotencyKeyFormat,
  idempotentReplay,
  idempotencyKeyReused,
  idempotentConcurrency,
  entityTagOnResources,
  notModified,
  limitBounds,
  pageWalk,
  pageComplete,
  nextLink,
  tamperedCursor,
  payloadTooLarge,
  uriTooLong,
  unsupportedMediaType,
  rateLimited,
  errorCodeStatus,
  ...PASSIVE_CHECKS,
];
