// Names in the generated code: identifiers from operation ids and tags, and the package name.

const words = (text: string) => text.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean);

export function camelCase(text: string): string {
  const [first = "", ...rest] = words(text);
  const name = first.toLowerCase() + rest.map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase()).join("");
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

export function pascalCase(text: string): string {
  const name = camelCase(text);
  return name[0]!.toUpperCase() + name.slice(1);
}

/** npm's rules for a package name: lower case, URL-safe, optionally scoped, at most 214 characters. */
const PACKAGE_NAME = /^(?:@[a-z0-9-*~][a-z0-9-*._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;

export function isValidPackageName(name: string): boolean {
  return name.length <= 214 && PACKAGE_NAME.test(name);
}

/** `Signing Platform API` → `signing-platform-api-sdk`. */
export function defaultPackageName(title: string | undefined): string {
  const base = words(title ?? "api").join("-").toLowerCase() || "api";
  return `${base}-sdk`;
}
