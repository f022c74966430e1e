// An example is data, yet some documents write a `$ref` to another file in one (DigitalOcean:
// `example: { $ref: "examples.yml#/droplets" }`), which the bundler leaves alone as data and
// openapi-typescript would try to read from the working directory. The types do not depend on
// examples: such an example is dropped from the copy openapi-typescript is given.

const LITERALS = new Set(["example", "examples", "default", "const", "enum"]);

/** Whether `value` holds a `$ref` that points outside the document. */
function hasOutsideRef(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasOutsideRef);
  if (!value || typeof value !== "object") return false;
  return Object.entries(value).some(([key, child]) =>
    key === "$ref" ? typeof child === "string" && !child.startsWith("#") : hasOutsideRef(child),
  );
}

/** Removes, in place, the examples and defaults of `node` that refer outside the document. */
export function dropOutsideRefsInExamples(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(dropOutsideRefsInExamples);
  if (!node || typeof node !== "object") return;
  const object = node as Record<string, unknown>;
  for (const [key, child] of Object.entries(object)) {
    if (LITERALS.has(key) && hasOutsideRef(child)) delete object[key];
    else dropOutsideRefsInExamples(child);
  }
}
