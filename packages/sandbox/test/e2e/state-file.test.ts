// `serve` keeps its state in ./.signing-platform/sandbox by default, so that a restart
// carries on where it stopped: organizations and their tokens, signing requests, certificates,
// webhook endpoints with their secrets, deliveries and attempts, idempotency records. A killed
// sandbox (SIGKILL, no shutdown) loses nothing it had answered; `--state memory` forgets, and says so
// to a token of before; a damaged or locked folder is one line and exit 1. Each test runs the
// real `serve` in a folder of its own.
import { spawnSync } from "node:child_process";
import { appendFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../../../test/support/ports.js";
import {
  completeEnrollment,
  createOrganization,
  eventually,
  http,
  newIdempotencyKey,
  type Organization,
  sameOrganizationOn,
} from "../support/http.js";
import { bin, startSandboxProcess, type SandboxProcess, type SandboxProcessOptions } from "../support/sandbox-process.js";
import { useWebhookReceivers } from "../support/webhook-receiver.js";

/** The first retry 1.5 s after a failed attempt: the kill lands between attempts. */
const TIME_SCALE = 0.05;
const STAMP = String.raw`\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC`;

const folders: string[] = [];
const sandboxes: SandboxProcess[] = [];
const startReceiver = useWebhookReceivers();

function folder(): string {
  const made = mkdtempSync(join(tmpdir(), "signing-platform-state-"));
  folders.push(made);
  return made;
}

async function start(options: SandboxProcessOptions): Promise<SandboxProcess> {
  const sandbox = await startSandboxProcess(options);
  sandboxes.push(sandbox);
  return sandbox;
}

/** `serve` that is expected not to start: its exit status and what it wrote. */
function serveRefused(cwd: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [bin, "serve", "--port", "0", ...args], { cwd, encoding: "utf8", timeout: 20_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

afterEach(async () => {
  await Promise.all(sandboxes.splice(0).map((sandbox) => sandbox.stop()));
});
afterAll(() => {
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

describe("serve with its state in ./.signing-platform (the default)", () => {
  it("says where the state is, and a sandbox killed and started again carries on", { timeout: 120_000 }, async () => {
    const cwd = folder();
    // On one port, as a restart is: the records' content_url name it.
    const port = ["--port", String(await freePort())];
    const first = await start({ cwd, stateDir: true, webhookTimeScale: TIME_SCALE, args: port });
    expect(first.stdout()).toMatch(/^Sandbox ready at http:\/\/127\.0\.0\.1:\d+ \(state: file \.\/\.signing-platform\/sandbox\)\n/);

    const organization = await createOrganization(first.url);
    const certificates = await organization.addCertificates(3);
    const receiver = await startReceiver();
    const endpoint = await organization.addWebhookEndpoint(receiver.url);
    receiver.useSecret(endpoint.secret);
    receiver.failing = true;
    const request = await organization.newSigningRequest();
    const accepted = await organization.act(request.id, "accept");
    expect(accepted.json.status).toBe("accepted");
    const key = newIdempotencyKey();
    const enrolled = await organization.createEnrollment(completeEnrollment({ reference: "before the restart" }), key);
    expect(enrolled.status).toBe(201);
    const before = await organization.getSigningRequest(request.id);

    // Both events' first attempts have failed and are recorded: a retry is pending for each.
    await eventually(
      () => organization.attempts(endpoint.id),
      (attempts) => new Set(attempts.map((attempt) => attempt.event_type)).size === 2,
      "both failed attempts recorded",
    );
    const unknown = await http(`${first.url}/certificates`, { headers: { authorization: "Bearer sbx_neverIssuedHere" } });
    const createdAt = new RegExp(
      `^The access token is not one of this sandbox's organizations: the state in \\./\\.signing-platform/sandbox was created at (${STAMP})\\.`,
    ).exec(unknown.json.error.message)?.[1];
    expect(createdAt, unknown.text).toBeDefined();

    // Crash: no shutdown, no chance to finish anything.
    await first.kill();
    const failedDeliveries = new Map(receiver.failed.map((entry) => [entry.event.type, entry]));
    expect([...failedDeliveries.keys()].sort()).toEqual(["signing_request.accepted", "signing_request.created"]);
    receiver.failing = false;

    const second = await start({ cwd, stateDir: true, webhookTimeScale: TIME_SCALE, args: port });
    const again = sameOrganizationOn(second.url, organization);

    // The old token works, and the records are as they were.
    const after = await again.getSigningRequest(request.id);
    expect(after.status).toBe(200);
    expect(after.text).toBe(before.text);
    expect((await again.listCertificates()).json.items.map((item: { id: string }) => item.id)).toEqual(certificates);

    // The pending deliveries continue: the same deliveries of the same events, signed with
    // the endpoint's secret as it was (the receiver verified them).
    const events = await receiver.waitFor(
      (all) => ["signing_request.created", "signing_request.accepted"].every((type) => all.some((entry) => entry.event.type === type)),
      "both events after the restart",
    );
    expect(receiver.rejected).toEqual([]);
    for (const [type, failed] of failedDeliveries) {
      const delivered = events.find((entry) => entry.event.type === type)!;
      expect(delivered.deliveryId).toBe(failed.deliveryId);
      expect(delivered.rawBody).toBe(failed.rawBody);
    }
    expect((await again.get(`/_sandbox/webhook-endpoints/${endpoint.id}/secret`)).json.secret).toBe(endpoint.secret);
    const attempts = await eventually(
      () => again.attempts(endpoint.id),
      (list) => list.filter((attempt) => attempt.succeeded).length === 2,
      "two successful attempts",
    );
    for (const { deliveryId } of failedDeliveries.values()) {
      const ofDelivery = attempts.filter((attempt) => attempt.delivery_id === deliveryId);
      expect(ofDelivery.some((attempt) => attempt.attempt === 1 && !attempt.succeeded)).toBe(true);
      expect(ofDelivery.some((attempt) => attempt.succeeded)).toBe(true);
    }

    // The Idempotency-Key used before the restart replays the original answer.
    const replay = await again.createEnrollment(completeEnrollment({ reference: "before the restart" }), key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.text).toBe(enrolled.text);

    // And it goes on as before; the state keeps the time it was made.
    const completed = await again.act(request.id, "enter_code", accepted.json.sent_code);
    expect(completed.json.status).toBe("completed");
    await receiver.waitFor((all) => all.some((entry) => entry.event.type === "signing_request.completed"), "completed");
    const stranger = await http(`${second.url}/certificates`, { headers: { authorization: "Bearer sbx_neverIssuedHere" } });
    expect(stranger.json.error.message).toContain(`was created at ${createdAt}.`);
  });

  it("keeps what a stop (SIGTERM) left, in the folder --state names; --reset starts afresh", { timeout: 60_000 }, async () => {
    const state = join(folder(), "kept");
    const first = await start({ stateDir: state });
    expect(first.stdout()).toContain(`(state: file ${join(state, "sandbox")})`);
    const organization = await createOrganization(first.url);
    const [certificate] = await organization.addCertificates(1);
    await first.stop();

    const second = await start({ stateDir: state });
    expect((await sameOrganizationOn(second.url, organization).getCertificate(certificate!)).status).toBe(200);
    await second.stop();

    const reset = await start({ stateDir: state, args: ["--reset"] });
    const refused = await sameOrganizationOn(reset.url, organization).getCertificate(certificate!);
    expect(refused.status).toBe(401);
    expect(refused.json.error.code).toBe("unauthenticated");
  });
});

describe("serve --state memory", () => {
  it("forgets at a restart, and tells a token of before that it started afresh", { timeout: 60_000 }, async () => {
    const first = await start({ args: ["--state", "memory"] });
    expect(first.stdout()).toContain("(state: memory)");
    const organization = await createOrganization(first.url);
    await first.stop();

    const second = await start({ args: ["--state", "memory"] });
    const refused = await sameOrganizationOn(second.url, organization).get("/certificates");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="api"');
    expect(refused.json.error.code).toBe("unauthenticated");
    expect(refused.json.error.request_id).toBe(refused.headers.get("request-id"));
    expect(refused.json.error.message).toMatch(
      new RegExp(
        `^The access token is not one of this sandbox's organizations: this sandbox keeps its state in memory and started afresh at ${STAMP}\\. `,
      ),
    );
    expect(refused.text).not.toContain(organization.token);
    // The control API answers alike.
    const control = await sameOrganizationOn(second.url, organization).get("/_sandbox/webhook-endpoints");
    expect(control.status).toBe(401);
    expect(control.json.error.message).toBe(refused.json.error.message);
    // Without a token, the one message of every 401.
    expect((await http(`${second.url}/certificates`)).json.error.message).toBe("Credentials are missing, invalid or expired.");
  });

  it("is named once: memory and a folder at once is one line, exit 2", () => {
    const refused = serveRefused(folder(), "--state", "memory", "--state-dir", "elsewhere");
    expect(refused.stderr).toBe(
      "signing-platform serve: the state is named twice (--state memory and --state-dir elsewhere): name it once, with --state.\n",
    );
    expect(refused.status).toBe(2);
  });
});

describe("a state folder that cannot be used", () => {
  it("keeps every organization it answered for when killed amid a burst of writes", { timeout: 60_000 }, async () => {
    const cwd = folder();
    const first = await start({ cwd, stateDir: true });
    const answered: Organization[] = [];
    const burst = Array.from({ length: 60 }, () =>
      createOrganization(first.url).then(
        (organization) => void answered.push(organization),
        () => undefined,
      ),
    );
    await eventually(
      () => answered.length,
      (count) => count >= 10,
      "ten organizations answered",
    );
    await first.kill();
    await Promise.all(burst);
    const kept = [...answered];

    const second = await start({ cwd, stateDir: true });
    for (const organization of kept) expect((await sameOrganizationOn(second.url, organization).get("/certificates")).status).toBe(200);
  });

  it("drops a write that a crash cut short at the end of the log, and starts with everything before it", { timeout: 60_000 }, async () => {
    const cwd = folder();
    const first = await start({ cwd, stateDir: true });
    const organization = await createOrganization(first.url);
    await first.kill();
    const database = join(cwd, ".signing-platform", "sandbox");
    const log = readdirSync(database).find((name) => name.endsWith(".log"))!;
    // The start of a record whose length runs past the end of the file, then nothing.
    appendFileSync(join(database, log), Buffer.from([0x12, 0x34, 0x56, 0x78, 0xff, 0x7f, 0x01, 0x7b, 0x22]));

    const second = await start({ cwd, stateDir: true });
    expect((await sameOrganizationOn(second.url, organization).get("/certificates")).status).toBe(200);
  });

  it("says in one line that the state is damaged, naming the folder, and exits 1", { timeout: 60_000 }, async () => {
    const cwd = folder();
    await (await start({ cwd, stateDir: true })).stop();
    writeFileSync(join(cwd, ".signing-platform", "sandbox", "CURRENT"), "MANIFEST-000002");

    const refused = serveRefused(cwd);
    expect(refused.stderr).toBe(
      "signing-platform serve: the state in ./.signing-platform/sandbox is damaged (Corruption: CURRENT file does not end with newline): start with --reset to begin afresh, or delete the folder.\n",
    );
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe("");

    // --reset starts afresh.
    const reset = await start({ cwd, stateDir: true, args: ["--reset"] });
    expect((await createOrganization(reset.url)).token).toMatch(/^sbx_/);
  });

  it("says in one line that another sandbox uses the folder, and exits 1, --reset too", { timeout: 60_000 }, async () => {
    const cwd = folder();
    const running = await start({ cwd, stateDir: true });
    const organization = await createOrganization(running.url);
    for (const refused of [serveRefused(cwd), serveRefused(cwd, "--reset")]) {
      expect(refused.stderr).toBe(
        "signing-platform serve: another sandbox is using the state in ./.signing-platform/sandbox: stop it, or give this one another folder with --state.\n",
      );
      expect(refused.status).toBe(1);
    }
    // The one running keeps its state.
    expect((await organization.get("/certificates")).status).toBe(200);
    await running.stop();
    const again = await start({ cwd, stateDir: true });
    expect((await sameOrganizationOn(again.url, organization).get("/certificates")).status).toBe(200);
  });

  it("says in one line that the folder cannot be made, and exits 1", () => {
    const cwd = folder();
    writeFileSync(join(cwd, "taken"), "a file, not a folder");
    const refused = serveRefused(cwd, "--state", "taken");
    expect(refused.stderr).toBe("signing-platform serve: cannot make the state folder ./taken (EEXIST).\n");
    expect(refused.status).toBe(1);
  });
});
