// Which operations of the two versions are compared, and which operation of the base is which of
// the head. oasdiff's path options decide the first: --match-path keeps the paths its regular
// expression matches, in both versions, as they are written; then --strip-prefix-base and
// --prefix-base (--strip-prefix-revision and --prefix-revision for the head) rewrite each path,
// stripping before prepending, so that an API served under /v1 in one version and /v2 in the other
// is compared path for path. Paths are then matched with their parameter names blanked
// ("/certificates/{}"), so renaming `{id}` is not a change and renaming a path is a removal.
// Findings keep naming each operation as its own document writes it.
import { encodeUriFragment, isJsonObject, type Json, operationsOf as documentOperations } from "@signing-platform/contract/openapi";
import type { Side } from "./change.js";
import { follow, type OperationAt, SKIP_BROKEN_REFS } from "./document-walk.js";

/** Which paths of the two versions are compared, and how each is renamed first (oasdiff's path options). */
export interface PathOptions {
  /** Only paths this matches, as written, are compared (--match-path). */
  match?: RegExp;
  /** Stripped from the start of each path of that side, where it starts with it (--strip-prefix-base, --strip-prefix-revision). */
  strip?: Partial<Record<Side, string>>;
  /** Then prepended to each path of that side (--prefix-base, --prefix-revision). */
  prefix?: Partial<Record<Side, string>>;
}

/** The path `path` of `side` is compared as, or undefined when --match-path leaves it out. */
export function comparedPath(path: string, side: Side, options: PathOptions = {}): string | undefined {
  if (options.match && !options.match.test(path)) return undefined;
  const strip = options.strip?.[side] ?? "";
  const rest = strip !== "" && path.startsWith(strip) ? path.slice(strip.length) : path;
  return `${options.prefix?.[side] ?? ""}${rest}`;
}

export interface PathOperation {
  /** "GET /certificates/{id}" as this version writes it. */
  name: string;
  /** The path as this version writes it. */
  path: string;
  at: OperationAt;
}

/** One operation in either version or both: kept (both), removed (base only) or added (head only). */
export interface OperationPair {
  base?: PathOperation;
  head?: PathOperation;
  /** For a removed operation: no path of the head is compared as its path. */
  pathRemoved: boolean;
}

/** Operations of `paths` by compared template ("/certificates/{}") and method. */
function operationsOf(document: Json, side: Side, options: PathOptions): Map<string, Map<string, PathOperation>> {
  const written = new Map<string, Map<string, PathOperation>>();
  for (const { path, method, operation, pointer, pathItem, pathItemPointer } of documentOperations(document, SKIP_BROKEN_REFS)) {
    const name = `${method.toUpperCase()} ${path}`;
    const at = { name, operation: { node: operation, pointer }, pathItem: { node: pathItem, pointer: pathItemPointer } };
    written.set(path, (written.get(path) ?? new Map()).set(method, { name, path, at }));
  }
  const byPath = new Map<string, Map<string, PathOperation>>();
  // Sorted, so that two paths of one template (invalid, but written) are read alike in any key order.
  const paths = Object.entries(isJsonObject(document.paths) ? document.paths : {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [path, item] of paths) {
    const compared = comparedPath(path, side, options);
    if (compared === undefined) continue;
    const template = compared.replace(/\{[^}]*\}/g, "{}");
    // A path item without operations still holds its path: what it had is an operation removed, not a path.
    if (!byPath.has(template) && follow(document, item, encodeUriFragment(["paths", path])))
      byPath.set(template, written.get(path) ?? new Map());
  }
  return byPath;
}

/** Every operation of either version, paired: the base's in order (kept or removed), then those the head adds. */
export function pairOperations(base: Json, head: Json, options: PathOptions = {}): OperationPair[] {
  const before = operationsOf(base, "base", options);
  const after = operationsOf(head, "head", options);
  const pairs: OperationPair[] = [];
  for (const [template, methods] of before) {
    const next = after.get(template);
    for (const [method, operation] of methods) pairs.push({ base: operation, head: next?.get(method), pathRemoved: next === undefined });
  }
  for (const [template, methods] of after) {
    for (const [method, operation] of methods) {
      if (!before.get(template)?.has(method)) pairs.push({ head: operation, pathRemoved: false });
    }
  }
  return pairs;
}
