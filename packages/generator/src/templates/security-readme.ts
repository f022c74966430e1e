// The "Authenticate" section of both SDKs' READMEs: one option per security scheme of the
// document, named as createSdk / Client take it, with values read from the environment under
// names made from the document's own scheme names.
import type { SdkSecurity, SdkSecurityScheme } from "../security-model.js";
import { schemeSummary } from "./security-module.js";

/** `API_KEY_HEADER` for the scheme `apiKeyHeader`: the environment variable of an example. */
export const environmentName = (scheme: SdkSecurityScheme, suffix = "") =>
  `${scheme.name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toUpperCase()}${suffix}`;

function typeScriptValue(scheme: SdkSecurityScheme): string | undefined {
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
      return undefined;
  }
}

/** The TypeScript README's lines: a createSdk with every scheme's option, and what each is. */
export function typeScriptAuthentication(security: SdkSecurity, baseUrl: string, packageName: string): string[] {
  if (security.schemes.length === 0) return [];
  const options = security.schemes.flatMap((scheme) => {
    const value = typeScriptValue(scheme);
    return value === undefined
      ? [`  // ${scheme.option}: a fetch that presents the client certificate (undici's fetch with an Agent holding cert and key).`]
      : [`  ${scheme.option}: ${value},`];
  });
  return [
    "Give the credentials of the document's security schemes to `createSdk`, one option per scheme. Each call sends",
    "those its operation's `security` asks for (the operation's own, else the document's; the first alternative whose",
    "credentials you gave), and nothing to an operation that asks for none.",
    "",
    "```ts",
    `import { createSdk } from ${JSON.stringify(packageName)};`,
    "",
    `const secured = createSdk({`,
    `  baseUrl: ${JSON.stringify(baseUrl)},`,
    ...options,
    "});",
    "```",
    "",
    ...security.schemes.map((scheme) => `- \`${scheme.option}\`: ${schemeSummary(scheme)}`),
    ...security.unsupported.map(({ name, why }) => `- \`${name}\`: ${why}.`),
    "",
    ...(security.schemes.some(({ scheme }) => scheme.type === "oauth2ClientCredentials")
      ? [
          "A token endpoint that refuses the client credentials rejects the call with an `AuthenticationError` whose code is",
          "`token_request_failed`; its message holds no secret.",
          "",
        ]
      : []),
    "Hooks see every credential as `[redacted]`.",
    "",
  ];
}
