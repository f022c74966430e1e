// @ts-check
// HTTP load from a separate process (autocannon on loopback), so the load generator never
// shares the measured server's event loop. A POST may get a fresh Idempotency-Key on every
// request (docs/decisions.md#idempotency-keys: 16–128 alphanumeric characters).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

const LOADER = `
import autocannon from "autocannon";
const options = JSON.parse(process.argv[1]);
const prefix = Math.random().toString(36).slice(2, 10).replace(/[^a-z0-9]/g, "x").padEnd(8, "x");
let sequence = 0;
const result = await autocannon({
  url: options.url, connections: options.connections, duration: options.seconds,
  method: options.method, headers: options.headers, body: options.body,
  requests: options.uniqueKeys
    ? [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, "idempotency-key": prefix + String(sequence++).padStart(16, "0") } }) }]
    : undefined,
});
process.stdout.write(JSON.stringify({ rps: result.requests.average, total: result.requests.total, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts }));
`;

/**
 * @typedef {object} LoadOptions
 * @property {string} url
 * @property {number} connections
 * @property {number} seconds
 * @property {string} [method]
 * @property {Record<string, string>} [headers]
 * @property {string} [body]
 * @property {boolean} [uniqueKeys] a fresh Idempotency-Key on every request
 */
/**
 * @typedef {object} LoadResult
 * @property {number} rps requests per second, the average over the run
 * @property {number} total
 * @property {number} non2xx
 * @property {number} errors
 * @property {number} timeouts
 */

/**
 * Runs autocannon in a child process: `{ url, connections, seconds, method, headers, body,
 * uniqueKeys }` → `{ rps, total, non2xx, errors, timeouts }`.
 * @param {LoadOptions} options
 * @returns {Promise<LoadResult>}
 */
export function load(options) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", LOADER, JSON.stringify(options)], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`autocannon exited with ${code}`))));
  });
}
