// `signing-platform trigger <event-type> --token T`: drives a sandbox through the flow that
// emits the event (a completed signing request for signing_request.completed, and so on)
// as the organization of the token, and prints each control call it made; a type of the
// catalogue without a flow is sent as the sandbox makes it from the type's schema. With
// `listen` running for the same organization, the events arrive at the app it forwards to.
import { eventCatalogue } from "@signing-platform/types";
import { parseCommandArguments } from "../arguments.js";
import { EXIT, type Command } from "../command.js";
import { chooseToken, TOKEN_VARIABLE } from "../sandbox/cli-config.js";
import { SandboxControl } from "../sandbox/control-client.js";
import { triggerFlowOf } from "../sandbox/trigger-flows.js";
import { didYouMean, UnusableInputError } from "@signing-platform/contract/input";

export const DEFAULT_SANDBOX_URL = "http://127.0.0.1:4010";

export function sandboxUrl(value: string | undefined): string {
  const url = (value ?? DEFAULT_SANDBOX_URL).replace(/\/+$/, "");
  if (!/^https?:\/\/[^\s/]+/.test(url)) throw new UnusableInputError("--base-url must be an http:// or https:// URL.");
  return url;
}

export const trigger: Command = {
  name: "trigger",
  summary: "Make a sandbox emit an event: drives the signing request flow that leads to it.",
  usage: `Usage: signing-platform trigger <event-type> [--token T] [--base-url ${DEFAULT_SANDBOX_URL}]

Drives the sandbox's control API through the flow that emits <event-type>, as the
organization of the token, and prints each call. A type no flow emits is sent as the
sandbox makes it from the type's schema.

Event types: ${eventCatalogue.map((event) => event.type).join(", ")}

  --token T       access token of a sandbox organization (default: $${TOKEN_VARIABLE}, else the
                  one \`signing-platform login\` saved for this sandbox; \`listen\` prints one)
  --base-url URL  the sandbox (default ${DEFAULT_SANDBOX_URL})

Exit status: 0 the flow ran, 2 unusable arguments, an unknown event type, a sandbox that
cannot be reached or a call it refused (one line says which).
`,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments(
      args,
      { token: { type: "string" }, "base-url": { type: "string" } },
      { min: 1, max: 1, names: "one event type" },
    );
    const type = positionals[0]!;
    const types: string[] = eventCatalogue.map((event) => event.type);
    if (!types.includes(type))
      throw new UnusableInputError(`unknown event type "${type}".${didYouMean(type, types)} The types: ${types.join(", ")}.`);
    const flow = triggerFlowOf(type);
    const base = sandboxUrl(values["base-url"]);
    const chosen = chooseToken(base, values.token);
    if (!chosen)
      throw new UnusableInputError(
        `no token: give --token, set ${TOKEN_VARIABLE}, or run \`signing-platform login\` once (the organization whose events to make).`,
      );
    const sandbox = new SandboxControl(base, chosen.token);
    const calls = await flow(sandbox);
    for (const call of calls) io.stdout.write(`  ${call.line}\n`);
    io.stdout.write(`Triggered ${type}.\n`);
    return EXIT.ok;
  },
};
