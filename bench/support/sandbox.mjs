// @ts-check
// The sandbox as a benchmark starts it: `signing-platform serve --port 0` through the CLI bin,
// in its own process, ready once it prints its URL; `post` sends a JSON body with a token.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { request } from "undici";

const root = fileURLToPath(new URL("../..", import.meta.url));
export const cliBin = join(root, "packages", "cli", "bin", "signing-platform.js");
const READY = /Sandbox ready at (http:\/\/\S+)/;

/**
 * What the control API answers to the calls the benchmarks make, by path.
 * @typedef {{ "/_sandbox/organizations": { access_token: string }, "/_sandbox/certificates": { ids: string[] } }} ControlAnswers
 */

/** @param {string[]} [args] more arguments of `signing-platform serve` */
export async function startSandbox(args = []) {
  const child = spawn(process.execPath, [cliBin, "serve", "--port", "0", "--state", "memory", ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  const started = Date.now();
  while (!READY.test(output)) {
    if (Date.now() - started > 30_000) throw new Error("the sandbox was not ready within 30 s.");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const url = /** @type {string} */ (READY.exec(output)?.[1]); // the loop above waited for it
  /**
   * @template {keyof ControlAnswers} Path
   * @param {Path} path
   * @param {unknown} body
   * @param {string} [token]
   * @returns {Promise<ControlAnswers[Path]>}
   */
  const post = async (path, body, token) =>
    /** @type {Promise<ControlAnswers[Path]>} */ (
      (
        await request(`${url}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        })
      ).body.json()
    );
  return { url, post, stop: () => child.kill("SIGTERM") };
}
