// @ts-check
// Benchmark of @signing-platform/webhooks. Prints medians and ratios;
// asserts nothing (a benchmark is not a test). Run: `npm run bench -- webhooks`
// after `npm run build` (it imports the built package).
//
// 1. Receiving: verify + parse (+ validate) of the same signed event body, ~0.5 KiB, 64 KiB,
//    and a 64 KiB stress case for validation (as many `uri` strings as fit), each library given a header in its own scheme, signed with its own signer:
//      floor      raw node:crypto HMAC-SHA256 + timingSafeEqual + JSON.parse (no header parsing,
//                 no tolerance check, no validation): the least any verifier can do;
//      ours       constructEvent with { validate: false }, and with validation (the default);
//      stripe     stripe-node webhooks.constructEvent (same t=…,v1=… scheme);
//      svix       svix Webhook.verify; standardwebhooks Webhook.verify (their own headers).
//    Goals: ours without validation ≥ 0.9× the floor; ours with validation faster
//    than stripe-node.
// 2. Sending: deliveries per second from the delivery engine (in-memory store, 16 in flight)
//    to a local node:http receiver, against a plain undici POST loop with the same
//    concurrency, body and headers. Loopback only; bounded in count.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import Stripe from "stripe";
import { Webhook as SvixWebhook } from "svix";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { Agent, request } from "undici";
import { constructEvent } from "@signing-platform/webhooks";
import { createDeliveryEngine } from "@signing-platform/webhooks/delivery";
import { generateTestEvent, signPayload } from "@signing-platform/webhooks/testing";
import { format, median } from "./support/statistics.mjs";

const ROUNDS = 41;
/** @param {unknown} text @param {number} width */
const pad = (text, width) => String(text).padEnd(width);

// ---------------------------------------------------------------- 1. receiving
const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const stripe = new Stripe("sk_test_bench_not_used_for_requests");
// svix and standardwebhooks key with the base64-decoded part after whsec_.
const svix = new SvixWebhook(secret);
const standard = new StandardWebhook(secret.slice("whsec_".length));

/** @typedef {import("@signing-platform/types").SigningRequest["documents"][number]} SigningDocument */

/**
 * The event with as many documents as fit in 64 KiB, each made by `documentAt(index)`.
 * @param {(index: number) => SigningDocument} documentAt
 */
function eventOf64KiB(documentAt) {
  const event = generateTestEvent("signing_request.completed");
  /** @type {SigningDocument[]} */
  const documents = [];
  while (JSON.stringify({ ...event, data: { object: { ...event.data.object, documents } } }).length < 64 * 1024) {
    documents.push(documentAt(documents.length));
  }
  event.data.object.documents = documents;
  return event;
}

/** @returns {Array<[string, Buffer]>} [label, body] */
function bodies() {
  const small = generateTestEvent("signing_request.completed");
  // Documents are open objects (Resources › Signing request: "other document fields are not
  // listed here"), so a long list of them makes a valid 64 KiB event. Two shapes:
  //   - documents as a platform would describe them (id, name, digest, size, pages): ~250;
  //   - the stress case for validation: a URL and a name only, so ~750 `uri` strings to
  //     check, the most format checks a 64 KiB event can hold.
  const described = eventOf64KiB((index) => ({
    id: `doc_${String(index).padStart(24, "0")}`,
    name: `contract-${index}.pdf`,
    content_url: `https://files.example.com/documents/doc_${index}.pdf`,
    sha256: createHmac("sha256", "digest").update(String(index)).digest("hex"),
    size_bytes: 180_000 + index,
    page_count: 1 + (index % 40),
  }));
  const urlDense = eventOf64KiB((index) => ({
    content_url: `https://files.example.com/documents/${index}.pdf`,
    name: `contract-${index}.pdf`,
  }));
  return [
    ["~0.5 KiB event", Buffer.from(JSON.stringify(small))],
    [`64 KiB event, ${described.data.object.documents.length} documents`, Buffer.from(JSON.stringify(described))],
    [`64 KiB stress: ${urlDense.data.object.documents.length} documents of a URL and a name`, Buffer.from(JSON.stringify(urlDense))],
  ];
}

/**
 * @param {Buffer} body
 * @returns {Array<[string, () => unknown]>} [name, verify and parse `body` once]
 */
function candidates(body) {
  const t = Math.floor(Date.now() / 1000);
  const ours = signPayload({ payload: body, secret, timestamp: t });
  const floorMac = /** @type {string} */ (ours.split("v1=")[1]); // the header signPayload writes has its v1= signature
  const stripeHeader = stripe.webhooks.generateTestHeaderString({ payload: body.toString(), secret, timestamp: t });
  const msgId = "msg_bench";
  const date = new Date(t * 1000);
  const text = body.toString();
  const svixHeaders = { "svix-id": msgId, "svix-timestamp": String(t), "svix-signature": svix.sign(msgId, date, text) };
  const standardHeaders = { "webhook-id": msgId, "webhook-timestamp": String(t), "webhook-signature": standard.sign(msgId, date, text) };
  return [
    [
      "floor: HMAC + timingSafeEqual + JSON.parse",
      () => {
        const expected = createHmac("sha256", secret).update(`${t}.`).update(body).digest();
        if (!timingSafeEqual(expected, Buffer.from(floorMac, "hex"))) throw new Error("mismatch");
        return JSON.parse(body.toString("utf8"));
      },
    ],
    ["ours: constructEvent, validate: false", () => constructEvent(body, ours, secret, { validate: false })],
    ["ours: constructEvent (validated)", () => constructEvent(body, ours, secret)],
    ["stripe-node constructEvent", () => stripe.webhooks.constructEvent(body, stripeHeader, secret)],
    ["svix verify", () => svix.verify(text, svixHeaders)],
    ["standardwebhooks verify", () => standard.verify(text, standardHeaders)],
  ];
}

/**
 * Before each batch the young generation is emptied (a minor GC), so no candidate pays for
 * the garbage of the one before it. Not a full GC: a full collection also drops the hidden
 * classes ("maps") of the parsed events, which no live object holds between batches, and
 * V8 then deoptimizes every optimized function that checked them ("weak objects" in
 * --trace-deopt). Only the candidates that read the parsed event (validation) have such
 * code, so a full GC every 10 ms charged them a deopt and re-optimization per batch (10–20
 * µs a call on a 64 KiB event), which a receiver does not see: its full GCs are seconds
 * apart. WEBHOOKS_BENCH_FULL_GC=1 restores full collections, to compare.
 */
const collectGarbage = process.env.WEBHOOKS_BENCH_FULL_GC === "1" ? () => globalThis.gc?.() : () => globalThis.gc?.({ type: "minor" });

/**
 * ns per call, per round: each round runs every candidate in turn (interleaved, batches of
 * ~10 ms), so a ratio taken within one round compares runs that shared the machine's state.
 */
/**
 * @param {Array<[string, () => unknown]>} entries
 * @returns {number[][]} per candidate, ns per call in each round
 */
function measure(entries) {
  const batch = entries.map(([, run]) => {
    let n = 1;
    for (;;) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < n; i++) run();
      if (Number(process.hrtime.bigint() - start) > 10e6) return n;
      n *= 2;
    }
  });
  const samples = entries.map(() => /** @type {number[]} */ ([]));
  for (let round = 0; round < ROUNDS; round++) {
    entries.forEach(([, run], index) => {
      const calls = /** @type {number} */ (batch[index]); // a batch size per entry
      collectGarbage();
      const start = process.hrtime.bigint();
      for (let i = 0; i < calls; i++) run();
      /** @type {number[]} */ (samples[index]).push(Number(process.hrtime.bigint() - start) / calls);
    });
  }
  return samples;
}

/**
 * Median over rounds of (reference time / candidate time) in the same round: > 1 is faster.
 * @param {number[][]} samples
 * @param {number} candidate
 * @param {number} reference
 */
const ratio = (samples, candidate, reference) =>
  // Every candidate has a sample in every round.
  median(/** @type {number[]} */ (samples[candidate]).map((ns, round) => /** @type {number} */ (samples[reference]?.[round]) / ns));

for (const [label, body] of bodies()) {
  const entries = candidates(body);
  for (const [, run] of entries) run(); // every candidate accepts its own header
  const samples = measure(entries);
  const ns = samples.map(median);
  console.log(`\nVerify + parse (+ validate), ${label} (${format(body.length)} bytes), median of ${ROUNDS} interleaved rounds`);
  console.log(`${pad("candidate", 46)}${pad("µs/op", 10)}${pad("ops/s", 12)}vs floor   vs stripe-node`);
  entries.forEach(([name], index) => {
    const perCall = /** @type {number} */ (ns[index]); // one median per entry
    console.log(
      `${pad(name, 46)}${pad(format(perCall / 1000, 2), 10)}${pad(format(1e9 / perCall), 12)}${pad(`${format(ratio(samples, index, 0), 2)}×`, 11)}${format(ratio(samples, index, 3), 2)}×`,
    );
  });
  console.log(
    `goal ours (validate: false) ≥ 0.90× floor: ${format(ratio(samples, 1, 0), 2)}×; goal ours (validated) faster than stripe-node: ${format(ratio(samples, 2, 3), 2)}×`,
  );
}

// ---------------------------------------------------------------- 2. sending
const DELIVERIES = 2000;
const CONCURRENCY = 16;
const SEND_ROUNDS = 5;

const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => res.end("ok"));
});
await /** @type {Promise<void>} */ (new Promise((resolve) => server.listen(0, "127.0.0.1", resolve)));
// Listening on a TCP port: the address is an AddressInfo.
const url = `http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (server.address()).port}/hooks`;
const event = generateTestEvent("signing_request.completed");
const body = JSON.stringify(event);

async function undiciLoop() {
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < DELIVERIES) {
        const headers = {
          "content-type": "application/json",
          "Service-Signature": signPayload({ payload: body, secret }),
          "Service-Event": event.type,
          "Service-Delivery": `dlv_${next}`,
        };
        const response = await request(url, { method: "POST", body, headers, dispatcher, signal: AbortSignal.timeout(10_000) });
        await response.body.text();
        if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  await dispatcher.close();
  return DELIVERIES / seconds;
}

async function engineRun() {
  const engine = createDeliveryEngine({ concurrency: CONCURRENCY });
  await engine.addEndpoint({ url, secret });
  const start = performance.now();
  for (let index = 0; index < DELIVERIES; index++) await engine.publish({ ...event, id: `evt_bench${index}` });
  const sent = await engine.runDue();
  const seconds = (performance.now() - start) / 1000;
  if (sent !== DELIVERIES) throw new Error(`sent ${sent}`);
  return DELIVERIES / seconds;
}

await undiciLoop(); // warm-up
await engineRun();
const loopRates = [];
const engineRates = [];
for (let round = 0; round < SEND_ROUNDS; round++) {
  loopRates.push(await undiciLoop());
  engineRates.push(await engineRun());
}
server.close();
const loop = median(loopRates);
const engineRate = median(engineRates);
console.log(`\nDeliveries to a local receiver (${DELIVERIES} per run, ${CONCURRENCY} in flight), median of ${SEND_ROUNDS} runs`);
console.log(`${pad("plain undici POST loop (signs each)", 52)}${pad(format(loop), 10)}deliveries/s`);
console.log(
  `${pad("delivery engine (memory store, attempts recorded)", 52)}${pad(format(engineRate), 10)}deliveries/s  ${format(engineRate / loop, 2)}× the loop`,
);
