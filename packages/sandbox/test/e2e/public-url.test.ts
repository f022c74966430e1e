// Two sandboxes on one redis-server behind one address (`--public-url`): the URLs either
// writes (`next` links, documents' content_url) name that address, so a client that follows
// them reaches whichever instance the address sends it to, and none dies with the instance
// that wrote it. The ready line says where the state is.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startRedisServer, type RedisServer } from "../../../../test/support/redis.js";
import { createOrganization, sameOrganizationOn } from "../support/http.js";
import { startSandboxProcess, type SandboxProcess } from "../support/sandbox-process.js";

const PUBLIC = "https://sandbox.example.test";
let redis: RedisServer;
let a: SandboxProcess;
let b: SandboxProcess;

beforeAll(async () => {
  redis = await startRedisServer();
  [a, b] = await Promise.all([
    startSandboxProcess({ redis: redis.url, publicUrl: PUBLIC }),
    startSandboxProcess({ redis: redis.url, publicUrl: `${PUBLIC}/` }),
  ]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.stop();
});

it("says where it listens, where the state is and the public URL", () => {
  // The Redis URL is shown as connect-redis shows it in every message: a password as ***.
  expect(a.stdout()).toMatch(
    new RegExp(`^Sandbox ready at ${a.url} \\(state: Redis redis://127\\.0\\.0\\.1:${redis.port}\\)\\n  public URL:  ${PUBLIC} `),
  );
  // A trailing slash of --public-url is not doubled in the URLs written.
  expect(b.stdout()).toMatch(new RegExp(`\\n  public URL:  ${PUBLIC} `));
});

it("writes the public URL into next links and content_url, whichever instance serves", async () => {
  const onA = await createOrganization(a.url);
  const onB = sameOrganizationOn(b.url, onA);
  await onA.addCertificates(3);
  const page = await onB.get("/certificates?limit=1");
  expect(page.json.next).toMatch(new RegExp(`^${PUBLIC}/certificates\\?`));
  const request = await onB.newSigningRequest({ documents: 1 });
  const read = await onA.getSigningRequest(request.id);
  expect(read.json.documents[0].content_url).toMatch(new RegExp(`^${PUBLIC}/_sandbox/documents/`));
});

it("says so in the ready line when the state is in memory", async () => {
  const alone = await startSandboxProcess();
  try {
    expect(alone.stdout()).toMatch(/^Sandbox ready at http:\/\/127\.0\.0\.1:\d+ \(state: memory\)\n  credentials:/);
  } finally {
    await alone.stop();
  }
});
