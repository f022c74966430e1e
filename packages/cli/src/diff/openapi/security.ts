// The credentials an operation accepts, in both versions. `security` lists alternatives; a
// client holding what one base alternative asks for must still satisfy some head alternative,
// or it is refused. So: a credential an operation accepted and no longer accepts is breaking
// (oasdiff rates the removal of a requirement as info, reading it only as a relaxation), and so
// is a requirement made stricter. A new alternative, or none needed, breaks nobody.
import { isObject, type Json } from "@signing-platform/rules/openapi";
import type { OperationAt } from "../document-walk.js";
import type { Comparison } from "./finding.js";

type Requirement = Map<string, Set<string>>;

function requirementsOf(document: Json, at: OperationAt): { list: Requirement[]; pointer: string } {
  const own = at.operation.node.security;
  const written = Array.isArray(own)
    ? { value: own, pointer: `${at.operation.pointer}/security` }
    : { value: document.security, pointer: "#/security" };
  const list = (Array.isArray(written.value) ? written.value : [])
    .filter(isObject)
    .map(
      (requirement: Json): Requirement =>
        new Map(Object.entries(requirement).map(([scheme, scopes]) => [scheme, new Set(Array.isArray(scopes) ? scopes.map(String) : [])])),
    );
  return { list, pointer: written.pointer };
}

/** Whether a client that meets `held` also meets `asked`: every scheme asked for is held, with its scopes. */
function satisfies(held: Requirement, asked: Requirement): boolean {
  return [...asked].every(([scheme, scopes]) => held.has(scheme) && [...scopes].every((scope) => held.get(scheme)!.has(scope)));
}

const describe = (requirement: Requirement) =>
  requirement.size === 0
    ? "no credential"
    : [...requirement].map(([scheme, scopes]) => (scopes.size > 0 ? `${scheme} (${[...scopes].join(", ")})` : scheme)).join(" + ");

export function compareSecurity(comparison: Comparison, operation: string, was: OperationAt, now: OperationAt): void {
  const before = requirementsOf(comparison.base, was);
  const after = requirementsOf(comparison.head, now);
  // No security at all accepts every client: the empty requirement.
  const [held, asked] = [before.list.length > 0 ? before.list : [new Map()], after.list.length > 0 ? after.list : [new Map()]];
  const isNew = (alternative: Requirement) => !held.some((old) => satisfies(old, alternative) && satisfies(alternative, old));
  for (const requirement of held) {
    if (asked.some((alternative) => satisfies(requirement, alternative))) continue;
    // Stricter: a requirement written anew asks for this one and more. Otherwise the way in is gone.
    const stricter = asked.some((alternative) => isNew(alternative) && satisfies(alternative, requirement));
    comparison.report({
      id: stricter ? "api-security-added" : "api-security-removed",
      operation,
      message: stricter
        ? `${operation}: clients that authenticate with ${describe(requirement)} now need ${asked
            .filter((alternative) => isNew(alternative) && satisfies(alternative, requirement))
            .map(describe)
            .join(" or ")}.`
        : `${operation}: ${describe(requirement)} is no longer accepted.`,
      base: before.pointer,
      head: after.pointer,
    });
  }
  for (const requirement of asked) {
    if (held.some((old) => satisfies(old, requirement) && satisfies(requirement, old))) continue;
    if (held.some((old) => satisfies(old, requirement))) {
      comparison.report({
        id: "api-security-relaxed",
        operation,
        message: `${operation}: ${describe(requirement)} is now accepted.`,
        base: before.pointer,
        head: after.pointer,
      });
    }
  }
}
