// Real headless Chromium (/usr/bin/chromium, or CHROMIUM_PATH) through playwright-core, with a
// fresh user-data dir per launch; never a downloaded browser.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export interface Chromium {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Chromium> {
  const userDataDir = mkdtempSync(join(tmpdir(), "sandbox-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: ARGS,
    viewport: { width: 1100, height: 900 },
    locale: "en-GB",
    timezoneId: "UTC",
  });
  // Locator actions wait at most this long instead of Playwright's 30 s, so a failure names its step quickly.
  context.setDefaultTimeout(15_000);
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export interface PageProblems {
  /** Uncaught exceptions and console errors of the page. */
  errors: string[];
}

/** A new tab that records the page's uncaught exceptions and console errors. */
export async function openPage(context: BrowserContext): Promise<{ page: Page; problems: PageProblems }> {
  const page = await context.newPage();
  const problems: PageProblems = { errors: [] };
  page.on("pageerror", (error) => problems.errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  return { page, problems };
}
