// @ts-check
// Finishes the emitted OpenAPI document. The TypeSpec openapi3 emitter (1.11) has three gaps
// that the interface document needs filled; each step here is driven by what the spec says,
// so no fact is added that the spec does not carry:
// 1. Schema names: data models live in the namespace SigningPlatform.Models (so the JSON
//    Schema emitter emits exactly them); the emitter prefixes their names with `Models.`.
//    The prefix is dropped, and schemas that are not data models (header and parameter
//    holders the emitter also lists) are left out.
// 2. Webhooks: the emitter has no OpenAPI 3.1 `webhooks` map (microsoft/typespec#4736).
//    Operations marked `@webhook` are moved from `paths` into `webhooks`, keyed by event type.
// 3. Mutual TLS: the emitter has no `mutualTLS` security scheme (microsoft/typespec#9266).
//    `@mutualTls` on the service becomes that scheme, and the API accepts a token, a
//    certificate, or both (Authentication 1).

import { EXTENSIONS } from "@signing-platform/contract";

export const MODEL_PREFIX = "Models.";
// The extensions the conventions library writes: named once, there.
const WEBHOOK_EXTENSION = EXTENSIONS.webhook;
const MUTUAL_TLS_EXTENSION = EXTENSIONS.mutualTls;
const MUTUAL_TLS_SCHEME = "MutualTls";

/** @typedef {import("openapi-typescript").OpenAPI3} OpenAPI3 */
/** @typedef {import("openapi-typescript").ComponentsObject} ComponentsObject */
/**
 * The document as the openapi3 emitter writes it: with schemas under `components`, and every
 * path item inline.
 * @typedef {OpenAPI3 & {
 *   components: ComponentsObject & { schemas: NonNullable<ComponentsObject["schemas"]> },
 *   paths: Record<string, import("openapi-typescript").PathItemObject>,
 * }} EmittedDocument
 */

/**
 * Rewrites every schema reference in a JSON value: `$ref`s and discriminator mappings.
 * @template T
 * @param {T} value
 * @param {(ref: string) => string} rewrite
 * @param {boolean} [inMapping] whether `value` is a discriminator's `mapping`
 * @returns {T} a copy of the same shape
 */
function mapRefs(value, rewrite, inMapping = false) {
  if (Array.isArray(value)) return /** @type {T} */ (value.map((item) => mapRefs(item, rewrite)));
  if (value === null || typeof value !== "object") return value;
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [key, child] of Object.entries(value)) {
    const isReference = (key === "$ref" || inMapping) && typeof child === "string";
    out[key] = isReference ? rewrite(child) : mapRefs(child, rewrite, key === "mapping");
  }
  return /** @type {T} */ (out);
}

/**
 * @param {unknown} value
 * @param {Set<string>} [into]
 */
function collectRefs(value, into = new Set()) {
  if (Array.isArray(value)) value.forEach((item) => collectRefs(item, into));
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string") into.add(child);
      else collectRefs(child, into);
    }
  }
  return into;
}

/** @param {EmittedDocument} document */
function renameModelSchemas(document) {
  /** @type {EmittedDocument["components"]["schemas"]} */
  const schemas = {};
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    if (!name.startsWith(MODEL_PREFIX)) continue;
    const shortName = name.slice(MODEL_PREFIX.length);
    if (schemas[shortName]) throw new Error(`Two schemas would both be named ${shortName}.`);
    schemas[shortName] = schema;
  }
  const dropped = Object.keys(document.components.schemas).filter((name) => !name.startsWith(MODEL_PREFIX));
  const renamed = mapRefs({ ...document, components: { ...document.components, schemas } }, (ref) =>
    ref.replace(`#/components/schemas/${MODEL_PREFIX}`, "#/components/schemas/"),
  );
  const refs = collectRefs(renamed);
  for (const name of dropped) {
    if (refs.has(`#/components/schemas/${name}`)) {
      throw new Error(`Schema ${name} is referenced but is not a data model of SigningPlatform.Models.`);
    }
  }
  return renamed;
}

/** @param {EmittedDocument} document */
function moveWebhooks(document) {
  /** @type {EmittedDocument["paths"]} */
  const paths = {};
  /** @type {Record<string, import("openapi-typescript").PathItemObject>} */
  const webhooks = {};
  for (const [path, item] of Object.entries(document.paths)) {
    const operations = Object.entries(item).filter(([, operation]) => operation?.[WEBHOOK_EXTENSION]);
    if (operations.length === 0) {
      paths[path] = item;
      continue;
    }
    for (const [method, operation] of operations) {
      const eventType = operation[WEBHOOK_EXTENSION];
      webhooks[eventType] = { ...(webhooks[eventType] ?? {}), [method]: operation };
    }
  }
  return { ...document, paths, webhooks };
}

/**
 * @param {EmittedDocument} document
 * @returns {EmittedDocument}
 */
function addMutualTls(document) {
  const mutualTls = document[MUTUAL_TLS_EXTENSION];
  if (!mutualTls) return document;
  const { [MUTUAL_TLS_EXTENSION]: _, ...rest } = document;
  const tokenSchemes = (document.security ?? []).flatMap((requirement) => Object.keys(requirement));
  const security = [
    ...tokenSchemes.map((scheme) => ({ [scheme]: [] })),
    { [MUTUAL_TLS_SCHEME]: [] },
    ...tokenSchemes.map((scheme) => ({ [scheme]: [], [MUTUAL_TLS_SCHEME]: [] })),
  ];
  return {
    ...rest,
    security,
    components: {
      ...rest.components,
      securitySchemes: {
        ...rest.components.securitySchemes,
        [MUTUAL_TLS_SCHEME]: { type: "mutualTLS", description: mutualTls.description },
      },
    },
  };
}

/**
 * Puts the top-level keys in the order the OpenAPI specification lists them, extensions last.
 * @template {object} T
 * @param {T} document
 * @returns {T} the same keys and values
 */
function orderTopLevel(document) {
  const order = ["openapi", "info", "jsonSchemaDialect", "servers", "security", "tags", "paths", "webhooks", "components"];
  const fields = /** @type {Record<string, unknown>} */ ({ ...document });
  /** @type {Record<string, unknown>} */
  const ordered = {};
  for (const key of order) if (key in document) ordered[key] = fields[key];
  for (const key of Object.keys(document).sort()) if (!(key in ordered)) ordered[key] = fields[key];
  return /** @type {T} */ (ordered);
}

/** @param {EmittedDocument} document the openapi3 emitter's output, parsed */
export function finishOpenApi(document) {
  return orderTopLevel(addMutualTls(moveWebhooks(renameModelSchemas(document))));
}
