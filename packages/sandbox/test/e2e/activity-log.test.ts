// `signing-platform serve` prints what the sandbox does, a line per API call and per webhook
// delivery attempt, read from the running process's stdout as a developer watches it: text by
// default, one JSON object a line with --log-format json, nothing past the ready lines with
// --quiet. No line holds a token, a secret or what a receiver's URL carries beyond its path.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createOrganization, eventually, http } from "../support/http.js";
import { type SandboxProcess, startSandboxProcess } from "../support/sandbox-process.js";

const started: SandboxProcess[] = [];
let receiver: Server | undefined;

afterAll(async () => {
  await Promise.all(started.map((sandbox) => sandbox.stop()));
  receiver?.close();
});

async function sandboxWith(...args: string[]): Promise<SandboxProcess> {
  const sandbox = await startSandboxProcess({ args });
  started.push(sandbox);
  return sandbox;
}

/** A receiver that answers every delivery with 204. */
async function acceptingReceiver(): Promise<string> {
  receiver = createServer((request, response) => {
    request.resume();
    request.on("end", () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
}

/** The lines after the ready block (which ends with the reference's line). */
const activity = (sandbox: SandboxProcess) =>
  sandbox
    .stdout()
    .split(/ {2}reference: .*\n/)[1]!
    .split("\n")
    .filter(Boolean);

describe("serve's activity lines", () => {
  it("say each API call's method, path, status, time and Request-Id, and each delivery's outcome, in text", async () => {
    const sandbox = await sandboxWith();
    const organization = await createOrganization(sandbox.url);
    const listed = await organization.get("/certificates?limit=2");
    const refused = await http(`${sandbox.url}/certificates`);
    await http(`${sandbox.url}/console/`);
    const endpoint = await organization.addWebhookEndpoint(`${await acceptingReceiver()}/hooks?token=receiver-secret-123`);
    await organization.post(`/_sandbox/webhook-endpoints/${endpoint.id}/test`, {});

    const lines = await eventually(
      () => activity(sandbox),
      (found) => found.some((line) => line.includes("webhook ping")),
      "the delivery's line",
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^\\d\\d:\\d\\d:\\d\\d {2}GET /certificates\\?limit=2 → 200 in [\\d.]+ ms {2}${listed.headers.get("request-id")}$`),
      ),
    );
    expect(lines).toContainEqual(expect.stringContaining(`GET /certificates → 401 in`));
    expect(lines).toContainEqual(expect.stringContaining(refused.headers.get("request-id")!));
    expect(lines).toContainEqual(expect.stringMatching(/ {2}POST \/_sandbox\/organizations → 201 in /));
    expect(lines).toContainEqual(
      expect.stringMatching(/ {2}webhook ping → http:\/\/127\.0\.0\.1:\d+\/hooks: 204 in \d+ ms, attempt 1 {2}dlv_/),
    );
    // The console's own page, and its polling of the control API, are not the developer's calls.
    expect(lines.filter((line) => line.includes("/console"))).toEqual([]);
    const output = sandbox.stdout() + sandbox.stderr();
    for (const secret of [organization.token, endpoint.secret, "receiver-secret-123"]) expect(output).not.toContain(secret);
  });

  it("are one JSON object a line with --log-format json, a failed attempt with its error and retry", async () => {
    const sandbox = await sandboxWith("--log-format", "json");
    const organization = await createOrganization(sandbox.url);
    const endpoint = await organization.addWebhookEndpoint("http://user:password@127.0.0.1:9/refused");
    await organization.post(`/_sandbox/webhook-endpoints/${endpoint.id}/test`, {});
    const entries = await eventually(
      () => activity(sandbox).map((line) => JSON.parse(line)),
      (found) => found.some((entry) => entry.kind === "delivery"),
      "the delivery's entry",
    );
    expect(entries[0]).toMatchObject({ kind: "request", method: "POST", path: "/_sandbox/organizations", status: 201 });
    expect(entries.find((entry) => entry.kind === "delivery")).toMatchObject({
      eventType: "ping",
      url: "http://127.0.0.1:9/refused",
      status: null,
      outcome: "failed",
      error: expect.stringContaining("ECONNREFUSED"),
      attempt: 1,
      nextAttemptAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(sandbox.stdout()).not.toContain("password");
  });

  it("are not printed with --quiet", async () => {
    const sandbox = await sandboxWith("--quiet");
    const organization = await createOrganization(sandbox.url);
    await organization.get("/certificates");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(activity(sandbox)).toEqual([]);
  });
});
