// `signing-platform serve [--port 4010] [--host 127.0.0.1] [--redis URL]`: the sandbox, a
// stateful reference server of the whole platform (@signing-platform/sandbox). Prints the
// URL and how to get credentials when ready; stops on SIGINT or SIGTERM.
import { parseCommandArguments } from "../arguments.js";
import { EXIT, type Command } from "../command.js";
import { UnusableInputError } from "@signing-platform/diff";

function integer(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max)
    throw new UnusableInputError(`--${name} must be an integer from ${min} to ${max}.`);
  return parsed;
}

function quota(value: string | undefined): { points: number; durationSeconds: number } | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1)
    throw new UnusableInputError("--quota must be <requests>/<seconds>, for example 100/60.");
  return { points: Number(match[1]), durationSeconds: Number(match[2]) };
}

export const serve: Command = {
  name: "serve",
  summary: "Run the sandbox: the whole platform with state, webhooks and the console.",
  usage: `Usage: signing-platform serve [--port 4010] [--host 127.0.0.1] [--redis redis://…] [--public-url URL] [--quota 1000/60] [--webhook-time-scale 1]

Starts the sandbox: the public API of the interface document, the control API (/_sandbox),
the webhook console (/console) and the API reference (/docs).

  --port                 port to listen on (default 4010; 0 for any free port)
  --host                 address to listen on (default 127.0.0.1)
  --redis                share state, idempotency, rate limits and the delivery queue through
                         this Redis, so several sandboxes serve as one
  --public-url           the address clients use, written into next links and documents'
                         content_url (default: where it listens); give the one address in
                         front of several sandboxes on one Redis
  --quota                requests per organization and endpoint, as <requests>/<seconds>
  --webhook-time-scale   scale the webhook retry schedule (0.001 runs 24 h in about 90 s)

Exit status: 0 stopped (SIGINT, SIGTERM), 1 could not start (the port in use, Redis
unreachable: one line says which), 2 unusable arguments. From the repository:
npm start -- --port 4011.
`,
  async run(args, io) {
    const { values } = parseCommandArguments(
      args,
      {
        port: { type: "string" },
        host: { type: "string" },
        redis: { type: "string" },
        quota: { type: "string" },
        "public-url": { type: "string" },
        "webhook-time-scale": { type: "string" },
      },
      { min: 0, max: 0, names: "no positional arguments" },
    );
    const timeScale = values["webhook-time-scale"] === undefined ? 1 : Number(values["webhook-time-scale"]);
    if (!(timeScale > 0 && timeScale <= 1)) throw new UnusableInputError("--webhook-time-scale must be a number above 0 and at most 1.");
    if (values["public-url"] !== undefined && !/^https?:\/\/[^\s/]+/.test(values["public-url"]))
      throw new UnusableInputError("--public-url must be an http:// or https:// URL.");
    if (values.redis !== undefined && !/^rediss?:\/\/[^\s]+$/.test(values.redis))
      throw new UnusableInputError("--redis must be a redis:// or rediss:// URL.");
    const { startSandbox, RedisUnreachableError } = await import("@signing-platform/sandbox");
    const chosenQuota = quota(values.quota);
    const port = integer(values.port, "port", 4010, 0, 65535);
    const host = values.host ?? "127.0.0.1";
    let sandbox;
    try {
      sandbox = await startSandbox({
        port,
        host,
        ...(values.redis ? { redisUrl: values.redis } : {}),
        ...(chosenQuota ? { quota: chosenQuota } : {}),
        ...(values["public-url"] ? { baseUrl: values["public-url"] } : {}),
        webhookTimeScale: timeScale,
      });
    } catch (error) {
      // What the machine refuses is said in one line, with what to do about it.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EADDRINUSE")
        io.stderr.write(
          `signing-platform serve: port ${port} on ${host} is in use: choose another with --port N (npm start -- --port N).\n`,
        );
      else if (code === "EACCES" || code === "EADDRNOTAVAIL")
        io.stderr.write(`signing-platform serve: cannot listen on ${host}:${port} (${code}): choose another --host or --port.\n`);
      else if (error instanceof RedisUnreachableError) io.stderr.write(`signing-platform serve: ${error.message}\n`);
      else throw error;
      return EXIT.failed;
    }
    const publicLine = sandbox.url === sandbox.localUrl ? "" : `  public URL:  ${sandbox.url} (in next links and content_url)\n`;
    io.stdout.write(
      `Sandbox ready at ${sandbox.localUrl} (state: ${sandbox.store})\n${publicLine}` +
        `  credentials: curl -s -X POST ${sandbox.url}/_sandbox/organizations -H 'content-type: application/json' -d '{}'\n` +
        `  console:     ${sandbox.url}/console/\n` +
        `  reference:   ${sandbox.url}/docs\n`,
    );
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
    await sandbox.close();
    return EXIT.ok;
  },
};
