// Idempotency keys (Errors › Idempotency; Endpoints › General rules): required and in their
// format on every write; the same key and body replay the original outcome; the same key with
// another body is 409 idempotency_key_reused; concurrent requests with one key make one
// resource. Each holds for every operation that takes a key, a write to a resource (a cancel)
// sent to one made or listed for it (./discovery.ts). Each check creates at most one resource
// per operation, and only through operations that take a key.
import { isDeepStrictEqual } from "node:util";
import type { ActiveCheck, ActiveContext } from "../check.js";
import { verdict } from "../outcome.js";
import type { Operation } from "../contract.js";
import { describeExchange, isSuccess, type Exchange } from "../exchange.js";
import { errorMismatch, expected } from "./findings.js";
import { breaksKeyFormat, keyedOperations, keyFormat, keyHeader, onEachKeyedWrite, requestFor } from "./operations.js";

const CONCURRENT = 5;

/** Sends a write to `path` (its placeholder path when null) with `key`, or with no key. */
function send(context: ActiveContext, operation: Operation, path: string | null, key: string | null, body: unknown): Promise<Exchange> {
  return context.target.send({
    ...requestFor(context.known, operation),
    ...(path !== null ? { path } : {}),
    body,
    headers: key === null ? {} : { [keyHeader(context.contract, operation)]: key },
  });
}

/** The body without what differs on every answer by design: an error body's request_id. */
function outcomeOf(exchange: Exchange): unknown {
  const json = exchange.response.json as { error?: Record<string, unknown> } | undefined;
  if (json?.error && typeof json.error === "object") return { ...json, error: { ...json.error, request_id: undefined } };
  return json ?? exchange.response.text;
}

export const idempotencyKeyRequired: ActiveCheck = {
  kind: "active",
  id: "idempotency-key-required",
  area: "idempotency",
  clause: "Errors › Idempotency",
  title: "A write without its Idempotency-Key is 400, and nothing is done.",
  async run(context) {
    const operations = keyedOperations(context.contract);
    const failures: string[] = [];
    for (const operation of operations) {
      const exchange = await send(context, operation, null, null, context.values.validBody(operation));
      if (exchange.response.status !== 400) failures.push(expected(exchange, "400 for a write without a key"));
    }
    return verdict(failures);
  },
};

export const idempotencyKeyFormat: ActiveCheck = {
  kind: "active",
  id: "idempotency-key-format",
  area: "idempotency",
  clause: "Errors › Idempotency",
  title: "An Idempotency-Key outside its pattern or lengths is 400.",
  async run(context) {
    const operations = keyedOperations(context.contract);
    const failures: string[] = [];
    for (const operation of operations) {
      const format = keyFormat(operation);
      const { min, max } = format;
      const bad = [`${"a".repeat(Math.max(0, min - 1))}`, "b".repeat(max + 1), `${"c".repeat(min)}-_ !`].filter((key) =>
        breaksKeyFormat(format, key),
      );
      for (const key of bad) {
        const exchange = await send(context, operation, null, key, context.values.validBody(operation));
        if (exchange.response.status !== 400)
          failures.push(expected(exchange, `400 for the key "${key.length > 20 ? `${key.slice(0, 20)}…` : key}"`));
      }
    }
    return verdict(failures);
  },
};

export const idempotentReplay: ActiveCheck = {
  kind: "active",
  id: "idempotent-replay",
  area: "idempotency",
  clause: "Errors › Idempotency",
  title: "The same key and body again give the original status and body, marked as a replay, on every write that takes a key.",
  run: (context) =>
    onEachKeyedWrite(context, 2, async ({ operation, path, key, body }) => {
      const first = await send(context, operation, path, key, body);
      const again = await send(context, operation, path, key, body);
      const failures: string[] = [];
      if (again.response.status !== first.response.status || !isDeepStrictEqual(outcomeOf(again), outcomeOf(first))) {
        failures.push(`${describeExchange(again)}: expected the first answer again (${describeExchange(first)})`);
      }
      const replayed = context.contract.headers.idempotentReplayed;
      if (replayed && isSuccess(first.response.status) && again.response.headers[replayed.toLowerCase()] !== "true") {
        failures.push(expected(again, `${replayed}: true on the replay`));
      }
      if (failures.length === 0 && !isSuccess(first.response.status))
        return `the first answer was not a success (${describeExchange(first)}), so no outcome to replay`;
      return failures;
    }),
};

export const idempotencyKeyReused: ActiveCheck = {
  kind: "active",
  id: "idempotency-key-reused",
  area: "idempotency",
  clause: "Errors › Idempotency",
  title: "The same key with another body is 409 idempotency_key_reused, on every write that takes a key.",
  run: (context) =>
    onEachKeyedWrite(context, 2, async ({ operation, path, key, body }) => {
      if (!operation.body) return "it takes no body to send another of";
      let other = context.values.validBody(operation);
      if (isDeepStrictEqual(other, body)) other = typeof body === "object" && body ? { ...body, conformance_other: true } : { other };
      await send(context, operation, path, key, body);
      const reused = await send(context, operation, path, key, other);
      const wanted = context.contract.errorCodes?.idempotency_key_reused ? "idempotency_key_reused" : undefined;
      const found = errorMismatch(reused, 409, wanted, "for a key reused with another body");
      return found ? [found] : [];
    }),
};

export const idempotentConcurrency: ActiveCheck = {
  kind: "active",
  id: "idempotent-concurrency",
  area: "idempotency",
  clause: "Errors › Idempotency",
  title: `${CONCURRENT} concurrent requests with one key make one resource; the others replay it or are 409, on every write that takes a key.`,
  run: (context) =>
    onEachKeyedWrite(context, CONCURRENT, async ({ operation, path, key, body }) => {
      const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => send(context, operation, path, key, body)));
      const succeeded = answers.filter((answer) => isSuccess(answer.response.status));
      if (succeeded.length === 0) return `no request succeeded (${describeExchange(answers[0]!)}), so no resource to count`;
      const failures: string[] = [];
      const ids = new Set(
        succeeded.map((answer) => JSON.stringify((answer.response.json as { id?: unknown } | undefined)?.id ?? answer.response.text)),
      );
      if (ids.size > 1) failures.push(`${describeExchange(succeeded[0]!)}: ${ids.size} different resources for one key`);
      for (const answer of answers) {
        if (!isSuccess(answer.response.status) && answer.response.status !== 409)
          failures.push(expected(answer, "the outcome or 409 while the first runs"));
      }
      return failures;
    }),
};
