// The checks of the Signing Platform conventions, which a generic OpenAPI diff cannot see: the
// error catalogue and event types of x-signing-platform-catalogue, idempotency requirements,
// the `limit` bounds of lists, and the numbers of x-signing-platform-limits.
import type { Json } from "@signing-platform/contract/openapi";
import type { RawFinding } from "../change.js";
import type { OperationPair } from "../operation-pairs.js";
import { errorCodeChanges, eventTypeChanges } from "./catalogue.js";
import { limitParameterChanges, limitsChanges } from "./limits.js";
import { requirementChanges } from "./requirements.js";

/** The comparers of the conventions, each reporting the checks of its family (../checks/conventions.ts). */
const COMPARERS = [errorCodeChanges, eventTypeChanges, requirementChanges, limitParameterChanges, limitsChanges];

/** The convention changes from `base` to `head`; those of an operation only for the kept operations of `pairs` that are judged. */
export function conventionChanges(base: Json, head: Json, pairs: OperationPair[]): RawFinding[] {
  return COMPARERS.flatMap((compare) => compare(base, head, pairs));
}
