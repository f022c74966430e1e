// `validateResponses`: each JSON success body checked against its operation's schema. ajv is an
// optional peer dependency of the client and of every generated SDK, imported on the first
// body checked: a client that does not validate never loads it, and an SDK installs and bundles
// without it. The schemas are compiled once per operation and status, when first needed.
import { InvalidResponseError } from "../errors/error-families.js";
import { mismatchesOf, type AjvError, type Mismatch } from "./mismatches.js";
import { responseStatusKey, type ResponseSchemas } from "./response-schemas.js";

interface CompiledCheck {
  (data: unknown): boolean;
  errors?: AjvError[] | null;
}

interface AjvInstance {
  addSchema(schema: object): unknown;
  getSchema(key: string): CompiledCheck | undefined;
}

type AjvClass = new (options: Record<string, unknown>) => AjvInstance;

/** Where the schemas are, or how to load them (a generated SDK's own module, imported when first needed). */
export type ResponseSchemasSource = ResponseSchemas | (() => Promise<ResponseSchemas>);

/** The mismatches of a success body with its operation's schema: none when it matches or the document gives no schema. */
export type ResponseCheck = (method: string, path: string, status: number, body: unknown) => Promise<readonly Mismatch[]>;

// The id the schemas are added under: `$ref`s such as `#/components/schemas/Certificate` are read against it.
const SCHEMAS_ID = "https://response-schemas.invalid/schemas.json";
// A variable, not a literal: the SDK compiles under tsc without ajv installed, its optional peer.
const AJV_2020 = "ajv/dist/2020.js";

const OPTIONS = {
  allErrors: true,
  // Unknown keywords (the document's own) are not the client's to refuse.
  strict: false,
  // A member named `constructor` or `toString` is the body's own or absent, never Object's.
  ownProperties: true,
  // Paths as `.items[0].id`, from which a JSON path is `$` and the path: no pointer to decode.
  jsPropertySyntax: true,
  // jsPropertySyntax is deprecated in ajv 8 and says so once per instance; that line is not the caller's.
  logger: false,
};

async function importAjv(): Promise<AjvClass> {
  try {
    const module = (await import(/* @vite-ignore */ AJV_2020)) as { default: AjvClass };
    return module.default;
  } catch (cause) {
    throw new Error("validateResponses needs ajv, an optional peer dependency of this client: run `npm install ajv`.", { cause });
  }
}

/** A JSON pointer's token, as a URI fragment writes it. */
const fragmentToken = (token: string) => encodeURIComponent(token.replace(/~/g, "~0").replace(/\//g, "~1"));

/** The check of `validateResponses`, over the schemas `source` gives; ajv is imported on the first body. */
export function responseCheck(source: ResponseSchemasSource, loadAjv: () => Promise<AjvClass> = importAjv): ResponseCheck {
  let loaded: Promise<{ ajv: AjvInstance; schemas: ResponseSchemas }> | undefined;
  const compiled = new Map<string, CompiledCheck>();
  return async (method, path, status, body) => {
    loaded ??= Promise.all([loadAjv(), typeof source === "function" ? source() : source]).then(([Ajv, schemas]) => {
      const ajv = new Ajv(OPTIONS);
      ajv.addSchema({ $id: SCHEMAS_ID, ...schemas });
      return { ajv, schemas };
    });
    const { ajv, schemas } = await loaded;
    const statusKey = responseStatusKey(schemas, path, method, status);
    if (statusKey === undefined) return [];
    const key = `${SCHEMAS_ID}#/responses/${fragmentToken(path)}/${method.toLowerCase()}/${statusKey}`;
    let check = compiled.get(key);
    if (!check) {
      check = ajv.getSchema(key);
      if (!check) return [];
      compiled.set(key, check);
    }
    return check(body) ? [] : mismatchesOf(check.errors ?? []);
  };
}

/** The error of a body that does not match: the operation, the status and each mismatch's path and rule, never a value. */
export function mismatchError(
  method: string,
  path: string,
  status: number,
  requestId: string | undefined,
  mismatches: readonly Mismatch[],
) {
  const listed = mismatches.map((mismatch) => `${mismatch.path} (${mismatch.rule})`).join(", ");
  return new InvalidResponseError({
    code: "invalid_response",
    status,
    requestId,
    retryable: false,
    message: `${method} ${path} answered ${status} with a body that does not match its schema: ${listed}.`,
    details: mismatches.map((mismatch) => ({ field: mismatch.path, code: mismatch.rule, message: mismatch.message })),
  });
}
