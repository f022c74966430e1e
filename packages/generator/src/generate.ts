// generate: what `signing-platform generate` writes, from options the caller has already read.
// The CLI owns the command line (its parsing, usage and exit codes); this writes an SDK package,
// in TypeScript or Python, or the handler types of a server on @signing-platform/server, and
// throws GeneratorInputError for input it refuses.
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { type GenerateSdkOptions, generateSdk } from "./generate-sdk.js";
import { checkOpenApiDocument, loadDocumentToGenerate } from "./load-document.js";
import type { SdkRelease } from "./release/sdk-release.js";
import { generateServerHandlers } from "./server/server-handlers.js";

/** What {@link generate} writes: `sdk`, an SDK package; `server`, the handler types of a server. */
export type GenerateTarget = "sdk" | "server";

/** Options of {@link generate}: the document, the folder, what to write there and, for an SDK, its name and language. */
export interface GenerateOptions extends GenerateSdkOptions {
  /**
   * `sdk` (default): the SDK package of `language`. `server`: `<outDir>/handlers.ts`, the
   * document's handler types for `createApp<Handlers>({ document, handlers })` of
   * `@signing-platform/server`; `name`, `language`, `force` and `previous` are an SDK's, and unread.
   */
  target?: GenerateTarget;
}

/** What {@link generate} wrote: the target, the folder and its files. */
export interface Generated {
  /** What was written: `sdk` or `server`. */
  target: GenerateTarget;
  /** The absolute path of the folder written to. */
  outDir: string;
  /** The SDK's package name (npm) or import name (Python); the server's handler types have none. */
  name?: string;
  /** Paths written, relative to outDir. */
  files: string[];
  /** An SDK's release, when `previous` was given: its version, the one before, and the count of changes. */
  release?: SdkRelease;
}

/**
 * Writes what `target` asks for from an OpenAPI 3.0, 3.1 or 3.2 document: an SDK package (TypeScript by default, or Python), or the handler types of a server. Throws GeneratorInputError for input it refuses, its message one line saying which.
 * @example
 * ```ts
 * import { generate } from "@signing-platform/generator";
 *
 * const sdk = await generate({ input: "openapi.yaml", outDir: "./sdk", language: "python", name: "acme_signing" });
 * const server = await generate({ input: "openapi.yaml", outDir: "./server", target: "server" });
 * console.log(`${sdk.name} in ${sdk.outDir}; ${server.files.join(", ")} in ${server.outDir}`);
 * ```
 */
export async function generate(options: GenerateOptions): Promise<Generated> {
  const { target = "sdk", ...sdkOptions } = options;
  if (target === "sdk") return { target, ...(await generateSdk(sdkOptions)) };
  const { input, document } = options;
  const outDir = resolve(options.outDir);
  const handlers = await generateServerHandlers(document ? checkOpenApiDocument(document, input) : await loadDocumentToGenerate(input));
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, "handlers.ts"), handlers);
  return { target, outDir, files: ["handlers.ts"] };
}
