// The change of a document in an SDK's terms: the diff engine's findings placed on the methods
// and types the SDK names them by (sdk-names.ts). A finding inside a component schema is the
// type's change, said once for every method it reaches through; any other finding of an
// operation is its method's; the rest (the document's own, a webhook's) is another change. The
// SDK's methods and types that only one version has are added or removed, with or without a
// finding: a method renamed by a new operationId is one removed and one added.
import type { Finding } from "@signing-platform/diff";
import { schemaHolding } from "../document-refs.js";
import type { SdkNames } from "./sdk-names.js";
import { type Bump, bumpOf, type Kind, kindOf } from "./version-bump.js";

/** One finding in the notes: the diff engine's words, its check and level, and how many findings say the same of one type. */
export interface NoteLine {
  id: string;
  message: string;
  kind: Kind;
  /** Findings of this check at this place of a type, one per method that reaches it. */
  occurrences: number;
}

/** A method or type with what changed in it. */
export interface NoteItem {
  /** As the SDK names it: `sdk.certificates.list()`, `Certificate`. */
  name: string;
  /** The operation of a method: `GET /certificates`. */
  operation?: string;
  lines: NoteLine[];
}

/** Added, removed and changed, as each section lists them. */
export interface NoteSections {
  added: NoteItem[];
  removed: NoteItem[];
  changed: NoteItem[];
}

/** A release's notes: its methods, its types, the other changes, their counts and the bump they make. */
export interface ReleaseNotes {
  methods: NoteSections;
  types: NoteSections;
  other: NoteLine[];
  counts: Record<Kind, number>;
  bump: Bump;
}

const oneLine = (text: string) => text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, " ");

/** Items by name, each keeping its lines by check and place. */
class Items {
  private readonly byName = new Map<string, { item: NoteItem; lines: Map<string, NoteLine> }>();

  add(name: string, operation: string | undefined, finding?: Finding, place?: string): void {
    let entry = this.byName.get(name);
    if (!entry) {
      entry = { item: { name, ...(operation ? { operation } : {}), lines: [] }, lines: new Map() };
      this.byName.set(name, entry);
    }
    if (!finding) return;
    const key = `${finding.id} ${place ?? entry.lines.size}`;
    const line = entry.lines.get(key);
    if (line) line.occurrences++;
    else {
      const made = { id: finding.id, message: oneLine(finding.message), kind: kindOf(finding), occurrences: 1 };
      entry.lines.set(key, made);
      entry.item.lines.push(made);
    }
  }

  /** The items whose names `keep` accepts, sorted by name. */
  list(keep: (name: string) => boolean): NoteItem[] {
    return [...this.byName.values()]
      .map(({ item }) => item)
      .filter(({ name }) => keep(name))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}

function sections(items: Items, base: Set<string>, head: Set<string>): NoteSections {
  return {
    added: items.list((name) => head.has(name) && !base.has(name)),
    removed: items.list((name) => base.has(name) && !head.has(name)),
    changed: items.list((name) => !(head.has(name) && !base.has(name)) && !(base.has(name) && !head.has(name))),
  };
}

/** The notes of the change from the document the SDK was `base` to the one it is now, `head`, found by the diff engine. */
export function releaseNotes(findings: readonly Finding[], base: SdkNames, head: SdkNames): ReleaseNotes {
  const methods = new Items();
  const types = new Items();
  const other: NoteLine[] = [];
  const baseMethods = new Set(base.methods.values());
  const headMethods = new Set(head.methods.values());
  const baseTypes = new Set(base.types.values());
  const headTypes = new Set(head.types.values());
  for (const [operation, name] of [...base.methods, ...head.methods]) {
    if (baseMethods.has(name) !== headMethods.has(name)) methods.add(name, operation);
  }
  for (const name of [...baseTypes, ...headTypes]) if (baseTypes.has(name) !== headTypes.has(name)) types.add(name, undefined);
  const kinds: Kind[] = [];
  for (const finding of findings) {
    kinds.push(kindOf(finding));
    const [side, names] = finding.head ? (["head", head] as const) : (["base", base] as const);
    const pointer = finding[side]?.pointer;
    const schema = pointer === undefined ? undefined : schemaHolding(pointer);
    const type = schema === undefined ? undefined : names.types.get(schema);
    const method =
      finding.operation === undefined ? undefined : (head.methods.get(finding.operation) ?? base.methods.get(finding.operation));
    if (type !== undefined) types.add(type, undefined, finding, pointer);
    else if (method !== undefined) methods.add(method, finding.operation, finding);
    else other.push({ id: finding.id, message: oneLine(finding.message), kind: kindOf(finding), occurrences: 1 });
  }
  const notes = { methods: sections(methods, baseMethods, headMethods), types: sections(types, baseTypes, headTypes), other };
  // A method or type only one version has, with no finding of its own, is an addition, or a removal the engine did not judge.
  for (const section of [notes.methods, notes.types]) {
    for (const item of section.added) if (item.lines.length === 0) kinds.push("added");
    for (const item of section.removed) if (item.lines.length === 0) kinds.push("changed");
  }
  const counts: Record<Kind, number> = { breaking: 0, added: 0, changed: 0 };
  for (const kind of kinds) counts[kind]++;
  return { ...notes, counts, bump: bumpOf(kinds) };
}
