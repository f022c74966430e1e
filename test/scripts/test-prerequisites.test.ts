// The README's test command on a machine without the real parts the tests run: a fresh clone
// of this repository, built (its node_modules and dist linked from this checkout, as
// `npm install && npm run build` would leave them), `npm test` run with a PATH that has node
// and npm but no redis-server, no Chromium, no openssl and no Python. Without apt-get it must
// stop at once with one line naming the install command: never a red run of many files, never
// a silent skip. As root with apt-get, it asks apt-get for each Debian package, one argument
// each, after an update: a stand-in apt-get on PATH records what it was asked.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const repo = fileURLToPath(new URL("../../", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "signing-platform-fresh-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function which(name: string): string {
  const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim();
  if (!found) throw new Error(`${name} is not on this machine's PATH`);
  return found;
}

const clone = join(scratch, "clone");
expect(spawnSync("git", ["clone", "--quiet", repo, clone]).status).toBe(0);
symlinkSync(join(repo, "node_modules"), join(clone, "node_modules"));
symlinkSync(join(repo, "packages", "cli", "dist"), join(clone, "packages", "cli", "dist"));

/** A folder for PATH with node, npm and sh, and whatever `extra` adds; none of the parts. */
function pathWithout(name: string, extra: (bin: string) => void = () => {}): string {
  const bin = join(scratch, name);
  mkdirSync(bin);
  for (const tool of ["node", "npm", "sh"]) symlinkSync(which(tool), join(bin, tool));
  extra(bin);
  return bin;
}

function npmTest(path: string) {
  const run = spawnSync("npm", ["test"], {
    cwd: clone,
    encoding: "utf8",
    env: {
      HOME: scratch,
      PATH: path,
      CHROMIUM_PATH: join(scratch, "no-chromium"),
      PYTHON3_PATH: join(scratch, "no-python3"),
      npm_config_update_notifier: "false",
    },
  });
  return { ...run, ours: run.stderr.split("\n").filter((line) => line.startsWith("npm test:")) };
}

it("stops at once with one line naming what to install, when it cannot install it", () => {
  const started = Date.now();
  const run = npmTest(pathWithout("bare"));
  expect(run.ours).toEqual([
    "npm test: the tests need redis-server, redis-cli, Chromium, openssl, Python 3 with venv, wheel and mypy, httpx for Python 3: install with `sudo apt-get update && sudo apt-get install -y redis-server redis-tools chromium openssl python3 python3-venv python3-wheel python3-mypy python3-httpx` (Debian/Ubuntu), then run npm test again.",
  ]);
  expect(run.stdout).not.toMatch(/Test Files|RUN {2}v/);
  expect(run.status).not.toBe(0);
  expect(Date.now() - started).toBeLessThan(30_000);
});

// Installing needs root; CI and the machines this is developed on run as root.
describe.runIf(process.getuid?.() === 0)("as root, with apt-get", () => {
  /** A stand-in apt-get that records each call, one argument a line, and exits with `status`. */
  function withAptGet(name: string, status: number): { path: string; calls: () => string[][] } {
    const log = join(scratch, `${name}.log`);
    const path = pathWithout(name, (bin) => {
      const script = join(bin, "apt-get");
      writeFileSync(
        script,
        `#!/bin/sh\nfor arg in "$@"; do printf '%s\\n' "$arg" >> '${log}'; done\necho '--' >> '${log}'\nexit ${status}\n`,
      );
      chmodSync(script, 0o755);
    });
    const calls = () =>
      readFileSync(log, "utf8")
        .split("--\n")
        .filter(Boolean)
        .map((call) => call.split("\n").filter(Boolean));
    return { path, calls };
  }

  it("updates first, then installs every missing package as an argument of its own", () => {
    const aptGet = withAptGet("apt-ok", 0);
    const run = npmTest(aptGet.path);
    expect(aptGet.calls()).toEqual([
      ["update", "-qq"],
      [
        "install",
        "-y",
        "-qq",
        "redis-server",
        "redis-tools",
        "chromium",
        "openssl",
        "python3",
        "python3-venv",
        "python3-wheel",
        "python3-mypy",
        "python3-httpx",
      ],
    ]);
    // The stand-in installed nothing, so the parts are still missing: one line says so.
    expect(run.ours.at(-1)).toBe(
      "npm test: apt-get ran, but redis-server, redis-cli, Chromium, openssl, Python 3 with venv, wheel and mypy, httpx for Python 3 still cannot be found: install with `sudo apt-get install -y redis-server redis-tools chromium openssl python3 python3-venv python3-wheel python3-mypy python3-httpx`.",
    );
    expect(run.stdout).not.toMatch(/Test Files|RUN {2}v/);
    expect(run.status).not.toBe(0);
  });

  it("stops with apt-get's last line when apt-get fails", () => {
    const aptGet = withAptGet("apt-fails", 100);
    const run = npmTest(aptGet.path);
    expect(aptGet.calls()).toEqual([["update", "-qq"]]);
    expect(run.ours.at(-1)).toMatch(/^npm test: `apt-get update -qq` failed: exit 100$/);
    expect(run.status).not.toBe(0);
  });
});
