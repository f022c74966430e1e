// A JSON file read fast: `JSON.parse` for the data, a scan for duplicate keys (which JSON.parse
// would quietly take the last of), and the places of nodes only when one is asked for. `yaml`
// took 4.5 s on GitHub's 13 MB description and this takes 0.3 s (`npm run bench -- lint-diff`
// diffs Stripe's, in JSON). A file this refuses is read again by `yaml`, whose message names
// the problem and its place.
import { type Node, parseTree, visit } from "jsonc-parser";
import { decodePointer } from "../../openapi/json-pointer.js";
import type { Position } from "./position.js";

/** The data of a JSON text and where its pointers sit, or undefined when it has a syntax error or a key twice in one object. */
export function parseJson(text: string): { data: unknown; locate(pointer: string): Position | undefined } | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (hasDuplicateKey(text)) return undefined;
  let places: Places | undefined;
  return {
    data,
    locate(pointer) {
      places ??= new Places(text);
      return places.of(decodePointer(pointer));
    },
  };
}

function hasDuplicateKey(text: string): boolean {
  const objects: Set<string>[] = [];
  let duplicate = false;
  visit(text, {
    onObjectBegin: () => void objects.push(new Set()),
    onObjectEnd: () => void objects.pop(),
    onObjectProperty(property) {
      const keys = objects.at(-1)!;
      if (keys.has(property)) duplicate = true;
      keys.add(property);
    },
  });
  return duplicate;
}

/** The syntax tree of a JSON text, with the line and column of each node's value. */
class Places {
  private readonly tree: Node | undefined;
  private readonly lineStarts: number[] = [0];

  constructor(text: string) {
    this.tree = parseTree(text);
    for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) this.lineStarts.push(index + 1);
  }

  of(segments: string[]): Position | undefined {
    let node = this.tree;
    for (const segment of segments) {
      if (node?.type === "object") node = node.children?.find((property) => property.children?.[0]?.value === segment)?.children?.[1];
      else if (node?.type === "array" && /^(0|[1-9]\d*)$/.test(segment)) node = node.children?.[Number(segment)];
      else return undefined;
    }
    return node ? this.position(node.offset) : undefined;
  }

  private position(offset: number): Position {
    let [low, high] = [0, this.lineStarts.length - 1];
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low]! + 1 };
  }
}
