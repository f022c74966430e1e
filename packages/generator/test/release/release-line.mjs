// @ts-check
// The line `signing-platform generate --previous` ends with, read back: the tests of the command
// and the release benchmark hold a release to what it says.

/**
 * @typedef {object} Release what `generate --previous` reported on its last line
 * @property {string} name the SDK's package
 * @property {string} version
 * @property {string} previous
 * @property {"major" | "minor" | "patch"} bump
 * @property {number} breaking
 * @property {number} added
 * @property {number} changed
 */

const RELEASED =
  /^Released (\S+) (\S+) after (\S+) \((major|minor|patch)\): (\d+) breaking, (\d+) added, (\d+) changed; CHANGELOG\.md has the entry\.$/m;

/** The release `generate --previous` reported in `stdout`, or undefined. @param {string} stdout @returns {Release | undefined} */
export function releaseOf(stdout) {
  const match = RELEASED.exec(stdout);
  if (!match) return undefined;
  const [, name = "", version = "", previous = "", bump, breaking, added, changed] = match;
  return {
    name,
    version,
    previous,
    bump: /** @type {Release["bump"]} */ (bump),
    breaking: Number(breaking),
    added: Number(added),
    changed: Number(changed),
  };
}
