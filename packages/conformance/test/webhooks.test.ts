// `conformance webhooks` against the sandbox's real deliveries: registered as an endpoint, the
// receiver takes what a signing request's events send and every check passes; a forged
// delivery fails the signature check alone; with failing answers, the retries come on the
// sandbox's (scaled) schedule, and a schedule claimed ten times slower finds them too soon.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { startSandbox, type Sandbox } from "@signing-platform/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { freePort } from "../../../test/support/ports.js";
import { runWebhookConformance, type ConformanceReport } from "../src/index.js";

const document = YAML.parse(readFileSync(fileURLToPath(new URL("../../../generated/openapi.yaml", import.meta.url)), "utf8"));
const TIME_SCALE = 0.01;
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, webhookTimeScale: TIME_SCALE });
});
afterAll(() => sandbox?.close());

async function control(path: string, body: unknown, token?: string) {
  const response = await fetch(`${sandbox.url}/_sandbox${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, any>;
}

/** An organization with an endpoint at a free port, the secret, and a way to make an event happen. */
async function endpoint() {
  const token = (await control("/organizations", {})).access_token as string;
  const port = await freePort();
  const { secret } = await control("/webhook-endpoints", { url: `http://127.0.0.1:${port}/` }, token);
  return { port, secret: secret as string, createSigningRequest: () => control("/signing-requests", {}, token) };
}

const statuses = (report: ConformanceReport) => Object.fromEntries(report.results.map((result) => [result.id, result.outcome.status]));

describe("the sandbox's deliveries", () => {
  it("pass every check but the retry schedule, which needs failed attempts", async () => {
    const { port, secret, createSigningRequest } = await endpoint();
    const report = await runWebhookConformance({
      document,
      secret,
      port,
      events: 2,
      timeoutSeconds: 20,
      onListening: () => void createSigningRequest().then(createSigningRequest),
    });
    expect(report.requests).toBeGreaterThanOrEqual(2);
    expect(statuses(report)).toEqual({
      "webhook-signature": "pass",
      "webhook-timestamp": "pass",
      "webhook-headers": "pass",
      "webhook-envelope": "pass",
      "webhook-no-client-secret": "pass",
      "webhook-retry-schedule": "skip",
    });
  });

  it("fail the signature check alone when one delivery is forged", async () => {
    const { port, secret, createSigningRequest } = await endpoint();
    const report = await runWebhookConformance({
      document,
      secret,
      port,
      events: 2,
      timeoutSeconds: 20,
      onListening: async (url) => {
        await createSigningRequest();
        const body = JSON.stringify({
          id: "evt_forged",
          object: "event",
          type: "ping",
          livemode: false,
          created_at: new Date().toISOString(),
          data: {},
        });
        await fetch(url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "service-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`,
            "service-event": "ping",
            "service-delivery": "dlv_forged",
          },
          body,
        });
      },
    });
    expect(report.results.filter((result) => result.outcome.status === "fail").map((result) => result.id)).toEqual(["webhook-signature"]);
    const signature = report.results.find((result) => result.id === "webhook-signature")!.outcome;
    expect(signature.status === "fail" && signature.failures).toEqual([expect.stringMatching(/^delivery dlv_forged: no_valid_signature/)]);
  });

  it("come again on the schedule after failed attempts, and too soon for a schedule ten times slower", async () => {
    const watch = async (claimedScale: number) => {
      const { port, secret, createSigningRequest } = await endpoint();
      return runWebhookConformance({
        document,
        secret,
        port,
        events: 1,
        failFirst: 2,
        timeScale: claimedScale,
        timeoutSeconds: 30,
        onListening: () => void createSigningRequest(),
      });
    };
    expect(statuses(await watch(TIME_SCALE))["webhook-retry-schedule"]).toBe("pass");
    const slower = (await watch(TIME_SCALE * 10)).results.find((result) => result.id === "webhook-retry-schedule")!.outcome;
    expect(slower.status === "fail" && slower.failures[0]).toMatch(
      /retry 1 came \d+ ms after the attempt before it; the schedule says 3000 ms/,
    );
  });
});
