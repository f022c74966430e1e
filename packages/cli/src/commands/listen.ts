// `signing-platform listen --forward-to URL`: registers a temporary webhook endpoint on a
// sandbox, prints its signing secret, and forwards every delivery to a local app with its
// original headers and body, so the app verifies the signature as it would in production.
// One line per event with the app's answer, which is also the sandbox's: a failing app gets
// retries on the schedule. On Ctrl-C (SIGINT) or SIGTERM it removes the endpoint and stops.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { parseCommandArguments } from "../arguments.js";
import { EXIT, type Command } from "../command.js";
import { SandboxControl } from "../sandbox/control-client.js";
import { UnusableInputError } from "@signing-platform/diff";
import { DEFAULT_SANDBOX_URL, sandboxUrl } from "./trigger.js";

/** Hop-by-hop and framing headers: the forwarding request sets its own. */
const NOT_FORWARDED = new Set(["host", "connection", "keep-alive", "transfer-encoding", "content-length"]);
const FORWARD_TIMEOUT_MS = 10_000;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const listen: Command = {
  name: "listen",
  summary: "Forward a sandbox's webhook deliveries to a local app, through a temporary endpoint.",
  usage: `Usage: signing-platform listen --forward-to URL [--token T] [--base-url ${DEFAULT_SANDBOX_URL}]

Adds a webhook endpoint to the sandbox for this session, prints its signing secret, and
forwards every delivery to URL with its original headers and body (verify it with the
printed secret). Prints one line per event with your app's answer, which the sandbox takes
as the endpoint's. Ctrl-C removes the endpoint.

  --forward-to URL   your app's webhook route, e.g. http://localhost:3000/webhooks
  --token T          a sandbox organization's token (default: a new organization, printed)
  --base-url URL     the sandbox (default ${DEFAULT_SANDBOX_URL})
  --host H           where the forwarder listens for the sandbox (default 127.0.0.1)

Exit status: 0 stopped by Ctrl-C or SIGTERM, 2 unusable arguments or a sandbox that cannot
be reached.
`,
  async run(args, io) {
    const { values } = parseCommandArguments(
      args,
      { "forward-to": { type: "string" }, token: { type: "string" }, "base-url": { type: "string" }, host: { type: "string" } },
      { min: 0, max: 0, names: "no positional arguments" },
    );
    const target = values["forward-to"];
    if (!target || !/^https?:\/\/[^\s/]+/.test(target))
      throw new UnusableInputError("--forward-to must be the http:// or https:// URL of your app's webhook route.");
    const base = sandboxUrl(values["base-url"]);
    let token = values.token;
    if (!token) {
      const organization = await new SandboxControl(base).createOrganization();
      token = organization.token;
      io.stdout.write(`Created organization ${organization.id}; its access token: ${token}\n`);
    }
    const sandbox = new SandboxControl(base, token);

    const server = createServer(async (request, response) => {
      const body = await readBody(request);
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => !NOT_FORWARDED.has(name))
          .map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value ?? "")]),
      );
      const type = headers["service-event"] ?? "(no Service-Event)";
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
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    const { port } = server.address() as AddressInfo;

    let endpoint;
    try {
      endpoint = (await sandbox.call("POST", "/webhook-endpoints", { url: `http://${host.includes(":") ? `[${host}]` : host}:${port}/` }))
        .body;
    } catch (error) {
      server.close();
      throw error;
    }
    io.stdout.write(
      `Ready. Forwarding the events of this organization to ${target}\n` +
        `  endpoint ${endpoint.id}, signing secret ${endpoint.secret}\n` +
        `  make events with: npx signing-platform trigger <event-type> --token ${token}${values["base-url"] ? ` --base-url ${base}` : ""}\n`,
    );

    await new Promise<void>((resolve) => {
      process.once("SIGINT", resolve);
      process.once("SIGTERM", resolve);
    });
    await sandbox.call("DELETE", `/webhook-endpoints/${endpoint.id}`).catch(() => undefined);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    io.stdout.write(`Stopped; endpoint ${endpoint.id} removed.\n`);
    return EXIT.ok;
  },
};
