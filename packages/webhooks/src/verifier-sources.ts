// The portable webhook verifier and signer (WebCrypto only, no Node module) as source files,
// for `signing-platform generate` to embed in an SDK of a document that signs its webhooks.
// The files are the import closure of the entry points an SDK calls; the package publishes
// src/ for this, and a generator reads it through this entry, never by a path into the package.
import { readImportClosure, type SourceFiles } from "@signing-platform/contract/sources";

/** What an SDK's webhook module imports, by path relative to src/. */
const ENTRY_POINTS = [
  "signature/sign-payload-async.ts",
  "signature/verify-signature-header-async.ts",
  "signature/verification.ts",
  "signature/raw-body.ts",
  "errors/webhook-verification-error.ts",
  "text/utf8-text.ts",
] as const;

/**
 * The verifier's files, by path relative to src/, without `catalogue.ts`: an SDK writes its own, with its document's header names and tolerance.
 * @example
 * ```ts
 * import { readVerifierSources } from "@signing-platform/webhooks/verifier-sources";
 *
 * const files = await readVerifierSources();
 * console.log(Object.keys(files)); // ["crypto/crypto-provider.ts", …]
 * ```
 */
export function readVerifierSources(): Promise<SourceFiles> {
  // dist/verifier-sources.js → src/.
  return readImportClosure(new URL("../src/", import.meta.url), ENTRY_POINTS, { provided: ["catalogue.ts"] });
}

export type { SourceFiles };
