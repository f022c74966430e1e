// @ts-check
// Content hashes of what a build step reads and writes. What it reads: the source files of
// its folders, as git sees them (tracked or new, never ignored, so dist/, src/generated/ and
// node_modules/ are left out without a list of their own), and single files named as they are
// (the installed lockfile is ignored by git and still an input). What it writes: every file
// under its output folders, whatever git thinks of them. Contents, never modification times:
// a checkout that rewrites a file with the same bytes changes nothing.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** What an input or output folder that does not exist hashes to. */
export const ABSENT = "absent";

/** @param {string | Buffer} data */
export const sha256 = (data) => createHash("sha256").update(data).digest("hex");

/**
 * Every file of the work tree that git tracks or would track (not ignored), repository-relative
 * with `/`, or undefined outside a git work tree (then nothing can be skipped).
 * @param {string} root
 * @returns {string[] | undefined}
 */
export function listSourceFiles(root) {
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (listed.status !== 0 || listed.error) return undefined;
  return listed.stdout.split("\0").filter(Boolean);
}

/** @param {string} path */
function isDirectory(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The content hash of each input file, by repository-relative path. A folder stands for its
 * source files (outside `exclude`); a file for itself, listed or not. A tracked file deleted
 * from the work tree is left out, as it would be from a build.
 * @param {string} root
 * @param {readonly string[]} sourceFiles {@link listSourceFiles}
 * @param {readonly string[]} paths repository-relative folders and files
 * @param {readonly string[]} [exclude] repository-relative folders whose files are not inputs
 * @returns {Record<string, string>} sorted by path
 */
export function hashInputs(root, sourceFiles, paths, exclude = []) {
  const inside = (/** @type {string} */ file, /** @type {string} */ folder) => file === folder || file.startsWith(`${folder}/`);
  /** @type {Set<string>} */
  const files = new Set();
  for (const path of paths) {
    if (!isDirectory(join(root, path))) files.add(path);
    else for (const file of sourceFiles) if (inside(file, path)) files.add(file);
  }
  /** @type {Record<string, string>} */
  const hashes = {};
  for (const file of [...files].sort()) {
    if (exclude.some((folder) => inside(file, folder))) continue;
    try {
      hashes[file] = sha256(readFileSync(join(root, file)));
    } catch {
      if (paths.includes(file)) hashes[file] = ABSENT; // a named file that is missing is an input too
    }
  }
  return hashes;
}

/**
 * One hash of every file under `folder` (names and contents), or {@link ABSENT}.
 * @param {string} root
 * @param {string} folder repository-relative
 */
export function hashOutputs(root, folder) {
  const dir = join(root, folder);
  if (!isDirectory(dir)) return ABSENT;
  const hash = createHash("sha256");
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .sort();
  for (const path of files) hash.update(`${relative(dir, path).split(sep).join("/")}\0${sha256(readFileSync(path))}\n`);
  return hash.digest("hex");
}
