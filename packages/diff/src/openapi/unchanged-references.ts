// Two references to the same place, in two documents where everything they reach is written
// alike, name the same schema: comparing them finds nothing, since every check reports a
// change and there is none. A large document with few changes meets its shared schemas under
// every operation that uses them; this answers once per place what comparing them again and
// again would. A diff of two releases of GitHub's description took 16 s of CPU without it and
// 5 s with it, Stripe's 21 s and 12 s, with the same findings (`npm run bench -- lint-diff`
// measures Stripe's).
// It answers only where the two documents read schemas alike: the same OpenAPI version
// (3.0's `nullable` and `exclusiveMinimum` mean other things in 3.1) and the same dialect.
import { isJsonObject, type Json, resolvePointer } from "@signing-platform/contract/openapi";

/** Whether `base` and `head`, schemas at the same place of their documents, are references written alike to places written alike. */
export type UnchangedReference = (base: unknown, head: unknown) => boolean;

const DYNAMIC = /"\$(?:dynamicRef|recursiveRef)"/;

/** The test for two documents; one that always answers false when they read schemas differently. */
export function unchangedReferences(base: Json, head: Json): UnchangedReference {
  const version = (document: Json) => `${String(document.openapi).split(".").slice(0, 2).join(".")} ${String(document.jsonSchemaDialect)}`;
  if (version(base) !== version(head)) return () => false;
  /** Places known to reach only what is written alike (true), or known not to (false). */
  const known = new Map<string, boolean>();
  /** Places whose answer waits on the places they reach: in a cycle, taken as alike until shown otherwise. */
  const pending = new Set<string>();
  let provisional: string[] = [];

  /** The place `ref` names, its text in both documents, and every place it reaches, all alike. */
  function alike(ref: string): boolean {
    const answer = known.get(ref);
    if (answer !== undefined) return answer;
    if (pending.has(ref)) return true;
    pending.add(ref);
    const was = resolvePointer(base, ref);
    const same = was !== undefined && writtenAlike(was, resolvePointer(head, ref));
    pending.delete(ref);
    // A difference is certain. Sameness is certain only once the outermost place is settled the
    // same: until then, a place in a cycle with it was judged on the assumption that it is.
    if (!same) known.set(ref, false);
    else if (pending.size > 0) provisional.push(ref);
    else {
      for (const place of provisional) known.set(place, true);
      known.set(ref, true);
    }
    if (pending.size === 0) provisional = [];
    return same;
  }
  const reachable = (ref: string | undefined) => ref !== undefined && ref.startsWith("#/") && alike(ref);
  /** `was` and `now` written alike, with no dynamic reference, and every place they reach alike. */
  function writtenAlike(was: unknown, now: unknown): boolean {
    const text = JSON.stringify(was);
    return text === JSON.stringify(now) && !DYNAMIC.test(text) && referencesIn(was).every(reachable);
  }

  return (was, now) => isJsonObject(was) && isJsonObject(now) && typeof was.$ref === "string" && writtenAlike(was, now);
}

/** The `$ref`s under `value`, and the schemas a discriminator maps to, as written; undefined for one that is not a string. */
function referencesIn(value: unknown): (string | undefined)[] {
  const found: (string | undefined)[] = [];
  const visit = (node: unknown, key?: string) => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (isJsonObject(node)) {
      for (const [name, child] of Object.entries(node)) {
        if (name === "$ref") found.push(typeof child === "string" ? child : undefined);
        else if (name === "mapping" && key === "discriminator" && isJsonObject(child))
          for (const target of Object.values(child)) found.push(typeof target === "string" ? target : undefined);
        else visit(child, name);
      }
    }
  };
  visit(value);
  return found;
}
