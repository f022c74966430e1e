// The exploration as a check of the run (opt-in: it sends a few hundred requests and creates
// resources): `--only explore`, or `--explore-runs N`. Its one finding, when there is one, is
// the shortest sequence of requests that breaks the contract, and how to replay it.
import type { ActiveCheck } from "../check.js";
import { pass, skip, verdict } from "../outcome.js";
import { DEFAULT_EXPLORE_RUNS } from "./exploration-options.js";
import { explore } from "./explore.js";

/** The exploration as a check (opt-in, id `explore`): generated sequences of requests, shrunk to the shortest one that breaks the contract. */
export const exploreCheck: ActiveCheck = {
  kind: "active",
  id: "explore",
  area: "exploration",
  clause: "Endpoints; Errors",
  title:
    "Generated sequences of requests (creates and their replays, reads, conditional reads, lists at and past their bounds, refused bodies) keep every convention.",
  optIn: true,
  async run(context) {
    const options = context.exploration ?? {};
    const result = await explore(context, options);
    if (result.kind === "nothing-to-explore") return skip("the document has no operation to explore");
    if (result.kind === "found") return verdict([result.finding]);
    const planned = options.path ? 1 : (options.runs ?? DEFAULT_EXPLORE_RUNS);
    if (result.stopped) return skip(`not tested in full: ${result.stopped}, after ${result.runs} of ${planned} sequences`);
    return pass(`${result.runs} sequence${result.runs === 1 ? "" : "s"}, seed ${context.values.seed}`);
  },
};
