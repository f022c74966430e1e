// `signing-platform conformance webhooks`: listen where the implementation delivers, take
// its deliveries until enough have come (or the time is up), and judge them. The header
// names, the tolerance and the retry schedule are the document's (its
// x-signing-platform-webhook-headers and -limits), so another implementation's document
// states its own.
import { readRootExtensions } from "@signing-platform/contract";
import { limits as catalogueLimits, webhookHeaderNames } from "@signing-platform/types";
import type { CheckResult } from "../check.js";
import type { ConformanceReport } from "../run-conformance.js";
import { receiveDeliveries } from "./receive-deliveries.js";
import { WEBHOOK_CHECKS, type WebhookContract } from "./webhook-checks.js";

/** Options of {@link runWebhookConformance}: where to listen, the endpoint's secret, and how many deliveries to wait for. */
export interface WebhookConformanceOptions {
  /** The parsed OpenAPI document, for its webhook header names, timestamp tolerance and retry schedule. */
  document: Record<string, unknown>;
  /** The endpoint's signing secret, `whsec_…`. */
  secret: string;
  /** Port to listen on (0 for any free one). */
  port: number;
  /** Host to listen on; all interfaces by default. */
  host?: string;
  /** Deliveries acknowledged before the run ends (default 1). */
  events?: number;
  /** The run ends after this many seconds even if fewer have come (default 60). */
  timeoutSeconds?: number;
  /** Answer 500 to this many attempts of each delivery first, to watch the retry schedule (default 0). */
  failFirst?: number;
  /** The sender's time scale for its retry schedule (the sandbox's --webhook-time-scale; default 1). */
  timeScale?: number;
  /** Told the URL to register as the endpoint, once listening. */
  onListening?(url: string): void;
  /** Told of each check as it ends. */
  onResult?(result: CheckResult): void;
}

// A document without the extensions is held to this package's own conventions.
function webhookContractOf(document: Record<string, unknown>): WebhookContract {
  const { webhookHeaders: headers = {}, limits = {} } = readRootExtensions(document);
  return {
    headers: {
      signature: headers.signature ?? webhookHeaderNames.signature,
      event: headers.event ?? webhookHeaderNames.event,
      delivery: headers.delivery ?? webhookHeaderNames.delivery,
    },
    toleranceSeconds: limits.webhook_timestamp_tolerance_seconds ?? catalogueLimits.webhook_timestamp_tolerance_seconds,
    scheduleSeconds: limits.webhook_retry_schedule_seconds ?? [],
  };
}

/**
 * Listens where the implementation delivers its webhooks, takes its deliveries until `events` have been acknowledged (or `timeoutSeconds` pass), and judges them: signatures, headers, envelopes and the retry schedule.
 * @example
 * ```ts
 * import { readFileSync } from "node:fs";
 * import { parse } from "yaml";
 * import { formatConformance, runWebhookConformance } from "@signing-platform/conformance";
 *
 * const report = await runWebhookConformance({
 *   document: parse(readFileSync("openapi.yaml", "utf8")),
 *   secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
 *   port: 0,
 *   onListening: (url) => console.error(`register ${url} as the endpoint`),
 * });
 * process.stdout.write(formatConformance(report, "stylish"));
 * ```
 */
export async function runWebhookConformance(options: WebhookConformanceOptions): Promise<ConformanceReport> {
  const started = performance.now();
  const contract = webhookContractOf(options.document);
  const { events = 1, timeoutSeconds = 60, failFirst = 0, timeScale = 1 } = options;
  const receiver = await receiveDeliveries({
    port: options.port,
    ...(options.host ? { host: options.host } : {}),
    deliveryHeader: contract.headers.delivery,
    failFirst,
  });
  options.onListening?.(receiver.url);
  try {
    await receiver.waitFor(events, Date.now() + timeoutSeconds * 1000);
  } finally {
    await receiver.close();
  }
  const { deliveries } = receiver;
  const results: CheckResult[] = WEBHOOK_CHECKS.map(({ judge, ...info }) => {
    const outcome =
      deliveries.length === 0
        ? { status: "skip" as const, reason: `no delivery arrived within ${timeoutSeconds} s` }
        : judge(deliveries, contract, { secret: options.secret, timeScale, failFirst });
    const result = { ...info, outcome };
    options.onResult?.(result);
    return result;
  });
  return { baseUrl: receiver.url, requests: deliveries.length, durationMs: Math.round(performance.now() - started), results };
}
