// Rings of models that name each other, cut where mypy could not check them.
//
// mypy tells whether a TypedDict is recursive by unrolling its references along every path
// until the path comes back to a model it has passed (TypeAliasType.is_recursive), and it asks
// so of every TypedDict a `list[...]`, a `dict[...]` or a subtype check meets. Inside a ring of
// models that refer to each other the number of such paths grows exponentially with the ring:
// Stripe's objects name each other as "an id, or the object when expanded" (`str | Customer`),
// which ties about a hundred of them into one ring, and mypy --strict does not finish (pyright
// does not unroll, and passes). A ring whose paths pass a budget is therefore cut: first its
// id-or-object references to models of the same ring become `str | dict[str, Any]` (the id stays
// typed, the expanded object is an untyped dict), which cuts Stripe's ring; a ring whose paths
// still pass the budget has every reference between its models written `dict[str, Any]`. Small
// rings (a tree's node and its children, a reply and its thread) are left as the document says.
import type { PythonModel } from "./python-shapes.js";
import { circlesOf } from "../graph-circles.js";
import { union } from "./python-types.js";

/** Paths out of one model of a ring beyond which mypy's unrolling takes too long. */
const PATH_BUDGET = 2000;
/** What a cut reference reads as: the object, untyped. */
const LOOSE = "dict[str, Any]";

/** Splits `text` at each `separator` that no bracket or quoted string encloses. */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quote) {
      if (char === "\\") index++;
      else if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === "[") depth++;
    else if (char === "]") depth--;
    else if (depth === 0 && char === separator) {
      parts.push(text.slice(start, index).trim());
      start = index + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

/** The model names a type expression mentions (not inside a Literal's strings). */
function namesIn(type: string, models: Set<string>): string[] {
  const bare = type.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, "");
  return (bare.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []).filter((name) => models.has(name));
}

/**
 * `type` with each name `cut` says so replaced by `dict[str, Any]`, at any depth (`list[A | B]`);
 * `cut` is given the alternatives of the union the name stands in.
 */
function rewrite(type: string, cut: (name: string, alternatives: string[]) => boolean): string {
  const alternatives = splitTop(type, "|");
  return union(
    alternatives.map((alternative) => {
      const generic = /^([A-Za-z_][\w.]*)\[(.*)\]$/s.exec(alternative);
      if (generic?.[1] !== undefined && generic[2] !== undefined && generic[1] !== "Literal")
        return `${generic[1]}[${splitTop(generic[2], ",")
          .map((argument) => rewrite(argument, cut))
          .join(", ")}]`;
      return cut(alternative, alternatives) ? LOOSE : alternative;
    }),
  );
}

/** Whether some model of the ring starts more simple paths inside it than mypy can walk. */
function tooManyPaths(ring: string[], edges: Map<string, string[]>): boolean {
  const members = new Set(ring);
  for (const start of ring) {
    let paths = 0;
    const onPath = new Set<string>([start]);
    const walk = (node: string): boolean => {
      for (const target of edges.get(node) ?? []) {
        if (!members.has(target) || onPath.has(target)) continue;
        if (++paths > PATH_BUDGET) return true;
        onPath.add(target);
        const over = walk(target);
        onPath.delete(target);
        if (over) return true;
      }
      return false;
    };
    if (walk(start)) return true;
  }
  return false;
}

/** The references between models: a TypedDict's fields' and an alias's type. */
function referenceGraph(models: PythonModel[]): Map<string, string[]> {
  const names = new Set(models.map((model) => model.name));
  return new Map(
    models.map((model) => {
      const types = model.kind === "alias" ? [model.type] : model.fields.map((field) => field.type);
      return [model.name, [...new Set(types.flatMap((type) => namesIn(type, names)))]];
    }),
  );
}

/** Cuts the rings of `models` whose paths pass the budget, in place (see the top of the file): whether it cut any. */
export function cutCostlyRings(models: PythonModel[]): boolean {
  let cutAny = false;
  const typedDicts = models.filter((model): model is Extract<PythonModel, { kind: "typed-dict" }> => model.kind === "typed-dict");
  const cutWhere = (cut: (owner: Set<string>, name: string, alternatives: string[]) => boolean) => {
    const edges = referenceGraph(models);
    const costly = circlesOf(edges).filter((ring) => tooManyPaths(ring, edges));
    const ringOf = new Map(costly.flatMap((ring) => ring.map((name) => [name, new Set(ring)] as const)));
    for (const model of typedDicts) {
      const ring = ringOf.get(model.name);
      if (!ring) continue;
      for (const field of model.fields)
        if (namesIn(field.type, ring).length > 0) {
          const written = rewrite(field.type, (name, alternatives) => cut(ring, name, alternatives));
          cutAny ||= written !== field.type;
          field.type = written;
        }
    }
  };
  // An id or the object it names: the id keeps its type.
  cutWhere((ring, name, alternatives) => ring.has(name) && alternatives.includes("str"));
  cutWhere((ring, name) => ring.has(name));
  return cutAny;
}
