// The checks of the deliveries an implementation sent (Events › Signature check; Resources ›
// Event; Events › Delivery): each judged over every delivery received, one line per delivery
// that breaks the rule, as the request checks do.
import { validateEvent } from "@signing-platform/validators";
import { verifySignatureHeader, WebhookVerificationError } from "@signing-platform/webhooks";
import type { CheckInfo } from "../check.js";
import { pass, skip, verdict, type Outcome } from "../outcome.js";
import { findingsAmong } from "../checks/findings.js";
import type { Delivery } from "./receive-deliveries.js";

export interface WebhookContract {
  headers: { signature: string; event: string; delivery: string };
  toleranceSeconds: number;
  scheduleSeconds: readonly number[];
}

export interface WebhookJudgement {
  secret: string;
  /** The sender's time scale for the retry schedule (1 = real time). */
  timeScale: number;
  failFirst: number;
}

export interface WebhookCheck extends CheckInfo {
  judge(deliveries: readonly Delivery[], contract: WebhookContract, judgement: WebhookJudgement): Outcome;
}

/** The id a delivery's header gives it; every attempt of one delivery carries the same. */
const deliveryIdOf = (delivery: Delivery, contract: WebhookContract): string | undefined =>
  delivery.headers[contract.headers.delivery.toLowerCase()];

function over(deliveries: readonly Delivery[], contract: WebhookContract, problem: (delivery: Delivery) => string | null): Outcome {
  const name = (delivery: Delivery) => `delivery ${deliveryIdOf(delivery, contract) ?? "(no delivery id)"}`;
  return verdict(findingsAmong(deliveries, name, problem));
}

/** The verification error of a delivery's signature header, or null when it verifies. */
function verificationError(delivery: Delivery, contract: WebhookContract, secret: string, toleranceSeconds: number): unknown {
  try {
    const header = delivery.headers[contract.headers.signature.toLowerCase()];
    verifySignatureHeader(delivery.rawBody, header, secret, { toleranceSeconds, now: new Date(delivery.receivedAt) });
    return null;
  } catch (error) {
    return error;
  }
}

const bodyOf = (delivery: Delivery): Record<string, any> | undefined => {
  try {
    return JSON.parse(delivery.rawBody.toString("utf8"));
  } catch {
    return undefined;
  }
};

const FAR = 10 * 365 * 24 * 3600;

/** Every check of the deliveries side: what each delivery the implementation sends must satisfy. */
export const WEBHOOK_CHECKS: readonly WebhookCheck[] = [
  {
    id: "webhook-signature",
    area: "webhooks",
    clause: "Events › Signature check",
    title: "Every delivery is signed with the endpoint's secret, v1 over `t.body`.",
    judge: (deliveries, contract, { secret }) =>
      over(deliveries, contract, (delivery) => {
        // The timestamp is the next check's: here only the signature counts.
        const error = verificationError(delivery, contract, secret, FAR);
        if (error === null) return null;
        return error instanceof WebhookVerificationError ? `${error.code}: ${error.message}` : String(error);
      }),
  },
  {
    id: "webhook-timestamp",
    area: "webhooks",
    clause: "Events › Signature check",
    title: "The signed timestamp is within the tolerance of when the delivery arrived.",
    judge: (deliveries, contract, { secret }) =>
      over(deliveries, contract, (delivery) => {
        const error = verificationError(delivery, contract, secret, contract.toleranceSeconds);
        return error instanceof WebhookVerificationError && error.code === "timestamp_out_of_tolerance" ? error.message : null;
      }),
  },
  {
    id: "webhook-headers",
    area: "webhooks",
    clause: "Events › Delivery",
    title: "Every delivery carries the signature, event and delivery headers, the event header naming the body's type.",
    judge: (deliveries, contract) =>
      over(deliveries, contract, (delivery) => {
        const { signature, event, delivery: deliveryHeader } = contract.headers;
        const missing = [signature, event, deliveryHeader].filter((name) => !delivery.headers[name.toLowerCase()]);
        if (missing.length > 0) return `no ${missing.join(", ")}`;
        const type = bodyOf(delivery)?.type;
        return type !== undefined && delivery.headers[event.toLowerCase()] !== type ? `${event} is not the body's type ${type}` : null;
      }),
  },
  {
    id: "webhook-envelope",
    area: "webhooks",
    clause: "Resources › Event",
    title: "Every body is an event envelope its schema accepts.",
    judge: (deliveries, contract) =>
      over(deliveries, contract, (delivery) => {
        const body = bodyOf(delivery);
        if (body === undefined) return "the body is not JSON";
        const result = validateEvent(body);
        if (result.ok) return null;
        // client_secret is the next check's.
        const issues = result.errors.filter((issue) => issue.code !== "forbidden_property");
        return issues.length === 0
          ? null
          : issues
              .slice(0, 3)
              .map((issue) => `${issue.field} ${issue.message}`)
              .join("; ");
      }),
  },
  {
    id: "webhook-no-client-secret",
    area: "webhooks",
    clause: "Resources › Event",
    title: "No event carries the signing request's client_secret.",
    judge: (deliveries, contract) =>
      over(deliveries, contract, (delivery) => {
        const object = bodyOf(delivery)?.data?.object;
        return object && typeof object === "object" && "client_secret" in object ? "data.object carries client_secret" : null;
      }),
  },
  {
    id: "webhook-retry-schedule",
    area: "webhooks",
    clause: "Events › Delivery",
    title: "A failed attempt is retried on the schedule: not sooner, and not much later.",
    judge(deliveries, contract, { failFirst, timeScale }) {
      if (failFirst === 0) return skip("needs failed attempts to watch (--fail-first N)");
      const byId = new Map<string, number[]>();
      for (const delivery of deliveries) {
        const id = deliveryIdOf(delivery, contract);
        if (id) byId.set(id, [...(byId.get(id) ?? []), delivery.receivedAt]);
      }
      const failures: string[] = [];
      let watched = 0;
      for (const [id, times] of byId) {
        for (let index = 1; index < Math.min(times.length, failFirst + 1); index++) {
          watched++;
          const expected = contract.scheduleSeconds[index - 1]! * timeScale * 1000;
          const actual = times[index]! - times[index - 1]!;
          // A sender polls its queue, so a retry may come a little late, never early.
          if (actual < expected * 0.9 - 50 || actual > expected * 2 + 1500) {
            failures.push(
              `delivery ${id}: retry ${index} came ${actual} ms after the attempt before it; the schedule says ${Math.round(expected)} ms`,
            );
          }
        }
      }
      if (watched === 0) return skip("no delivery was retried while the receiver listened");
      return failures.length ? verdict(failures) : pass(`${watched} retries on time`);
    },
  },
];
