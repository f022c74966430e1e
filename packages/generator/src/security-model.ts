// The security of the generated SDK, read from the document: each scheme of
// `components.securitySchemes` as the runtime acts on it (auth/security-schemes.ts of the
// client runtime), the option a user gives its credentials in, and each operation's
// requirements (its own `security`, else the document's; `[]` for none). Both SDKs are made
// from it, so the TypeScript and the Python SDK send the same credentials to the same calls.
import type { SecurityScheme } from "@signing-platform/client";
import { resolveRef } from "@signing-platform/contract/openapi";
import type { OpenApiDocument } from "./load-document.js";
import { camelCase, pascalCase } from "./naming.js";

type Node = Record<string, unknown>;

export type SchemeKind = "basic" | "bearer" | "apiKey" | "oauth2" | "openIdConnect" | "mutualTLS";

export interface SdkSecurityScheme {
  /** Its name in `components.securitySchemes`. */
  name: string;
  kind: SchemeKind;
  scheme: SecurityScheme;
  /** The option of `createSdk` that takes its credentials: the kind, and the name where a kind is there twice. */
  option: string;
  description: string | undefined;
}

export interface SdkSecurity {
  schemes: SdkSecurityScheme[];
  /** Schemes the SDK cannot send (another HTTP scheme than basic and bearer), and why. */
  unsupported: Array<{ name: string; why: string }>;
  /** Each operation's alternatives by path and method: lists of scheme names sent together. */
  operations: Record<string, Record<string, string[][]>>;
}

/** Options of the client itself, which no scheme's option may take. */
const TAKEN = new Set([
  "baseUrl",
  "accessToken",
  "getAccessToken",
  "security",
  "retry",
  "fetch",
  "hooks",
  "etagCache",
  "timeoutMs",
  "headers",
  "randomBytes",
]);

function runtimeScheme(node: Node): { kind: SchemeKind; scheme: SecurityScheme } | string {
  switch (node.type) {
    case "http": {
      const scheme = String(node.scheme ?? "").toLowerCase();
      if (scheme === "basic") return { kind: "basic", scheme: { type: "basic" } };
      if (scheme === "bearer") return { kind: "bearer", scheme: { type: "bearer" } };
      return `HTTP ${scheme || "without a scheme"} is not supported: send it in \`headers\``;
    }
    case "apiKey": {
      const where = node.in;
      if ((where !== "header" && where !== "query" && where !== "cookie") || typeof node.name !== "string" || node.name === "")
        return "an API key needs a name and `in` of header, query or cookie";
      return { kind: "apiKey", scheme: { type: "apiKey", in: where, name: node.name } };
    }
    case "oauth2": {
      const flow = ((node.flows as Node | undefined)?.clientCredentials ?? undefined) as Node | undefined;
      if (flow && typeof flow.tokenUrl === "string") {
        const scopes = Object.keys((flow.scopes as Node | undefined) ?? {});
        return { kind: "oauth2", scheme: { type: "oauth2ClientCredentials", tokenUrl: flow.tokenUrl, scopes } };
      }
      return { kind: "oauth2", scheme: { type: "oauth2" } };
    }
    case "openIdConnect":
      return { kind: "openIdConnect", scheme: { type: "openIdConnect" } };
    case "mutualTLS":
      return { kind: "mutualTLS", scheme: { type: "mutualTLS" } };
    default:
      return `a scheme of type ${String(node.type)} is not an OpenAPI security scheme`;
  }
}

/** The option of a scheme: `basic`, or `apiKeyHeader` / `oauth2Partner` when the kind is there twice. */
function optionNames(schemes: Array<{ name: string; kind: SchemeKind }>): string[] {
  const counts = new Map<SchemeKind, number>();
  for (const { kind } of schemes) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const used = new Set<string>();
  return schemes.map(({ name, kind }) => {
    const own = pascalCase(name);
    let option =
      counts.get(kind) === 1 || own === "" ? kind : own.toLowerCase().startsWith(kind.toLowerCase()) ? camelCase(own) : `${kind}${own}`;
    if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(option)) option = kind;
    let candidate = option;
    for (let index = 2; used.has(candidate) || TAKEN.has(candidate); index++) candidate = `${option}${index}`;
    used.add(candidate);
    return candidate;
  });
}

function requirementsOf(value: unknown): string[][] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((item): item is Node => item !== null && typeof item === "object").map((item) => Object.keys(item));
}

export function buildSecurity(document: OpenApiDocument, operations: ReadonlyArray<{ path: string; method: string }>): SdkSecurity {
  const declared = ((document.components as Node | undefined)?.securitySchemes ?? {}) as Node;
  const found: Array<{ name: string; kind: SchemeKind; scheme: SecurityScheme; description: string | undefined }> = [];
  const unsupported: SdkSecurity["unsupported"] = [];
  for (const name of Object.keys(declared)) {
    const node = resolveRef(document, declared[name], `components › securitySchemes › ${name}`) ?? {};
    const read = runtimeScheme(node);
    if (typeof read === "string") unsupported.push({ name, why: read });
    else found.push({ name, ...read, description: typeof node.description === "string" ? node.description : undefined });
  }
  const options = optionNames(found);
  const schemes = found.map((scheme, index) => ({ ...scheme, option: options[index]! }));

  const documentLevel = requirementsOf(document.security) ?? [];
  const table: SdkSecurity["operations"] = {};
  for (const { path, method } of operations) {
    const item = resolveRef(document, (document.paths as Node)[path], `paths › ${path}`) ?? {};
    const own = requirementsOf((item[method] as Node | undefined)?.security);
    const requirements = own ?? documentLevel;
    if (requirements.length === 0) continue;
    (table[path] ??= {})[method] = requirements;
  }
  return { schemes, unsupported, operations: table };
}
