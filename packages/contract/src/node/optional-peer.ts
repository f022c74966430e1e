// Loading an optional peer dependency when a feature first needs it: a synchronous require
// (so the entry that uses it needs no top-level await and can still be require()d), resolved
// from the calling package, whose peer it is; its absence is one line that says what to install.
import { createRequire } from "node:module";

/**
 * The module `name`, resolved from `from` (the caller's `import.meta.url`); when it is not
 * installed, an error whose message is `missing` (which says what to install), the cause attached.
 * @example
 * ```ts
 * import { requireOptionalPeer } from "@signing-platform/contract/optional-peer";
 * import type * as Undici from "undici";
 *
 * const undici = requireOptionalPeer<typeof Undici>("undici", import.meta.url, "mutual TLS needs undici: run `npm install undici`.");
 * ```
 */
export function requireOptionalPeer<T>(name: string, from: string | URL, missing: string): T {
  try {
    return createRequire(from)(name) as T;
  } catch (error) {
    const notInstalled = (error as NodeJS.ErrnoException).code === "MODULE_NOT_FOUND" && (error as Error).message.includes(`'${name}'`);
    if (!notInstalled) throw error;
    throw new Error(missing, { cause: error });
  }
}
