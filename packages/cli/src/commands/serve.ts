// `signing-platform serve [--port 4010] [--host 127.0.0.1] [--state <folder> | memory | redis://…]`:
// the sandbox, a stateful reference server of the whole platform (@signing-platform/sandbox),
// its state kept in ./.signing-platform by default so that a restart carries on. Prints the
// URL, where the state is and how to get credentials when ready; stops on SIGINT or SIGTERM.
import { parseCommandArguments, webhookTimeScale, wholeNumberOption } from "../arguments.js";
import { EXIT, type Command } from "../command.js";
import { UnusableInputError } from "@signing-platform/contract/input";
import { activityLine, LOG_FORMATS, type LogFormat } from "../sandbox/activity-lines.js";
import { sandboxState, startOptionsOf } from "../sandbox/state-option.js";

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
  usage: `Usage: signing-platform serve [--port 4010] [--host 127.0.0.1] [--state .signing-platform|memory|redis://…] [--reset] [--public-url URL] [--quota 1000/60] [--webhook-time-scale 1] [--quiet] [--log-format text|json]

Starts the sandbox: the public API of the interface document, the control API (/_sandbox),
the webhook console (/console) and the API reference (/docs).

Its state (organizations and their tokens, signing requests, enrollments, certificates,
webhook endpoints, deliveries and attempts, idempotency records) is kept in
./.signing-platform/sandbox, so that a restart carries on where it stopped; rate limits
start afresh. One sandbox at a time per folder.

  --port                 port to listen on (default 4010; 0 for any free port)
  --host                 address to listen on (default 127.0.0.1)
  --state                where the state is kept: a folder (default .signing-platform; one
                         named memory is written ./memory), memory (a restart forgets it), or
                         a redis:// or rediss:// URL (state, idempotency, rate limits and the
                         delivery queue shared through that Redis, so several sandboxes serve
                         as one). --state-dir DIR, --memory and --redis URL, its old
                         spellings, still work and say so once
  --reset                delete the state kept in the folder first, and start afresh
  --public-url           the address clients use, written into next links and documents'
                         content_url (default: where it listens); give the one address in
                         front of several sandboxes on one Redis
  --quota                requests per organization and endpoint, as <requests>/<seconds>
  --webhook-time-scale   scale the webhook retry schedule (0.001 runs 24 h in about 90 s);
                         give \`conformance webhooks\` the same value
  --quiet                print only the ready lines, not a line per request and delivery
  --log-format           text (default: time, method, path, status, ms, Request-Id) or json
                         (one object a line, for tools)

While it runs, it prints a line for every API call (the console's and the reference's own
requests aside) and every webhook delivery attempt; neither holds a token, a body or a
secret.

Exit status: 0 stopped (SIGINT, SIGTERM), 1 could not start (the port in use, Redis
unreachable, the state folder in use by another sandbox or damaged: one line says which),
2 unusable arguments. From the repository: npm start -- --port 4011.
`,
  async run(args, io) {
    const { values } = parseCommandArguments(
      args,
      {
        port: { type: "string" },
        host: { type: "string" },
        state: { type: "string" },
        // The old spellings of --state.
        memory: { type: "boolean" },
        "state-dir": { type: "string" },
        redis: { type: "string" },
        reset: { type: "boolean" },
        quota: { type: "string" },
        "public-url": { type: "string" },
        "webhook-time-scale": { type: "string" },
        quiet: { type: "boolean" },
        "log-format": { type: "string" },
      },
      { min: 0, max: 0, names: "no positional arguments" },
    );
    const timeScale = webhookTimeScale(values, "serve", io);
    if (values["public-url"] !== undefined && !/^https?:\/\/[^\s/]+/.test(values["public-url"]))
      throw new UnusableInputError("--public-url must be an http:// or https:// URL.");
    const logFormat = values["log-format"] ?? "text";
    if (!(LOG_FORMATS as readonly string[]).includes(logFormat))
      throw new UnusableInputError(`--log-format must be ${LOG_FORMATS.join(" or ")}.`);
    if (values.quiet && values["log-format"] !== undefined) throw new UnusableInputError("give --quiet or --log-format, not both.");
    const chosenQuota = quota(values.quota);
    const port = wholeNumberOption(values.port, "port", 0, 65535) ?? 4010;
    const host = values.host ?? "127.0.0.1";
    // Last of the checks: an old spelling of --state says so only of a command line that runs.
    const state = sandboxState(values, io);
    const { startSandbox, RedisUnreachableError, StateStoreError } = await import("@signing-platform/sandbox");
    let sandbox;
    try {
      sandbox = await startSandbox({
        port,
        host,
        ...startOptionsOf(state, values.reset ?? false),
        ...(chosenQuota ? { quota: chosenQuota } : {}),
        ...(values["public-url"] ? { baseUrl: values["public-url"] } : {}),
        webhookTimeScale: timeScale,
        ...(values.quiet ? {} : { onLog: (entry) => io.stdout.write(activityLine(entry, logFormat as LogFormat)) }),
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
      else if (error instanceof RedisUnreachableError || error instanceof StateStoreError)
        io.stderr.write(`signing-platform serve: ${error.message}\n`);
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
