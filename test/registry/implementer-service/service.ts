// A signing service as an implementer writes it on @signing-platform/server, installed by name:
// the operations of its own document (openapi.yaml), typed by the handlers generated from it
// (`signing-platform generate --target server`), its data in memory, and no descriptor written
// by hand. FAULT breaks one rule, for the conformance kit to find.
import { randomBytes } from "node:crypto";
import {
  createApp,
  keysetSlice,
  memoryIdempotencyStore,
  notFound,
  staticCredentialResolver,
  type IdempotencyStore,
  type PagedHandlerContext,
} from "@signing-platform/server";
import type { components, Handlers } from "./generated/handlers.js";

type SigningRequest = components["schemas"]["SigningRequest"];
type WebhookEndpoint = components["schemas"]["WebhookEndpoint"];
interface Stored<Record> {
  organizationId: string;
  sequence: number;
  record: Record;
}

const fault = process.env.FAULT ?? "";
const tokens = Object.fromEntries(
  [
    [process.env.TOKEN_A!, "org_a"],
    [process.env.TOKEN_B!, "org_b"],
  ].map(([token, organizationId]) => [
    token,
    { principal: { applicationId: `app_${organizationId}`, organizationId: organizationId!, capabilities: [] } },
  ]),
);

const signingRequests: Stored<SigningRequest>[] = [];
const webhookEndpoints: Stored<WebhookEndpoint>[] = [];
let sequence = 0;
const idOf = (prefix: string) => `${prefix}_${randomBytes(9).toString("hex")}`;
const ownedBy = <Record>(all: Stored<Record>[], organizationId: string) => all.filter((stored) => stored.organizationId === organizationId);
const positionOf = (stored: Stored<unknown>) => ({ key: String(stored.sequence).padStart(12, "0"), id: String(stored.sequence) });

async function pageOf<Record>(all: Stored<Record>[], context: PagedHandlerContext<unknown>) {
  const own = ownedBy(all, context.principal.organizationId);
  const page = await context.paginate({
    positionOf,
    source: (query) => {
      const slice = keysetSlice(own, positionOf, query);
      return fault === "page-skips-a-record" && query.after ? slice.slice(1) : slice;
    },
  });
  return { status: 200 as const, body: { ...page, items: page.items.map((stored) => (stored as Stored<Record>).record) } };
}

function newSigningRequest(organizationId: string, name: string, signerEmail?: string): Stored<SigningRequest> {
  const id = idOf("sr");
  const record: SigningRequest = {
    id,
    object: "signing_request",
    status: "pending",
    documents: [{ name, content_url: `https://files.example.com/${id}.pdf` }],
    client_secret: randomBytes(16).toString("hex"),
    ...(signerEmail ? { signer_email: signerEmail } : {}),
  };
  const stored = { organizationId, sequence: ++sequence, record };
  signingRequests.push(stored);
  return stored;
}
for (let made = 1; made <= 5; made++) newSigningRequest("org_a", `document ${made}`);

/** A store that keeps no outcome of a cancel, so the same key runs the cancel again. */
function forgetsCancels(store: IdempotencyStore): IdempotencyStore {
  return {
    claim: (key, fingerprint, leaseMs) => store.claim(key, fingerprint, leaseMs),
    complete: (key, token, outcome, ttlMs) =>
      key.includes("/cancel ") ? store.release(key, token) : store.complete(key, token, outcome, ttlMs),
    release: (key, token) => store.release(key, token),
  };
}

const handlers: Handlers = {
  createSigningRequest: ({ body }, { principal }) => ({
    status: 201,
    body: newSigningRequest(principal.organizationId, body.document_name, body.signer_email).record,
  }),
  listSigningRequests: (_request, context) => pageOf(signingRequests, context),
  getSigningRequest: ({ params }, { principal }) => {
    const stored = ownedBy(signingRequests, principal.organizationId).find((candidate) => candidate.record.id === params.id);
    if (!stored) throw notFound();
    return { status: 200, body: stored.record };
  },
  cancelSigningRequest: ({ params }, { principal }) => {
    const visible = fault === "cancel-across-organizations" ? signingRequests : ownedBy(signingRequests, principal.organizationId);
    const stored = visible.find((candidate) => candidate.record.id === params.id);
    if (!stored) throw notFound();
    if (stored.record.status === "canceled")
      return { status: 409, error: { code: "conflict", message: "The signing request is canceled already." } };
    stored.record.status = "canceled";
    return { status: 200, body: stored.record };
  },
  createWebhookEndpoint: ({ body }, { principal }) => {
    const record: WebhookEndpoint = { id: idOf("we"), object: "webhook_endpoint", url: body.url };
    webhookEndpoints.push({ organizationId: principal.organizationId, sequence: ++sequence, record });
    return { status: 201, body: { ...record, client_secret: randomBytes(16).toString("hex") } };
  },
  listWebhookEndpoints: (_request, context) => pageOf(webhookEndpoints, context),
  deleteWebhookEndpoint: ({ params }, { principal }) => {
    const at = webhookEndpoints.findIndex((stored) => stored.record.id === params.id && stored.organizationId === principal.organizationId);
    if (at < 0) throw notFound();
    webhookEndpoints.splice(at, 1);
    return { status: 204 };
  },
};

const app = createApp<Handlers>({
  document: "openapi.yaml",
  cursorSecret: process.env.CURSOR_SECRET!,
  baseUrl: process.env.BASE_URL!,
  authentication: { resolver: staticCredentialResolver({ tokens }) },
  idempotency: { store: fault === "cancel-never-replays" ? forgetsCancels(memoryIdempotencyStore()) : memoryIdempotencyStore() },
  handlers,
});
if (fault === "list-without-entity-tag")
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method === "GET" && request.url.startsWith("/v1/signing-requests?")) reply.removeHeader("etag");
    return payload;
  });

await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
console.log(`listening on ${process.env.BASE_URL}`);
