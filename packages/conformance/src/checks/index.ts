// Every check of a run against the API, in the order they run (a report groups them by area):
// a new check is one entry here. Active checks come before the passive ones that read what they
// sent, and error-code-status and request-id-unique last of the active ones, as they judge
// every answer the others were given.
import type { Check } from "../check.js";
import { otherOrganizationIsNotFound, unauthenticatedWithoutCredentials } from "./authentication.js";
import { entityTagOnResources, notModified } from "./conditional.js";
import { exploreCheck } from "../explore/explore-check.js";
import { errorCodeStatus } from "./error-code-status.js";
import { idempotencyKeyScope } from "./idempotency-scope.js";
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
import { missingResource } from "./missing-resource.js";
import { limitBounds, pageWalk, tamperedCursor } from "./pagination.js";
import { PASSIVE_CHECKS } from "./passive.js";
import { rateLimited } from "./rate-limit.js";
import { rateLimitRemaining } from "./rate-limit-remaining.js";
import { requestIdUnique } from "./request-id-unique.js";
import { invalidBodyRefused } from "./request-validation.js";
import { unknownMethod } from "./unknown-method.js";
import { unknownRoute } from "./unknown-route.js";

/** Every check of a run against the API (active ones send requests of their own, passive ones judge every exchange), in the order they run. */
export const CHECKS: readonly Check[] = [
  unauthenticatedWithoutCredentials,
  otherOrganizationIsNotFound,
  missingResource,
  invalidBodyRefused,
  unknownRoute,
  unknownMethod,
  idempotencyKeyRequired,
  idempotencyKeyFormat,
  idempotentReplay,
  idempotencyKeyReused,
  idempotentConcurrency,
  idempotencyKeyScope,
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
  rateLimitRemaining,
  rateLimited,
  errorCodeStatus,
  requestIdUnique,
  // The exploration after the checks above (it judges its own answers as it goes), before the
  // passive checks, which judge its exchanges too.
  exploreCheck,
  ...PASSIVE_CHECKS,
];
