// @ts-check
// What is shown refreshes by itself: every 2 s while something changes, backing off to 30 s
// while nothing does, never while the tab is hidden (Logs: every 2 s).
import { failure } from "../common/control-api.js";
import { state } from "../common/state.js";
import { refused } from "./session.js";
import { refreshView } from "./view-registry.js";

const LIVE = { fastest: 2000, slowest: 30000, delay: 2000, timer: 0, seen: "" };

/**
 * Reads the view again: at once when `now`, else on the live schedule, sooner while it
 * changes and later while it does not, and never while the tab is hidden.
 */
export function liveRefresh(now = false) {
  clearTimeout(LIVE.timer);
  if (!state.token) return;
  if (now) LIVE.delay = LIVE.fastest;
  LIVE.timer = setTimeout(
    async () => {
      if (!state.token || document.hidden) return liveRefresh();
      let seen = LIVE.seen;
      try {
        seen = await refreshView();
      } catch (caught) {
        const error = failure(caught);
        // The sandbox forgot the token (it restarted): say so. Anything else is tried again later.
        if (error.status === 401) return refused(error);
      }
      // Logs keeps to 2 s: its calls come from outside the page, with nothing to announce them.
      LIVE.delay = seen !== LIVE.seen || state.view === "logs" ? LIVE.fastest : Math.min(LIVE.delay * 2, LIVE.slowest);
      LIVE.seen = seen;
      liveRefresh();
    },
    now ? 300 : LIVE.delay,
  );
}

/** Stops the schedule: a signed-out tab reads nothing. */
export function stopLiveRefresh() {
  clearTimeout(LIVE.timer);
}

/** Reads the view now, for a button that asked for it, and follows it closely from there. */
export async function refreshNow() {
  await refreshView();
  liveRefresh(true);
}
