// `signing-platform conformance --base-url URL …`: checks that a running implementation keeps
// the contract of the document (the package's own by default). The engine is
// @signing-platform/conformance; this reads the arguments and the document, runs it, and
// writes the report. Exit 0 every check passed (or was skipped), 1 one failed (or, with
// --strict, was skipped), 2 unusable arguments, or a setup the run cannot start with: a server
// that cannot be reached, a token that cannot be had or is refused, a base URL under which
// nothing of the API answers.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { chooseFormat, parseCommandArguments, webhookTimeScale, wholeNumberOption } from "../arguments.js";
import { EXIT, type Command, type CommandIo } from "../command.js";
import { defaultDocument } from "../default-document.js";
import { version } from "../version.js";
import { loadOpenApiDocument } from "@signing-platform/diff";
import { documentArgument, UnusableInputError } from "@signing-platform/contract/input";
import { chooseToken } from "../sandbox/cli-config.js";

const FORMATS = ["stylish", "json", "junit", "sarif", "github-actions"] as const;

function pem(file: string | undefined, option: string): string | undefined {
  if (file === undefined) return undefined;
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new UnusableInputError(`${file}: --${option} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"}).`);
  }
}

/**
 * A token command's output, its first line trimmed; run once, before the first request, so a
 * command that fails is one line. The message names how it failed, never the command's text
 * (which may hold a secret) nor its output.
 */
async function tokenFromCommand(command: string): Promise<string> {
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)("/bin/sh", ["-c", command], { timeout: 30_000 }));
  } catch (error) {
    const { code, killed, signal, stderr } = error as { code?: unknown; killed?: boolean; signal?: string; stderr?: string };
    const how = killed
      ? "was stopped after 30 s"
      : typeof code === "number"
        ? `exited with status ${code}`
        : `could not run (${code ?? signal})`;
    const said = stderr?.trim().split("\n")[0]?.slice(0, 200);
    throw new UnusableInputError(`--token-command ${how}${said ? `: ${said}` : ""}.`);
  }
  const token = stdout.split("\n")[0]!.trim();
  if (!token) throw new UnusableInputError("--token-command printed nothing: it must print the token on its first line.");
  return token;
}

export const conformance: Command = {
  name: "conformance",
  summary: "Check that a running implementation keeps the contract: headers, errors, idempotency, ETags, paging, isolation, limits.",
  usage: `Usage: signing-platform conformance [document] --base-url URL [--token T | --token-command CMD] [options]
       signing-platform conformance webhooks [document] --listen PORT --secret whsec_… [options]

Sends requests to a running implementation of the API and checks that it keeps what the
document promises, reading which operations are idempotent, paginated and conditional, and
which error codes each may answer, from its x-signing-platform-* extensions. It creates
resources only through idempotent writes, each with its own key, and says what before it
starts (on stderr).

  --base-url URL        the implementation, e.g. https://staging.example.com
  --token T             bearer token of an organization (default: $SIGNING_PLATFORM_TOKEN, else
                        the token \`signing-platform login\` saved for this base URL)
  --token-command CMD   a shell command that prints the token (run once)
  --other-token T       a second organization's token: checks that its resources stay hidden
  --client-cert F       PEM client certificate, for mutual TLS (with --client-key)
  --client-key F        PEM key of the client certificate
  --ca F                PEM CA certificate that signed the server's, for a private CA
  document              the OpenAPI document, first (default: the package's own);
                        --document F, its old spelling, still works
  --id TEMPLATE=ID      an existing resource, for a path no list or create of the document
                        gives ids for (repeatable): --id '/v1/signing-requests/{id}=sr_123'
  --only id,…           run only these checks (the ids are in the report and --list)
  --burst               also run the checks that spend quota (429 under a burst)
  --max-requests N      send at most N requests (default 1000)
  --seed N              the seed of the generated values (a report prints it; replays a run)
  --explore-runs N      also explore: N generated sequences of requests (creates, replays,
                        reads, conditional reads, lists at and past their bounds, refused
                        bodies), each answer held to the conventions; a finding is the
                        shortest sequence that shows it (--only explore: 25 sequences)
  --explore-path P      with --seed, send again the one sequence a finding printed
  --format F            stylish (default), json, junit, sarif or github-actions
  --strict              a skipped check fails the run (exit 1), as a failed one does
  --list                list the checks and exit
  --version             print the version and exit

\`conformance webhooks\` listens where the implementation delivers its webhooks (register
the printed URL as an endpoint, then make events happen) and checks every delivery: the
signature with the endpoint's secret, the timestamp, the three headers, the envelope, no
client_secret, and with --fail-first the retry schedule.

  --listen PORT         port to listen on (0 for any free one)
  --host H              address to listen on (default 127.0.0.1)
  --secret whsec_…      the endpoint's signing secret
  --events N            end after N deliveries were acknowledged (default 1)
  --timeout S           end after S seconds in any case (default 60)
  --fail-first N        answer 500 to the first N attempts of each delivery, to watch retries
  --webhook-time-scale X
                        the time scale of the sender's retry schedule (default 1): the
                        value the sandbox's \`serve --webhook-time-scale\` was given;
                        --time-scale X, its old spelling, still works
  document, --format F  as above

Before the checks, the run makes sure it can start; each of these is one line and exit 2:
a server that cannot be reached; a --token-command that fails or prints nothing; credentials
the server refuses on every call (check the credentials); a base URL under which every
documented path answers 404 (check the base URL: the document's paths are appended to it,
so it does not end with a prefix they already have, such as /v1).

Exit status: 0 every check passed or was skipped, 1 a check failed (or was skipped, with
--strict), 2 unusable arguments, an unreadable document, or a run that cannot start.
`,
  async run(args, io) {
    // As `signing-platform --version`: a CI log that records what checked the server.
    if (args.includes("--version")) {
      io.stdout.write(`${version()}\n`);
      return EXIT.ok;
    }
    if (args[0] === "webhooks") return webhooks(args.slice(1), io);
    const { values, positionals } = parseCommandArguments(
      args,
      {
        "base-url": { type: "string" },
        token: { type: "string" },
        "token-command": { type: "string" },
        "other-token": { type: "string" },
        "client-cert": { type: "string" },
        "client-key": { type: "string" },
        ca: { type: "string" },
        document: { type: "string" },
        only: { type: "string" },
        id: { type: "string", multiple: true },
        burst: { type: "boolean" },
        "max-requests": { type: "string" },
        seed: { type: "string" },
        "explore-runs": { type: "string" },
        "explore-path": { type: "string" },
        format: { type: "string" },
        strict: { type: "boolean" },
        list: { type: "boolean" },
      },
      { min: 0, max: 1, names: "at most one document (or `webhooks`)" },
    );
    const engine = await import("@signing-platform/conformance");
    if (values.list) {
      for (const check of engine.CHECKS)
        io.stdout.write(`${check.id.padEnd(26)} ${check.area.padEnd(20)} ${check.title}${check.optIn ? " (opt-in)" : ""}\n`);
      return EXIT.ok;
    }
    const format = chooseFormat(values.format, FORMATS, "stylish");
    const baseUrl = values["base-url"];
    if (!baseUrl || !/^https?:\/\/[^\s/]+/.test(baseUrl)) throw new UnusableInputError("--base-url must be an http:// or https:// URL.");
    if (values.token !== undefined && values["token-command"] !== undefined)
      throw new UnusableInputError("give --token or --token-command, not both.");
    if ((values["client-cert"] === undefined) !== (values["client-key"] === undefined)) {
      throw new UnusableInputError("--client-cert and --client-key go together.");
    }
    const only = values.only
      ?.split(",")
      .map((id) => id.trim())
      .filter(Boolean);
    const exploreRuns = wholeNumberOption(values["explore-runs"], "explore-runs", 1, 100_000);
    const explorePath = values["explore-path"];
    if (explorePath !== undefined && values.seed === undefined)
      throw new UnusableInputError("--explore-path replays a sequence of the seed it was found with: give --seed too.");
    if (explorePath !== undefined && !/^\d+(?::\d+)*(?:@\S+)?$/.test(explorePath))
      throw new UnusableInputError(`--explore-path ${explorePath}: give the path a finding of the exploration printed, e.g. 3:0:1@AAB.`);
    try {
      engine.chooseChecks(only, false, exploreRuns !== undefined || explorePath !== undefined);
    } catch (error) {
      throw new UnusableInputError((error as Error).message);
    }
    const ids: Record<string, string> = {};
    for (const pair of values.id ?? []) {
      const at = pair.lastIndexOf("=");
      if (at <= 0 || at === pair.length - 1)
        throw new UnusableInputError(`--id ${pair}: write TEMPLATE=ID, e.g. '/v1/signing-requests/{id}=sr_123'.`);
      ids[pair.slice(0, at)] = pair.slice(at + 1);
    }
    const documentPath =
      documentArgument("conformance", positionals, { option: "document", value: values.document }, io) ?? defaultDocument();
    const document = loadOpenApiDocument(documentPath).bundled().data as Record<string, unknown>;
    const cert = pem(values["client-cert"], "client-cert");
    const key = pem(values["client-key"], "client-key");
    const ca = pem(values.ca, "ca");
    const maxRequests = wholeNumberOption(values["max-requests"], "max-requests", 1, 1_000_000);
    const seed = wholeNumberOption(values.seed, "seed", 0, 2 ** 31 - 1);

    let report;
    try {
      // --token-command, else --token, $SIGNING_PLATFORM_TOKEN or the token `login` saved for this server.
      const token =
        values["token-command"] !== undefined
          ? await tokenFromCommand(values["token-command"])
          : chooseToken(baseUrl.replace(/\/+$/, ""), values.token)?.token;
      report = await engine.runConformance({
        baseUrl,
        document,
        ...(token !== undefined ? { token } : {}),
        ...(values["other-token"] !== undefined ? { otherToken: values["other-token"] } : {}),
        ...(cert && key ? { clientCertificate: { cert, key } } : {}),
        ...(ca ? { ca } : {}),
        ...(only ? { only } : {}),
        ...(Object.keys(ids).length > 0 ? { ids } : {}),
        ...(values.burst ? { burst: true } : {}),
        ...(maxRequests !== undefined ? { maxRequests } : {}),
        ...(seed !== undefined ? { seed } : {}),
        ...(exploreRuns !== undefined ? { exploreRuns } : {}),
        ...(explorePath !== undefined ? { explorePath } : {}),
        onPlan: (plan) => io.stderr.write(`${plan}\n`),
      });
    } catch (error) {
      if (
        error instanceof engine.UnreachableError ||
        error instanceof engine.SetupError ||
        error instanceof UnusableInputError ||
        error instanceof RangeError
      ) {
        // A CI job uploads the report whatever the exit: it says why there are no results.
        io.stdout.write(engine.formatSetupFailure(baseUrl, error.message, format));
        throw new UnusableInputError(error.message);
      }
      throw error;
    }
    io.stdout.write(engine.formatConformance(report, format));
    return engine.exitStatusOf(report, { strict: values.strict === true });
  },
};

async function webhooks(args: string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandArguments(
    args,
    {
      listen: { type: "string" },
      host: { type: "string" },
      secret: { type: "string" },
      events: { type: "string" },
      timeout: { type: "string" },
      "fail-first": { type: "string" },
      "webhook-time-scale": { type: "string" },
      // Old spellings: of --webhook-time-scale, and of the document (now the first argument).
      "time-scale": { type: "string" },
      document: { type: "string" },
      format: { type: "string" },
    },
    { min: 0, max: 1, names: "at most one document after webhooks" },
  );
  const format = chooseFormat(values.format, FORMATS, "stylish");
  const port = wholeNumberOption(values.listen, "listen", 0, 65535);
  if (port === undefined) throw new UnusableInputError("--listen PORT is required (0 for any free port).");
  if (!values.secret?.startsWith("whsec_")) throw new UnusableInputError("--secret must be the endpoint's signing secret, whsec_….");
  const events = wholeNumberOption(values.events, "events", 1, 100_000) ?? 1;
  const timeoutSeconds = wholeNumberOption(values.timeout, "timeout", 1, 86_400) ?? 60;
  const failFirst = wholeNumberOption(values["fail-first"], "fail-first", 0, 10) ?? 0;
  // Last of the checks: an old spelling says so only of a command line that runs.
  const timeScale = webhookTimeScale(values, "conformance webhooks", io);
  const documentPath =
    documentArgument("conformance webhooks", positionals, { option: "document", value: values.document }, io) ?? defaultDocument();
  const document = loadOpenApiDocument(documentPath).bundled().data as Record<string, unknown>;
  const engine = await import("@signing-platform/conformance");
  let report;
  try {
    report = await engine.runWebhookConformance({
      document,
      secret: values.secret,
      port,
      ...(values.host ? { host: values.host } : {}),
      events,
      timeoutSeconds,
      failFirst,
      timeScale,
      onListening: (url) => io.stderr.write(`Listening for deliveries at ${url}: register it as an endpoint, then make events happen.\n`),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE" || code === "EACCES")
      throw new UnusableInputError(`cannot listen on port ${port} (${code}): choose another --listen.`);
    throw error;
  }
  io.stdout.write(engine.formatConformance(report, format));
  return engine.exitStatusOf(report);
}
