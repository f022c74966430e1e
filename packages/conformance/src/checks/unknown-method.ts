// A method a path does not have (DELETE on a list) is still answered by the API (Errors ›
// Headers on every response; Errors › Error body): a 4xx, 404 or 405, with the error body,
// Request-Id and the rate-limit headers. A framework's own 405 has none of them, and a client
// that sent the wrong method can neither log the request nor read why. The passive checks
// leave this answer to this check, as they leave a path the API does not have to unknown-route.
import type { ActiveCheck } from "../check.js";
import { pass, verdict } from "../outcome.js";
import { describeExchange } from "../exchange.js";
import { whatTheApiAnswerLacks } from "./unknown-route.js";

const METHODS = ["delete", "put", "patch", "post", "get"];

export const unknownMethod: ActiveCheck = {
  kind: "active",
  id: "unknown-method",
  area: "errors",
  clause: "Errors › Headers on every response",
  title: "A method a path does not have is a 4xx with the error body, Request-Id and the rate-limit headers.",
  async run({ contract, target, known }) {
    let chosen: { path: string; method: string } | undefined;
    for (const operation of contract.operations) {
      const method = METHODS.find(
        (candidate) => !contract.operations.some((other) => other.path === operation.path && other.method === candidate),
      );
      if (method) {
        chosen = { path: known.pathWithPlaceholder(operation), method };
        break;
      }
    }
    if (!chosen) return pass("every path of the document has every method");
    const exchange = await target.send({
      method: chosen.method.toUpperCase(),
      path: chosen.path,
      ...(["post", "put", "patch"].includes(chosen.method) ? { body: {} } : {}),
      operation: null,
    });
    const { response } = exchange;
    const missing: string[] = [];
    if (response.status < 400 || response.status >= 500) missing.push("a 4xx status (404 or 405)");
    missing.push(...whatTheApiAnswerLacks(contract, response));
    if (missing.length === 0) return verdict([]);
    return verdict([
      `${describeExchange(exchange)}: expected ${missing.join(", ")}; every answer carries them, one to a method the path does not have too`,
    ]);
  },
};
