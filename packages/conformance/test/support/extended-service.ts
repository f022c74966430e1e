// A small service that keeps the contract of ./extended-document.ts: the sandbox serves the
// platform's operations, and this service, in front of it on loopback, serves the signing
// requests (create, list, read, cancel) and the webhook endpoints (create, list, delete) itself,
// with the conventions the kit checks for them:
// Request-Id and the rate-limit headers on every answer, the error body, keys required, in
// their format, replayed with Idempotent-Replayed and refused for another body, entity tags
// with 304, cursor paging with next, and each organization's requests its own. A token is an
// organization's when the sandbox accepts it. Each fault breaks one of those rules.
import { createHash, createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { startSandbox, type Sandbox } from "@signing-platform/sandbox";
import { request } from "undici";
import { organization } from "./sandbox-data.js";

/** One rule the service breaks. */
export type ExtendedFault =
  /** The create runs again for a key it has seen, where it should replay the first answer. */
  | "create-never-replays"
  /** The cancel runs again for a key it has seen (409 conflict, the request being canceled already). */
  | "cancel-never-replays"
  /** The list's 200 carries no ETag, which the document declares required. */
  | "list-without-entity-tag"
  /** The cancel finds a request of any organization. */
  | "cancel-across-organizations"
  /** A page read with a cursor leaves out the first record after it. */
  | "page-skips-a-record";

export interface ExtendedService {
  url: string;
  /** The requests the service answered itself, as `POST /v1/signing-requests/sr_…/cancel → 200`, in order. */
  served: string[];
  /** A new organization's token, with `count` signing requests and as many certificates. */
  organization(count?: number): Promise<string>;
  close(): Promise<void>;
}

interface SigningRequest {
  id: string;
  object: "signing_request";
  status: string;
  documents: Array<{ content_url: string; name: string }>;
  client_secret: string;
  signer_email?: string;
}

interface Stored {
  organization: string;
  sequence: number;
  record: SigningRequest;
}

interface Outcome {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

const KEY = /^[A-Za-z0-9]{16,128}$/;
const QUOTA = 1_000_000;
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "host"]);
const LARGEST_BODY = 64 * 1024;

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Array<{ field: string; code: string; message: string }> = [],
  ) {
    super(message);
  }
}

const tagOf = (value: unknown) => `"${createHash("sha256").update(JSON.stringify(value)).digest("base64url").slice(0, 27)}"`;

export async function startExtendedService(options: { fault?: ExtendedFault } = {}): Promise<ExtendedService> {
  const { fault } = options;
  const sandbox: Sandbox = await startSandbox({ port: 0, quota: { points: 1_000_000, durationSeconds: 60 } });
  const cursorSecret = randomBytes(32);
  const records: Stored[] = [];
  const endpoints: Array<{ organization: string; sequence: number; record: { id: string; object: "webhook_endpoint"; url: string } }> = [];
  const organizations = new Map<string, Promise<boolean>>();
  const outcomes = new Map<string, { fingerprint: string; outcome: Outcome }>();
  const spent = new Map<string, number>();
  const served: string[] = [];
  let sequence = 0;

  const make = (organization: string, documentName: string, signerEmail?: string): Stored => {
    const id = `sr_${randomBytes(9)
      .toString("base64url")
      .replace(/[^A-Za-z0-9]/g, "x")}`;
    const record: SigningRequest = {
      id,
      object: "signing_request",
      status: "pending",
      documents: [{ content_url: `https://files.example.com/${id}.pdf`, name: documentName }],
      client_secret: `sec_${randomBytes(16).toString("hex")}`,
      ...(signerEmail !== undefined ? { signer_email: signerEmail } : {}),
    };
    const stored = { organization, sequence: ++sequence, record };
    records.push(stored);
    return stored;
  };

  /** The organization of a bearer token the sandbox accepts (the token names it), or null. */
  const organizationOf = async (authorization: string | undefined): Promise<string | null> => {
    const token = /^Bearer (\S+)$/.exec(authorization ?? "")?.[1];
    if (!token) return null;
    if (!organizations.has(token))
      organizations.set(
        token,
        request(new URL("/certificates?limit=1", sandbox.url), { headers: { authorization: `Bearer ${token}` } }).then(async (answer) => {
          await answer.body.dump();
          return answer.statusCode === 200;
        }),
      );
    return (await organizations.get(token)) ? token : null;
  };

  const cursorOf = (after: number) => {
    const payload = Buffer.from(JSON.stringify({ after })).toString("base64url");
    return `${payload}.${createHmac("sha256", cursorSecret).update(payload).digest("base64url")}`;
  };
  const afterOf = (cursor: string): number => {
    const [payload, signature] = cursor.split(".");
    if (!payload || !signature || createHmac("sha256", cursorSecret).update(payload).digest("base64url") !== signature)
      throw new Refusal(400, "bad_request", "The cursor is not one this list served.", [
        { field: "cursor", code: "invalid", message: "unknown cursor" },
      ]);
    return (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { after: number }).after;
  };

  function validated(body: unknown, properties: Record<string, { min: number; max: number; required: boolean }>) {
    if (!body || typeof body !== "object" || Array.isArray(body))
      throw new Refusal(400, "bad_request", "The body is not an object.", [{ field: "$", code: "invalid", message: "expected an object" }]);
    const details: Array<{ field: string; code: string; message: string }> = [];
    for (const [name, { min, max, required }] of Object.entries(properties)) {
      const value = (body as Record<string, unknown>)[name];
      if (value === undefined) {
        if (required) details.push({ field: `$.${name}`, code: "invalid", message: "required" });
      } else if (typeof value !== "string") details.push({ field: `$.${name}`, code: "invalid", message: "expected a string" });
      else if (value.length < min || value.length > max)
        details.push({ field: `$.${name}`, code: "invalid", message: `expected ${min} to ${max} characters` });
    }
    if (details.length > 0) throw new Refusal(400, "bad_request", "The body is not valid.", details);
    return body as Record<string, string | undefined>;
  }

  /** A keyed write: its key required and in its format, its body valid, and its outcome replayed for the same key and body. */
  async function keyed(
    incoming: IncomingMessage,
    raw: Buffer,
    organization: string,
    path: string,
    fields: Parameters<typeof validated>[1],
    run: (body: Record<string, string | undefined>) => Outcome,
    replays: boolean,
  ): Promise<Outcome> {
    if (raw.length > LARGEST_BODY) throw new Refusal(413, "payload_too_large", "The body is too large.");
    if (!(incoming.headers["content-type"] ?? "").startsWith("application/json"))
      throw new Refusal(415, "unsupported_media_type", "Send the body as application/json.");
    const key = incoming.headers["idempotency-key"];
    if (typeof key !== "string")
      throw new Refusal(400, "bad_request", "Idempotency-Key is required.", [
        { field: "Idempotency-Key", code: "invalid", message: "required" },
      ]);
    if (!KEY.test(key))
      throw new Refusal(400, "bad_request", "Idempotency-Key is 16 to 128 letters and digits.", [
        { field: "Idempotency-Key", code: "invalid", message: "format" },
      ]);
    let body: unknown;
    try {
      body = JSON.parse(raw.toString("utf8"));
    } catch {
      throw new Refusal(400, "bad_request", "The body is not JSON.", [{ field: "$", code: "invalid", message: "not JSON" }]);
    }
    // The body is judged before its key is looked up: a body the schema refuses is 400 whatever the key.
    const valid = validated(body, fields);
    const fingerprint = createHash("sha256").update(raw).digest("hex");
    const scope = `${organization} POST ${path} ${key}`;
    const earlier = outcomes.get(scope);
    if (earlier && earlier.fingerprint !== fingerprint)
      throw new Refusal(409, "idempotency_key_reused", "This Idempotency-Key was used with another body.");
    if (earlier && replays) return { ...earlier.outcome, headers: { ...earlier.outcome.headers, "idempotent-replayed": "true" } };
    let outcome: Outcome;
    try {
      outcome = run(valid);
    } catch (error) {
      if (!(error instanceof Refusal) || error.code === "bad_request") throw error;
      outcome = {
        status: error.status,
        body: { error: { code: error.code, message: error.message, details: error.details } },
        headers: {},
      };
    }
    if (!earlier) outcomes.set(scope, { fingerprint, outcome });
    return outcome;
  }

  async function serve(incoming: IncomingMessage, raw: Buffer, organization: string): Promise<Outcome> {
    const url = new URL(incoming.url ?? "/", "http://service");
    const method = incoming.method ?? "GET";
    const own = (found: Stored | undefined) =>
      found && (found.organization === organization || fault === "cancel-across-organizations") ? found : undefined;
    const missing = (id: string) => new Refusal(404, "not_found", `No signing request ${id}.`);
    if (url.pathname === "/v1/signing-requests" && method === "POST") {
      return keyed(
        incoming,
        raw,
        organization,
        url.pathname,
        { document_name: { min: 1, max: 64, required: true }, signer_email: { min: 0, max: 254, required: false } },
        ({ document_name, signer_email }) => {
          const { record } = make(organization, document_name!, signer_email);
          return { status: 201, body: record, headers: { etag: tagOf(record) } };
        },
        fault !== "create-never-replays",
      );
    }
    /** A page of the organization's records of a collection, after the cursor. */
    const list = <T extends { organization: string; sequence: number; record: object }>(
      all: T[],
      view: (record: T["record"]) => object,
    ): Outcome => {
      const limitText = url.searchParams.get("limit");
      const limit = limitText === null ? 25 : Number(limitText);
      if (!/^\d+$/.test(limitText ?? "25") || limit < 1 || limit > 100)
        throw new Refusal(400, "bad_request", "limit is a whole number from 1 to 100.", [
          { field: "limit", code: "invalid", message: "out of bounds" },
        ]);
      const cursor = url.searchParams.get("cursor");
      let after = cursor === null ? 0 : afterOf(cursor);
      if (cursor !== null && fault === "page-skips-a-record")
        after = all.find((stored) => stored.organization === organization && stored.sequence > after)?.sequence ?? after;
      const mine = all.filter((stored) => stored.organization === organization && stored.sequence > after);
      const page = mine.slice(0, limit);
      const next = mine.length > limit ? cursorOf(page.at(-1)!.sequence) : null;
      const nextUrl = next === null ? null : `http://${incoming.headers.host}${url.pathname}?limit=${limit}&cursor=${next}`;
      const body = { items: page.map((stored) => view(stored.record)), cursor: next, next: nextUrl };
      const headers: Record<string, string> = fault === "list-without-entity-tag" ? {} : { etag: tagOf(body) };
      return { status: 200, body, headers };
    };
    if (url.pathname === "/v1/signing-requests" && method === "GET") return list(records, (record) => record);
    if (url.pathname === "/v1/webhook-endpoints" && method === "POST") {
      return keyed(
        incoming,
        raw,
        organization,
        url.pathname,
        { url: { min: 1, max: 2048, required: true } },
        ({ url: target }) => {
          const record = { id: `we_${randomBytes(9).toString("hex")}`, object: "webhook_endpoint" as const, url: target! };
          endpoints.push({ organization, sequence: ++sequence, record });
          const created = { ...record, client_secret: `whsec_${randomBytes(16).toString("hex")}` };
          return { status: 201, body: created, headers: { etag: tagOf(created) } };
        },
        true,
      );
    }
    if (url.pathname === "/v1/webhook-endpoints" && method === "GET") return list(endpoints, (record) => record);
    const endpoint = /^\/v1\/webhook-endpoints\/([^/]+)$/.exec(url.pathname);
    if (endpoint && method === "DELETE") {
      const id = decodeURIComponent(endpoint[1]!);
      const at = endpoints.findIndex((stored) => stored.record.id === id && stored.organization === organization);
      if (at < 0) throw new Refusal(404, "not_found", `No webhook endpoint ${id}.`);
      endpoints.splice(at, 1);
      return { status: 204, body: undefined, headers: {} };
    }
    const read = /^\/v1\/signing-requests\/([^/]+)$/.exec(url.pathname);
    if (read && method === "GET") {
      const id = decodeURIComponent(read[1]!);
      const found = records.find((stored) => stored.record.id === id && stored.organization === organization);
      if (!found) throw missing(id);
      const tag = tagOf(found.record);
      const asked = (incoming.headers["if-none-match"] ?? "").split(",").map((candidate) => candidate.trim().replace(/^W\//, ""));
      if (asked.includes(tag) || asked.includes("*")) return { status: 304, body: undefined, headers: { etag: tag } };
      return { status: 200, body: found.record, headers: { etag: tag } };
    }
    const cancel = /^\/v1\/signing-requests\/([^/]+)\/cancel$/.exec(url.pathname);
    if (cancel && method === "POST") {
      const id = decodeURIComponent(cancel[1]!);
      return keyed(
        incoming,
        raw,
        organization,
        url.pathname,
        { reason: { min: 1, max: 200, required: true } },
        () => {
          const found = own(records.find((stored) => stored.record.id === id));
          if (!found) throw missing(id);
          if (found.record.status === "canceled") throw new Refusal(409, "conflict", `${id} is canceled already.`);
          found.record.status = "canceled";
          return { status: 200, body: found.record, headers: { etag: tagOf(found.record) } };
        },
        fault !== "cancel-never-replays",
      );
    }
    throw new Refusal(404, "not_found", `No operation ${method} ${url.pathname}.`);
  }

  const answer = (outgoing: ServerResponse, organization: string, outcome: Outcome) => {
    const requestId = `req_${randomBytes(12).toString("hex")}`;
    served.push(
      `${outgoing.req.method} ${outgoing.req.url} → ${outcome.status}${outcome.headers["idempotent-replayed"] ? " (replayed)" : ""}`,
    );
    const used = (spent.get(organization) ?? 0) + 1;
    spent.set(organization, used);
    const body = outcome.status >= 400 ? { error: { ...(outcome.body as { error: object }).error, request_id: requestId } } : outcome.body;
    outgoing.writeHead(outcome.status, {
      ...outcome.headers,
      "request-id": requestId,
      "ratelimit-limit": String(QUOTA),
      "ratelimit-remaining": String(Math.max(0, QUOTA - used)),
      "ratelimit-reset": String(Math.ceil(Date.now() / 3_600_000) * 3600),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    });
    outgoing.end(body === undefined ? undefined : JSON.stringify(body));
  };

  const server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    let organization = "anonymous";
    try {
      if (!/^\/v1\/(signing-requests(\/[^/?]+(\/cancel)?)?|webhook-endpoints(\/[^/?]+)?)(\?|$)/.test(incoming.url ?? "")) {
        const headers = Object.fromEntries(
          Object.entries(incoming.headers)
            .filter(([name]) => !HOP_BY_HOP.has(name))
            .map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)]),
        );
        const forwarded = await request(new URL(incoming.url ?? "/", sandbox.url), {
          method: (incoming.method ?? "GET") as "GET",
          headers,
          ...(raw.length > 0 ? { body: raw } : {}),
        });
        const body = Buffer.from(await forwarded.body.arrayBuffer());
        outgoing.writeHead(
          forwarded.statusCode,
          Object.fromEntries(
            Object.entries(forwarded.headers)
              .filter(([name]) => !HOP_BY_HOP.has(name))
              .map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)]),
          ),
        );
        outgoing.end(body);
        return;
      }
      const found = await organizationOf(incoming.headers.authorization);
      if (found === null) {
        answer(outgoing, "anonymous", {
          status: 401,
          body: { error: { code: "unauthenticated", message: "Send a bearer token this service issued.", details: [] } },
          headers: {},
        });
        return;
      }
      organization = found;
      answer(outgoing, organization, await serve(incoming, raw, organization));
    } catch (error) {
      if (error instanceof Refusal)
        answer(outgoing, organization, {
          status: error.status,
          body: { error: { code: error.code, message: error.message, details: error.details } },
          headers: {},
        });
      else
        answer(outgoing, "anonymous", {
          status: 500,
          body: { error: { code: "internal_error", message: "Failed.", details: [] } },
          headers: {},
        });
    }
  });
  // As long as Fastify keeps an idle connection (72 s), so that a client reusing one after a
  // pause, on a loaded machine, does not meet a connection the service has just closed.
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    served,
    async organization(count = 0) {
      const token = await organization(sandbox.url, count);
      for (let made = 0; made < count; made++) make(token, `document ${made + 1}`);
      return token;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sandbox.close();
    },
  };
}
