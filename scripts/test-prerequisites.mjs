// @ts-check
// `npm test` runs this first (the `pretest` script), and each `npm run test:<layer>` with its
// layer (`node scripts/test-prerequisites.mjs integration`): the tests run real parts, and this
// finds each one the selected layers need (scripts/test-layers.mjs) before any test starts. Missing ones are installed with apt-get when this runs as
// root on a machine that has it (Debian's packages: redis-server, redis-tools, chromium, openssl, python3-venv, python3-wheel, python3-mypy, python3-httpx);
// otherwise it stops at once with one line naming the exact install command. It never skips a
// test silently. Also checks that `npm run build` has run, since the tests run what it builds.
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));

/** The executable `name` on PATH, or undefined. @param {string} name */
function onPath(name) {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

const chromiumPath = () => process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// Debian's python3, which the generated Python SDK's tests run; PYTHON3_PATH names another.
const python3Path = () => process.env.PYTHON3_PATH ?? "/usr/bin/python3";

/** What the tests run, how to find it, and the Debian packages that bring it (each one argument to apt-get). */
const PARTS = [
  {
    what: "redis-server",
    found: () => onPath("redis-server"),
    apt: ["redis-server"],
    layers: ["integration", "e2e"],
    usedBy: "idempotency, rate limits, dedupe, delivery queue",
  },
  {
    // Debian's redis-server brings it as a dependency today; named so a slimmed image still gets it.
    what: "redis-cli",
    found: () => onPath("redis-cli"),
    apt: ["redis-tools"],
    layers: ["integration", "e2e"],
    usedBy: "the Redis Cluster tests, which join redis-server processes with `redis-cli --cluster create`",
  },
  {
    what: "Chromium",
    found: () => existsSync(chromiumPath()),
    apt: ["chromium"],
    layers: ["e2e"],
    usedBy: "console, reference page and browser-client tests; CHROMIUM_PATH names another binary",
  },
  {
    what: "openssl",
    found: () => onPath("openssl"),
    apt: ["openssl"],
    layers: ["integration", "e2e"],
    usedBy: "certificates for the mutual-TLS tests",
  },
  {
    what: "Python 3 with venv, wheel and mypy",
    // Debian's python3, whose venv (with --system-site-packages) builds and installs a wheel
    // offline, and type-checks what it installed.
    found: () => spawnSync(python3Path(), ["-c", "import venv, ensurepip, wheel, mypy"], { stdio: "ignore" }).status === 0,
    apt: ["python3", "python3-venv", "python3-wheel", "python3-mypy"],
    layers: ["e2e"],
    usedBy: "the generated Python SDK, installed into a fresh virtual environment and checked with mypy --strict",
  },
  {
    what: "httpx for Python 3",
    found: () => spawnSync(python3Path(), ["-c", "import httpx"], { stdio: "ignore" }).status === 0,
    apt: ["python3-httpx"],
    layers: ["e2e"],
    usedBy: "the generated Python SDK's AsyncClient (its extra `async`), played the runtime-parity scenarios and type-checked",
  },
];

/** @param {string} message @returns {never} */
function stop(message) {
  console.error(`npm test: ${message}`);
  process.exit(1);
}

if (!existsSync(join(root, "packages", "cli", "dist", "bin.js"))) stop("nothing is built yet: run `npm install && npm run build` first.");

// The layers asked for (`unit`, `integration`, `e2e`); none named: all, as `npm test` runs them.
const LAYERS = ["unit", "integration", "e2e"];
const asked = process.argv.slice(2);
const unknown = asked.filter((layer) => !LAYERS.includes(layer));
if (unknown.length > 0) stop(`${unknown.join(", ")} is not a test layer: name one of ${LAYERS.join(", ")}.`);
const layers = asked.length > 0 ? asked : LAYERS;

let missing = PARTS.filter((part) => part.layers.some((layer) => layers.includes(layer)) && !part.found());
if (missing.length > 0) {
  const packages = missing.flatMap((part) => part.apt);
  const command = `apt-get install -y ${packages.join(" ")}`;
  const canInstall = process.getuid?.() === 0 && onPath("apt-get") !== undefined;
  if (!canInstall)
    stop(
      `the tests need ${missing.map((part) => part.what).join(", ")}: install with \`sudo apt-get update && sudo ${command}\` (Debian/Ubuntu), then run npm test again.`,
    );
  console.error(
    `npm test: installing ${missing.map((part) => part.what).join(", ")} with apt-get (${missing.map((part) => part.usedBy).join("; ")}).`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", ...packages],
  ]) {
    const run = spawnSync("apt-get", args, { env, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
    if (run.status !== 0) stop(`\`apt-get ${args.join(" ")}\` failed: ${(run.stderr || `exit ${run.status}`).trim().split("\n").at(-1)}`);
  }
  missing = missing.filter((part) => !part.found());
  if (missing.length > 0)
    stop(`apt-get ran, but ${missing.map((part) => part.what).join(", ")} still cannot be found: install with \`sudo ${command}\`.`);
}
