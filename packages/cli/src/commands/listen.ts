// `signing-platform listen --forward-to URL`: registers a webhook endpoint on a sandbox, prints
// its signing secret, and forwards every delivery to a local app with its original headers and
// body, so the app verifies the signature as it would in production. One line per event with
// the app's answer, which is also the sandbox's: a failing app gets retries on the schedule.
// Like Stripe's CLI it remembers: the next `listen` to the same app on the same sandbox turns
// the same endpoint back on, with the same secret (cli-config.ts). On Ctrl-C (SIGINT) or
// SIGTERM it turns the endpoint off and stops; it stops by itself when the sandbox forgets it.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eventCatalogue } from "@signing-platform/types";
import { parseCommandArguments } from "../arguments.js";
import { EXIT, type Command } from "../command.js";
import { type ChosenToken, chooseToken, readProfile, TOKEN_VARIABLE, updateProfile } from "../sandbox/cli-config.js";
import { SandboxControl } from "../sandbox/control-client.js";
import { didYouMean, UnusableInputError } from "@signing-platform/contract/input";
import { DEFAULT_SANDBOX_URL, sandboxUrl } from "./trigger.js";

/** Hop-by-hop and framing headers: the forwarding request sets its own. */
const NOT_FORWARDED = new Set(["host", "connection", "keep-alive", "transfer-encoding", "content-length"]);
const FORWARD_TIMEOUT_MS = 10_000;
/** How often it asks the sandbox whether the endpoint is still there. */
const WATCH_INTERVAL_MS = 5_000;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The app's URL; `localhost:3000/webhooks`, as people type it, is read as http://. */
export function forwardUrl(value: string | undefined): string {
  const url = value && !/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? `http://${value}` : value;
  if (!url || !/^https?:\/\/[^\s/]+/.test(url))
    throw new UnusableInputError(
      "--forward-to must be your app's webhook route: http://localhost:3000/webhooks, or localhost:3000/webhooks.",
    );
  return url;
}

/** The event types of --events, each one of the catalogue's. */
function eventFilter(value: string | undefined): Set<string> | undefined {
  if (value === undefined) return undefined;
  const known = eventCatalogue.map((event) => event.type);
  const types = value
    .split(",")
    .map((type) => type.trim())
    .filter(Boolean);
  for (const type of types)
    if (!known.includes(type as never))
      throw new UnusableInputError(`--events: unknown event type "${type}".${didYouMean(type, known)} The types: ${known.join(", ")}.`);
  if (types.length === 0) throw new UnusableInputError("--events needs at least one event type.");
  return new Set(types);
}

function listenOn(server: Server, port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => (error.code === "EADDRINUSE" ? resolve(false) : reject(error));
    server.once("error", failed);
    server.listen(port, host, () => {
      server.off("error", failed);
      resolve(true);
    });
  });
}

export const listen: Command = {
  name: "listen",
  summary: "Forward a sandbox's webhook deliveries to a local app, through an endpoint it keeps.",
  usage: `Usage: signing-platform listen --forward-to URL [--events type,…] [--token T] [--base-url ${DEFAULT_SANDBOX_URL}]

Adds a webhook endpoint to the sandbox, prints its signing secret, and forwards every
delivery to URL with its original headers and body (verify it with the printed secret).
Prints one line per event with your app's answer, which the sandbox takes as the endpoint's.
Ctrl-C turns the endpoint off; the next listen to the same URL on the same sandbox turns it
on again, with the same secret.

  --forward-to URL   your app's webhook route: http://localhost:3000/webhooks (or without
                     the http://)
  --events types     forward only these event types (comma-separated); the others are
                     acknowledged with 204 and not forwarded
  --token T          a sandbox organization's token (default: $${TOKEN_VARIABLE}, else the one
                     \`signing-platform login\` saved, else a new organization, printed and saved)
  --base-url URL     the sandbox (default ${DEFAULT_SANDBOX_URL})
  --host H           where the forwarder listens for the sandbox (default 127.0.0.1)

Exit status: 0 stopped by Ctrl-C or SIGTERM, 1 the sandbox forgot the endpoint (it restarted),
2 unusable arguments or a sandbox that cannot be reached.
`,
  async run(args, io) {
    const { values } = parseCommandArguments(
      args,
      {
        "forward-to": { type: "string" },
        events: { type: "string" },
        token: { type: "string" },
        "base-url": { type: "string" },
        host: { type: "string" },
      },
      { min: 0, max: 0, names: "no positional arguments" },
    );
    const target = forwardUrl(values["forward-to"]);
    const only = eventFilter(values.events);
    const base = sandboxUrl(values["base-url"]);
    const { token, from } = await organizationToken(base, values.token, (line) => io.stdout.write(line));
    const sandbox = new SandboxControl(base, token);

    const server = createServer(async (request, response) => {
      const body = await readBody(request);
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => !NOT_FORWARDED.has(name))
          .map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value ?? "")]),
      );
      const type = headers["service-event"] ?? "(no Service-Event)";
      if (only && !only.has(type)) {
        response.writeHead(204).end();
        return;
      }
      let eventId = "";
      try {
        eventId = (JSON.parse(body.toString("utf8")) as { id?: string }).id ?? "";
      } catch {}
      const time = new Date().toISOString().replace("T", " ").slice(0, 19);
      try {
        const answer = await fetch(target, {
          method: "POST",
          headers,
          body: new Uint8Array(body),
          signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
        });
        const text = await answer.text();
        io.stdout.write(`${time}  --> ${type} [${eventId}]  <-- ${answer.status}\n`);
        response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "text/plain" }).end(text);
      } catch (error) {
        const reason = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
        io.stdout.write(`${time}  --> ${type} [${eventId}]  <-- could not reach ${target} (${reason})\n`);
        response.writeHead(502, { "content-type": "text/plain" }).end(`could not reach ${target}`);
      }
    });
    const host = values.host ?? "127.0.0.1";
    let endpoint: { id: string; secret: string; reused: boolean };
    try {
      endpoint = await openEndpoint(sandbox, server, host, target);
    } catch (error) {
      server.close();
      throw error;
    }
    // A command that runs as printed: a type this listen forwards, and the token as trigger will
    // find it (the saved one needs no flag; one given by flag is the user's own, shown back).
    const example = only ? [...only][0] : "signing_request.completed";
    const tokenFlag = from === "flag" ? ` --token ${token}` : "";
    const where = from === "variable" ? ` (with ${TOKEN_VARIABLE} set, as here)` : "";
    io.stdout.write(
      `Ready. Forwarding ${only ? [...only].join(", ") : "the events"} of this organization to ${target}\n` +
        `  endpoint ${endpoint.id}${endpoint.reused ? " (the one of the last listen)" : ""}, signing secret ${endpoint.secret}\n` +
        `  make events with: npx signing-platform trigger ${example}${tokenFlag}${values["base-url"] ? ` --base-url ${base}` : ""}${where}\n`,
    );

    const status = await new Promise<number>((resolve) => {
      const stop = () => resolve(EXIT.ok);
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
      // A sandbox that restarted in memory (--state memory) knows neither the token nor the endpoint.
      const watch = setInterval(() => {
        sandbox.call("GET", "/webhook-endpoints").then(
          ({ body }) => {
            if (!(body.items as { id: string }[]).some((item) => item.id === endpoint.id)) forgotten("the endpoint is gone");
          },
          (error: Error) => {
            if (/→ 401/.test(error.message)) forgotten("it no longer knows the organization");
          },
        );
      }, WATCH_INTERVAL_MS);
      watch.unref();
      const forgotten = (why: string) => {
        clearInterval(watch);
        io.stdout.write(`The sandbox at ${base} forgot endpoint ${endpoint.id} (${why}): it restarted. Run listen again.\n`);
        resolve(EXIT.failed);
      };
      server.once("close", () => clearInterval(watch));
    });
    if (status === EXIT.ok) await sandbox.call("POST", `/webhook-endpoints/${endpoint.id}/disable`).catch(() => undefined);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    if (status === EXIT.ok)
      io.stdout.write(`Stopped; endpoint ${endpoint.id} turned off, kept for the next listen to ${target} (same secret).\n`);
    return status;
  },
};

/**
 * The organization's token: --token, $SIGNING_PLATFORM_TOKEN or the saved one, else a new
 * organization, saved so that the next listen keeps it (and its endpoint). A saved token the
 * sandbox no longer knows (it restarted) is replaced by a new organization, saying so.
 */
async function organizationToken(base: string, explicit: string | undefined, say: (line: string) => void): Promise<ChosenToken> {
  const chosen = chooseToken(base, explicit);
  if (chosen?.from === "saved") {
    try {
      await new SandboxControl(base, chosen.token).call("GET", "/webhook-endpoints");
      return chosen;
    } catch (error) {
      if (!/→ 401/.test((error as Error).message)) throw error;
      say(`The sandbox at ${base} does not know the saved token (it restarted): making a new organization.\n`);
    }
  } else if (chosen) return chosen;
  const organization = await new SandboxControl(base).createOrganization();
  updateProfile(base, () => ({ token: organization.token, organizationId: organization.id, listeners: {} }));
  say(`Created organization ${organization.id}; its access token: ${organization.token} (saved: trigger uses it)\n`);
  return { token: organization.token, from: "saved" };
}

/** The endpoint the last listen to `target` left, turned on again where it still is; else a new one, remembered. */
async function openEndpoint(
  sandbox: SandboxControl,
  server: Server,
  host: string,
  target: string,
): Promise<{ id: string; secret: string; reused: boolean }> {
  const saved = readProfile(sandbox.baseUrl).listeners?.[target];
  if (saved) {
    const { body } = await sandbox.call("GET", "/webhook-endpoints");
    const still = (body.items as { id: string }[]).some((item) => item.id === saved.endpointId);
    // Its URL names the port the forwarder had: the same port, or a new endpoint.
    if (still && (await listenOn(server, saved.port, host))) {
      await sandbox.call("POST", `/webhook-endpoints/${saved.endpointId}/enable`);
      const { body: revealed } = await sandbox.call("GET", `/webhook-endpoints/${saved.endpointId}/secret`);
      return { id: saved.endpointId, secret: revealed.secret, reused: true };
    }
  }
  if (!server.listening) await listenOn(server, 0, host);
  const { port } = server.address() as AddressInfo;
  const { body } = await sandbox.call("POST", "/webhook-endpoints", { url: `http://${host.includes(":") ? `[${host}]` : host}:${port}/` });
  updateProfile(sandbox.baseUrl, (profile) => ({
    ...profile,
    listeners: { ...profile.listeners, [target]: { endpointId: body.id, port } },
  }));
  return { id: body.id, secret: body.secret, reused: false };
}
