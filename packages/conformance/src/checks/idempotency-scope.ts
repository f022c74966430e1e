// An idempotency key belongs to the organization that sent it (Authentication: resources of
// other organizations are not visible; docs/decisions.md: a key is scoped to the calling
// organization, the method and the path): the second organization's write with a key and body
// the first has used is a request of its own. A store keyed by the key alone replays the
// first organization's resource to the second: the two answers name one resource.
import type { ActiveCheck } from "../check.js";
import { pass, skip, verdict } from "../check.js";
import { describeExchange, isSuccess } from "../exchange.js";
import { keyedWrite, keyHeader, requestFor } from "./operations.js";

export const idempotencyKeyScope: ActiveCheck = {
  kind: "active",
  id: "idempotency-key-scope",
  area: "idempotency",
  clause: "Authentication",
  title: "Another organization's write with a key the first has used is its own request, never a replay of the first's.",
  async run(context) {
    const { contract, target, otherTarget, known } = context;
    if (!otherTarget) return skip("needs a second organization's credentials (--other-token)");
    const { operation, key, body } = keyedWrite(context, 2);
    const send = (from: typeof target) =>
      from.send({ ...requestFor(known, operation), body, headers: { [keyHeader(contract, operation)]: key } });
    const first = await send(target);
    const second = await send(otherTarget);
    const idOf = (json: unknown) => (json as { id?: unknown } | undefined)?.id;
    const [mine, theirs] = [idOf(first.response.json), idOf(second.response.json)];
    if (!isSuccess(first.response.status) || !isSuccess(second.response.status) || mine === undefined)
      return pass(`not tested: no resource to compare (${describeExchange(first)}; ${describeExchange(second)})`);
    const failures: string[] = [];
    // Not the replay mark: a run repeated with its seed replays each organization's own outcome.
    if (theirs === mine)
      failures.push(
        `${describeExchange(second)}: the second organization was given ${JSON.stringify(theirs)}, the first organization's resource (${describeExchange(first)}), for the same key and body: a key is the calling organization's own`,
      );
    return verdict(failures);
  },
};
