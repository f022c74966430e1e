// A copy of this repository, as a designer's clone would be: the files git tracks or would
// track (the working tree, uncommitted changes included), the packages' built dist/, and a
// node_modules whose third-party entries are this repository's own (linked, not installed
// again), whose @signing-platform/* entries and bins are the copy's own packages, and whose
// build records (node_modules/.cache) are a copy of this repository's: the copy's `npm run
// build` skips what it has not changed, as a designer's clone does, and writes its records
// into its own folder, not into this repository's, whose next build would redo all. The copy
// is a git repository of one commit, so that a test can commit on top of it as a designer does.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repository = fileURLToPath(new URL("../../", import.meta.url));

/** Runs git in `cwd` as a designer with a name would; throws with git's own words when it fails. */
export function git(cwd: string, ...args: string[]): string {
  const run = spawnSync(
    "git",
    ["-c", "user.name=Designer", "-c", "user.email=designer@example.invalid", "-c", "commit.gpgsign=false", ...args],
    {
      cwd,
      encoding: "utf8",
    },
  );
  if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
  return run.stdout;
}

function workspaceFolders(): string[] {
  return JSON.parse(readFileSync(join(repository, "package.json"), "utf8")).workspaces as string[];
}

/** node_modules of the copy: every entry linked to ours, but our workspace packages and their bins, which are the copy's. */
function linkNodeModules(copy: string) {
  const ours = join(repository, "node_modules");
  const theirs = join(copy, "node_modules");
  mkdirSync(join(theirs, "@signing-platform"), { recursive: true });
  mkdirSync(join(theirs, ".bin"));
  for (const entry of readdirSync(ours)) {
    if (entry === "@signing-platform" || entry === ".bin") continue;
    if (entry === ".cache") cpSync(join(ours, entry), join(theirs, entry), { recursive: true });
    else symlinkSync(join(ours, entry), join(theirs, entry));
  }
  const workspaces = new Map<string, string>(); // the realpath of each of our workspace folders → the copy's
  for (const folder of workspaceFolders()) {
    const name = JSON.parse(readFileSync(join(repository, folder, "package.json"), "utf8")).name as string;
    symlinkSync(join(copy, folder), join(theirs, name));
    workspaces.set(join(repository, folder), join(copy, folder));
  }
  for (const bin of readdirSync(join(ours, ".bin"))) {
    const target = resolve(join(ours, ".bin"), readlinkSync(join(ours, ".bin", bin)));
    const workspace = [...workspaces.keys()].find((folder) => target.startsWith(`${folder}/`));
    const moved = workspace ? join(workspaces.get(workspace)!, relative(workspace, target)) : target;
    symlinkSync(moved, join(theirs, ".bin", bin));
  }
}

/**
 * Copies this repository into a scratch folder and returns it; `remove` deletes it.
 * @example const { dir, remove } = copyRepository(); try { … } finally { remove(); }
 */
export function copyRepository(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "signing-platform-copy-"));
  const files = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: repository, encoding: "utf8" })
    .stdout.split("\0")
    .filter((file) => file && existsSync(join(repository, file)));
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(repository, file), join(dir, file));
  }
  for (const folder of workspaceFolders()) {
    const dist = join(repository, folder, "dist");
    if (existsSync(dist)) cpSync(dist, join(dir, folder, "dist"), { recursive: true });
  }
  linkNodeModules(dir);
  git(dir, "init", "-q", "-b", "main");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "the repository as a designer clones it");
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
