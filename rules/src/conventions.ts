// The facts the rules check against: the error catalogue, the event types, the header names
// and the limits. They are never typed here. They come from the document being linted when it
// carries the x-signing-platform-* root extensions (so a downstream document that embeds its
// own catalogue is judged by it), and otherwise from generated/catalogue.json, which the build
// inlines into dist/ so the packed package carries it. The reading is the contract's
// (@signing-platform/contract/conventions), which the diff engine shares.
import { type Conventions, type PlatformCatalogue, readConventions as readConventionsOver } from "@signing-platform/contract/conventions";
import packagedCatalogue from "../../generated/catalogue.json" with { type: "json" };

export { statusOfCode, type Conventions } from "@signing-platform/contract/conventions";

/**
 * The conventions that apply to `document`: its own extensions first, then the package's catalogue.
 * @example
 * ```ts
 * import { readFileSync } from "node:fs";
 * import { parse } from "yaml";
 * import { readConventions } from "@signing-platform/rules/conventions";
 *
 * const conventions = readConventions(parse(readFileSync("openapi.yaml", "utf8")));
 * console.log(conventions.headers.idempotency_key, conventions.sources.catalogue);
 * ```
 */
export function readConventions(document: unknown): Conventions {
  return readConventionsOver(document, packagedCatalogue as unknown as PlatformCatalogue);
}
