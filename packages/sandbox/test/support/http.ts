// Plain HTTP against a sandbox process: the public API with a bearer token, and the control
// API (/_sandbox) that makes organizations, drives signing requests and manages endpoints.
import { randomBytes } from "node:crypto";

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** The body exactly as received. */
  text: string;
  /** The body parsed as JSON, or undefined when it is empty or not JSON. */
  json: any;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as JSON with `content-type: application/json`. */
  json?: unknown;
  /** Sent as it is (set the content type yourself). */
  body?: string;
}

export async function http(url: string, options: RequestOptions = {}): Promise<HttpResponse> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(url, { method: options.method ?? (body === undefined ? "GET" : "POST"), headers, body });
  const text = await response.text();
  let json: any;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A fresh Idempotency-Key: 32 alphanumeric characters from the CSPRNG (docs/decisions.md#idempotency-keys). */
export function newIdempotencyKey(): string {
  return [...randomBytes(32)].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join("");
}

/** Identity evidence that passes the check of POST /enrollments. */
export function completeEnrollment(extra: Record<string, unknown> = {}) {
  return { identity_evidence: { document_type: "passport", issuing_office: "Passport Office, Pretoria" }, ...extra };
}

export type SigningAction = "accept" | "enter_code" | "decline" | "cancel" | "expire";

/** One organization of a sandbox: its public API calls with its token, and the control API. */
export class Organization {
  constructor(
    readonly baseUrl: string,
    readonly id: string,
    readonly token: string,
  ) {}

  private auth(headers: Record<string, string> = {}) {
    return { authorization: `Bearer ${this.token}`, ...headers };
  }

  /** A public or control GET with this organization's token. */
  get(path: string, headers: Record<string, string> = {}) {
    return http(`${this.baseUrl}${path}`, { headers: this.auth(headers) });
  }

  /** A JSON POST with this organization's token. */
  post(path: string, json: unknown, headers: Record<string, string> = {}) {
    return http(`${this.baseUrl}${path}`, { method: "POST", json, headers: this.auth(headers) });
  }

  delete(path: string) {
    return http(`${this.baseUrl}${path}`, { method: "DELETE", headers: this.auth() });
  }

  /** POST /enrollments with a fresh (or the given) Idempotency-Key. */
  createEnrollment(body: unknown, key = newIdempotencyKey(), headers: Record<string, string> = {}) {
    return this.post("/enrollments", body, { "idempotency-key": key, ...headers });
  }

  getSigningRequest(id: string, headers: Record<string, string> = {}) {
    return this.get(`/v1/signing-requests/${encodeURIComponent(id)}`, headers);
  }

  getCertificate(id: string, headers: Record<string, string> = {}) {
    return this.get(`/certificates/${encodeURIComponent(id)}`, headers);
  }

  listCertificates(query: Record<string, string | number> = {}) {
    const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
    return this.get(`/certificates${search.size > 0 ? `?${search}` : ""}`);
  }

  // The control API (/_sandbox), which stands in for the signer and the console.

  async newSigningRequest(options: { documents?: number; first_time_signer?: boolean; signing_fails?: boolean } = {}): Promise<any> {
    return expectStatus(await this.post("/_sandbox/signing-requests", options), 201, "create a signing request");
  }

  act(id: string, action: SigningAction, code?: string) {
    return this.post(`/_sandbox/signing-requests/${encodeURIComponent(id)}/actions`, code === undefined ? { action } : { action, code });
  }

  async addCertificates(count: number): Promise<string[]> {
    return (expectStatus(await this.post("/_sandbox/certificates", { count }), 201, "add certificates") as { ids: string[] }).ids;
  }

  removeCertificate(id: string) {
    return this.delete(`/_sandbox/certificates/${encodeURIComponent(id)}`);
  }

  /** Registers a webhook endpoint; resolves to it with its secret (shown this once). */
  async addWebhookEndpoint(url: string): Promise<{ id: string; url: string; secret: string; enabled: boolean }> {
    return expectStatus(await this.post("/_sandbox/webhook-endpoints", { url }), 201, "add a webhook endpoint");
  }

  async attempts(endpointId: string): Promise<any[]> {
    return expectStatus(await this.get(`/_sandbox/webhook-endpoints/${encodeURIComponent(endpointId)}/attempts`), 200, "list attempts")
      .items;
  }
}

export function expectStatus(response: HttpResponse, status: number, what: string): any {
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status}: ${response.text}`);
  return response.json;
}

/** POST /_sandbox/organizations: a new organization with a bearer token of a new application. */
export async function createOrganization(baseUrl: string, capabilities?: string[]): Promise<Organization> {
  const response = await http(`${baseUrl}/_sandbox/organizations`, { method: "POST", json: capabilities ? { capabilities } : {} });
  const body = expectStatus(response, 201, "create an organization");
  return new Organization(baseUrl, body.organization_id, body.access_token);
}

/** The same organization seen through another sandbox process (same token, other base URL). */
export function sameOrganizationOn(baseUrl: string, organization: Organization): Organization {
  return new Organization(baseUrl, organization.id, organization.token);
}

/** Polls `read` until `done` holds for its value; throws after the deadline (a hang, never a timing assertion). */
export async function eventually<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  what: string,
  deadlineMs = 30_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > deadlineMs)
      throw new Error(`gave up waiting for ${what} after ${deadlineMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
