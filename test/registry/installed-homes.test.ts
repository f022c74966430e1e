// The folders of installed packages in the temporary directory, one per set of tarballs: a run
// removes the folders of other sets (an earlier build's), but not one another clone's run on
// the same machine is installing or has taken within the hour. A lock older than an install
// takes was left by a run that stopped: its folder goes with it.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { HOME_PREFIX, removeOtherHomes } from "../support/installed-packages.js";

const dir = mkdtempSync(join(tmpdir(), "signing-platform-homes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const now = Date.parse("2026-06-01T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000);

/** A folder of installed packages, its `done` taken `minutes` ago, or none when it was never finished. */
function home(name: string, minutes: number, { done = true } = {}) {
  const folder = join(dir, `${HOME_PREFIX}${name}`);
  mkdirSync(folder);
  if (done) {
    writeFileSync(join(folder, "done"), "");
    utimesSync(join(folder, "done"), minutesAgo(minutes), minutesAgo(minutes));
  }
  utimesSync(folder, minutesAgo(minutes), minutesAgo(minutes));
  return folder;
}

/** The lock of a folder being made, taken `minutes` ago. */
function lock(name: string, minutes: number) {
  const path = join(dir, `${HOME_PREFIX}${name}.lock`);
  mkdirSync(path);
  utimesSync(path, minutesAgo(minutes), minutesAgo(minutes));
}

it("removes other sets' folders taken over an hour ago and those a stopped run left locked, and keeps its own, one in use, one being made and other folders", () => {
  const own = home("own", 600);
  home("in-use", 20);
  home("stale", 90);
  home("unfinished", 120, { done: false });
  home("locked", 600);
  lock("locked", 5);
  home("left-locked", 600, { done: false });
  lock("left-locked", 30);
  mkdirSync(join(dir, "something-else"));
  removeOtherHomes(dir, own, now);
  expect(readdirSync(dir).sort()).toEqual(
    [`${HOME_PREFIX}in-use`, `${HOME_PREFIX}locked`, `${HOME_PREFIX}locked.lock`, `${HOME_PREFIX}own`, "something-else"].sort(),
  );
});
