// JSON pointers in URI-fragment form ("#/paths/~1certificates/get"), as $refs and the
// findings of diff write them.

/** The reference tokens of a pointer: "#/a~1b/c" → ["a/b", "c"]. */
export function decodePointer(pointer: string): string[] {
  const body = pointer.replace(/^#/, "");
  if (body === "" || body === "/") return body === "/" ? [""] : [];
  return body
    .slice(1)
    .split("/")
    .map((token) => safeDecode(token).replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** "#/a~1b/c" from ["a/b", "c"]. */
export function encodePointer(tokens: (string | number)[]): string {
  return `#${tokens.map((token) => `/${String(token).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("")}`;
}

/** The value a pointer names in `data`, or undefined. */
export function resolvePointer(data: unknown, pointer: string): unknown {
  let node: unknown = data;
  for (const token of decodePointer(pointer)) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

function safeDecode(token: string): string {
  try {
    return decodeURIComponent(token);
  } catch {
    return token;
  }
}
