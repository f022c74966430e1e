// Path items and operations written as a `$ref` (DigitalOcean writes each operation in a file
// of its own: `get: { $ref: "resources/droplets/droplets_list.yml" }`, bundled to a pointer
// into the document) are replaced by what they point to, once, before anything reads the
// document: the SDK model, the README's examples, openapi-typescript and the Python view then
// all see the operation itself.
import { HTTP_METHODS } from "@signing-platform/contract";
import { resolveRef } from "@signing-platform/contract/openapi";
import type { OpenApiDocument } from "./load-document.js";

type Node = Record<string, unknown>;

/** A path item with its own `$ref` and its operations' `$ref`s followed; the fields written beside a `$ref` win. */
function followedItem(document: OpenApiDocument, item: unknown, where: string): unknown {
  if (!item || typeof item !== "object") return item;
  const { $ref, ...siblings } = item as Node;
  const target = typeof $ref === "string" ? (resolveRef(document, { $ref }, where) ?? {}) : {};
  const merged: Node = { ...target, ...siblings };
  for (const method of HTTP_METHODS) {
    const operation = merged[method] as Node | undefined;
    if (operation && typeof operation === "object" && typeof operation.$ref === "string") {
      const { $ref: _, ...beside } = operation;
      merged[method] = { ...resolveRef(document, operation, `${where} › ${method}`), ...beside };
    }
  }
  return merged;
}

const hasRefs = (item: unknown) =>
  !!item &&
  typeof item === "object" &&
  ("$ref" in item || HTTP_METHODS.some((method) => typeof ((item as Node)[method] as Node | undefined)?.$ref === "string"));

/**
 * The objects written as a `$ref` where OpenAPI allows none, but documents split over files
 * write one (and openapi-typescript refuses it): a media type object
 * (`application/json: { $ref: … }`) and a schema's whole `properties` map. Each is given as
 * its parent and key.
 */
function* misplacedRefs(node: unknown, depth = 0): Generator<[Node, string]> {
  if (!node || typeof node !== "object" || depth > 64) return;
  if (Array.isArray(node)) {
    for (const item of node) yield* misplacedRefs(item, depth + 1);
    return;
  }
  const isRef = (value: unknown) => !!value && typeof value === "object" && typeof (value as Node).$ref === "string";
  for (const [key, child] of Object.entries(node)) {
    if (key === "properties" && isRef(child)) yield [node as Node, key];
    if (key === "content" && child && typeof child === "object" && !Array.isArray(child))
      for (const media of Object.keys(child)) if (isRef((child as Node)[media])) yield [child as Node, media];
    if (key !== "example" && key !== "examples") yield* misplacedRefs(child, depth + 1);
  }
}

/**
 * The document with every path item and webhook written as, or holding operations written as,
 * a `$ref` followed, and the objects written as one where OpenAPI allows none (misplacedRefs).
 */
export function withOperationRefsFollowed(given: OpenApiDocument): OpenApiDocument {
  let document = given;
  if (!misplacedRefs(given).next().done) {
    document = structuredClone(given);
    for (const [parent, key] of misplacedRefs(document)) parent[key] = resolveRef(document, parent[key], key);
  }
  const follow = (items: Record<string, unknown>, where: string) =>
    Object.fromEntries(
      Object.entries(items).map(([key, item]) => [key, hasRefs(item) ? followedItem(document, item, `${where} › ${key}`) : item]),
    );
  const paths = Object.values(document.paths).some(hasRefs) ? follow(document.paths, "paths") : document.paths;
  const webhooks = document.webhooks as Record<string, unknown> | undefined;
  if (paths === document.paths && !(webhooks && Object.values(webhooks).some(hasRefs))) return document;
  return {
    ...document,
    paths: paths as OpenApiDocument["paths"],
    ...(webhooks ? { webhooks: follow(webhooks, "webhooks") } : {}),
  };
}
