// @ts-check
// The workspace packages as the tests import them: from their TypeScript sources, not from
// the dist/ their build writes, so that a change to a package's src/ is tested without a
// build. Each entry of a package's `exports` whose `import` target is `./dist/<path>.js` is
// aliased to `./src/<path>.ts` when that file exists; the other entries (the ruleset's bundle,
// JSON files) stay as the build writes them. Processes the tests start (the CLI, the
// sandbox's server) still run the built packages.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));

/** @param {string} text */
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * Aliases for vite's `resolve.alias`: each exported entry of a workspace package to its source file.
 * @returns {{ find: RegExp, replacement: string }[]}
 */
export function workspaceSourceAliases() {
  const { workspaces } = /** @type {{ workspaces: string[] }} */ (JSON.parse(readFileSync(join(root, "package.json"), "utf8")));
  /** @type {{ find: RegExp, replacement: string }[]} */
  const aliases = [];
  for (const folder of workspaces) {
    const manifest = JSON.parse(readFileSync(join(root, folder, "package.json"), "utf8"));
    for (const [entry, target] of Object.entries(manifest.exports ?? {})) {
      const built = typeof target === "string" ? target : target?.import;
      const match = typeof built === "string" ? /^\.\/dist\/(.+)\.js$/.exec(built) : null;
      if (!match) continue;
      const source = join(root, folder, "src", `${match[1]}.ts`);
      if (!existsSync(source)) continue;
      const specifier = entry === "." ? manifest.name : `${manifest.name}/${entry.slice(2)}`;
      aliases.push({ find: new RegExp(`^${escapeRegExp(specifier)}$`), replacement: source });
    }
  }
  return aliases;
}
