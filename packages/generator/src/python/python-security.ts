// The Python SDK's part of the security model (security-model.ts): the table _api.py hands to
// the runtime (_security.py), and a keyword argument of `Client` per scheme, in snake_case,
// typed by its kind. A mutualTLS scheme is satisfied by `ssl_context`, the client certificate
// the runtime already presents.
import type { SdkSecurity, SdkSecurityScheme } from "../security-model.js";
import { environmentName, schemeSummary } from "../typescript/typescript-security.js";
import { pythonName } from "./python-types.js";

export interface PythonSecurityOption {
  argument: string;
  scheme: string;
  type: string;
  /** What it is, for the README. */
  summary: string;
  /** Its value in the README's example. */
  example: string;
}

export interface PythonSecurity {
  /** The table of the runtime, or null when the document has no scheme. */
  table: { schemes: Record<string, unknown>; operations: SdkSecurity["operations"] } | null;
  options: PythonSecurityOption[];
  /** The mutualTLS schemes, which `ssl_context` stands for. */
  mutualTls: string[];
  /** Whether a scheme takes OAuth2ClientCredentials, which the README's example then imports. */
  clientCredentials: boolean;
  unsupported: SdkSecurity["unsupported"];
}

/** Arguments `Client` itself takes. */
const TAKEN = new Set([
  "base_url",
  "access_token",
  "token_provider",
  "max_retries",
  "timeout",
  "sleep",
  "etag_cache",
  "ssl_context",
  "validate_responses",
  "hooks",
  "self",
]);

function typeOf({ scheme }: SdkSecurityScheme): string {
  switch (scheme.type) {
    case "basic":
      return "tuple[str, str] | None";
    case "apiKey":
      return "str | None";
    case "oauth2ClientCredentials":
      return "OAuth2ClientCredentials | TokenSource | None";
    default:
      return "TokenSource | None";
  }
}

function exampleOf(scheme: SdkSecurityScheme): string {
  const env = (suffix = "") => `os.environ[${JSON.stringify(environmentName(scheme, suffix))}]`;
  switch (scheme.scheme.type) {
    case "basic":
      return `(${env("_USERNAME")}, ${env("_PASSWORD")})`;
    case "oauth2ClientCredentials":
      return `OAuth2ClientCredentials(${env("_CLIENT_ID")}, ${env("_CLIENT_SECRET")})`;
    case "oauth2":
    case "openIdConnect":
      return `lambda: ${env()}`;
    default:
      return env();
  }
}

/** `lambda: …` for a token callback, without the TypeScript SDK's wording of it. */
const pythonSummary = (scheme: SdkSecurityScheme) =>
  schemeSummary(scheme).replace("or a function (sync or async) that returns one", "or a function that returns one");

export function pythonSecurity(security: SdkSecurity): PythonSecurity {
  const used = new Set<string>();
  const options = security.schemes
    .filter(({ scheme }) => scheme.type !== "mutualTLS")
    .map((scheme) => {
      let argument = pythonName(scheme.option);
      while (TAKEN.has(argument) || used.has(argument)) argument = `${argument}_`;
      used.add(argument);
      return { argument, scheme: scheme.name, type: typeOf(scheme), summary: pythonSummary(scheme), example: exampleOf(scheme) };
    });
  return {
    table:
      security.schemes.length === 0
        ? null
        : { schemes: Object.fromEntries(security.schemes.map(({ name, scheme }) => [name, scheme])), operations: security.operations },
    options,
    clientCredentials: security.schemes.some(({ scheme }) => scheme.type === "oauth2ClientCredentials"),
    mutualTls: security.schemes.filter(({ scheme }) => scheme.type === "mutualTLS").map(({ name }) => name),
    unsupported: security.unsupported,
  };
}
