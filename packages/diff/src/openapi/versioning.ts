// The versioning policy of semver, read as oasdiff reads it: a breaking change needs a new major
// version (below 1.0.0, a new minor). Judged only when both info.version values are semantic
// versions, since nothing else says what a major version is; info, so a project that enforces
// the policy raises these ids with --severity-levels. Unlike oasdiff, which compares the text, a
// leading "v" or build metadata is the same version, and a pre-release's release (or next
// pre-release) may still carry changes.
import { isJsonObject as isObject, type Json } from "@signing-platform/contract/openapi";
import type { RawFinding } from "../change.js";

/** semver.org's grammar, with an optional leading "v": a date or a bare "v1" is not judged. */
const SEMVER =
  /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*)?$/;

const versionOf = (document: Json): string | undefined =>
  isObject(document.info) && typeof document.info.version === "string" ? document.info.version : undefined;

interface Version {
  numbers: [number, number, number];
  /** The pre-release part ("rc.1"); build metadata and a leading "v" do not order versions. */
  prerelease: string | undefined;
}

function parse(version: string | undefined): Version | undefined {
  const match = version === undefined ? null : SEMVER.exec(version);
  return match ? { numbers: [Number(match[1]), Number(match[2]), Number(match[3])], prerelease: match[4] } : undefined;
}

/** How the version pair fails to carry a breaking change, or undefined when it carries it (or is not semver). */
export function versioningFinding(base: Json, head: Json): RawFinding | undefined {
  const [from, to] = [versionOf(base), versionOf(head)];
  const [was, now] = [parse(from), parse(to)];
  if (!was || !now) return undefined;
  const at = { base: "#/info/version", head: "#/info/version" };
  const [a, b] = [was.numbers, now.numbers];
  const order = a[0] !== b[0] ? b[0] - a[0] : a[1] !== b[1] ? b[1] - a[1] : b[2] - a[2];
  if (order === 0) {
    // The same numbers: the same version (a "v" or build metadata aside), or a pre-release of it.
    if (was.prerelease === now.prerelease)
      return { id: "api-version-not-bumped", message: `a breaking change, but info.version is still ${to}.`, ...at };
    // A release after its own pre-release, or one pre-release after another: changes are still part of that version.
    if (was.prerelease !== undefined) return undefined;
  }
  if (order <= 0)
    return { id: "api-version-decreased", message: `a breaking change, and info.version went from ${from} down to ${to}.`, ...at };
  const majorRaised = a[0] === 0 && b[0] === 0 ? b[1] > a[1] : b[0] > a[0];
  if (!majorRaised)
    return {
      id: "api-major-version-not-bumped",
      message: `a breaking change, but info.version went from ${from} to ${to}: a breaking change needs a new major version${a[0] === 0 ? " (a new minor below 1.0.0)" : ""}.`,
      ...at,
    };
  return undefined;
}
