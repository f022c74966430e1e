// An idempotency key belongs to the organization that sent it (Authentication: resources of
// other organizations are not visible; docs/decisions.md: a key is scoped to the calling
// organization, the method and the path): the second organization's write with a key and body
// the first has used is a request of its own. A store keyed by the key alone replays the
// first organization's resource to the second: the two answers name one resource.
import type { ActiveCheck } from "../check.js";
import { skip } from "../outcome.js";
import { describeExchange, isSuccess } from "../exchange.js";
import { keyHeader, onEachKeyedWrite, requestFor } from "./operations.js";

export const idempotencyKeyScope: ActiveCheck = {
  kind: "active",
  id: "idempotency-key-scope",
  area: "idempotency",
  clause: "Authentication",
  title: "Another organization's write with a key the first has used is its own request, never a replay of the first's.",
  async run(context) {
    const { contract, target, otherTarget, known } = context;
    if (!otherTarget) return skip("needs a second organization's credentials (--other-token)");
    return onEachKeyedWrite(context, 2, async ({ operation, path, key, body }) => {
      const send = (from: typeof target) =>
        from.send({ ...requestFor(known, operation), path, body, headers: { [keyHeader(contract, operation)]: key } });
      const first = await send(target);
      const second = await send(otherTarget);
      const idOf = (json: unknown) => (json as { id?: unknown } | undefined)?.id;
      const [mine, theirs] = [idOf(first.response.json), idOf(second.response.json)];
      // A create refused to the second organization leaves nothing to compare; a write to the first's resource is refused.
      if (!isSuccess(first.response.status) || mine === undefined || (!isSuccess(second.response.status) && path === operation.path))
        return `no resource to compare (${describeExchange(first)}; ${describeExchange(second)})`;
      // Not the replay mark: a run repeated with its seed replays each organization's own outcome.
      // A write to the first organization's resource (a cancel) is the second's to be refused, never replayed.
      if (isSuccess(second.response.status) && theirs === mine)
        return [
          `${describeExchange(second)}: the second organization was given ${JSON.stringify(theirs)}, the first organization's resource (${describeExchange(first)}), for the same key and body: a key is the calling organization's own`,
        ];
      return [];
    });
  },
};
