// @ts-check
// A synthetic OpenAPI document N times the size of generated/openapi.yaml, for
// bench/lint-diff.bench.mjs: N copies of every path, webhook and component, each copy under its
// own names (/copy-2/certificates, Certificate_2, …) with its $refs and operationIds renamed to
// match, so the document is as valid, and as interlinked, as the original. Never committed:
// the benchmark writes it into a temporary directory.
const COMPONENT_REF = /^#\/components\/([^/]+)\/(.+)$/;

/**
 * @param {unknown} value any JSON value of the document
 * @param {number} copy
 * @returns {unknown}
 */
function renamed(value, copy) {
  if (Array.isArray(value)) return value.map((item) => renamed(item, copy));
  if (typeof value !== "object" || value === null) return value;
  /** @type {Record<string, unknown>} */
  const fields = { ...value };
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === "$ref" && typeof child === "string")
      out[key] = child.replace(
        COMPONENT_REF,
        (_, /** @type {string} */ kind, /** @type {string} */ name) => `#/components/${kind}/${name}_${copy}`,
      );
    else if (key === "operationId" && typeof child === "string") out[key] = `${child}_${copy}`;
    else if (key === "mapping" && typeof child === "object" && child !== null) out[key] = renamed(child, copy);
    else out[key] = renamed(child, copy);
  }
  // A discriminator mapping holds $refs as plain values.
  if (fields.propertyName !== undefined && typeof fields.mapping === "object") {
    out.mapping = Object.fromEntries(
      Object.entries(/** @type {Record<string, string>} */ (fields.mapping)).map(([type, ref]) => [
        type,
        ref.replace(COMPONENT_REF, (_, /** @type {string} */ kind, /** @type {string} */ name) => `#/components/${kind}/${name}_${copy}`),
      ]),
    );
  }
  return out;
}

/**
 * @typedef {object} Document the parts of an OpenAPI document that are copied
 * @property {Record<string, unknown>} [paths]
 * @property {Record<string, unknown>} [webhooks]
 * @property {Record<string, Record<string, unknown>>} [components]
 */

/**
 * `document` with `factor` copies of its paths, webhooks and components (copy 1 is the original).
 * @template {Document} D
 * @param {D} document
 * @param {number} factor
 * @returns {D}
 */
export function syntheticSpec(document, factor) {
  const out = structuredClone(document);
  // Each part is written to only where the original has it.
  const [paths, webhooks, components] =
    /** @type {[Record<string, unknown>, Record<string, unknown>, Record<string, Record<string, unknown>>]} */ ([
      out.paths,
      out.webhooks,
      out.components,
    ]);
  for (let copy = 2; copy <= factor; copy++) {
    for (const [path, item] of Object.entries(document.paths ?? {})) paths[`/copy-${copy}${path}`] = renamed(item, copy);
    for (const [type, item] of Object.entries(document.webhooks ?? {})) webhooks[`${type}.copy-${copy}`] = renamed(item, copy);
    for (const [kind, members] of Object.entries(document.components ?? {})) {
      if (kind === "securitySchemes") continue;
      const copies = /** @type {Record<string, unknown>} */ (components[kind]); // the original has this kind
      for (const [name, member] of Object.entries(members)) copies[`${name}_${copy}`] = renamed(member, copy);
    }
  }
  return out;
}
