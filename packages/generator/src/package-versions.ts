// The version of a generated package, from the document's `info.version`, which may be
// anything (`1.0.27-SNAPSHOT`, `v2`, `2024-01-01`, `beta`): pip refuses a version that is not
// PEP 440 and npm one that is not semver, so each SDK gets the nearest valid one, and says so.

/** The parts of a version as documents write them: its release numbers and what follows. */
function parse(version: string): { release: number[]; label: string } | undefined {
  const match = /^\s*[vV]?(\d+(?:[.\-_]\d+)*)(.*?)\s*$/.exec(version);
  if (!match) return undefined;
  // A date (`2024-01-01`) is release numbers too; a label starts with anything but a digit.
  return { release: match[1]!.split(/[.\-_]/).map(Number), label: match[2]! };
}

/** PEP 440 pre-release and development labels as the other spellings name them. */
const PRE_RELEASES: Array<[RegExp, string]> = [
  [/^(?:alpha|a)$/i, "a"],
  [/^(?:beta|b)$/i, "b"],
  [/^(?:rc|c|pre|preview)$/i, "rc"],
];

/** `1.0.27-SNAPSHOT` → `1.0.27.dev0`, `2.0-beta.1` → `2.0b1`, `1.0+build.5` → `1.0+build.5`, `beta` → `0.1.0`. */
export function pep440Version(version: string): string {
  const parsed = parse(version);
  if (!parsed) return "0.1.0";
  const [label, local] = parsed.label.split("+", 2) as [string, string | undefined];
  let made = parsed.release.join(".");
  const words = label.split(/[.\-_]+/).filter(Boolean);
  for (let index = 0; index < words.length; index++) {
    const [, name = "", digits] = /^([A-Za-z]*)(\d*)$/.exec(words[index]!) ?? [];
    const number = digits || (/^\d+$/.test(words[index + 1] ?? "") ? words[++index]! : "0");
    const pre = PRE_RELEASES.find(([pattern]) => pattern.test(name))?.[1];
    if (pre && !/(a|b|rc)\d+/.test(made)) made += `${pre}${Number(number)}`;
    else if (/^(?:snapshot|dev|nightly)$/i.test(name) && !made.includes(".dev")) made += `.dev${Number(number)}`;
    else if (/^(?:post|rev|r)$/i.test(name) && !made.includes(".post")) made += `.post${Number(number)}`;
  }
  const localLabel = local?.replace(/[^A-Za-z0-9.]+/g, ".").replace(/^\.+|\.+$/g, "");
  return localLabel ? `${made}+${localLabel}` : made;
}

/** `v2` → `2.0.0`, `1.0.27-SNAPSHOT` → `1.0.27-SNAPSHOT`, `2024-01-01` → `2024.1.1`, `1.2.3.4` → `1.2.3+4`, `beta` → `0.1.0`. */
export function semverVersion(version: string): string {
  const parsed = parse(version);
  if (!parsed) return "0.1.0";
  const [major = 0, minor = 0, patch = 0, ...extra] = parsed.release;
  const [label, build] = parsed.label.replace(/^[.\-_]/, "").split("+", 2) as [string, string | undefined];
  // Identifiers of letters, digits and hyphens; a numeric one without leading zeros.
  const identifiers = (text: string) =>
    text
      .split(/[^0-9A-Za-z-]+/)
      .filter(Boolean)
      .map((part) => (/^\d+$/.test(part) ? String(Number(part)) : part));
  const pre = identifiers(label);
  const meta = [...extra.map(String), ...identifiers(build ?? "")];
  return `${major}.${minor}.${patch}${pre.length > 0 ? `-${pre.join(".")}` : ""}${meta.length > 0 ? `+${meta.join(".")}` : ""}`;
}
