// `signing-platform login [--token T] [--base-url URL]`: saves a sandbox organization's token,
// so that `trigger`, `listen` and `conformance` need no --token for that sandbox. Without
// --token it makes a new organization. The token is checked against the sandbox first: a
// saved token the sandbox does not know would only fail later, further from its cause.
import { parseCommandArguments } from "../arguments.js";
import { EXIT, type Command } from "../command.js";
import { configPath, TOKEN_VARIABLE, updateProfile } from "../sandbox/cli-config.js";
import { SandboxControl } from "../sandbox/control-client.js";
import { DEFAULT_SANDBOX_URL, sandboxUrl } from "./trigger.js";

export const login: Command = {
  name: "login",
  summary: "Save a sandbox organization's token for trigger, listen and conformance.",
  usage: `Usage: signing-platform login [--token T] [--base-url ${DEFAULT_SANDBOX_URL}]

Saves the token of a sandbox organization for this sandbox (a new organization's, without
--token), so that trigger, listen and conformance against it need no --token. The file is
${configPath()}
(readable by you only; $SIGNING_PLATFORM_CONFIG names another). A token given with --token
or in $${TOKEN_VARIABLE} is used before the saved one.

  --token T       a token the sandbox issued (checked before it is saved)
  --base-url URL  the sandbox (default ${DEFAULT_SANDBOX_URL})

Exit status: 0 saved, 2 unusable arguments, a sandbox that cannot be reached or a token it
does not know.
`,
  async run(args, io) {
    const { values } = parseCommandArguments(
      args,
      { token: { type: "string" }, "base-url": { type: "string" } },
      { min: 0, max: 0, names: "no positional arguments" },
    );
    const base = sandboxUrl(values["base-url"]);
    let token = values.token;
    let organizationId: string | undefined;
    if (token) {
      // Refused with one line when the sandbox does not know it.
      await new SandboxControl(base, token).call("GET", "/webhook-endpoints");
    } else {
      const organization = await new SandboxControl(base).createOrganization();
      token = organization.token;
      organizationId = organization.id;
    }
    const path = updateProfile(base, (profile) => ({
      ...profile,
      token: token!,
      ...(organizationId ? { organizationId } : {}),
      // Endpoints belong to an organization: another token's are not this one's.
      ...(profile.token === token ? {} : { listeners: {} }),
    }));
    io.stdout.write(
      `${organizationId ? `Created organization ${organizationId}; s` : "S"}aved its token for ${base} in ${path}.\n` +
        `trigger, listen and conformance against ${base} use it without --token.\n`,
    );
    return EXIT.ok;
  },
};
