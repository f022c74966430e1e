// scripts/release-version.mjs, as a maintainer runs it: in a clone of this repository whose last
// release is tagged, with a change to the spec since and a changeset waiting, `npm run
// release:version` gives every package the one new version, updates the versions they depend on,
// writes each CHANGELOG.md from the changeset, adds the API changelog to the spec package's
// release notes, and brings package-lock.json along.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { publicWorkspaces, repositoryRoot } from "../support/installed-packages.js";

const scratch = mkdtempSync(join(tmpdir(), "signing-platform-release-"));
const clone = join(scratch, "clone");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function git(...args: string[]) {
  const run = spawnSync("git", ["-c", "user.name=Maintainer", "-c", "user.email=maintainer@example.test", ...args], {
    cwd: clone,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
  return run.stdout;
}

const json = (file: string) => JSON.parse(readFileSync(join(clone, file), "utf8"));
let release: ReturnType<typeof spawnSync>;
let before: string;

beforeAll(() => {
  expect(spawnSync("git", ["clone", "--quiet", repositoryRoot, clone]).status).toBe(0);
  // As `npm install && npm run build` leave them.
  symlinkSync(join(repositoryRoot, "node_modules"), join(clone, "node_modules"));
  symlinkSync(join(repositoryRoot, "packages", "cli", "dist"), join(clone, "packages", "cli", "dist"));
  before = json("packages/types/package.json").version;
  git("tag", `@signing-platform/types@${before}`);
  // Since that release: an operation removed from the spec, and a changeset that says so.
  const spec = readFileSync(join(clone, "generated", "openapi.yaml"), "utf8");
  writeFileSync(
    join(clone, "generated", "openapi.yaml"),
    spec.replace(/^ {2}\/certificates\/\{id\}:\n/m, "  /certificates/{id}/legacy:\n"),
  );
  writeFileSync(
    join(clone, ".changeset", "certificate-path.md"),
    '---\n"@signing-platform/types": major\n---\n\nA certificate is read at a new path.\n',
  );
  git("commit", "--quiet", "-am", "spec: a new path for certificates");
  git("add", ".changeset");
  git("commit", "--quiet", "-m", "changeset");
  release = spawnSync("npm", ["run", "release:version"], {
    cwd: clone,
    encoding: "utf8",
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
}, 300_000);

it("exits 0", () => {
  expect(release.status, `${release.stdout}${release.stderr}`).toBe(0);
});

it("gives every package one new version, and the versions they depend on follow", () => {
  const major = `${Number(before.split(".")[0]) + 1}.0.0`;
  for (const { folder, manifest } of publicWorkspaces()) {
    const released = json(`${folder}/package.json`);
    expect(released.version, folder).toBe(major);
    for (const [name, range] of Object.entries(released.dependencies ?? {}))
      if (name.startsWith("@signing-platform/")) expect(String(range).replace(/^\^/, ""), `${folder} → ${name}`).toBe(major);
    expect(manifest.version).toBe(before);
  }
  const lock = json("package-lock.json");
  expect(lock.packages["packages/types"].version).toBe(major);
});

it("writes each package's CHANGELOG.md from the changeset", () => {
  for (const { folder } of publicWorkspaces()) {
    const changelog = readFileSync(join(clone, folder, "CHANGELOG.md"), "utf8");
    expect(changelog, folder).toMatch(/^## \d+\.0\.0$/m);
  }
  expect(readFileSync(join(clone, "packages/types/CHANGELOG.md"), "utf8")).toContain("A certificate is read at a new path.");
});

it("adds the API changelog since the tagged release to the spec package's notes", () => {
  const notes = readFileSync(join(clone, "packages/types/CHANGELOG.md"), "utf8");
  expect(notes).toContain("### API changes");
  expect(notes).toMatch(/#### `GET \/certificates\/\{id\}`/);
  expect(notes).toMatch(/\*\*breaking\*\* `api-path-removed-without-deprecation`/);
});

it("consumes the changeset", () => {
  expect(git("status", "--porcelain", ".changeset")).toMatch(/D \.changeset\/certificate-path\.md/);
});
