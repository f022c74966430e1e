// The README's test command on a machine without the real parts the tests run: a fresh clone
// of this repository, built (its node_modules and dist linked from this checkout, as
// `npm install && npm run build` would leave them), `npm test` run with a PATH that has node
// and npm but no redis-server, no Chromium and no apt-get to fetch them. It must stop at once
// with one line naming the install command: never a red run of many files, never a silent skip.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";

const repo = fileURLToPath(new URL("../../", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "signing-platform-fresh-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function which(name: string): string {
  const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim();
  if (!found) throw new Error(`${name} is not on this machine's PATH`);
  return found;
}

it("stops at once with one line naming what to install, when it cannot install it", () => {
  const clone = join(scratch, "clone");
  expect(spawnSync("git", ["clone", "--quiet", repo, clone]).status).toBe(0);
  symlinkSync(join(repo, "node_modules"), join(clone, "node_modules"));
  symlinkSync(join(repo, "packages", "cli", "dist"), join(clone, "packages", "cli", "dist"));
  const bin = join(scratch, "bin");
  mkdirSync(bin);
  for (const tool of ["node", "npm", "sh"]) symlinkSync(which(tool), join(bin, tool));

  const started = Date.now();
  const run = spawnSync("npm", ["test"], {
    cwd: clone,
    encoding: "utf8",
    env: { HOME: scratch, PATH: bin, CHROMIUM_PATH: join(scratch, "no-chromium"), npm_config_update_notifier: "false" },
  });
  const ours = run.stderr.split("\n").filter((line) => line.startsWith("npm test:"));
  expect(ours).toEqual([
    "npm test: the tests need redis-server, Chromium, openssl: install with `sudo apt-get update && sudo apt-get install -y redis-server chromium openssl` (Debian/Ubuntu), then run npm test again.",
  ]);
  expect(run.stdout).not.toMatch(/Test Files|RUN {2}v/);
  expect(run.status).not.toBe(0);
  expect(Date.now() - started).toBeLessThan(30_000);
});
