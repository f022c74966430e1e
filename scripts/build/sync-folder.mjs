// @ts-check
// Makes one folder hold what another holds, writing only the files whose bytes differ and
// removing the ones that are gone. generated/ is rewritten this way: a file the spec change
// did not touch keeps its modification time, so nothing that watches or compares times
// (an editor, a test watcher, a package build) sees a change that is not one.
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** @param {string} dir @returns {string[]} relative paths of its files */
function listFiles(dir) {
  try {
    return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => statSync(join(dir, name)).isFile());
  } catch {
    return [];
  }
}

/** @param {string} path */
function readOrUndefined(path) {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * @param {string} from
 * @param {string} to
 * @returns {string[]} the relative paths written or removed in `to`
 */
export function syncFolder(from, to) {
  const wanted = new Set(listFiles(from));
  /** @type {string[]} */
  const changed = [];
  for (const name of wanted) {
    const bytes = readFileSync(join(from, name));
    if (readOrUndefined(join(to, name))?.equals(bytes)) continue;
    mkdirSync(dirname(join(to, name)), { recursive: true });
    writeFileSync(join(to, name), bytes);
    changed.push(name);
  }
  for (const name of listFiles(to)) {
    if (wanted.has(name)) continue;
    rmSync(join(to, name));
    changed.push(name);
  }
  removeEmptyFolders(to);
  return changed.sort();
}

/** @param {string} dir */
function removeEmptyFolders(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const child = join(dir, entry.name);
    removeEmptyFolders(child);
    if (readdirSync(child).length === 0) rmSync(child, { recursive: true });
  }
}
