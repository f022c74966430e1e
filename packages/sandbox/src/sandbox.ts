// The sandbox: the public API of the interface document on @signing-platform/server, the
// control API and console beside it on the same port, and webhooks delivered for real by
// @signing-platform/webhooks' engine. In memory by default; with `stateDir`, the platform
// state, the delivery queue and idempotency live in a folder so that a restarted sandbox
// carries on where it stopped (`serve`'s default); with `redisUrl`, they and the rate limits
// live in Redis so that several sandbox processes serve as one.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  createApiServer,
  signingPlatformApi,
  specBaseUrl,
  type CredentialResolver,
  type OperationHandlers,
  type Quota,
} from "@signing-platform/server";
import { redisIdempotencyStore, redisRateLimitStore } from "@signing-platform/server/redis";
import {
  type AttemptRecord,
  createDeliveryEngine,
  createMemoryDeliveryStore,
  defaultDeliveryRetrySchedule,
} from "@signing-platform/webhooks/delivery";
import { createRedisDeliveryStore } from "@signing-platform/webhooks/redis";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { deliveryEntry, logRequests, type SandboxLogEntry } from "./activity-log.js";
import { loadApiDocument, type JsonObject } from "./api-document.js";
import { everyCapability, operationCapabilities } from "./capabilities.js";
import { consoleRoutes } from "./console-files.js";
import { controlApi } from "./control/control-api.js";
import { randomAlphanumeric } from "./domain/ids.js";
import { createPlatform, type Platform } from "./platform.js";
import { publicHandlers } from "./public/handlers.js";
import { schemaServedOperations } from "./public/schema-served.js";
import { simulatedErrorOf } from "./public/simulated-errors.js";
import { createRequestLog, requestLogging } from "./request-log.js";
import { createMemoryState } from "./state/memory-state.js";
import { connectRedis, redactedUrl } from "./state/connect-redis.js";
import { type FileStore, openFileStore } from "./state/file-store.js";
import { createRedisState } from "./state/redis-state.js";

const packageRoot = fileURLToPath(new URL("..", import.meta.url));
// The reference page is self-contained (scripts/docs.mjs); this makes sure it stays so.
const REFERENCE_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src blob:";

/** How {@link startSandbox} runs the sandbox: where it listens, where it keeps its state, how it answers. */
export interface SandboxOptions {
  /** The port to listen on (default 4010; 0 for one the system picks). */
  port?: number;
  /** The address to listen on (default 127.0.0.1). */
  host?: string;
  /** Share state, idempotency, rate limits and the delivery queue through this Redis. */
  redisUrl?: string;
  /**
   * Keep the state in this folder (made if missing, the database in its `sandbox` folder) so
   * that a restart carries on: organizations and their tokens, signing requests, enrollments,
   * certificates, webhook endpoints, deliveries and attempts, idempotency records (rate limits
   * start afresh). One sandbox at a time per folder. Default: in memory. Not with `redisUrl`.
   */
  stateDir?: string;
  /** With `stateDir`: delete what the folder's store holds first, and start afresh. */
  resetState?: boolean;
  /**
   * The public URL, for the URLs the sandbox writes (`next` links, documents' content_url).
   * Default: http://host:port. Give the address in front of several instances on one Redis
   * so that what one writes, every one serves.
   */
  baseUrl?: string;
  /** Requests per organization and endpoint (default 1000 per 60 s). */
  quota?: Quota;
  /**
   * Scales the webhook retry schedule and window (default 1): 0.001 runs the 24-hour
   * schedule in under 90 s, for testing a receiver's retry handling.
   */
  webhookTimeScale?: number;
  /** Check every response against the spec (default true: the sandbox is the contract running). */
  checkResponses?: boolean;
  /**
   * Told of every API call (the console's and the reference's own requests aside) and every
   * webhook delivery attempt, as they happen; `serve` prints them. Entries hold no secret.
   */
  onLog?: (entry: SandboxLogEntry) => void;
}

/** A running sandbox: its URLs, where its state is, and how to stop it. */
export interface Sandbox {
  /** The public URL: the one the sandbox writes into `next` and content_url. */
  url: string;
  /** Where this process listens. */
  localUrl: string;
  /** Where the state is: `memory`, `file <folder>`, or `Redis <url>` with any password as `***`. */
  store: string;
  /** Stops the delivery engine and the server, then closes the state store. */
  close(): Promise<void>;
}

/** The reference as this sandbox serves it: its own URL as the server, and in every request sample. */
function referenceFor(page: string, baseUrl: string): string {
  // The server is `{base_url}` in the document (its descriptions quote it so too), and the
  // samples are written with its default, the spec's server URL (scripts/docs.mjs).
  return page.replaceAll("{base_url}", baseUrl).replaceAll(specBaseUrl, baseUrl);
}

/** `/`: where to go from here, and the first commands, each block runnable pasted whole into bash. */
function homePage(baseUrl: string): string {
  // Lines stay under 80 characters and wrap where the screen is narrower, so that no command
  // is cut off on a phone; the CLI lines name this sandbox, whichever port it is on.
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Signing Platform sandbox</title>
<style>
:root{color-scheme:light dark;--fg:#1a1a1a;--bg:#fff;--code:#f4f4f5;--link:#0b57d0}
@media (prefers-color-scheme:dark){:root{--fg:#e6e6e6;--bg:#0d1117;--code:#161b22;--link:#8ab4f8}}
body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:var(--fg);background:var(--bg)}
code,pre{font:13px/1.45 ui-monospace,monospace}
pre{background:var(--code);padding:.75rem;border-radius:6px;white-space:pre-wrap;overflow-wrap:anywhere}
a{color:var(--link)}
</style>
</head><body>
<main>
<h1>Signing Platform sandbox</h1>
<p>The public API of the interface document with every convention, the control API under <code>/_sandbox</code>, and webhooks delivered for real.</p>
<ul>
<li><a href="/console/">Webhook console</a>: an organization, endpoints, attempts, and its API calls with their bodies.</li>
<li><a href="/docs">API reference</a>, with a curl and an SDK sample for every operation.</li>
<li><a href="/docs/sandbox">Control API reference</a>: organizations, signing requests driven as the signer, certificates, webhook endpoints, and <code>Sandbox-Simulate-Error</code>.</li>
<li>OpenAPI documents: <a href="/docs/openapi.yaml">the public API's</a> and <a href="/docs/sandbox/openapi.yaml">the control API's</a>.</li>
</ul>
<h2>An organization and its first call</h2>
<p>An organization of your own, its access token in <code>$TOKEN</code> (every sample of the references reads it from there), and a first call of the public API:</p>
<pre id="first-call">export TOKEN=$(curl -s -X POST ${baseUrl}/_sandbox/organizations \\
  -H 'content-type: application/json' -d '{}' \\
  | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')
curl -s ${baseUrl}/certificates -H "authorization: Bearer $TOKEN"</pre>
<h2>Events in your own app</h2>
<p>In the same terminal: save the token for the command line, then forward every event to your app on port 3000. <code>listen</code> prints the endpoint's signing secret and keeps running (Ctrl-C stops it):</p>
<pre id="listen">npx signing-platform login --token "$TOKEN" --base-url ${baseUrl}
npx signing-platform listen --forward-to localhost:3000/webhooks \\
  --base-url ${baseUrl}</pre>
<p>In another terminal, make an event happen: a signing request accepted and completed as its signer would.</p>
<pre id="trigger">npx signing-platform trigger signing_request.completed \\
  --base-url ${baseUrl}</pre>
<p>The whole walkthrough is in the repository's <code>docs/sandbox.md</code>.</p>
</main>
</body></html>
`;
}

async function staticPages(app: FastifyInstance, { baseUrl }: { baseUrl: () => string }): Promise<void> {
  app.get("/", async (_request, reply) =>
    reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(homePage(baseUrl())),
  );
  await consoleRoutes(app, join(packageRoot, "console"));
  // Browsers ask for it on every page; it is no operation of the API.
  app.get("/favicon.ico", async (_request, reply) => reply.code(204).send());
  // The API reference of `npm run docs` and the control API's, built into dist/ by this package's build.
  const pages = new Map<string, string>();
  const reference = (file: string) => async (_request: FastifyRequest, reply: FastifyReply) => {
    let page = pages.get(file);
    if (page === undefined) {
      try {
        page = await readFile(join(packageRoot, "dist", "reference", file), "utf8");
      } catch {
        return reply.code(404).type("text/plain").send("The API reference is not built: run `npm run build`.");
      }
      pages.set(file, page);
    }
    reply.type("text/html; charset=utf-8").header("content-security-policy", REFERENCE_CSP);
    return referenceFor(page, baseUrl());
  };
  app.get("/docs", reference("index.html"));
  app.get("/docs/sandbox", reference("sandbox.html"));
  // The control API's own document, as the page renders it.
  app.get("/docs/sandbox/openapi.yaml", async (_request, reply) =>
    reply.type("application/yaml; charset=utf-8").send(await readFile(join(packageRoot, "openapi", "control-api.yaml"))),
  );
  // The public API's document, without a token: the pages link to it. Under /docs, as every
  // other path of the root belongs to the public API, which needs a token on each one.
  app.get("/docs/openapi.yaml", async (_request, reply) => {
    try {
      const document = await readFile(join(packageRoot, "dist", "reference", "openapi.yaml"));
      return reply.type("application/yaml; charset=utf-8").send(document);
    } catch {
      return reply.code(404).type("text/plain").send("The API reference is not built: run `npm run build`.");
    }
  });
  app.get("/docs/", async (_request, reply) => reply.redirect("/docs"));
}

/**
 * Starts the sandbox: the public API with every convention, the control API under
 * `/_sandbox`, the console and the references, and webhooks delivered for real.
 *
 * @example
 * ```ts
 * const sandbox = await startSandbox({ port: 0, stateDir: ".signing-platform" });
 * console.log(`sandbox at ${sandbox.url}, state in ${sandbox.store}`);
 * await sandbox.close();
 * ```
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandboxWith(options);
}

/** What the sandbox is made of beyond its options; its tests change them, its users never do. */
export interface SandboxParts {
  /** The hand-written handlers of the public API (default: public/handlers.ts); every other operation is served from its schema. */
  handlers?: (platform: Platform) => Partial<OperationHandlers>;
  /** The public API's document, whose schemas serve what no handler or flow does (default: the copy the sandbox's build made). */
  document?: JsonObject;
}

/** {@link startSandbox} with some of its parts replaced. */
export async function startSandboxWith(options: SandboxOptions = {}, parts: SandboxParts = {}): Promise<Sandbox> {
  const { port = 4010, host = "127.0.0.1", redisUrl, stateDir, quota, webhookTimeScale = 1, checkResponses = true } = options;
  const document = parts.document ?? (await loadApiDocument());
  if (redisUrl && stateDir !== undefined) throw new TypeError("startSandbox takes redisUrl or stateDir, not both.");
  const redis = redisUrl ? await connectRedis(redisUrl) : null;
  const file: FileStore | null = stateDir !== undefined ? await openFileStore(stateDir, { reset: options.resetState ?? false }) : null;
  const state = redis ? createRedisState(redis) : (file?.state ?? createMemoryState());
  const retrySchedule = {
    scheduleSeconds: defaultDeliveryRetrySchedule.scheduleSeconds.map((seconds) => seconds * webhookTimeScale),
    windowSeconds: defaultDeliveryRetrySchedule.windowSeconds * webhookTimeScale,
  };
  const engine = createDeliveryEngine({
    store: redis
      ? createRedisDeliveryStore(redis, { prefix: "signing-platform:sandbox:webhooks:" })
      : (file?.deliveries ?? createMemoryDeliveryStore()),
    retrySchedule,
    pollIntervalMs: 200,
    ...(options.onLog ? { onAttempt: (attempt: AttemptRecord) => options.onLog!(deliveryEntry(attempt)) } : {}),
  });

  // `next` links and content_url are absolute, and on port 0 the port is known only once the
  // server listens: both read the base URL on each request, from here.
  let baseUrl = options.baseUrl?.replace(/\/+$/, "");
  let localUrl = "";
  const currentBaseUrl = () => baseUrl!;
  const platform = createPlatform({ state, engine, baseUrl: currentBaseUrl, document });
  // Operations without a handler are served from their schema; each needs the capability of
  // its tag unless capabilities.ts names its own.
  const capabilities = operationCapabilities(document);
  const schemaServed = schemaServedOperations(document);
  const cursorSecret = await state.sharedSecret("cursor", () => randomAlphanumeric(48));
  // When this state began: a token it does not know is most often one of a state before it.
  const createdAt = await state.sharedSecret("created-at", () => new Date().toISOString());
  const store = redisUrl ? `Redis ${redactedUrl(redisUrl)}` : file ? `file ${file.location}` : "memory";
  const since = `${createdAt.slice(0, 10)} ${createdAt.slice(11, 19)} UTC`;
  const refusal = `The access token is not one of this sandbox's organizations: ${
    file || redis
      ? `the state in ${file ? file.location : `Redis at ${redactedUrl(redisUrl!)}`} was created at ${since}`
      : `this sandbox keeps its state in memory and started afresh at ${since}`
  }. POST /_sandbox/organizations makes an organization and its token.`;

  const resolver: CredentialResolver = {
    async resolveAccessToken(token) {
      const organization = await platform.organizationOfToken(token);
      return organization
        ? { applicationId: organization.applicationId, organizationId: organization.id, capabilities: organization.capabilities }
        : null;
    },
    refusedAccessTokenMessage: () => refusal,
  };

  // One instance, one port: the public API in a context of its own (its hooks, its 404 for
  // every path no other route takes), the control API under /_sandbox, the console and the
  // reference beside them with none of the public API's conventions.
  const app = createApiServer();
  if (options.onLog) logRequests(app, options.onLog);
  // The public API's calls of each organization, for the console's Logs (in memory only).
  const requestLog = createRequestLog();
  app.register(async (api) => {
    await api.register(signingPlatformApi, {
      handlers: (parts.handlers ?? publicHandlers)(platform),
      fallback: schemaServed.fallback,
      authentication: { resolver, capabilities },
      cursorSecret,
      baseUrl: currentBaseUrl,
      idempotency: redis
        ? { store: redisIdempotencyStore(redis, { keyPrefix: "signing-platform:sandbox:idempotency:" }) }
        : file
          ? { store: file.idempotency }
          : {},
      rateLimit: { ...(quota ? { quota } : {}), ...(redis ? { store: redisRateLimitStore(redis) } : {}) },
      checkResponses,
      // Sandbox-Simulate-Error, then the 501 of an operation no value of its schema can answer:
      // after authentication, before validation and the Idempotency-Key.
      rejectRequest: (request, operation) => simulatedErrorOf(request, operation) ?? schemaServed.refusalOf(operation),
    });
    // Last, so that it keeps each answer as it was sent.
    await api.register(requestLogging, { log: requestLog });
  });
  app.register(controlApi, {
    prefix: "/_sandbox",
    platform,
    engine,
    resolver,
    requestLog,
    defaultCapabilities: everyCapability(capabilities),
  });
  app.register(staticPages, { baseUrl: currentBaseUrl });

  try {
    await app.listen({ port, host });
    const address = app.server.address();
    const boundPort = typeof address === "object" && address ? address.port : port;
    localUrl = `http://${host.includes(":") ? `[${host}]` : host}:${boundPort}`;
    baseUrl ??= localUrl;
  } catch (error) {
    // Nothing may keep the process alive after a failed start: the Redis connection least of all.
    await Promise.allSettled([app.close(), state.close()]);
    await file?.close();
    redis?.disconnect();
    throw error;
  }
  engine.start();

  return {
    url: currentBaseUrl(),
    localUrl,
    store,
    async close() {
      await engine.stop();
      await app.close();
      await state.close();
      await file?.close();
      redis?.disconnect();
    },
  };
}
