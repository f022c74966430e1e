// RateLimit-Reset is the Unix timestamp at which the window resets (Errors › Headers on every
// response; docs/decisions.md: rate-limit reset), not the seconds until it as the IETF drafts
// have it. A client that reads one as the other waits 56 years or not at all, so the value
// must be a time between the answer and a day after it (the window's length is not stated;
// no quota window is longer than a day). The answer's own Date header is the clock when it
// has one, so a server whose clock differs from the runner's is judged by its own.
import type { PassiveCheck } from "../check.js";
import { pass, verdict } from "../outcome.js";
import type { ReceivedResponse } from "../exchange.js";
import { findingsOver } from "./findings.js";

const LONGEST_WINDOW_SECONDS = 24 * 60 * 60;
/** The runner's clock may be this far from the server's when the answer has no Date. */
const CLOCK_SKEW_SECONDS = 5 * 60;

export const rateLimitReset: PassiveCheck = {
  kind: "passive",
  id: "rate-limit-reset",
  area: "headers",
  clause: "Errors › Headers on every response",
  title: "RateLimit-Reset is the Unix time at which the window resets, within a day after the answer.",
  judge(exchanges, contract) {
    const name = contract.headers.rateLimitReset;
    if (!name) return pass("the document names no rate-limit reset header");
    return verdict(
      findingsOver(exchanges, ({ response }) => {
        const value = response.headers[name.toLowerCase()];
        // Absent or not a whole number is rate-limit-headers' finding.
        if (value === undefined || !/^\d+$/.test(value)) return null;
        return problemOf(Number(value), response, name);
      }),
    );
  },
};

function problemOf(reset: number, response: ReceivedResponse, name: string): string | null {
  const date = Date.parse(response.headers.date ?? "");
  const now = Math.floor((Number.isNaN(date) ? response.receivedAt : date) / 1000);
  const slack = Number.isNaN(date) ? CLOCK_SKEW_SECONDS : 1;
  if (reset >= now - slack && reset <= now + LONGEST_WINDOW_SECONDS + slack) return null;
  const at = new Date(reset * 1000).toISOString();
  if (reset < now - slack && reset <= LONGEST_WINDOW_SECONDS)
    return `${name}: ${reset} is ${at} as a Unix time: it reads as the seconds until the reset, where the document asks for the Unix time at which the window resets (about ${now + reset})`;
  return `${name}: ${reset} is ${at}, not a Unix time within a day after the answer (${new Date(now * 1000).toISOString()})`;
}
