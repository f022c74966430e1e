// The packages as a user gets them: every public workspace package packed as npm publishes it,
// published to a throwaway local registry (verdaccio, proxying the npm registry for everything
// else), and installed BY NAME in an empty folder outside the workspace, with the TypeSpec
// compiler and emitters that the spec's TypeSpec library takes as peers. Tests that run what a
// README tells a user to run do it from that folder, with its node_modules/.bin on PATH.
//
// Publishing and installing take a while, so the folder is made once per set of tarballs and
// TypeSpec versions: it is keyed by their hash, and test files that ask at the same time wait
// on a lock for the first.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { publish } from "libnpmpublish";
import { freePort } from "./ports.js";

export const repositoryRoot = fileURLToPath(new URL("../../", import.meta.url));

export interface PublicPackage {
  name: string;
  folder: string;
  tarball: string;
}

export interface InstalledPackages {
  /** The user's project: an empty folder outside the workspace where every package was installed by name. */
  folder: string;
  /** Its node_modules/.bin, for PATH. */
  binDir: string;
  /** The tarballs that were published. */
  packages: PublicPackage[];
  /** An environment for commands run as the user: PATH starting with binDir, no npm_* of the test run. */
  env: NodeJS.ProcessEnv;
}

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const manifestOf = (folder: string): Manifest => JSON.parse(readFileSync(join(repositoryRoot, folder, "package.json"), "utf8"));

/** The workspace folders whose package is published (not `private`), in the root manifest's order. */
export function publicWorkspaces(): { folder: string; manifest: Manifest }[] {
  const root = JSON.parse(readFileSync(join(repositoryRoot, "package.json"), "utf8")) as { workspaces: string[] };
  return root.workspaces.map((folder) => ({ folder, manifest: manifestOf(folder) })).filter(({ manifest }) => !manifest.private);
}

/**
 * The TypeSpec compiler and emitters that the public packages name as peers (the spec's
 * TypeSpec library does), at the versions of package-lock.json: what a user of the library
 * installs beside it, at the versions the repository builds and tests with.
 */
function typespecPeers(): string[] {
  const lock = JSON.parse(readFileSync(join(repositoryRoot, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string }>;
  };
  const names = new Set(
    publicWorkspaces().flatMap(({ manifest }) =>
      Object.keys(manifest.peerDependencies ?? {}).filter((name) => name.startsWith("@typespec/")),
    ),
  );
  return [...names].sort().map((name) => {
    const version = lock.packages[`node_modules/${name}`]?.version;
    if (!version) throw new Error(`${name} is a peer of a public package but not in package-lock.json.`);
    return `${name}@${version}`;
  });
}

/** The environment of a user's shell: this process's, less what npm and vitest set for the test run. */
export function userEnvironment(binDir?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|NODE_OPTIONS$|VITEST|INIT_CWD$|TEST$|NODE_ENV$)/.test(key)) continue;
    env[key] = value;
  }
  const path = (env.PATH ?? "").split(":").filter((dir) => !dir.includes("node_modules"));
  env.PATH = [...(binDir ? [binDir] : []), ...path].join(":");
  return { ...env, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false" };
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = userEnvironment()): string {
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd} (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/**
 * `npm pack` of every public workspace package into `destination`, of what `npm run build`
 * built: without the prepack scripts, which would rebuild dist/ under the tests reading it.
 * One npm for all of them: every test file that installs packs again (the tarballs are the
 * key of the installed folder), and an npm per package cost a second or more of start-up each.
 */
function packAll(destination: string): PublicPackage[] {
  const workspaces = publicWorkspaces();
  const packed = JSON.parse(
    run(
      "npm",
      ["pack", "--json", "--ignore-scripts", "--pack-destination", destination, ...workspaces.map(({ folder }) => `--workspace=${folder}`)],
      repositoryRoot,
    ),
  ) as { name: string; filename: string }[];
  return workspaces.map(({ folder, manifest }) => {
    const tarball = packed.find((entry) => entry.name === manifest.name);
    if (!tarball) throw new Error(`npm pack wrote no tarball of ${manifest.name} (${folder}).`);
    return { name: manifest.name, folder, tarball: join(destination, tarball.filename) };
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** verdaccio on a free loopback port, storing in `storage`; publishing needs no account. */
async function startRegistry(workDir: string): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const config = join(workDir, "verdaccio.yaml");
  const upstream = spawnSync("npm", ["config", "get", "registry"], { encoding: "utf8" }).stdout.trim() || "https://registry.npmjs.org/";
  writeFileSync(
    config,
    [
      `storage: ${join(workDir, "storage")}`,
      "auth: { htpasswd: { file: ./htpasswd, max_users: -1 } }",
      `uplinks: { npmjs: { url: "${upstream}", timeout: 60s, max_fails: 5 } }`,
      "packages:",
      "  '@signing-platform/*': { access: $all, publish: $anonymous, unpublish: $anonymous }",
      "  '**': { access: $all, publish: $authenticated, proxy: npmjs }",
      "log: { type: stdout, format: pretty, level: error }",
      "server: { keepAliveTimeout: 60 }",
      "",
    ].join("\n"),
  );
  const bin = join(repositoryRoot, "node_modules", "verdaccio", "bin", "verdaccio");
  const child = spawn(process.execPath, [bin, "--config", config, "--listen", `127.0.0.1:${port}`], {
    cwd: workDir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}/`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}-/ping`)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 300) throw new Error(`verdaccio did not answer on ${url} within 30 s:\n${output}`);
    await sleep(100);
  }
  return { url, stop: () => child.kill() };
}

/** Publishes the tarballs to a fresh registry and installs every one by name in `project`. */
async function publishAndInstall(packages: PublicPackage[], workDir: string, project: string): Promise<void> {
  const registry = await startRegistry(workDir);
  try {
    const npmrc = join(workDir, "npmrc");
    // npm's key for a registry's token: its URL without the scheme.
    const token = { key: `${registry.url.replace(/^http:/, "")}:_authToken`, value: "throwaway-local-registry" };
    writeFileSync(npmrc, `registry=${registry.url}\n${token.key}=${token.value}\n`);
    const env = { ...userEnvironment(), npm_config_userconfig: npmrc };
    // npm's own publishing library, in this process: an `npm publish` each cost about 1.7 s of CPU.
    for (const { tarball } of packages) {
      const manifest = JSON.parse(run("tar", ["-xzOf", tarball, "package/package.json"], workDir));
      await publish(manifest, readFileSync(tarball), {
        registry: registry.url,
        [token.key]: token.value,
        defaultTag: "latest",
      });
    }
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, "package.json"), `${JSON.stringify({ name: "user-project", private: true, type: "module" }, null, 2)}\n`);
    // What a user types: the packages by name, and the tools the quickstarts call.
    run(
      "npm",
      [
        "install",
        "--no-audit",
        "--no-fund",
        "--registry",
        registry.url,
        ...packages.map(({ name }) => name),
        ...typespecPeers(),
        "typescript@~5.9",
        "@types/node@20",
        "@stoplight/spectral-cli@6",
      ],
      project,
      env,
    );
  } finally {
    registry.stop();
  }
}

/** The key of an installed folder: the tarballs, and the versions of the other packages installed by name that can change. */
function hashOf(packages: PublicPackage[]): string {
  const hash = createHash("sha256");
  for (const { tarball } of packages) hash.update(readFileSync(tarball));
  hash.update(typespecPeers().join("\n"));
  return hash.digest("hex").slice(0, 16);
}

let pending: Promise<InstalledPackages> | undefined;

/** The installed packages, made once per set of tarballs (see the top of this file). */
export function installedPackages(): Promise<InstalledPackages> {
  pending ??= make();
  return pending;
}

export const HOME_PREFIX = "signing-platform-installed-";

async function make(): Promise<InstalledPackages> {
  const packed = mkdtempSync(join(tmpdir(), "signing-platform-tarballs-"));
  const fresh = packAll(packed);
  const home = join(tmpdir(), `${HOME_PREFIX}${hashOf(fresh)}`);
  const project = join(home, "user-project");
  const done = join(home, "done");
  const lock = `${home}.lock`;
  const result = (): InstalledPackages => {
    const binDir = join(project, "node_modules", ".bin");
    const packages = fresh.map((entry) => ({ ...entry, tarball: join(home, "tarballs", basename(entry.tarball)) }));
    return { folder: project, binDir, packages, env: userEnvironment(binDir) };
  };
  try {
    return await installOnce(home, lock, done, async () => {
      mkdirSync(join(home, "tarballs"), { recursive: true });
      for (const { tarball } of fresh) renameSync(tarball, join(home, "tarballs", basename(tarball)));
      await publishAndInstall(result().packages, home, project);
    }).then(result);
  } finally {
    rmSync(packed, { recursive: true, force: true });
  }
}

/** Runs `install` unless `done` exists, one caller at a time across processes (the lock is a folder). */
async function installOnce(home: string, lock: string, done: string, install: () => Promise<void>): Promise<void> {
  for (;;) {
    if (existsSync(done)) {
      // Marks the folder as in use, so another clone's run leaves it alone (removeOtherHomes).
      utimesSync(done, new Date(), new Date());
      return;
    }
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another test file is installing: wait for it, unless its lock is stale.
      if (staleLock(lock, Date.now())) rmSync(lock, { recursive: true, force: true });
      await sleep(500);
    }
  }
  try {
    if (existsSync(done)) return;
    removeOtherHomes(tmpdir(), home);
    rmSync(home, { recursive: true, force: true });
    await install();
    writeFileSync(done, new Date().toISOString());
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** A folder taken by a test file within this time may still be in use: by another clone's run, whose tarballs differ. */
const IN_USE_MS = 60 * 60 * 1000;
/** An install takes minutes: a lock older than this was left by a run that stopped. */
const STALE_LOCK_MS = 10 * 60 * 1000;

const staleLock = (lock: string, now: number) => now - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? now) > STALE_LOCK_MS;

/**
 * Removes the folders in `dir` made for other tarballs (an earlier build), unless one is being
 * made now or was taken within the last hour, as another clone's run on the same machine does;
 * with a folder, a lock a stopped run left.
 */
export function removeOtherHomes(dir: string, home: string, now = Date.now()): void {
  for (const name of readdirSync(dir)) {
    const other = join(dir, name);
    const lock = `${other}.lock`;
    if (!name.startsWith(HOME_PREFIX) || name.endsWith(".lock") || other === home) continue;
    if (existsSync(lock) && !staleLock(lock, now)) continue;
    const taken = statSync(join(other, "done"), { throwIfNoEntry: false }) ?? statSync(other);
    if (now - taken.mtimeMs < IN_USE_MS) continue;
    rmSync(other, { recursive: true, force: true });
    rmSync(lock, { recursive: true, force: true });
  }
}

interface Lockfile {
  packages: Record<string, LockedPackage>;
}

interface LockedPackage {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/**
 * The manifest and lockfile of a user's project that depends on `names` only, made from the
 * installed folder's: its lockfile less what none of them needs, so that `npm ci` installs what
 * such a project gets and no more (the installed folder also has TypeScript, TypeSpec and every
 * other package).
 */
export function projectDependingOn(
  installed: InstalledPackages,
  names: string[],
): { manifest: Record<string, unknown>; lockfile: Lockfile } {
  const read = (file: string) => JSON.parse(readFileSync(join(installed.folder, file), "utf8"));
  const manifest = read("package.json") as { dependencies: Record<string, string> };
  const lockfile = read("package-lock.json") as Lockfile;
  const dependencies = Object.fromEntries(names.map((name) => [name, manifest.dependencies[name]!]));
  // npm's resolution: the nearest node_modules/<name> at or above the package that depends on it.
  const locate = (from: string, name: string): string | undefined => {
    for (let at = from; ; at = at.slice(0, Math.max(0, at.lastIndexOf("/node_modules/")))) {
      const path = `${at ? `${at}/` : ""}node_modules/${name}`;
      if (lockfile.packages[path]) return path;
      if (!at) return undefined;
    }
  };
  const needed = new Set([""]);
  const pending = names.map((name) => locate("", name));
  while (pending.length > 0) {
    const path = pending.pop();
    if (path === undefined || needed.has(path)) continue;
    needed.add(path);
    const locked = lockfile.packages[path]!;
    const peers = Object.keys(locked.peerDependencies ?? {}).filter((name) => !locked.peerDependenciesMeta?.[name]?.optional);
    for (const name of [...Object.keys({ ...locked.dependencies, ...locked.optionalDependencies }), ...peers])
      pending.push(locate(path, name));
  }
  const packages = Object.fromEntries(Object.entries(lockfile.packages).filter(([path]) => needed.has(path)));
  packages[""] = { ...packages[""], dependencies };
  return { manifest: { ...manifest, dependencies }, lockfile: { ...lockfile, packages } };
}
