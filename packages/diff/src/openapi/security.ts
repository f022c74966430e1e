// The credentials an operation accepts, in both versions. `security` lists alternatives; a
// client holding what one base alternative asks for must still satisfy some head alternative,
// or it is refused. So: a credential an operation accepted and no longer accepts is breaking
// (oasdiff rates the removal of a requirement as info, reading it only as a relaxation), and so
// is a requirement made stricter: a scheme added (api-security-added) or a scope added to one
// (api-security-scope-added; oasdiff: INFO for both). A new alternative, or none needed, breaks
// nobody. The document's own `security` and `components.securitySchemes` are compared as well,
// as oasdiff does, at info: each operation they apply to is judged above.
import type { CheckId } from "../checks/index.js";
import { encodeUriFragment as encodePointer, isJsonObject as isObject, type Json } from "@signing-platform/contract/openapi";
import type { OperationAt } from "../document-walk.js";
import type { Comparison } from "./finding.js";

type Requirement = Map<string, Set<string>>;

/** The requirements of a `security` list: each maps a scheme to the scopes it asks for. */
function readRequirements(value: unknown): Requirement[] {
  return (Array.isArray(value) ? value : [])
    .filter(isObject)
    .map(
      (requirement: Json): Requirement =>
        new Map(Object.entries(requirement).map(([scheme, scopes]) => [scheme, new Set(Array.isArray(scopes) ? scopes.map(String) : [])])),
    );
}

function requirementsOf(document: Json, at: OperationAt): { list: Requirement[]; pointer: string } {
  const own = at.operation.node.security;
  return Array.isArray(own)
    ? { list: readRequirements(own), pointer: `${at.operation.pointer}/security` }
    : { list: readRequirements(document.security), pointer: "#/security" };
}

/** Whether a client that meets `held` also meets `asked`: every scheme asked for is held, with its scopes. */
function satisfies(held: Requirement, asked: Requirement): boolean {
  return [...asked].every(([scheme, scopes]) => held.has(scheme) && [...scopes].every((scope) => held.get(scheme)!.has(scope)));
}

const describe = (requirement: Requirement) =>
  requirement.size === 0
    ? "no credential"
    : [...requirement].map(([scheme, scopes]) => (scopes.size > 0 ? `${scheme} (${[...scopes].join(", ")})` : scheme)).join(" + ");

/** The schemes of a requirement, in one string: oasdiff matches requirements by the schemes they name. */
const schemesOf = (requirement: Requirement) => [...requirement.keys()].sort().join(" + ");

/** Scopes `to` asks for per scheme that `from` does not: "scheme: a, b". */
function scopesBeyond(to: Requirement, from: Requirement): string {
  return [...to]
    .flatMap(([scheme, scopes]) => {
      const extra = [...scopes].filter((scope) => !from.get(scheme)?.has(scope));
      return extra.length > 0 ? [`${extra.join(", ")} of ${scheme}`] : [];
    })
    .join("; ");
}

export function compareSecurity(comparison: Comparison, operation: string, was: OperationAt, now: OperationAt): void {
  const before = requirementsOf(comparison.base, was);
  const after = requirementsOf(comparison.head, now);
  // No security at all accepts every client: the empty requirement.
  const [held, asked] = [before.list.length > 0 ? before.list : [new Map()], after.list.length > 0 ? after.list : [new Map()]];
  const same = (a: Requirement, b: Requirement) => satisfies(a, b) && satisfies(b, a);
  const isNew = (alternative: Requirement) => !held.some((old) => same(old, alternative));
  const at = { base: before.pointer, head: after.pointer };
  for (const requirement of held) {
    if (asked.some((alternative) => satisfies(requirement, alternative))) continue;
    // Stricter: a requirement written anew asks for this one and more. Otherwise the way in is gone.
    const stricter = asked.filter((alternative) => isNew(alternative) && satisfies(alternative, requirement));
    const scoped = stricter.find((alternative) => schemesOf(alternative) === schemesOf(requirement));
    if (scoped) {
      comparison.report({
        id: "api-security-scope-added",
        operation,
        message: `${operation}: clients that authenticate with ${describe(requirement)} now also need the scope ${scopesBeyond(scoped, requirement)}.`,
        ...at,
      });
      continue;
    }
    comparison.report({
      id: stricter.length > 0 ? "api-security-added" : "api-security-removed",
      operation,
      message:
        stricter.length > 0
          ? `${operation}: clients that authenticate with ${describe(requirement)} now need ${stricter.map(describe).join(" or ")}.`
          : `${operation}: ${describe(requirement)} is no longer accepted.`,
      ...at,
    });
  }
  for (const requirement of asked) {
    if (held.some((old) => same(old, requirement))) continue;
    const wider = held.filter((old) => satisfies(old, requirement));
    if (wider.length === 0) continue;
    const unscoped = wider.find((old) => schemesOf(old) === schemesOf(requirement));
    comparison.report({
      id: unscoped ? "api-security-scope-removed" : "api-security-relaxed",
      operation,
      message: unscoped
        ? `${operation}: the scope ${scopesBeyond(unscoped, requirement)} is no longer needed.`
        : `${operation}: ${describe(requirement)} is now accepted.`,
      ...at,
    });
  }
}

/**
 * The document's own `security`, requirement by requirement as oasdiff matches them (by the
 * schemes they name): added, removed, or a scope added or removed. Info: what it does to a
 * client is judged on each operation it applies to.
 */
export function compareGlobalSecurity(comparison: Comparison): void {
  const read = (document: Json) => new Map(readRequirements(document.security).map((requirement) => [schemesOf(requirement), requirement]));
  const [before, after] = [read(comparison.base), read(comparison.head)];
  const at = { base: "#/security", head: "#/security" };
  for (const [key, old] of before) {
    const next = after.get(key);
    if (!next) {
      comparison.report({
        id: "api-global-security-removed",
        message: `The document's security no longer lists ${describe(old)}.`,
        base: at.base,
      });
      continue;
    }
    const [added, removed] = [scopesBeyond(next, old), scopesBeyond(old, next)];
    if (added)
      comparison.report({
        id: "api-global-security-scope-added",
        message: `The document's security now asks for the scope ${added}.`,
        ...at,
      });
    if (removed)
      comparison.report({
        id: "api-global-security-scope-removed",
        message: `The document's security no longer asks for the scope ${removed}.`,
        ...at,
      });
  }
  for (const [key, next] of after) {
    if (!before.has(key))
      comparison.report({
        id: "api-global-security-added",
        message: `The document's security now lists ${describe(next)}.`,
        head: at.head,
      });
  }
}

/** The security schemes of `components`: added, removed, their type, and their implicit OAuth flow (as oasdiff compares them). */
export function compareSecuritySchemes(comparison: Comparison): void {
  const schemes = (document: Json): Json =>
    isObject(document.components) && isObject(document.components.securitySchemes) ? document.components.securitySchemes : {};
  const [before, after] = [schemes(comparison.base), schemes(comparison.head)];
  const at = (name: string) => encodePointer(["components", "securitySchemes", name]);
  for (const [name, old] of Object.entries(before)) {
    if (!Object.hasOwn(after, name)) {
      comparison.report({ id: "api-security-component-removed", message: `Security scheme ${name} was removed.`, base: at(name) });
      continue;
    }
    const next = after[name];
    if (!isObject(old) || !isObject(next)) continue;
    const pointers = { base: at(name), head: at(name) };
    const report = (id: CheckId, message: string) =>
      comparison.report({ id, message: `Security scheme ${name}: ${message}.`, ...pointers });
    if (old.type !== next.type) report("api-security-component-type-changed", `its type changed from ${old.type} to ${next.type}`);
    const implicit = (scheme: Json): Json => (isObject(scheme.flows) && isObject(scheme.flows.implicit) ? scheme.flows.implicit : {});
    const [from, to] = [implicit(old), implicit(next)];
    if (from.authorizationUrl !== to.authorizationUrl)
      report(
        "api-security-component-oauth-url-changed",
        `its authorization URL changed from ${from.authorizationUrl} to ${to.authorizationUrl}`,
      );
    if (from.tokenUrl !== to.tokenUrl)
      report("api-security-component-oauth-token-url-changed", `its token URL changed from ${from.tokenUrl} to ${to.tokenUrl}`);
    const scopesOf = (flow: Json): Json => (isObject(flow.scopes) ? flow.scopes : {});
    const [oldScopes, newScopes] = [scopesOf(from), scopesOf(to)];
    for (const [scope, text] of Object.entries(oldScopes)) {
      if (!Object.hasOwn(newScopes, scope)) report("api-security-component-oauth-scope-removed", `scope ${scope} was removed`);
      else if (newScopes[scope] !== text) report("api-security-component-oauth-scope-changed", `the description of scope ${scope} changed`);
    }
    for (const scope of Object.keys(newScopes))
      if (!Object.hasOwn(oldScopes, scope)) report("api-security-component-oauth-scope-added", `scope ${scope} was added`);
  }
  for (const name of Object.keys(after))
    if (!Object.hasOwn(before, name))
      comparison.report({ id: "api-security-component-added", message: `Security scheme ${name} was added.`, head: at(name) });
}
