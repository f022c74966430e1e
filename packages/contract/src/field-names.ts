// Field names on the wire: every field the interface document shows is snake_case (Resources
// and their fields). The spec's linter and the Spectral ruleset judge names by this one rule.

/**
 * A snake_case name: lower-case words of letters and digits, joined by single underscores.
 * @example
 * ```ts
 * import { SNAKE_CASE } from "@signing-platform/contract";
 *
 * SNAKE_CASE.test("created_at"); // true
 * SNAKE_CASE.test("createdAt"); // false
 * ```
 */
export const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/**
 * The snake_case spelling of a name: `createdAt` → `created_at`, `HTTPStatus` → `http_status`,
 * `content-url` → `content_url`.
 * @example
 * ```ts
 * import { snakeCaseOf } from "@signing-platform/contract";
 *
 * snakeCaseOf("createdAt"); // "created_at"
 * ```
 */
export function snakeCaseOf(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
}
