// The console reads what it shows again by itself, 2 s to 30 s after its last read
// (console/shell/live-refresh.js). A test that waits for such a read moves the page's clock on
// instead: the console makes the same read, at once. Until moved, the clock keeps real time.
import type { BrowserContext, Page } from "playwright-core";

/** The longest the console waits between two reads of a view. */
const SLOWEST_REFRESH_MS = 30_000;

/** Gives the context's pages a clock that a test can move on; before any of them loads. */
export const installMovableClock = (context: BrowserContext) => context.clock.install();

/** Has the page make its next scheduled read of the view now. */
export const nextLiveRefresh = (page: Page) => page.clock.fastForward(SLOWEST_REFRESH_MS);

/** Resolves when the page has read `path` of the control API again, after `cause` (its next live read, or a click). */
export async function readAgain(page: Page, path: string, cause: () => Promise<unknown> = () => nextLiveRefresh(page)): Promise<void> {
  const answered = page.waitForResponse((response) => response.url().endsWith(path));
  await cause();
  await answered;
}
