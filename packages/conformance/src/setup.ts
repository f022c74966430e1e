// Before any check: the credentials are usable and the API answers under the base URL. A run
// with a token the server refuses, or a base URL one segment off (…/v1 where the document's
// paths carry /v1 themselves), would fail every check for one reason; it stops instead with
// that reason. The reads are the document's GET operations without path parameters (a list),
// which a server that keeps the contract answers with 200.
import type { ActiveContext } from "./check.js";
import type { Contract } from "./contract.js";
import { requestFor } from "./checks/operations.js";
import { describeExchange, type Exchange } from "./exchange.js";
import { SetupError } from "./setup-error.js";
import type { Target } from "./target.js";

const READS = 3;

export async function checkSetup(context: Pick<ActiveContext, "contract" | "target" | "otherTarget" | "known">, baseUrl: string) {
  const { contract, target, otherTarget, known } = context;
  const reads = plainReads(contract);
  const tried: Exchange[] = [];
  const probes = reads.length > 0 ? reads : contract.operations.filter((operation) => operation.method === "get").slice(0, 1);
  for (const operation of probes) {
    tried.push(await target.send({ ...requestFor(known, operation), anonymous: !target.hasCredentials }));
  }
  const every = (status: number) => tried.length > 0 && tried.every((exchange) => exchange.response.status === status);
  if (target.hasCredentials && every(401)) {
    throw new SetupError(
      `the server refuses the credentials on every call (${summary(tried)}): check the credentials (the token, or the client certificate and key).`,
    );
  }
  if (reads.length > 0 && every(404)) {
    throw new SetupError(
      `nothing of the API answers under ${baseUrl} (${summary(tried)}, and so on for every documented path tried): check the base URL; the document's paths are appended to it, so it does not end with a prefix they already have, such as /v1.`,
    );
  }
  if (otherTarget) await checkOther(otherTarget, probes[0], known);
}

async function checkOther(other: Target, operation: Contract["operations"][number] | undefined, known: ActiveContext["known"]) {
  if (!operation) return;
  const exchange = await other.send(requestFor(known, operation));
  if (exchange.response.status === 401)
    throw new SetupError(
      `the server refuses the second organization's credentials (${describeExchange(exchange)}): check the other token.`,
    );
}

/** GET operations with no path parameter: lists, which answer 200 whatever exists. */
const plainReads = (contract: Contract) =>
  contract.operations
    .filter((operation) => operation.method === "get" && !operation.parameters.some((parameter) => parameter.in === "path"))
    .slice(0, READS);

const summary = (exchanges: Exchange[]) => exchanges.map(describeExchange).join(", ");
