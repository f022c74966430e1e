// `signing-platform diff` itself: Redocly's generic changes and our convention checks, merged.
// Where both report one fact, ours is kept (it names the convention) and Redocly's folded in,
// but a breaking verdict of Redocly's is never folded into a non-breaking one of ours.
import type { LoadedDocument } from "../input/load-document.js";
import type { Change, ConventionChange } from "./change.js";
import { conventionChanges } from "./conventions/index.js";
import { redoclyDiff, type RedoclyChange } from "./redocly.js";
import { redoclyChanges } from "./redocly-changes.js";

function placed(found: ConventionChange, base: LoadedDocument, head: LoadedDocument): Change {
  const document = found.side === "base" ? base : head;
  const position = document.locate(found.pointer);
  return {
    rule: found.rule,
    source: "conventions",
    breaking: found.breaking,
    message: found.message,
    location: { side: found.side, file: document.file, pointer: found.pointer, ...(position ?? {}) },
  };
}

/**
 * Redocly's "properties are no longer required" for properties that we report removed: the
 * removal says it already.
 */
function onlyUnrequiresRemovedProperties(raw: RedoclyChange, covered: Set<string>): boolean {
  if (raw.property !== "required" || !raw.base?.pointer) return false;
  const was = Array.isArray(raw.base.value) ? (raw.base.value as string[]) : [];
  const now = new Set(Array.isArray(raw.revision?.value) ? (raw.revision!.value as string[]) : []);
  const schema = raw.base.pointer.replace(/\/required$/, "");
  const unrequired = was.filter((name) => !now.has(name));
  return unrequired.length > 0 && unrequired.every((name) => covered.has(`${schema}/properties/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`));
}

export async function compareDocuments(base: LoadedDocument, head: LoadedDocument): Promise<Change[]> {
  const report = await redoclyDiff(base.path, head.path);
  const ours = conventionChanges(base.data, head.data);
  const coveredBy = (breaking: boolean) => new Set(ours.filter((found) => found.breaking || !breaking).flatMap((found) => found.covers ?? []));
  const [coveredWhenBreaking, coveredWhenNot] = [coveredBy(true), coveredBy(false)];
  const theirs = redoclyChanges(report, base, head)
    .filter(({ change, pointers, raw }) => {
      const covered = change.breaking ? coveredWhenBreaking : coveredWhenNot;
      return !pointers.some((pointer) => covered.has(pointer)) && !onlyUnrequiresRemovedProperties(raw, covered);
    })
    .map(({ change }) => change);
  const all = [...ours.map((found) => placed(found, base, head)), ...theirs];
  return [...all.filter((change) => change.breaking), ...all.filter((change) => !change.breaking)];
}
