// @ts-check
// What each step of `npm run build` read and wrote when it last succeeded, one JSON file per
// step in node_modules/.cache/ (git-ignored, and gone with a reinstall, when the tools that
// built it may have changed). A step is up to date when its inputs, the outputs of the steps
// it reads and its own outputs all hash as they did then; a deleted or edited dist/ is
// therefore rebuilt, not trusted.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ABSENT } from "./content-hash.mjs";

/**
 * @typedef {object} BuildRecord what a step read and wrote
 * @property {Record<string, string>} inputs content hash by repository-relative input file
 * @property {Record<string, string>} after outputs hash by the step (its label) whose outputs it reads
 * @property {Record<string, string>} outputs hash by repository-relative output folder
 */

/** @param {string} root */
export const buildCacheDir = (root) => join(root, "node_modules", ".cache", "signing-platform-build");

/** @param {string} label a step's label, `@signing-platform/types` or `generated/` */
const fileName = (label) => `${label.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}.json`;

/** @param {string} dir {@link buildCacheDir} */
export function createBuildCache(dir) {
  return {
    /** @param {string} label @returns {BuildRecord | undefined} */
    read(label) {
      try {
        return JSON.parse(readFileSync(join(dir, fileName(label)), "utf8"));
      } catch {
        return undefined;
      }
    },
    /** Written whole or not at all: another build may read it meanwhile. @param {string} label @param {BuildRecord} record */
    write(label, record) {
      mkdirSync(dir, { recursive: true });
      const path = join(dir, fileName(label));
      const staging = `${path}.${process.pid}`;
      writeFileSync(staging, `${JSON.stringify(record, null, 2)}\n`);
      renameSync(staging, path);
    },
    /** Before a step runs: a build that fails halfway leaves no record that would skip it. @param {string} label */
    forget(label) {
      rmSync(join(dir, fileName(label)), { force: true });
    },
  };
}

/**
 * The first difference between two hash maps, as a phrase, or undefined.
 * @param {Record<string, string>} was
 * @param {Record<string, string>} now
 */
function firstDifference(was, now) {
  for (const [name, hash] of Object.entries(now)) {
    if (!(name in was)) return `${name} is new`;
    if (was[name] !== hash) return `${name} changed`;
  }
  for (const name of Object.keys(was)) if (!(name in now)) return `${name} was removed`;
  return undefined;
}

/**
 * Why a step must build, or undefined when its last build still holds.
 * @param {BuildRecord | undefined} record what it read and wrote when it last built
 * @param {BuildRecord} current the same, hashed now
 * @returns {string | undefined}
 */
export function staleReason(record, current) {
  if (!record) return "no earlier build";
  for (const [folder, hash] of Object.entries(current.outputs)) {
    if (record.outputs[folder] !== hash) return hash === ABSENT ? `${folder} is missing` : `${folder} changed since it was built`;
  }
  return firstDifference(record.inputs, current.inputs) ?? firstDifference(record.after, current.after);
}
