// A synthetic OpenAPI document N times the size of generated/openapi.yaml, for
// bench/lint-diff.bench.mjs: N copies of every path, webhook and component, each copy under its
// own names (/copy-2/certificates, Certificate_2, …) with its $refs and operationIds renamed to
// match, so the document is as valid, and as interlinked, as the original. Never committed:
// the benchmark writes it into a temporary directory.
const COMPONENT_REF = /^#\/components\/([^/]+)\/(.+)$/;

function renamed(value, copy) {
  if (Array.isArray(value)) return value.map((item) => renamed(item, copy));
  if (typeof value !== "object" || value === null) return value;
  const out = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === "$ref" && typeof child === "string")
      out[key] = child.replace(COMPONENT_REF, (_, kind, name) => `#/components/${kind}/${name}_${copy}`);
    else if (key === "operationId" && typeof child === "string") out[key] = `${child}_${copy}`;
    else if (key === "mapping" && typeof child === "object" && child !== null) out[key] = renamed(child, copy);
    else out[key] = renamed(child, copy);
  }
  // A discriminator mapping holds $refs as plain values.
  if (value.propertyName !== undefined && typeof value.mapping === "object") {
    out.mapping = Object.fromEntries(
      Object.entries(value.mapping).map(([type, ref]) => [
        type,
        ref.replace(COMPONENT_REF, (_, kind, name) => `#/components/${kind}/${name}_${copy}`),
      ]),
    );
  }
  return out;
}

/** `document` with `factor` copies of its paths, webhooks and components (copy 1 is the original). */
export function syntheticSpec(document, factor) {
  const out = structuredClone(document);
  for (let copy = 2; copy <= factor; copy++) {
    for (const [path, item] of Object.entries(document.paths ?? {})) out.paths[`/copy-${copy}${path}`] = renamed(item, copy);
    for (const [type, item] of Object.entries(document.webhooks ?? {})) out.webhooks[`${type}.copy-${copy}`] = renamed(item, copy);
    for (const [kind, members] of Object.entries(document.components ?? {})) {
      if (kind === "securitySchemes") continue;
      for (const [name, member] of Object.entries(members)) out.components[kind][`${name}_${copy}`] = renamed(member, copy);
    }
  }
  return out;
}
