// The control API on a running sandbox: route schemas refuse bad bodies with one detail per
// field, credentials are read by the server package's authentication plugin, and it shares
// the port with the public API without taking on its conventions.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/index.js";
import { createOrganization, http, type Organization } from "../support/http.js";

let sandbox: Sandbox;
let organization: Organization;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  organization = await createOrganization(sandbox.url);
});
afterAll(async () => sandbox?.close());

const post = (path: string, json: unknown, token?: string) =>
  http(`${sandbox.url}${path}`, { method: "POST", json, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe("bodies against the route schemas", () => {
  it.each([
    ["/_sandbox/organizations", { capabilities: "all" }, "$.capabilities", "type"],
    ["/_sandbox/organizations", { capabilities: [1] }, "$.capabilities[0]", "type"],
    ["/_sandbox/organizations", { capabilitiez: [] }, "$.capabilitiez", "additional_property"],
    ["/_sandbox/signing-requests", { documents: 0 }, "$.documents", "minimum"],
    ["/_sandbox/signing-requests", { documents: 1.5 }, "$.documents", "type"],
    ["/_sandbox/signing-requests", { first_time_signer: "yes" }, "$.first_time_signer", "type"],
    ["/_sandbox/certificates", { count: 1001 }, "$.count", "maximum"],
    ["/_sandbox/webhook-endpoints", {}, "$.url", "required"],
    ["/_sandbox/webhook-endpoints", { url: 7 }, "$.url", "type"],
    ["/_sandbox/webhook-endpoints", { url: "ftp://example.test/" }, "$.url", "format"],
  ])("POST %s %j → 400 at %s (%s)", async (path, body, field, code) => {
    const response = await post(path, body, organization.token);
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe("bad_request");
    expect(response.json.error.details).toContainEqual(expect.objectContaining({ field, code }));
    expect(response.json.error.request_id).toBe(response.headers.get("request-id"));
  });

  it("refuses an unknown action by its enum, before the signing request is looked up", async () => {
    const response = await post("/_sandbox/signing-requests/sr_missing/actions", { action: "sign" }, organization.token);
    expect(response.status).toBe(400);
    expect(response.json.error.details).toContainEqual(expect.objectContaining({ field: "$.action", code: "enum" }));
  });

  it("answers any JSON body with 201 or a 400 naming a field, never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        const response = await post("/_sandbox/certificates", body, organization.token);
        expect([201, 400]).toContain(response.status);
        if (response.status === 400) expect(response.json.error.details.length).toBeGreaterThan(0);
      }),
      { numRuns: 60 },
    );
  });

  it("takes a missing body where every field has a default", async () => {
    const response = await http(`${sandbox.url}/_sandbox/certificates`, {
      method: "POST",
      headers: { authorization: `Bearer ${organization.token}` },
    });
    expect(response.status).toBe(201);
    expect(response.json.created).toBe(1);
  });
});

describe("credentials", () => {
  it.each([
    ["no token", undefined],
    ["an unknown token", "nosuchtoken0123456789"],
  ])("answers 401 unauthenticated with %s", async (_name, token) => {
    const response = await post("/_sandbox/certificates", { count: 1 }, token);
    expect(response.status).toBe(401);
    expect(response.json.error.code).toBe("unauthenticated");
  });

  it("makes organizations and serves documents without one", async () => {
    expect((await post("/_sandbox/organizations", {})).status).toBe(201);
    expect((await http(`${sandbox.url}/_sandbox/documents/sr_missing/0`)).status).toBe(404);
  });
});

describe("one port, separate conventions", () => {
  it("answers an unknown control path with its own 404, outside the public API's rate limit", async () => {
    const response = await http(`${sandbox.url}/_sandbox/nothing-here`);
    expect(response.status).toBe(404);
    expect(response.json.error.code).toBe("not_found");
    expect(response.headers.get("request-id")).toMatch(/^req_/);
    expect(response.headers.get("ratelimit-limit")).toBeNull();
  });

  it("answers every other unknown path as the public API does, with its rate-limit headers", async () => {
    const response = await http(`${sandbox.url}/nothing-here`, { headers: { authorization: `Bearer ${organization.token}` } });
    expect(response.status).toBe(404);
    expect(response.json.error.code).toBe("not_found");
    expect(response.headers.get("ratelimit-limit")).not.toBeNull();
  });

  it("serves the console without the public API's conventions", async () => {
    const response = await http(`${sandbox.url}/console/`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("ratelimit-limit")).toBeNull();
  });
});

describe("endpoint secrets and resends", () => {
  it("rolls a secret (the old one still signing for a grace period), reveals the current one, and resends a delivery", async () => {
    const receiver = createServer((_request, response) => response.writeHead(200).end()).listen(0, "127.0.0.1");
    await new Promise((resolve) => receiver.once("listening", resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
      const added = await post("/_sandbox/webhook-endpoints", { url }, organization.token);
      const id = added.json.id as string;
      const get = (path: string) => http(`${sandbox.url}${path}`, { headers: { authorization: `Bearer ${organization.token}` } });

      const rolled = await post(`/_sandbox/webhook-endpoints/${id}/roll-secret`, {}, organization.token);
      expect(rolled.status).toBe(200);
      expect(rolled.json.secret).toMatch(/^whsec_/);
      expect(rolled.json.secret).not.toBe(added.json.secret);
      expect(Date.parse(rolled.json.previous_secret_expires_at)).toBeGreaterThan(Date.now());
      expect((await get(`/_sandbox/webhook-endpoints/${id}/secret`)).json).toEqual({ secret: rolled.json.secret });

      const test = await post(`/_sandbox/webhook-endpoints/${id}/test`, {}, organization.token);
      const deliveryId = test.json.attempt.delivery_id as string;
      const resent = await post(`/_sandbox/webhook-endpoints/${id}/deliveries/${deliveryId}/resend`, {}, organization.token);
      expect(resent.status).toBe(202);
      expect(resent.json.delivery_id).not.toBe(deliveryId);
      await expect
        .poll(async () =>
          (await get(`/_sandbox/webhook-endpoints/${id}/attempts`)).json.items.map((item: { delivery_id: string }) => item.delivery_id),
        )
        .toContain(resent.json.delivery_id);

      // Another organization sees none of it.
      const other = await createOrganization(sandbox.url);
      expect((await post(`/_sandbox/webhook-endpoints/${id}/roll-secret`, {}, other.token)).status).toBe(404);
      expect((await post(`/_sandbox/webhook-endpoints/${id}/deliveries/${deliveryId}/resend`, {}, other.token)).status).toBe(404);
    } finally {
      receiver.close();
    }
  });
});
