// Run by standalone-sdk.test.ts in a folder outside the repository, where the SDK generated
// from generated/openapi.yaml is installed from its tarball: every rule the SDK carries,
// against a running sandbox over HTTP. Prints one JSON object of what it saw.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { ApiError, createSdk, type Certificate, type WebhookEvent } from "@acme/signing-sdk";

const baseUrl = process.env.API_BASE_URL!;
const accessToken = process.env.API_TOKEN!;

async function control(path: string, body: unknown = {}): Promise<any> {
  const response = await fetch(`${baseUrl}/_sandbox${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return response.json();
}

/** One catalogue code of each error family. */
export const FAMILY_CODES = [
  "bad_request",
  "unauthenticated",
  "capability_not_granted",
  "not_found",
  "request_timeout",
  "conflict",
  "delivery_expired",
  "payload_too_large",
  "policy_rejected",
  "rate_limited",
  "internal_error",
  "service_unavailable",
];

const seen: Record<string, unknown> = {};
const retries: Array<{ reason: string; delayMs: number; status: number | undefined }> = [];
const sdk = createSdk({ baseUrl, accessToken, etagCache: true, hooks: { onRetry: (event) => void retries.push(event) } });

// An enrollment, with an idempotency key of the SDK's own.
const enrollment = await sdk.enrollments
  .create({ identity_evidence: { document_type: "passport", issuing_office: "Kathmandu" } })
  .withResponse();
seen.enrollment = {
  status: enrollment.response.status,
  id: (enrollment.data as { id?: unknown }).id,
  idempotencyKey: enrollment.meta.idempotencyKey,
};

// Certificates across pages: 23 made, read 10 at a time.
await control("/certificates", { count: 23 });
const ids: string[] = [];
for await (const certificate of sdk.certificates.list({ limit: 10 })) ids.push(certificate.id);
const firstPage = await sdk.certificates.list({ limit: 10 });
seen.pagination = { items: ids.length, distinct: new Set(ids).size, firstPage: firstPage.items.length };

// The second read of one certificate is a 304 answered from the cache.
const certificate: Certificate = await sdk.certificates.retrieve(ids[0]!);
const again = await sdk.certificates.retrieve(ids[0]!).withResponse();
seen.cache = { status: again.response.status, fromCache: again.meta.fromCache, same: again.data.id === certificate.id };

// A simulated error of every family arrives as its class, with the body's code and request id.
const once = createSdk({ baseUrl, accessToken, retry: { maxRetries: 0 } });
const families: Record<string, unknown> = {};
for (const code of FAMILY_CODES) {
  try {
    await once.certificates.retrieve(ids[0]!, { headers: { "Sandbox-Simulate-Error": code } });
    families[code] = "no error";
  } catch (error) {
    families[code] =
      error instanceof ApiError
        ? { class: error.name, code: error.code, status: error.status, requestId: typeof error.requestId === "string" }
        : String(error);
  }
}
seen.families = families;

// A 503 with Retry-After is retried after the wait it asks for.
retries.length = 0;
const started = Date.now();
const unavailable = await sdk.client.GET("/certificates/{id}", {
  params: { path: { id: ids[0]! } },
  headers: { "Sandbox-Simulate-Error": "service_unavailable" },
});
seen.retryAfter = { attempts: unavailable.meta.attempts, retries, waitedMs: Date.now() - started, error: unavailable.error?.name };

// A webhook delivered by the sandbox, verified with the endpoint's secret.
const receiver = createServer();
let secret = "";
const delivered = new Promise<WebhookEvent>((resolve, reject) => {
  receiver.on("request", (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = new Uint8Array(Buffer.concat(chunks));
      sdk.webhooks.constructEvent(body, request.headers[sdk.webhooks.signatureHeader.toLowerCase()] as string, secret).then(
        (event) => {
          response.writeHead(204).end();
          resolve(event);
        },
        (error) => {
          response.writeHead(400).end();
          reject(error);
        },
      );
    });
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const endpoint = await control("/webhook-endpoints", { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks` });
secret = endpoint.secret;
await control(`/webhook-endpoints/${endpoint.id}/test`);
const event = await delivered;
receiver.close();
seen.webhook = {
  type: event.type,
  tampered: await sdk.webhooks
    .constructEvent('{"type":"ping"}', await sdk.webhooks.generateTestHeader({ payload: "{}", secret }), secret)
    .then(
      () => "accepted",
      (error: Error) => error.name,
    ),
};

console.log(JSON.stringify(seen));
