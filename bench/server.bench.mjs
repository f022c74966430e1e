// @ts-check
// `npm run bench -- server`: requests per second of @signing-platform/server against a bare
// Fastify route answering the same JSON, measured in the same run.
//   GET   /certificates/:id   every convention on: bearer authentication, Request-Id,
//                             rate limit (memory), parameter checks, ETag, serialisation
//   POST  /enrollments        the same plus body validation and Idempotency-Key (a new key
//                             per request, memory store)
// and, when redis-server is installed, the same two with the Redis rate-limit and
// idempotency stores. Load comes from autocannon in a separate process on loopback (every
// POST, to the bare route too, carries a fresh Idempotency-Key, so the load generator does
// the same work for both); scenarios alternate round by round. Printed: the median
// requests per second and its ratio to the bare route, and the server's CPU time per
// request (user + system, this process), which a busy shared machine disturbs less than
// throughput. No time is asserted. Needs `npm run build` first.
import { spawn, spawnSync } from "node:child_process";
import Fastify from "fastify";
import { Redis } from "ioredis";
import { createApp, staticCredentialResolver } from "@signing-platform/server";
import { redisIdempotencyStore, redisRateLimitStore } from "@signing-platform/server/redis";
import { load } from "./support/load.mjs";
import { median } from "./support/statistics.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

const TOKEN = "bench-token-0123456789";
const certificate = { id: "cert_1", subject: "CN=Asha Gurung", issued_at: "2026-01-01T00:00:00.000Z", serial: "0A1B2C3D" };
const enrollmentBody = JSON.stringify({ identity_evidence: { document_type: "passport", issuing_office: "Kathmandu" } });

function bareApp() {
  const app = Fastify();
  app.get("/certificates/:id", async () => certificate);
  app.post("/enrollments", async (_request, reply) => reply.code(201).send({ id: "enr_1" }));
  return app;
}

/**
 * @param {{ rateLimitStore?: import("@signing-platform/server").RateLimitStore, idempotencyStore?: import("@signing-platform/server").IdempotencyStore }} [stores]
 */
function conventionsApp(stores = {}) {
  return createApp({
    cursorSecret: "bench-cursor-secret-0123456789abcdef0123",
    authentication: {
      resolver: staticCredentialResolver({
        tokens: { [TOKEN]: { principal: { applicationId: "app", organizationId: "org", capabilities: ["read", "write"] } } },
      }),
      capabilities: { getCertificate: "read", createEnrollment: "write" },
    },
    // A quota no run can spend: the counter is still read and written on every request.
    rateLimit: { quota: { points: 1e9, durationSeconds: 3600 }, ...(stores.rateLimitStore && { store: stores.rateLimitStore }) },
    ...(stores.idempotencyStore && { idempotency: { store: stores.idempotencyStore } }),
    handlers: {
      getCertificate: () => ({ status: 200, body: certificate }),
      createEnrollment: () => ({ status: 201, body: { id: "enr_1" } }),
    },
  });
}

/** @param {import("fastify").FastifyInstance} app */
async function listen(app) {
  await app.listen({ port: 0, host: "127.0.0.1" });
  // Listening on a TCP port: the address is an AddressInfo.
  return `http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (app.server.address()).port}`;
}

/** @type {import("fastify").FastifyInstance[]} */
const apps = [];
/** @type {Redis[]} */
const redisClients = [];
/**
 * Listens with `app`, kept to be closed at the end.
 * @param {import("fastify").FastifyInstance} app
 */
const serve = (app) => {
  apps.push(app);
  return listen(app);
};
let redisProcess;
try {
  const bareUrl = await serve(bareApp());
  const memoryUrl = await serve(conventionsApp());
  const get = { method: "GET", headers: { authorization: `Bearer ${TOKEN}` } };
  const post = { method: "POST", headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" }, body: enrollmentBody };
  /** @type {Array<Omit<import("./support/load.mjs").LoadOptions, "connections" | "seconds"> & { name: string, reference?: string }>} */
  const scenarios = [
    { name: "GET  bare Fastify route", url: `${bareUrl}/certificates/cert_1`, ...get },
    { name: "GET  every convention (memory)", url: `${memoryUrl}/certificates/cert_1`, ...get, reference: "GET  bare Fastify route" },
    { name: "POST bare Fastify route", url: `${bareUrl}/enrollments`, ...post, uniqueKeys: true },
    {
      name: "POST idempotent, every convention (memory)",
      url: `${memoryUrl}/enrollments`,
      ...post,
      uniqueKeys: true,
      reference: "POST bare Fastify route",
    },
  ];

  if (spawnSync("redis-server", ["--version"]).status === 0) {
    const port = 20000 + Math.floor(Math.random() * 20000);
    redisProcess = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    const redis = new Redis({ port, host: "127.0.0.1", retryStrategy: (times) => (times > 50 ? null : 100) });
    redis.on("error", () => {}); // refused until redis-server listens; retried
    redisClients.push(redis);
    await new Promise((resolve, reject) => (redis.once("ready", resolve), redis.once("end", reject)));
    const redisUrl = await serve(
      conventionsApp({ rateLimitStore: redisRateLimitStore(redis), idempotencyStore: redisIdempotencyStore(redis) }),
    );
    scenarios.push(
      { name: "GET  every convention (Redis)", url: `${redisUrl}/certificates/cert_1`, ...get, reference: "GET  bare Fastify route" },
      {
        name: "POST idempotent, every convention (Redis)",
        url: `${redisUrl}/enrollments`,
        ...post,
        uniqueKeys: true,
        reference: "POST bare Fastify route",
      },
    );
  } else {
    console.log("redis-server is not installed: the Redis scenarios are skipped.");
  }

  console.log(`${ROUNDS} rounds × ${SECONDS} s per scenario, ${CONNECTIONS} connections, autocannon in a separate process\n`);
  /** @type {Map<string, Array<{ rps: number, cpu: number }>>} */
  const results = new Map(scenarios.map((scenario) => [scenario.name, []]));
  /** Every scenario's results, by its name (each has an entry from the start). @param {string} name */
  const resultsOf = (name) => /** @type {Array<{ rps: number, cpu: number }>} */ (results.get(name));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const scenario of scenarios) {
      const cpuBefore = process.cpuUsage();
      const outcome = await load({ ...scenario, connections: CONNECTIONS, seconds: SECONDS });
      const cpu = process.cpuUsage(cpuBefore);
      if (outcome.non2xx || outcome.errors || outcome.timeouts) {
        console.log(`  ! ${scenario.name}: ${outcome.non2xx} non-2xx, ${outcome.errors} errors, ${outcome.timeouts} timeouts`);
      }
      resultsOf(scenario.name).push({ rps: outcome.rps, cpu: (cpu.user + cpu.system) / Math.max(1, outcome.total) });
    }
    console.log(`round ${round}/${ROUNDS} done`);
  }

  console.log(
    `\n${"scenario".padEnd(44)}${"req/s (median)".padStart(15)}${"ratio".padStart(8)}${"CPU µs/req".padStart(12)}${"ratio".padStart(8)}`,
  );
  let met = true;
  /** @param {string} name @param {"rps" | "cpu"} field */
  const medianOf = (name, field) => median(resultsOf(name).map((result) => result[field]));
  for (const scenario of scenarios) {
    const rps = medianOf(scenario.name, "rps");
    const cpu = medianOf(scenario.name, "cpu");
    const rpsRatio = scenario.reference ? rps / medianOf(scenario.reference, "rps") : undefined;
    const cpuRatio = scenario.reference ? medianOf(scenario.reference, "cpu") / cpu : undefined;
    if (rpsRatio !== undefined && !scenario.name.includes("Redis") && rpsRatio < 0.5) met = false;
    const ratio = (/** @type {number | undefined} */ value) => (value === undefined ? "—" : `${value.toFixed(2)}×`).padStart(8);
    console.log(
      `${scenario.name.padEnd(44)}${Math.round(rps).toLocaleString("en").padStart(15)}${ratio(rpsRatio)}${cpu.toFixed(1).padStart(12)}${ratio(cpuRatio)}`,
    );
  }
  console.log("(CPU ratio: the bare route's CPU per request over this one's, so 0.50× is twice the cost.)");
  console.log(`\nGoal ≥ 0.50× the bare route (memory stores): ${met ? "met" : "NOT met"}.`);
} finally {
  await Promise.all(apps.map((app) => app.close()));
  for (const client of redisClients) client.disconnect();
  redisProcess?.kill();
}
