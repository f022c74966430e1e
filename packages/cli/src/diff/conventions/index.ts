// The convention-aware checks of `signing-platform diff`, on top of Redocly's generic ones.
import type { Json } from "@signing-platform/rules/openapi";
import type { ConventionChange } from "../change.js";
import { errorCodeChanges, eventTypeChanges } from "./catalogue.js";
import { eventFieldChanges, resourceFieldChanges } from "./fields.js";
import { limitParameterChanges, limitsChanges } from "./limits.js";
import { requirementChanges } from "./requirements.js";

const CHECKS = [errorCodeChanges, eventTypeChanges, eventFieldChanges, resourceFieldChanges, requirementChanges, limitParameterChanges, limitsChanges];

export function conventionChanges(base: Json, head: Json): ConventionChange[] {
  return CHECKS.flatMap((check) => check(base, head));
}
