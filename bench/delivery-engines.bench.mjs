// @ts-check
// The delivery queue on Redis: ours (createRedisDeliveryStore: a sorted set of due deliveries
// claimed by a Lua script, with leases) against BullMQ (a Queue and a Worker, retries by its
// delayed set), side by side on one redis-server this file starts and stops by its pid, the
// same loopback receiver and the same events. Prints medians and ratios; asserts nothing.
// Run: `npm run bench -- delivery-engines` after `npm run build`.
//
// For 1, 8 and 64 endpoints: publish EVENTS_FOR(endpoints) events (about DELIVERIES
// deliveries in all), each delivery signed and POSTed once to the receiver, which answers 200.
//   throughput  deliveries per second, from the first publish to the last delivery received;
//   latency     median time from an event's publish to each of its deliveries being received.
// Both run 16 attempts at a time in this one process. Each BullMQ job does what ours does for
// an attempt beyond the queue: sign with signPayload, POST with undici, record the attempt
// (LPUSH + LTRIM on the endpoint's list). Ours also keeps the endpoint's state and the delivery
// record, which BullMQ's job hash stands in for.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import { Agent, request } from "undici";
import { webhookHeaderNames } from "@signing-platform/types";
import { createDeliveryEngine } from "@signing-platform/webhooks/delivery";
import { createRedisDeliveryStore } from "@signing-platform/webhooks/redis";
import { generateTestEvent, signPayload } from "@signing-platform/webhooks/testing";
import { format, median } from "./support/statistics.mjs";

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 1024);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONCURRENCY = 16;
const ENDPOINTS = [1, 8, 64];
const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

// ---------------------------------------------------------------- redis-server and receiver
/** @type {number} */
const port = await new Promise((resolve) => {
  const probe = createNetServer().listen(0, "127.0.0.1", () => {
    const taken = probe.address();
    probe.close(() => resolve(typeof taken === "object" && taken ? taken.port : 0));
  });
});
const dir = mkdtempSync(join(tmpdir(), "bench-redis-"));
const redisServer = spawn(
  "redis-server",
  ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
  {
    stdio: "ignore",
  },
);
const connection = { host: "127.0.0.1", port, maxRetriesPerRequest: null };
for (let tries = 0; ; tries++) {
  const probe = new Redis({ ...connection, lazyConnect: true, retryStrategy: () => null });
  probe.on("error", () => {});
  try {
    await probe.connect();
    await probe.ping();
    probe.disconnect();
    break;
  } catch {
    probe.disconnect();
    if (tries > 100) throw new Error("redis-server did not start");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Publish time of each event id, and when each of its deliveries arrived. */
/** @type {Map<string, number>} */
const publishedAt = new Map();
/** @type {number[]} */
let latencies = [];
let received = 0;
/** @type {() => void} */
let onAllReceived = () => {};
let expected = 0;
const receiver = createServer((req, res) => {
  /** @type {Buffer[]} */
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const { id } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    latencies.push(performance.now() - (publishedAt.get(id) ?? Number.NaN));
    res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
    if (++received === expected) onAllReceived();
  });
});
await new Promise((resolve) => receiver.listen(0, "127.0.0.1", () => resolve(undefined)));
const address = receiver.address();
const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/webhooks`;

/** Resets the receiver for a run of `count` deliveries; resolves when they have all arrived. @param {number} count */
function expect(count) {
  latencies = [];
  received = 0;
  expected = count;
  publishedAt.clear();
  return new Promise((resolve) => (onAllReceived = () => resolve(undefined)));
}

const redis = new Redis(connection);
let runNumber = 0;

// ---------------------------------------------------------------- the engines
/** @param {number} endpoints */
async function oursRun(endpoints) {
  const events = Math.ceil(DELIVERIES / endpoints);
  const prefix = `{bench-ours-${runNumber++}}:`;
  const engine = createDeliveryEngine({ store: createRedisDeliveryStore(redis, { prefix }), concurrency: CONCURRENCY });
  for (let index = 0; index < endpoints; index++) await engine.addEndpoint({ url, secret });
  const all = expect(events * endpoints);
  engine.start();
  const started = performance.now();
  for (let index = 0; index < events; index++) {
    const event = { ...generateTestEvent("ping"), id: `evt_ours_${runNumber}_${index}` };
    publishedAt.set(event.id, performance.now());
    await engine.publish(event);
  }
  await all;
  const seconds = (performance.now() - started) / 1000;
  await engine.stop();
  return { throughput: (events * endpoints) / seconds, latency: median(latencies) };
}

const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: CONCURRENCY });

/** @param {number} endpoints */
async function bullmqRun(endpoints) {
  const events = Math.ceil(DELIVERIES / endpoints);
  const prefix = `{bench-bullmq-${runNumber++}}`;
  const queue = new Queue("deliveries", { connection, prefix });
  const endpointIds = Array.from({ length: endpoints }, (_, index) => `we_${index}`);
  const worker = new Worker(
    "deliveries",
    async (job) => {
      const { body, eventType, endpointId } = job.data;
      const headers = {
        "content-type": "application/json",
        [webhookHeaderNames.signature]: signPayload({ payload: body, secret }),
        [webhookHeaderNames.event]: eventType,
        [webhookHeaderNames.delivery]: String(job.id),
      };
      const startedAt = Date.now();
      const response = await request(url, { method: "POST", headers, body, dispatcher, headersTimeout: 10_000, bodyTimeout: 10_000 });
      const excerpt = (await response.body.text()).slice(0, 1024);
      const attempt = JSON.stringify({
        deliveryId: job.id,
        status: response.statusCode,
        excerpt,
        startedAt,
        durationMs: Date.now() - startedAt,
      });
      await redis.multi().lpush(`${prefix}:attempts:${endpointId}`, attempt).ltrim(`${prefix}:attempts:${endpointId}`, 0, 999).exec();
      if (response.statusCode < 200 || response.statusCode > 299) throw new Error(`status ${response.statusCode}`);
    },
    { connection, prefix, concurrency: CONCURRENCY },
  );
  await worker.waitUntilReady();
  const all = expect(events * endpoints);
  const started = performance.now();
  for (let index = 0; index < events; index++) {
    const event = { ...generateTestEvent("ping"), id: `evt_bullmq_${runNumber}_${index}` };
    const body = JSON.stringify(event);
    publishedAt.set(event.id, performance.now());
    // The catalogue's schedule as BullMQ's custom backoff would hold it; none is used here (200s).
    await queue.addBulk(
      endpointIds.map((endpointId) => ({
        name: "deliver",
        data: { body, eventType: event.type, endpointId },
        opts: {
          jobId: `msg_${event.id}_${endpointId}`,
          attempts: 16,
          backoff: { type: "exponential", delay: 30_000 },
          removeOnComplete: true,
        },
      })),
    );
  }
  await all;
  const seconds = (performance.now() - started) / 1000;
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  return { throughput: (events * endpoints) / seconds, latency: median(latencies) };
}

// ---------------------------------------------------------------- runs
console.log(
  `Delivery queue on one redis-server: ${DELIVERIES} deliveries per run, ${CONCURRENCY} in flight, median of ${ROUNDS} runs (alternating)`,
);
console.log("endpoints  engine   deliveries/s  median latency (ms)");
/** @type {{ endpoints: number, ours: { throughput: number, latency: number }, bullmq: { throughput: number, latency: number } }[]} */
const rows = [];
for (const endpoints of ENDPOINTS) {
  await oursRun(endpoints); // warm-up
  await bullmqRun(endpoints);
  const ours = [];
  const bullmq = [];
  for (let round = 0; round < ROUNDS; round++) {
    ours.push(await oursRun(endpoints));
    bullmq.push(await bullmqRun(endpoints));
  }
  const summary = (/** @type {{ throughput: number, latency: number }[]} */ runs) => ({
    throughput: median(runs.map((run) => run.throughput)),
    latency: median(runs.map((run) => run.latency)),
  });
  const row = { endpoints, ours: summary(ours), bullmq: summary(bullmq) };
  rows.push(row);
  for (const [name, value] of /** @type {const} */ ([
    ["ours", row.ours],
    ["bullmq", row.bullmq],
  ]))
    console.log(
      `${String(endpoints).padEnd(10)} ${name.padEnd(8)} ${format(value.throughput).padStart(12)}  ${format(value.latency, 1).padStart(19)}`,
    );
}
console.log("\nRatios (ours / BullMQ): throughput above 1 and latency below 1 favour ours");
for (const row of rows)
  console.log(
    `${String(row.endpoints).padEnd(3)} endpoints: throughput ${format(row.ours.throughput / row.bullmq.throughput, 2)}×, latency ${format(row.ours.latency / row.bullmq.latency, 2)}×`,
  );

redis.disconnect();
await dispatcher.close();
receiver.close();
const exited = new Promise((resolve) => redisServer.once("exit", resolve));
redisServer.kill("SIGTERM");
await exited;
rmSync(dir, { recursive: true, force: true });
