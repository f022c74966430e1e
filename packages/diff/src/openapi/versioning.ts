// The versioning policy of semver, read as oasdiff reads it: a breaking change needs a new major
// version (below 1.0.0, a new minor). Judged only when both info.version values are semantic
// versions, since nothing else says what a major version is; info, so a project that enforces
// the policy raises these ids with --severity-levels.
import { isObject, type Json } from "@signing-platform/rules/openapi";
import type { RawFinding } from "./finding.js";

/** semver.org's grammar, with an optional leading "v": a date or a bare "v1" is not judged. */
const SEMVER =
  /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*)?(?:\+[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*)?$/;

const versionOf = (document: Json): string | undefined =>
  isObject(document.info) && typeof document.info.version === "string" ? document.info.version : undefined;

function parse(version: string | undefined): [number, number, number] | undefined {
  const match = version === undefined ? null : SEMVER.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/** How the version pair fails to carry a breaking change, or undefined when it carries it (or is not semver). */
export function versioningFinding(base: Json, head: Json): RawFinding | undefined {
  const [from, to] = [versionOf(base), versionOf(head)];
  const [was, now] = [parse(from), parse(to)];
  if (!was || !now) return undefined;
  const at = { base: "#/info/version", head: "#/info/version" };
  if (from === to) return { id: "api-version-not-bumped", message: `a breaking change, but info.version is still ${to}.`, ...at };
  const order = was[0] !== now[0] ? now[0] - was[0] : was[1] !== now[1] ? now[1] - was[1] : now[2] - was[2];
  if (order <= 0)
    return { id: "api-version-decreased", message: `a breaking change, and info.version went from ${from} down to ${to}.`, ...at };
  const majorRaised = was[0] === 0 && now[0] === 0 ? now[1] > was[1] : now[0] > was[0];
  if (!majorRaised)
    return {
      id: "api-major-version-not-bumped",
      message: `a breaking change, but info.version went from ${from} to ${to}: a breaking change needs a new major version${was[0] === 0 ? " (a new minor below 1.0.0)" : ""}.`,
      ...at,
    };
  return undefined;
}
