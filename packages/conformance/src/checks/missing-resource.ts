// An id no resource has is 404 not_found (Errors › Error codes: not_found; Errors › HTTP
// statuses: 404, resource absent): a client that reads a resource deleted or never made
// tells it from a bad request or a success by the status. For each read of one resource
// whose list gives an id, an id of the same shape that no resource has (the real id's
// prefix, cert_, and a made-up rest of its length) is read.
import type { ActiveCheck } from "../check.js";
import { SkipCheck, skip, verdict } from "../outcome.js";
import type { Operation } from "../contract.js";
import { errorMismatch } from "./findings.js";

const MADE_UP = "ConformanceMissing0".repeat(8);

/** `path` (a read of one resource) with its id, the last segment, swapped for one of the same shape no resource has. */
export function missingPathLike(path: string): string {
  const at = path.lastIndexOf("/");
  const id = decodeURIComponent(path.slice(at + 1));
  const prefix = /^[A-Za-z]+_/.exec(id)?.[0] ?? "";
  const rest = Math.max(id.length - prefix.length, 8);
  return `${path.slice(0, at + 1)}${encodeURIComponent(`${prefix}${MADE_UP.slice(0, rest)}`)}`;
}

export const missingResource: ActiveCheck = {
  kind: "active",
  id: "missing-resource",
  area: "errors",
  clause: "Errors › Error codes",
  title: "An id no resource has is 404 not_found.",
  async run({ contract, target, known }) {
    const reads = contract.operations.filter(
      (operation: Operation) =>
        operation.method === "get" && operation.parameters.filter((parameter) => parameter.in === "path").length === 1,
    );
    if (reads.length === 0) return skip("the document has no read of one resource");
    const code = contract.errorCodes && !contract.errorCodes.not_found ? undefined : "not_found";
    const failures: string[] = [];
    const skipped: string[] = [];
    for (const operation of reads) {
      let path: string;
      try {
        path = missingPathLike(await known.pathWithId(operation));
      } catch (error) {
        if (!(error instanceof SkipCheck)) throw error;
        skipped.push(error.reason);
        continue;
      }
      const exchange = await target.send({ method: "GET", path, operation: { path: operation.path, method: "get" } });
      const found = errorMismatch(exchange, 404, code, "for an id no resource has");
      if (found) failures.push(found);
    }
    if (skipped.length === reads.length) return skip(skipped.join("; "));
    return verdict(failures, undefined, skipped);
  },
};
