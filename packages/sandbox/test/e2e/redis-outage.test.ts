// Redis that is down or goes away, under `signing-platform serve --state redis://…`: at start
// the command says so in one line, without the password, and exits 1 within seconds; while it
// runs, a real redis-server is stopped and started again under it. Meanwhile public requests
// answer 503 service_unavailable with Retry-After and Request-Id, a POST with an
// Idempotency-Key is not half-applied (the same key runs again once Redis is back), and the
// log says it once per outage and once when it ends.
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headerNames } from "@signing-platform/types";
import { freePort } from "../../../../test/support/ports.js";
import { startRedisServer, type RedisServer } from "../../../../test/support/redis.js";
import { createOrganization, eventually, http, newIdempotencyKey } from "../support/http.js";
import { bin, startSandboxProcess, type SandboxProcess } from "../support/sandbox-process.js";

describe("serve --state redis://… with Redis down at start", () => {
  it("says so in one line naming the URL without its password, and exits 1 within seconds", async () => {
    const port = await freePort();
    const started = Date.now();
    const run = spawnSync(process.execPath, [bin, "serve", "--port", "0", "--state", `redis://app:s3cret-pw@127.0.0.1:${port}`], {
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.stderr).toBe(`signing-platform serve: cannot reach Redis at redis://app:***@127.0.0.1:${port} (ECONNREFUSED).\n`);
    expect(run.stderr).not.toContain("s3cret");
    expect(run.stdout).toBe("");
    expect(run.status).toBe(1);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe("serve --state redis://… when Redis goes away and comes back", () => {
  let redis: RedisServer;
  let sandbox: SandboxProcess;

  beforeAll(async () => {
    redis = await startRedisServer();
    sandbox = await startSandboxProcess({ redis: redis.url });
  });
  afterAll(async () => {
    await sandbox?.stop();
    await redis?.stop();
  });

  it("answers 503 with Retry-After during the outage, applies nothing half-way, and serves again after", async () => {
    const before = await createOrganization(sandbox.url);
    expect((await before.get("/certificates")).status).toBe(200);

    await redis.stop();
    const during = await before.get("/certificates");
    expect(during.status).toBe(503);
    expect(during.json.error.code).toBe("service_unavailable");
    expect(Number(during.headers.get(headerNames.retry_after))).toBeGreaterThan(0);
    expect(during.headers.get(headerNames.request_id)).toBe(during.json.error.request_id);
    const key = newIdempotencyKey();
    const enrollment = { identity_evidence: { document_type: "passport", issuing_office: "Central" } };
    const refused = await http(`${sandbox.url}/enrollments`, {
      method: "POST",
      json: enrollment,
      headers: { authorization: `Bearer ${before.token}`, "idempotency-key": key },
    });
    expect(refused.status).toBe(503);

    redis = await startRedisServer({ port: redis.port });
    // The restarted server is empty (no persistence): a new organization, and the same key runs.
    const after = await eventually(
      () => createOrganization(sandbox.url).catch(() => undefined),
      (organization) => organization !== undefined,
      "the sandbox serving again",
    );
    const accepted = await http(`${sandbox.url}/enrollments`, {
      method: "POST",
      json: enrollment,
      headers: { authorization: `Bearer ${after!.token}`, "idempotency-key": key },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.headers.get("idempotent-replayed")).toBeNull();

    const lines = sandbox.stderr().trim().split("\n").filter(Boolean);
    expect(lines.filter((line) => / is unreachable \(/.test(line))).toHaveLength(1);
    expect(lines.filter((line) => /^sandbox: Redis at \S+ is back\.$/.test(line))).toHaveLength(1);
    expect(sandbox.stderr()).not.toMatch(/Unhandled error event|\n\s+at /);
  });
});
