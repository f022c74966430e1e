// Every check `signing-platform diff` can report, with its level: the registry of the families
// of this folder, each check written once, its id a literal a search finds. Ids and levels
// follow oasdiff's catalogue (ERR and WARN are breaking here, INFO is not) except where the
// table of checks (docs/lint-and-diff.md) gives a reason to differ. A finding carries a
// `CheckId`, so a check reported but not registered here fails `npm run typecheck`.
import type { Check, Level } from "./check.js";
import { CONVENTION_CHECKS } from "./conventions.js";
import { DEPRECATION_CHECKS, DEPRECATION_NOTICE_CHECKS } from "./deprecation.js";
import { MEDIA_TYPE_SCHEMA_CHECKS, MESSAGE_CHECKS } from "./messages.js";
import { OPERATION_CHECKS } from "./operations.js";
import { PARAMETER_CHECKS, PARAMETER_PROPERTY_CHECKS } from "./parameters.js";
import { PROPERTY_CHECKS } from "./properties.js";
import { PROPERTY_ACCESS_CHECKS } from "./property-access.js";
import { SCHEMA_CHECKS } from "./schema/index.js";
import { SECURITY_CHECKS } from "./security.js";
import { STABILITY_CHECKS } from "./stability.js";

export { fails, LEVELS, type Check, type Level } from "./check.js";
export { readerOf, SCHEMA_PLACES, schemaCheckId, type FacetName, type Reader, type SchemaPlace } from "./schema/index.js";

/** The families, in the order of the table of checks. */
const FAMILIES = [
  OPERATION_CHECKS,
  STABILITY_CHECKS,
  DEPRECATION_CHECKS,
  PARAMETER_CHECKS,
  MESSAGE_CHECKS,
  PROPERTY_CHECKS,
  PROPERTY_ACCESS_CHECKS,
  SCHEMA_CHECKS,
  DEPRECATION_NOTICE_CHECKS,
  SECURITY_CHECKS,
  PARAMETER_PROPERTY_CHECKS,
  MEDIA_TYPE_SCHEMA_CHECKS,
  CONVENTION_CHECKS,
] as const;

/** The id of a check of the registry: what every finding carries. */
export type CheckId = (typeof FAMILIES)[number][number]["id"];

/** Every check a comparison can report, with its level. */
export const CHECKS: readonly Check[] = FAMILIES.flat();

const BY_ID = new Map(CHECKS.map((check) => [check.id, check]));

/**
 * The level of a check; an id that is not in the table is a bug of ours, never a silent "info".
 * @example
 * ```ts
 * import { levelOf } from "@signing-platform/diff";
 *
 * levelOf("api-path-removed-without-deprecation"); // "breaking"
 * ```
 */
export function levelOf(id: string): Level {
  const check = BY_ID.get(id);
  if (!check) throw new Error(`diff check "${id}" is not in the table of checks`);
  return check.level;
}
