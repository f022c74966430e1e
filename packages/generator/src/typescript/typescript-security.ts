// The TypeScript SDK's part of the security model (security-model.ts): the table security.ts
// hands to the runtime, and an option of `createSdk` per scheme, typed by its kind, with what
// it is and the value the README's example gives it, read from the environment under a name
// made from the document's own scheme name.
import type { SecurityTable } from "@signing-platform/client";
import type { SdkSecurity, SdkSecurityScheme } from "../security-model.js";

export interface TypeScriptSecurityOption {
  /** The scheme's name in the document. */
  name: string;
  /** The option of `createSdk`. */
  option: string;
  type: string;
  /** What it is, for its doc comment and the README. */
  summary: string;
  /** Its value in the README's example, or null for a mutualTLS scheme, which takes a fetch of your own. */
  example: string | null;
}

export interface TypeScriptSecurity {
  table: SecurityTable;
  options: TypeScriptSecurityOption[];
  unsupported: SdkSecurity["unsupported"];
  /** Whether a scheme fetches its token with OAuth 2.0 client credentials, which the README then says can fail. */
  clientCredentials: boolean;
}

/** The type of a scheme's option. */
function credentialType({ scheme }: SdkSecurityScheme): string {
  switch (scheme.type) {
    case "basic":
      return "BasicCredentials";
    case "apiKey":
      return "string";
    case "oauth2ClientCredentials":
      return "OAuth2ClientCredentials | TokenSource";
    case "mutualTLS":
      return "FetchLike";
    default:
      return "TokenSource";
  }
}

/** What a scheme's option is; the Python SDK says it of its arguments too. */
export function schemeSummary({ name, scheme }: SdkSecurityScheme): string {
  switch (scheme.type) {
    case "basic":
      return `HTTP basic (\`${name}\`): the username and password.`;
    case "bearer":
      return `HTTP bearer (\`${name}\`): the token, or a function (sync or async) that returns one; called again once after a 401.`;
    case "apiKey":
      return `API key (\`${name}\`), sent in the ${scheme.in} \`${scheme.name}\`.`;
    case "oauth2ClientCredentials":
      return `OAuth 2.0 client credentials (\`${name}\`): the token is fetched from ${scheme.tokenUrl}, kept until shortly before it expires, and fetched again after a 401. Or a token callback.`;
    case "oauth2":
      return `OAuth 2.0 (\`${name}\`): the token, or a function (sync or async) that returns one; called again once after a 401.`;
    case "openIdConnect":
      return `OpenID Connect (\`${name}\`): the token, or a function (sync or async) that returns one; called again once after a 401.`;
    case "mutualTLS":
      return `Mutual TLS (\`${name}\`): a fetch that presents the client certificate, such as undici's fetch with an Agent holding the certificate and key; used for the operations that ask for it.`;
    default:
      return `\`${name}\`.`;
  }
}

/** `API_KEY_HEADER` for the scheme `apiKeyHeader`: the environment variable of both READMEs' examples. */
export const environmentName = (scheme: SdkSecurityScheme, suffix = "") =>
  `${scheme.name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toUpperCase()}${suffix}`;

function exampleOf(scheme: SdkSecurityScheme): string | null {
  const env = (suffix = "") => `process.env.${environmentName(scheme, suffix)}!`;
  switch (scheme.scheme.type) {
    case "basic":
      return `{ username: ${env("_USERNAME")}, password: ${env("_PASSWORD")} }`;
    case "apiKey":
    case "bearer":
      return env();
    case "oauth2ClientCredentials":
      return `{ clientId: ${env("_CLIENT_ID")}, clientSecret: ${env("_CLIENT_SECRET")} }`;
    case "oauth2":
    case "openIdConnect":
      return `async ({ forceRefresh }) => (forceRefresh ? ${env("_REFRESHED")} : ${env()})`;
    case "mutualTLS":
      return null;
  }
}

/** The security of the SDK, or null when the document declares no scheme it can send. */
export function typeScriptSecurity(security: SdkSecurity): TypeScriptSecurity | null {
  if (security.schemes.length === 0) return null;
  return {
    table: { schemes: Object.fromEntries(security.schemes.map(({ name, scheme }) => [name, scheme])), operations: security.operations },
    options: security.schemes.map((scheme) => ({
      name: scheme.name,
      option: scheme.option,
      type: credentialType(scheme),
      summary: schemeSummary(scheme),
      example: exampleOf(scheme),
    })),
    unsupported: security.unsupported,
    clientCredentials: security.schemes.some(({ scheme }) => scheme.type === "oauth2ClientCredentials"),
  };
}
