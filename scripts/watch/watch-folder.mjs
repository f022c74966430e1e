// @ts-check
// Watches every folder of a tree, each with a watcher of its own, and the folders created in
// it later. Not `fs.watch(dir, { recursive: true })`: on Linux, Node 20 follows each file it
// found at the start, and loses one that an editor saves by writing a new file over it (a
// rename, as vim and `sed -i` do); a folder's own watcher sees every save of its files.
import { readdirSync, watch } from "node:fs";
import { join, relative } from "node:path";

/** @param {string} dir @returns {string[]} the folder and every folder under it */
function foldersOf(dir) {
  try {
    const under = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(entry.parentPath, entry.name));
    return [dir, ...under];
  } catch {
    return [];
  }
}

/**
 * @param {string} dir
 * @param {(file: string) => void} onChange called with the path, relative to `dir`, of what changed
 * @returns {{ close: () => void }}
 */
export function watchFolder(dir, onChange) {
  /** @type {Map<string, import("node:fs").FSWatcher>} */
  const watchers = new Map();
  const follow = () => {
    const folders = new Set(foldersOf(dir));
    for (const [folder, watcher] of watchers) {
      if (folders.has(folder)) continue;
      watcher.close();
      watchers.delete(folder);
    }
    for (const folder of folders) {
      if (watchers.has(folder)) continue;
      const watcher = watch(folder, (event, name) => {
        if (event === "rename") follow(); // a folder may have come or gone
        onChange(relative(dir, name ? join(folder, name) : folder));
      });
      watcher.on("error", () => {
        watcher.close();
        watchers.delete(folder);
      });
      watchers.set(folder, watcher);
    }
  };
  follow();
  return {
    close() {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
