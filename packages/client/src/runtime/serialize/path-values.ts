// Path, header and cookie parameters by their OpenAPI style: simple (`a,b`, `k=v,k2=v2`),
// label (`.a.b`), matrix (`;id=a;id=b`) for a path; simple for a header; form for a cookie
// (`name=a,b`, or one `name=value` per item when exploded).
import { encodeValue, isScalar, scalarText, type Scalar } from "./scalar-text.js";
import { formatOf, type ParameterFormat } from "./wire-format.js";

const present = (value: unknown) => value !== undefined && value !== null;

/** Scalars, or key/value pairs of an object; anything deeper is sent as JSON. */
function parts(value: unknown, encode: (text: string) => string): { items: string[] } | { entries: Array<[string, string]> } {
  const one = (item: unknown) => encode(isScalar(item) ? scalarText(item as Scalar) : JSON.stringify(item));
  if (Array.isArray(value)) return { items: value.filter(present).map(one) };
  if (typeof value === "object" && value !== null && !(value instanceof Date))
    return {
      entries: Object.entries(value)
        .filter(([, item]) => present(item))
        .map(([key, item]) => [encode(key), one(item)]),
    };
  return { items: [one(value)] };
}

/** One path parameter's text in the path, its prefix (`.` or `;name=`) included. */
export function pathValue(name: string, value: unknown, { style, explode }: ParameterFormat, encode = encodeValue): string {
  if (!present(value)) return "";
  const split = parts(value, encode);
  const scalar = !Array.isArray(value) && "items" in split;
  if (style === "matrix") {
    const key = encode(name);
    if ("items" in split)
      return explode && !scalar ? split.items.map((item) => `;${key}=${item}`).join("") : `;${key}=${split.items.join(",")}`;
    return explode
      ? split.entries.map(([entry, item]) => `;${entry}=${item}`).join("")
      : `;${key}=${split.entries.map((entry) => entry.join(",")).join(",")}`;
  }
  const separator = style === "label" && explode ? "." : ",";
  const body =
    "items" in split
      ? split.items.join(separator)
      : split.entries.map(([entry, item]) => (explode ? `${entry}=${item}` : `${entry},${item}`)).join(separator);
  return style === "label" ? `.${body}` : body;
}

/** The path with each `{name}` replaced by its value. */
export function fillPath(template: string, values: Record<string, unknown> = {}, formats?: Record<string, ParameterFormat>): string {
  return template.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    name in values && present(values[name]) ? pathValue(name, values[name], formatOf(formats, name, "path")) : whole,
  );
}

/** A header parameter's value (style simple), not percent-encoded. */
export function headerValue(value: unknown, format: ParameterFormat): string {
  return pathValue("", value, { style: "simple", explode: format.explode }, (text) => text);
}

/** The Cookie header for the cookie parameters (style form), values percent-encoded. */
export function cookieHeader(values: Record<string, unknown>, formats?: Record<string, ParameterFormat>): string {
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (!present(value)) continue;
    const { explode } = formatOf(formats, name, "cookie");
    const split = parts(value, encodeValue);
    if ("items" in split) {
      if (explode && Array.isArray(value)) cookies.push(...split.items.map((item) => `${name}=${item}`));
      else cookies.push(`${name}=${split.items.join(",")}`);
    } else if (explode) cookies.push(...split.entries.map(([key, item]) => `${key}=${item}`));
    else cookies.push(`${name}=${split.entries.map((entry) => entry.join(",")).join(",")}`);
  }
  return cookies.join("; ");
}
