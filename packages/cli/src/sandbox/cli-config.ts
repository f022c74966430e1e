// What the CLI remembers between runs, per sandbox (by its base URL): the token `login` saved,
// and for each app `listen` forwarded to, the endpoint it registered and the port it listened
// on, so the next `listen` for the same app gets the same endpoint and signing secret. One JSON
// file, readable by its owner only (it holds tokens), at $SIGNING_PLATFORM_CONFIG or else
// $XDG_CONFIG_HOME/signing-platform/config.json (~/.config/…); written whole through a rename,
// so a crash never leaves half a file.
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { UnusableInputError } from "@signing-platform/contract/input";

export const TOKEN_VARIABLE = "SIGNING_PLATFORM_TOKEN";

export interface SavedListener {
  endpointId: string;
  /** Where the forwarder listened: the endpoint's URL points there. */
  port: number;
}

export interface SandboxProfile {
  token?: string;
  organizationId?: string;
  /** By the URL `listen` forwarded to. */
  listeners?: Record<string, SavedListener>;
}

interface ConfigFile {
  sandboxes: Record<string, SandboxProfile>;
}

export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SIGNING_PLATFORM_CONFIG) return env.SIGNING_PLATFORM_CONFIG;
  return join(env.XDG_CONFIG_HOME || join(homedir(), ".config"), "signing-platform", "config.json");
}

function readConfig(path: string): ConfigFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { sandboxes: {} };
    throw new UnusableInputError(`${path}: cannot be read (${(error as NodeJS.ErrnoException).code}).`);
  }
  try {
    const parsed = JSON.parse(text) as Partial<ConfigFile>;
    if (typeof parsed !== "object" || parsed === null || typeof parsed.sandboxes !== "object" || parsed.sandboxes === null)
      throw new Error("it has no sandboxes object");
    return parsed as ConfigFile;
  } catch (error) {
    throw new UnusableInputError(`${path}: not the CLI's configuration (${(error as Error).message}); remove it to start afresh.`);
  }
}

export function readProfile(baseUrl: string, env: NodeJS.ProcessEnv = process.env): SandboxProfile {
  return readConfig(configPath(env)).sandboxes[baseUrl] ?? {};
}

/** Changes one sandbox's profile and writes the file whole (a temporary file renamed over it). */
export function updateProfile(
  baseUrl: string,
  change: (profile: SandboxProfile) => SandboxProfile,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const path = configPath(env);
  const config = readConfig(path);
  config.sandboxes[baseUrl] = change(config.sandboxes[baseUrl] ?? {});
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
  return path;
}

export interface ChosenToken {
  token: string;
  /** Where it came from: `--token`, $SIGNING_PLATFORM_TOKEN, or the file `login` (or `listen`) wrote. */
  from: "flag" | "variable" | "saved";
}

/** The token a command uses: `--token`, else $SIGNING_PLATFORM_TOKEN, else the one `login` saved for this sandbox. */
export function chooseToken(baseUrl: string, explicit: string | undefined, env: NodeJS.ProcessEnv = process.env): ChosenToken | undefined {
  if (explicit) return { token: explicit, from: "flag" };
  if (env[TOKEN_VARIABLE]) return { token: env[TOKEN_VARIABLE], from: "variable" };
  const saved = readProfile(baseUrl, env).token;
  return saved ? { token: saved, from: "saved" } : undefined;
}
