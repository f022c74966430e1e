// oasdiff's --exclude-elements: kinds of change left out of the comparison. oasdiff's values are
// description, endpoints, examples, extensions, summary and title. Descriptions, examples,
// summaries and titles are documentation, which `diff` never compares (oasdiff's changelog does
// not either), so excluding them changes nothing. Excluding extensions drops the project's
// x-signing-platform-* extensions from both versions before the convention checks read them, so
// the error catalogue, limits, retry schedule and idempotency extension are not compared;
// x-sunset and x-stability-level are still read, since they decide whether other changes break.
// oasdiff's "endpoints" removes a section of its diff report that this report has no counterpart
// of, so it is refused rather than accepted to do nothing.
import { HTTP_METHODS } from "@signing-platform/contract";
import { isJsonObject, type Json } from "@signing-platform/contract/openapi";
import { UnusableInputError } from "@signing-platform/contract/input";

/** oasdiff's values (diff.GetExcludeDiffOptions), in its order. */
export const EXCLUDE_ELEMENTS = ["description", "endpoints", "examples", "extensions", "summary", "title"] as const;
/** A kind of change `--exclude-elements` can leave out of a comparison. */
export type ExcludedElement = Exclude<(typeof EXCLUDE_ELEMENTS)[number], "endpoints">;

/**
 * The elements of `--exclude-elements` values, each a comma-separated list as oasdiff takes them.
 * @example
 * ```ts
 * import { compareDocuments, loadOpenApiDocument, parseExcludeElements } from "@signing-platform/diff";
 *
 * const exclude = parseExcludeElements(["extensions,description"]);
 * const findings = compareDocuments(loadOpenApiDocument("base.yaml"), loadOpenApiDocument("head.yaml"), { exclude });
 * ```
 */
export function parseExcludeElements(values: readonly string[]): Set<ExcludedElement> {
  const elements = new Set<ExcludedElement>();
  for (const value of values.flatMap((list) => list.split(","))) {
    const element = value.trim();
    if (element === "") continue;
    if (element === "endpoints")
      throw new UnusableInputError(
        `--exclude-elements "endpoints": oasdiff's endpoints section of its diff report has no counterpart here (every finding names its operation); --match-path chooses the paths compared.`,
      );
    if (!(EXCLUDE_ELEMENTS as readonly string[]).includes(element))
      throw new UnusableInputError(`--exclude-elements "${element}": not one of ${EXCLUDE_ELEMENTS.join(", ")}.`);
    elements.add(element as ExcludedElement);
  }
  return elements;
}

/** Extensions the generic checks read as part of OpenAPI itself: kept whatever is excluded. */
const READ_BY_THE_CHECKS = new Set(["x-sunset", "x-stability-level"]);

const withoutOwnExtensions = (node: Json): Json =>
  Object.fromEntries(Object.entries(node).filter(([key]) => !key.startsWith("x-") || READ_BY_THE_CHECKS.has(key)));

/** A copy of `document` without the extensions of its root, path items and operations. */
export function withoutExtensions(document: Json): Json {
  const copy = withoutOwnExtensions(document);
  if (isJsonObject(document.paths))
    copy.paths = Object.fromEntries(
      Object.entries(document.paths).map(([path, item]) => {
        if (!isJsonObject(item)) return [path, item];
        const stripped = withoutOwnExtensions(item);
        for (const method of HTTP_METHODS) if (isJsonObject(item[method])) stripped[method] = withoutOwnExtensions(item[method]);
        return [path, stripped];
      }),
    );
  return copy;
}
