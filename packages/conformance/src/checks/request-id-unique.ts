// Request-Id is the canonical identifier of one request (Errors › Headers on every response),
// made by the server: a client that logs it finds the one request it names. Two reads are
// sent carrying one Request-Id of the client's, then every answer of the run so far is read:
// none may carry the client's id back, nor an id another answer has (an idempotent replay
// that stored the original's headers, an id made once per process).
import type { ActiveCheck } from "../check.js";
import { verdict } from "../outcome.js";
import { describeExchange, type Exchange } from "../exchange.js";
import { findingsOver } from "./findings.js";
import { firstPlainRead } from "./operations.js";

/** The id the two reads carry; no server would make it. */
const SENT = "conformance0client0request0id";

export const requestIdUnique: ActiveCheck = {
  kind: "active",
  id: "request-id-unique",
  area: "headers",
  clause: "Errors › Headers on every response",
  title: "Every answer has a Request-Id of its own, made by the server: none repeats another's or the client's.",
  async run({ contract, target, exchanges }) {
    const names = contract.headers.requestId.map((name) => name.toLowerCase());
    const name = contract.headers.requestId[0]!;
    const operation = firstPlainRead(contract);
    target.reserve(2);
    for (let sent = 0; sent < 2; sent++) {
      await target.send({
        method: "GET",
        path: operation.path,
        headers: { [name]: SENT },
        operation: { path: operation.path, method: "get" },
      });
    }
    const first = new Map<string, Exchange>();
    return verdict(
      findingsOver(exchanges, (exchange) => {
        const id = names.map((candidate) => exchange.response.headers[candidate]).find((value) => value !== undefined);
        // No id at all is request-id's finding.
        if (id === undefined) return null;
        if (id === SENT) return `${name}: ${id} is the one the request carried: the server makes the canonical id of each request`;
        const earlier = first.get(id);
        if (earlier === undefined) {
          first.set(id, exchange);
          return null;
        }
        return `${name}: ${id} again, the id of ${describeExchange(earlier)}: each request has an id of its own`;
      }),
    );
  },
};
