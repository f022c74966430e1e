// Names in the generated code: identifiers from operation ids and tags, and the package name.

/** Latin letters with accents as their base letter (`é` → `e`), so a name in any language keeps its words. */
export const ascii = (text: string) => text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");

const words = (text: string) =>
  ascii(text)
    .split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/)
    .filter(Boolean);

export function camelCase(text: string): string {
  const [first = "", ...rest] = words(text);
  const name = first.toLowerCase() + rest.map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase()).join("");
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

export function pascalCase(text: string): string {
  const name = camelCase(text);
  return name.slice(0, 1).toUpperCase() + name.slice(1);
}

/** Words JavaScript reserves (strict mode, modules): no variable may have these names. */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for function if " +
    "import in instanceof new null return super switch this throw true try typeof var void while with yield let static " +
    "implements interface package private protected public await arguments eval"
  ).split(" "),
);

/** `text` as a camelCase variable name that is no reserved word: `fallback` when it has no letters or digits. */
export function identifier(text: string, fallback: string): string {
  const name = camelCase(text) || fallback;
  return RESERVED.has(name) ? `${name}_` : name;
}

/**
 * `text` as a camelCase property name (reserved words are fine there: `sdk.pets.delete`),
 * never `then`, which would make the object look like a promise to `await`.
 */
export function propertyName(text: string, fallback: string): string {
  const name = camelCase(text) || fallback;
  return name === "then" ? "then_" : name;
}

/** npm's rules for a package name: lower case, URL-safe, optionally scoped, at most 214 characters. */
const PACKAGE_NAME = /^(?:@[a-z0-9-*~][a-z0-9-*._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;

export function isValidPackageName(name: string): boolean {
  return name.length <= 214 && PACKAGE_NAME.test(name);
}

/**
 * `Signing Platform API` → `signing-platform-api-sdk`. The title's words as written, not split
 * where the case changes, so that a name keeps its brand: `OpenAI API` → `openai-api-sdk`,
 * `GitHub's REST API` → `githubs-rest-api-sdk`.
 */
export function defaultPackageName(title: string | undefined): string {
  const base =
    ascii(title ?? "api")
      .replace(/['\u2019]/g, "")
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .join("-")
      .toLowerCase() || "api";
  return `${base}-sdk`;
}
