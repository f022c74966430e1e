// The repository a CI job checks out, made under the system's temporary folder: an origin with
// a base commit and a head commit of an OpenAPI document (on a branch of its own), and a shallow
// clone of it at the head, as actions/checkout and GitLab's runner make one, so the base commit
// has to be fetched. The base branch may move on after the head's branch left it.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** Git with no configuration of the machine it runs on. */
export const gitEnvironment = {
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_AUTHOR_NAME: "Test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_COMMITTER_NAME: "Test",
  GIT_COMMITTER_EMAIL: "test@example.com",
};

/**
 * The environment a CI job starts from here: this machine's, less what a CI provider or the
 * product sets (so that the test's own values are the only ones), and git without configuration.
 */
export function jobEnvironment(): Record<string, string> {
  const inherited = Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && !/^(GITHUB_|GITLAB_|CI_|CI$|RUNNER_|SIGNING_PLATFORM_)/.test(entry[0]),
  );
  return { ...Object.fromEntries(inherited), ...gitEnvironment };
}

/** A file of `branch` as the origin of `repo` has it (what a job pushed); throws where there is none. */
export function fileOnOrigin(repo: ScratchRepository, branch: string, path: string): string {
  return execFileSync("git", ["show", `${branch}:${path}`], {
    cwd: join(repo.root, "origin"),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

export interface ScratchRepository {
  /** The folder of this repository's files; runs make their own folders in it. */
  root: string;
  /** The shallow clone at the head: the job's workspace. */
  checkout: string;
  /** The base branch's head, as the request names its base: where the head's branch left it, or a commit of it since. */
  baseSha: string;
  /** Where the head's branch left the base branch. */
  forkSha: string;
  headSha: string;
  cleanup(): void;
}

/** The files of a commit, by their path in the repository. */
export type Files = Record<string, string>;

/** The files of a request that changes one document from `base` (undefined: not there) to `head`. */
export function documentChange(document: string, base: string | undefined, head: string): { base: Files; head: Files } {
  return { base: base === undefined ? {} : { [document]: base }, head: { [document]: head } };
}

/**
 * The base commit has README.md and `base`'s files; the head commit, on the branch `change`,
 * changes them to `head`'s; with `baseLater`, the base branch then gets a commit of those files,
 * which the head's branch has not.
 */
export function scratchRepository(versions: { base: Files; head: Files; baseLater?: Files }): ScratchRepository {
  const root = mkdtempSync(join(tmpdir(), "signing-platform-ci-"));
  const origin = join(root, "origin");
  mkdirSync(origin);
  const git = (cwd: string, ...args: string[]) =>
    execFileSync("git", args, {
      cwd,
      env: { ...process.env, ...gitEnvironment },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    }).trim();
  const write = (files: Files) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(origin, path)), { recursive: true });
      writeFileSync(join(origin, path), text);
    }
  };
  git(origin, "init", "--quiet", "--initial-branch=main");
  writeFileSync(join(origin, "README.md"), "# An API\n");
  write(versions.base);
  git(origin, "add", "--all");
  git(origin, "commit", "--quiet", "--message", "base");
  const forkSha = git(origin, "rev-parse", "HEAD");
  git(origin, "checkout", "--quiet", "-b", "change");
  write(versions.head);
  git(origin, "add", "--all");
  git(origin, "commit", "--quiet", "--message", "head");
  const headSha = git(origin, "rev-parse", "HEAD");
  let baseSha = forkSha;
  if (versions.baseLater) {
    git(origin, "checkout", "--quiet", "main");
    write(versions.baseLater);
    git(origin, "add", "--all");
    git(origin, "commit", "--quiet", "--message", "base, later");
    baseSha = git(origin, "rev-parse", "HEAD");
  }
  const checkout = join(root, "checkout");
  git(root, "clone", "--quiet", "--depth=1", "--branch=change", `file://${origin}`, checkout);
  return { root, checkout, baseSha, forkSha, headSha, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** Whether the checkout has a commit. */
export function hasCommit(checkout: string, sha: string): boolean {
  try {
    execFileSync("git", ["cat-file", "-e", `${sha}^{commit}`], {
      cwd: checkout,
      env: { ...process.env, ...gitEnvironment },
      stdio: "ignore",
    });
    return true;
  } catch {
    return false;
  }
}
