// An SDK's next version, by semver, from the diff engine's verdicts on the change of its
// document: a breaking finding makes a major release, an addition (a new operation, field,
// parameter, status, media type, enum value, error code, event type, or a new type of the SDK)
// a minor one, anything else a patch. While the major version is 0, as Cargo and npm's caret
// ranges read it, the minor version is the one that breaks: breaking → minor, anything else →
// patch.
import type { Finding } from "@signing-platform/diff";

/** Which part of a version a release raises. */
export type Bump = "major" | "minor" | "patch";

/**
 * Checks whose finding adds something an SDK's user can now send or receive, without breaking
 * what they wrote: a value of an open enum (`anyOf` a string and an enum, or
 * `x-extensible-enum`) is a new literal of the SDK's type wherever it is, and a new alternative
 * of a request's schema is a new shape the user may send. Each id is written out whole, as the
 * diff engine's catalogue writes it.
 */
export const ADDITIONS: ReadonlySet<string> = new Set([
  "endpoint-added",
  "webhook-added",
  "new-optional-request-parameter",
  "new-optional-request-property",
  "request-body-added-optional",
  "request-body-media-type-added",
  "request-parameter-enum-value-added",
  "request-parameter-property-enum-value-added",
  "request-body-enum-value-added",
  "request-property-enum-value-added",
  "request-parameter-open-enum-value-added",
  "request-body-open-enum-value-added",
  "request-property-open-enum-value-added",
  "request-parameter-x-extensible-enum-value-added",
  "request-body-x-extensible-enum-value-added",
  "request-property-x-extensible-enum-value-added",
  "request-parameter-any-of-added",
  "request-parameter-one-of-added",
  "request-body-any-of-added",
  "request-body-one-of-added",
  "request-property-any-of-added",
  "request-property-one-of-added",
  "response-success-status-added",
  "response-media-type-added",
  "response-header-added",
  "response-optional-property-added",
  "response-required-property-added",
  "response-body-open-enum-value-added",
  "response-property-open-enum-value-added",
  "response-body-x-extensible-enum-value-added",
  "response-property-x-extensible-enum-value-added",
  "webhook-optional-property-added",
  "webhook-required-property-added",
  "webhook-body-open-enum-value-added",
  "webhook-property-open-enum-value-added",
  "webhook-body-x-extensible-enum-value-added",
  "webhook-property-x-extensible-enum-value-added",
  "error-code-added",
  "event-type-added",
]);

/** How the changelog counts a finding: breaking, an addition, or another change. */
export type Kind = "breaking" | "added" | "changed";

/** A finding's kind: its level when breaking, else whether its check adds something. */
export function kindOf(finding: Pick<Finding, "id" | "level">): Kind {
  if (finding.level === "breaking") return "breaking";
  return ADDITIONS.has(finding.id) ? "added" : "changed";
}

/** The release the kinds of a change make: major for anything breaking, minor for an addition, else patch. */
export function bumpOf(kinds: Iterable<Kind>): Bump {
  let bump: Bump = "patch";
  for (const kind of kinds) {
    if (kind === "breaking") return "major";
    if (kind === "added") bump = "minor";
  }
  return bump;
}

/**
 * `version` raised by `bump`: its first three release numbers, any label dropped (`1.4.2-beta`
 * → `2.0.0`); under 1.0.0 a major bump raises the minor number and a minor one the patch.
 * Reads a semver or a PEP 440 version alike (`2024.1.1`, `1.0.27.dev0`).
 */
export function nextVersion(version: string, bump: Bump): string {
  const [major = 0, minor = 0, patch = 0] = (/^\s*[vV]?(\d+(?:\.\d+)*)/.exec(version)?.[1] ?? "0.0.0").split(".").map(Number);
  const effective = major === 0 ? (bump === "major" ? "minor" : "patch") : bump;
  if (effective === "major") return `${major + 1}.0.0`;
  if (effective === "minor") return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}
