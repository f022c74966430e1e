// @ts-check
// Soak of a webhook receiver: one process verifies, parses and validates mixed
// events for SOAK_SECONDS (default 600), and every 5 s measures the same ~0.5 KiB event with
// and without validation, to show whether a long-running receiver can end up with slow
// validation (docs/benchmarks.md, Webhooks). Not a *.bench.mjs: `npm run bench` does not run it. Run after `npm run build`:
//   SOAK_SECONDS=600 node bench/webhooks-soak.mjs
// Prints one line per probe, then the median and worst cost of validation over all probes.
import { constructEvent } from "@signing-platform/webhooks";
import { generateTestEvent, signPayload } from "@signing-platform/webhooks/testing";
import { format, median } from "./support/statistics.mjs";

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const probeEverySeconds = 5;
const probeCalls = 20_000;
/** @type {import("@signing-platform/types").KnownEventType[]} */
const types = [
  "certificate.issued",
  "ping",
  "signing_request.accepted",
  "signing_request.canceled",
  "signing_request.completed",
  "signing_request.created",
  "signing_request.declined",
  "signing_request.expired",
  "signing_request.failed",
];
const randomIndex = (/** @type {number} */ length) => Math.floor(Math.random() * length);

/** Any event type; 2 % of signing-request events carry up to 300 described documents. */
function randomBody() {
  const type = /** @type {import("@signing-platform/types").KnownEventType} */ (types[randomIndex(types.length)]);
  const event = generateTestEvent(type);
  if (type.startsWith("signing_request.") && Math.random() < 0.02) {
    /** @type {import("@signing-platform/types").SigningRequestEventData} */ (event.data).object.documents = Array.from(
      { length: 1 + randomIndex(300) },
      (_, index) => ({
        id: `doc_${index}`,
        name: `contract-${index}.pdf`,
        content_url: `https://files.example.com/documents/${index}.pdf`,
        size_bytes: 180_000 + index,
      }),
    );
  }
  return Buffer.from(JSON.stringify(event));
}

/** µs per call of `run`, over `calls` calls. @param {() => unknown} run @param {number} calls */
function microseconds(run, calls) {
  const start = process.hrtime.bigint();
  for (let index = 0; index < calls; index++) run();
  return Number(process.hrtime.bigint() - start) / calls / 1000;
}

const probeBody = Buffer.from(JSON.stringify(generateTestEvent("signing_request.completed")));
const startedAt = Date.now();
const validationCosts = [];
let received = 0;
while (Date.now() - startedAt < seconds * 1000) {
  const probeAt = Date.now() + probeEverySeconds * 1000;
  while (Date.now() < probeAt) {
    for (let index = 0; index < 200; index++) {
      const body = randomBody();
      const header = signPayload({ payload: body, secret });
      // Half as Buffers (express.raw, Fastify), half as strings (some frameworks' raw text).
      constructEvent(index % 2 ? body : body.toString(), header, secret);
      received++;
    }
  }
  const header = signPayload({ payload: probeBody, secret });
  const unvalidated = microseconds(() => constructEvent(probeBody, header, secret, { validate: false }), probeCalls);
  const validated = microseconds(() => constructEvent(probeBody, header, secret), probeCalls);
  validationCosts.push(validated - unvalidated);
  console.log(
    `${format((Date.now() - startedAt) / 1000)} s, ${format(received)} events: validate: false ${format(unvalidated, 2)} µs, validated ${format(validated, 2)} µs, validation ${format(validated - unvalidated, 2)} µs`,
  );
}
console.log(
  `\n${validationCosts.length} probes over ${format(received)} events: validation of the ~0.5 KiB event ${format(median(validationCosts), 2)} µs at the median, ${format(Math.max(...validationCosts), 2)} µs at worst`,
);
