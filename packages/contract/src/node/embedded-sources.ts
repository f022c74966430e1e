// The sources a generated SDK embeds, handed to the generator through this package's own
// entry point rather than read out of its folder by path: a package that publishes a
// runtime for embedding (this one, the client) names the folder, and this reads it.
import { readdir, readFile } from "node:fs/promises";
import { dirname, join, normalize, relative } from "node:path";
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

/** What `readImportClosure` leaves out: files the embedding side writes itself, by path relative to the folder. */
export interface ImportClosureOptions {
  /** Files imported but not read, since the generator writes its own (such as a catalogue of the document's values). */
  readonly provided?: readonly string[];
}

// `from "./x.js"` and `import("../y.js")`: relative specifiers only; anything else is refused.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;

/**
 * `entries` and every file they import, transitively, by path relative to `folder`. Every
 * import must be relative: a package or `node:` module would not travel with the files, so it
 * is an error naming the file that imports it.
 * @example
 * ```ts
 * import { readImportClosure } from "@signing-platform/contract/sources";
 *
 * const files = await readImportClosure(new URL("../src/", import.meta.url), ["signature/verify.ts"]);
 * console.log(Object.keys(files)); // the entry and what it imports
 * ```
 */
export async function readImportClosure(folder: URL, entries: readonly string[], options: ImportClosureOptions = {}): Promise<SourceFiles> {
  const root = fileURLToPath(folder);
  const provided = new Set(options.provided ?? []);
  const files = new Map<string, string>();
  const pending = [...entries];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (files.has(path) || provided.has(path)) continue;
    const text = await readFile(join(root, path), "utf8");
    files.set(path, text);
    // Comments are dropped first: a TSDoc example imports packages by name.
    const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    for (const [, specifier] of code.matchAll(SPECIFIER)) {
      if (specifier === undefined || !specifier.startsWith(".")) {
        throw new Error(`${path} imports ${specifier}, which an embedded file cannot carry: only relative imports travel with it.`);
      }
      pending.push(
        normalize(join(dirname(path), specifier.replace(/\.js$/, ".ts")))
          .split("\\")
          .join("/"),
      );
    }
  }
  return Object.fromEntries([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * The contract's own sources, as a generated SDK embeds them: every file but this entry's.
 * @example
 * ```ts
 * import { readContractSources } from "@signing-platform/contract/sources";
 *
 * const files = await readContractSources();
 * files["extensions.ts"]?.includes("x-signing-platform-idempotency"); // true
 * ```
 */
export function readContractSources(): Promise<SourceFiles> {
  // dist/node/embedded-sources.js → the package's src/, which it publishes for this.
  return readTypeScriptSources(new URL("../../src/", import.meta.url), ["node"]);
}
