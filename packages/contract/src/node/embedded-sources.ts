// The sources a generated SDK embeds, handed to the generator through this package's own
// entry point rather than read out of its folder by path: a package that publishes a
// runtime for embedding (this one, the client) names the folder, and this reads it.
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** Source files by path relative to their folder (`/` separated), in path order. */
export type SourceFiles = Readonly<Record<string, string>>;

/**
 * Every `.ts` file under `folder`, by path relative to it, skipping any subfolder named in `skip`.
 * @example
 * ```ts
 * import { readTypeScriptSources } from "@signing-platform/contract/sources";
 *
 * const files = await readTypeScriptSources(new URL("../src/runtime/", import.meta.url));
 * console.log(Object.keys(files));
 * ```
 */
export async function readTypeScriptSources(folder: URL, skip: readonly string[] = []): Promise<SourceFiles> {
  const root = fileURLToPath(folder);
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts"))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split("\\").join("/"))
    .filter((path) => !skip.some((folderName) => path.startsWith(`${folderName}/`)))
    .sort();
  return Object.fromEntries(await Promise.all(paths.map(async (path) => [path, await readFile(join(root, path), "utf8")] as const)));
}

/** What a generated SDK embeds of the contract besides its main entry. */
export interface ContractSourcesOptions {
  /** The portable webhook signature (`webhook-signature/`), for a document that signs its webhooks. */
  readonly webhookSignature?: boolean;
}

/**
 * The contract's own sources, as a generated SDK embeds them: every file but this entry's, the
 * source map's and the conventions', and the webhook signature's only when asked for.
 * @example
 * ```ts
 * import { readContractSources } from "@signing-platform/contract/sources";
 *
 * const files = await readContractSources({ webhookSignature: true });
 * files["extensions.ts"]?.includes("x-signing-platform-idempotency"); // true
 * files["webhook-signature/index.ts"] !== undefined; // true
 * ```
 */
export async function readContractSources(options: ContractSourcesOptions = {}): Promise<SourceFiles> {
  // dist/node/embedded-sources.js → the package's src/, which it publishes for this.
  const files = await readTypeScriptSources(
    new URL("../../src/", import.meta.url),
    options.webhookSignature ? ["node", "input", "openapi"] : ["node", "input", "openapi", "webhook-signature"],
  );
  // The source map, conventions, input and OpenAPI-reader entries serve the tools (lint, diff, the CLI, the generator), not an SDK.
  const { "source-map.ts": _sourceMap, "conventions.ts": _conventions, ...embedded } = files;
  return embedded;
}
