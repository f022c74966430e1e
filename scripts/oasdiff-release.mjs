// @ts-check
// One release of oasdiff, read from a clone of its repository (`.git`, or a bare one) without
// checking anything out: the tag or commit asked for, or the newest release tag (vX.Y.Z, no
// pre-release), and its files by `git show`. Shared by the extractors of oasdiff's catalogue
// (packages/diff/test/oasdiff-catalogue/extract.mjs) and of its checker tests
// (packages/diff/test/oasdiff-suite/extract.mjs).
import { execFileSync } from "node:child_process";

/**
 * The release `wantedRef` (or the newest) of the oasdiff clone at `gitDir`.
 * @param {string} gitDir
 * @param {string} [wantedRef]
 */
export function oasdiffRelease(gitDir, wantedRef) {
  /**
   * @overload
   * @param {string[]} args
   * @param {"utf8"} [encoding]
   * @returns {string}
   */
  /**
   * @overload
   * @param {string[]} args
   * @param {"buffer"} encoding
   * @returns {Buffer}
   */
  /**
   * @param {string[]} args
   * @param {"utf8" | "buffer"} [encoding]
   */
  function git(args, encoding = "utf8") {
    return execFileSync("git", ["--git-dir", gitDir, ...args], { encoding, maxBuffer: 256 * 1024 * 1024 });
  }
  // Only vX.Y.Z tags get here: three numbers.
  const semver = (/** @type {string} */ tag) => /** @type {[number, number, number]} */ (tag.slice(1).split(".").map(Number));
  const latestReleaseTag = () => {
    const tags = git(["tag", "--list", "v*"])
      .split("\n")
      .filter((tag) => /^v\d+\.\d+\.\d+$/.test(tag));
    tags.sort((a, b) => {
      const [x, y] = [semver(a), semver(b)];
      return y[0] - x[0] || y[1] - x[1] || y[2] - x[2];
    });
    if (tags.length === 0) throw new Error(`${gitDir}: no release tag (vX.Y.Z)`);
    return tags[0];
  };
  const ref = wantedRef ?? latestReleaseTag();
  const commit = git(["rev-parse", `${ref}^{commit}`]).trim();
  /**
   * @overload
   * @param {string} path
   * @param {"utf8"} [encoding]
   * @returns {string}
   */
  /**
   * @overload
   * @param {string} path
   * @param {"buffer"} encoding
   * @returns {Buffer}
   */
  /**
   * @param {string} path
   * @param {"utf8" | "buffer"} [encoding]
   */
  function show(path, encoding = "utf8") {
    return encoding === "buffer" ? git(["show", `${commit}:${path}`], encoding) : git(["show", `${commit}:${path}`], encoding);
  }
  return { git, ref, commit, show };
}
