// Runs Spectral with the conventions ruleset of @signing-platform/rules on a loaded document.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Document, Ruleset, Spectral, type ISpectralDiagnostic } from "@stoplight/spectral-core";
// A CommonJS package whose named exports Node cannot detect: take the whole module.
import Parsers from "@stoplight/spectral-parsers";
import { httpAndFileResolver } from "@stoplight/spectral-ref-resolver";
import ruleset from "@signing-platform/rules";
import { type LoadedDocument } from "@signing-platform/diff";

const require = createRequire(import.meta.url);

/** The version of spectral-core, which SARIF names as the tool's (its package.json is not exported). */
export function spectralVersion(): string {
  let dir = dirname(require.resolve("@stoplight/spectral-core"));
  while (dir !== dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      if (manifest.name === "@stoplight/spectral-core") return manifest.version;
    } catch {
      // not here: one level up
    }
    dir = dirname(dir);
  }
  return "unknown";
}

let loaded: Ruleset | undefined;

export function conventionsRuleset(): Ruleset {
  // The ruleset file is named as the source of the rules (SARIF output shows it).
  return (loaded ??= new Ruleset(ruleset as ConstructorParameters<typeof Ruleset>[0], {
    source: require.resolve("@signing-platform/rules"),
  }));
}

/**
 * The diagnostics of the Signing Platform conventions ruleset (@signing-platform/rules) for a loaded document, as `signing-platform lint` reports them.
 * @example
 * ```ts
 * import { loadOpenApiDocument, runSpectral } from "@signing-platform/cli";
 *
 * const diagnostics = await runSpectral(loadOpenApiDocument("openapi.yaml"));
 * for (const diagnostic of diagnostics) console.log(diagnostic.code, diagnostic.message);
 * ```
 */
export async function runSpectral(document: LoadedDocument): Promise<ISpectralDiagnostic[]> {
  const spectral = new Spectral({ resolver: httpAndFileResolver });
  spectral.setRuleset(conventionsRuleset());
  const { text, path } = document;
  return spectral.run(path.endsWith(".json") ? new Document(text, Parsers.Json, path) : new Document(text, Parsers.Yaml, path));
}
