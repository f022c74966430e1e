// src/security.ts of the generated SDK: the document's security schemes and each operation's
// requirements as a table the runtime reads on every call, and the options of `createSdk`
// that take their credentials, one per scheme, typed by its kind.
import type { SecurityTable } from "@signing-platform/client";
import type { SdkSecurity, SdkSecurityScheme } from "../security-model.js";
import { commentText } from "./code-modules.js";

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

/** What a scheme's option is, for its doc comment. */
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

export function securityModule(security: SdkSecurity): string {
  const table: SecurityTable = {
    schemes: Object.fromEntries(security.schemes.map(({ name, scheme }) => [name, scheme])),
    operations: security.operations,
  };
  return [
    "import type {",
    "  BasicCredentials,",
    "  Credentials,",
    "  FetchLike,",
    "  OAuth2ClientCredentials,",
    "  SecurityTable,",
    "  TokenSource,",
    '} from "./runtime/index.js";',
    "",
    "/** The document's security schemes, and what each operation asks for (its own `security`, else the document's). */",
    `export const security: SecurityTable = ${JSON.stringify(table, null, 2)};`,
    "",
    "/** Credentials for the document's security schemes: each call sends those its operation asks for. */",
    "export interface SecurityCredentials {",
    ...security.schemes.flatMap((scheme) => [
      `  /** ${commentText(schemeSummary(scheme))} */`,
      `  ${scheme.option}?: ${credentialType(scheme)};`,
    ]),
    "}",
    "",
    "/** The credentials by scheme name, as the runtime reads them. */",
    "export function credentialsOf(options: SecurityCredentials): Credentials {",
    "  return {",
    ...security.schemes.map(({ name, option }) => `    ${JSON.stringify(name)}: options.${option},`),
    "  };",
    "}",
    "",
  ].join("\n");
}
