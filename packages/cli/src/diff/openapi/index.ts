// The generic OpenAPI checks of `signing-platform diff`: paths and operations, parameters,
// request bodies, responses, security, and webhooks, with oasdiff's check ids. Paths are
// matched with their parameter names blanked ("/certificates/{}"), so renaming a path
// parameter is not a removal; renaming a path is.
import { HTTP_METHODS, isObject, type Json } from "@signing-platform/rules/openapi";
import { encodePointer } from "../../input/json-pointer.js";
import { follow, type OperationAt } from "../document-walk.js";
import { Comparison, type RawFinding } from "./finding.js";
import { compareRequestBodies, compareResponses } from "./messages.js";
import { compareParameters } from "./parameters.js";
import { compareSecurity } from "./security.js";
import { judgeRemoval } from "./sunset.js";

export type { RawFinding } from "./finding.js";

interface Operation {
  /** "GET /certificates/{id}" as this version writes it. */
  name: string;
  path: string;
  at: OperationAt;
}

/** Operations of `paths` by template ("/certificates/{}") and method. */
function operationsOf(document: Json): Map<string, Map<string, Operation>> {
  const byPath = new Map<string, Map<string, Operation>>();
  // Sorted, so that two paths of one template (invalid, but written) are read alike in any key order.
  const paths = Object.entries(isObject(document.paths) ? document.paths : {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [path, item] of paths) {
    const template = path.replace(/\{[^}]*\}/g, "{}");
    if (byPath.has(template)) continue;
    const pathItem = follow(document, item, encodePointer(["paths", path]));
    if (!pathItem) continue;
    const methods = new Map<string, Operation>();
    for (const method of HTTP_METHODS) {
      const operation = follow(document, pathItem.node[method], `${pathItem.pointer}/${method}`);
      const name = `${method.toUpperCase()} ${path}`;
      if (operation) methods.set(method, { name, path, at: { name, operation, pathItem } });
    }
    byPath.set(template, methods);
  }
  return byPath;
}

function reportRemoval(comparison: Comparison, removed: Operation, pathRemoved: boolean): void {
  const removal = judgeRemoval(removed.at.operation.node, comparison.today);
  const subject = pathRemoved ? "api-path" : "api";
  const id =
    removal.kind === "not-deprecated"
      ? `${subject}-removed-without-deprecation`
      : removal.kind === "before-sunset"
        ? `${subject}-removed-before-sunset`
        : `${subject}-removed-with-deprecation`;
  const what = pathRemoved ? `${removed.name} was removed with its path` : `${removed.name} was removed`;
  const why =
    removal.kind === "before-sunset"
      ? `, but ${removal.reason}`
      : removal.kind === "after-sunset"
        ? ` after its x-sunset ${removal.sunset}`
        : ", and it was not deprecated first";
  comparison.report({ id, operation: removed.name, message: `${what}${why}.`, base: removed.at.operation.pointer });
}

function compareOperation(comparison: Comparison, was: Operation, now: Operation): void {
  const scope = { comparison, operation: now.name, done: new Set<string>() };
  const [oldNode, newNode] = [was.at.operation.node, now.at.operation.node];
  if ((oldNode.deprecated === true) !== (newNode.deprecated === true)) {
    const id = newNode.deprecated === true ? "endpoint-deprecated" : "endpoint-reactivated";
    const sunset = newNode["x-sunset"] !== undefined ? ` (x-sunset ${newNode["x-sunset"]})` : "";
    comparison.report({
      id,
      operation: now.name,
      message: `${now.name} is ${newNode.deprecated === true ? `now deprecated${sunset}` : "no longer deprecated"}.`,
      base: was.at.operation.pointer,
      head: now.at.operation.pointer,
    });
  }
  compareParameters(comparison, now.name, was, now, scope.done);
  compareRequestBodies(scope, "request", was.at, now.at);
  compareResponses(scope, was.at, now.at);
  compareSecurity(comparison, now.name, was.at, now.at);
}

function comparePaths(comparison: Comparison): void {
  const before = operationsOf(comparison.base);
  const after = operationsOf(comparison.head);
  for (const [template, methods] of before) {
    const next = after.get(template);
    for (const [method, operation] of methods) {
      const kept = next?.get(method);
      if (kept) compareOperation(comparison, operation, kept);
      else reportRemoval(comparison, operation, next === undefined);
    }
  }
  for (const [template, methods] of after) {
    for (const [method, operation] of methods) {
      if (!before.get(template)?.has(method))
        comparison.report({
          id: "endpoint-added",
          operation: operation.name,
          message: `${operation.name} was added.`,
          head: operation.at.operation.pointer,
        });
    }
  }
}

/** Webhooks by name: removed or added, and each kept one's payload, as its receiver reads it. */
function compareWebhooks(comparison: Comparison): void {
  const webhooks = (document: Json) => (isObject(document.webhooks) ? document.webhooks : {});
  const [before, after] = [webhooks(comparison.base), webhooks(comparison.head)];
  for (const [name, item] of Object.entries(before)) {
    const pointer = encodePointer(["webhooks", name]);
    const operation = `webhook ${name}`;
    if (!Object.hasOwn(after, name)) {
      comparison.report({
        id: "webhook-removed",
        operation,
        message: `Webhook ${name} was removed: receivers subscribed to it get nothing.`,
        base: pointer,
      });
      continue;
    }
    const [was, now] = [follow(comparison.base, item, pointer), follow(comparison.head, after[name], pointer)];
    if (!was || !now) continue;
    for (const method of HTTP_METHODS) {
      const [old, next] = [
        follow(comparison.base, was.node[method], `${was.pointer}/${method}`),
        follow(comparison.head, now.node[method], `${now.pointer}/${method}`),
      ];
      if (!old || !next) continue;
      const scope = { comparison, operation, done: new Set<string>() };
      compareRequestBodies(
        scope,
        "webhook",
        { name: operation, operation: old, pathItem: was },
        { name: operation, operation: next, pathItem: now },
      );
    }
  }
  for (const name of Object.keys(after)) {
    if (!Object.hasOwn(before, name))
      comparison.report({
        id: "webhook-added",
        operation: `webhook ${name}`,
        message: `Webhook ${name} was added.`,
        head: encodePointer(["webhooks", name]),
      });
  }
}

/** Every generic change from `base` to `head`, deprecations judged on `today`. */
export function openApiFindings(base: Json, head: Json, today: Date): RawFinding[] {
  const comparison = new Comparison(base, head, today);
  comparePaths(comparison);
  compareWebhooks(comparison);
  return comparison.findings;
}
