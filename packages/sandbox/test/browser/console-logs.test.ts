// The console's Logs (#/logs) in real Chromium, on the sandbox `signing-platform serve` starts:
// the organization's calls to the public API arrive by themselves, newest first, their status
// coloured by family; an opened call shows its request and response bodies (client_secret
// replaced) and stays open while the list refreshes; the empty state says how to make a call.
// At 390 and 1280 px, light and dark: axe-clean and no wider than the screen.
// Screenshots are kept in /tmp as test artifacts.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, sidewaysOverflow } from "./support/page-checks.js";
import { launchChromium, openPage, type Chromium } from "./support/chromium.js";
import { installMovableClock, nextLiveRefresh, readAgain } from "./support/live-refresh.js";
import { startSandbox, type SandboxProcess } from "./support/sandbox.js";

let sandbox: SandboxProcess;
let browser: Chromium;

beforeAll(async () => {
  [sandbox, browser] = await Promise.all([startSandbox(), launchChromium()]);
  await installMovableClock(browser.context);
});
afterAll(async () => {
  await browser?.close();
  await sandbox?.stop();
});

const POLL = { timeout: 15_000, interval: 100 };
const LONG_PATH = `/certificates/cert_${"a-very-long-identifier-".repeat(8)}end`;

/** A public API call with the organization's token; resolves to its Request-Id. */
async function publicCall(token: string, path: string, init: RequestInit = {}): Promise<string> {
  const response = await fetch(`${sandbox.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { "content-type": "application/json" } : {}), ...init.headers },
  });
  await response.arrayBuffer();
  return response.headers.get("request-id")!;
}

const logRows = (page: Page) =>
  page
    .getByRole("table", { name: /API calls of this organization/ })
    .locator("tbody")
    .getByRole("row");

describe("console › Logs", () => {
  it.each([
    [390, "light"],
    [390, "dark"],
    [1280, "light"],
    [1280, "dark"],
  ] as const)("at %i px, %s: the calls, their bodies on request, an opened call kept open", async (width, scheme) => {
    const { access_token: token } = await sandbox.control("/organizations");
    const { page, problems } = await openPage(browser.context);
    const shot = (view: string) => page.screenshot({ path: `/tmp/sandbox-console-logs-${view}-${width}-${scheme}.png`, fullPage: true });
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${sandbox.url}/console/#/logs`);
    await page.getByLabel("Access token of your organization").fill(token);
    await page.getByRole("button", { name: "Use token" }).click();

    // No call yet: how to make one.
    const empty = page.locator("#no-logs");
    await empty.waitFor();
    expect(await empty.locator("code.command").innerText()).toBe(`curl -s ${sandbox.url}/certificates -H "authorization: Bearer $TOKEN"`);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Logs");
    expect(await page.getByRole("navigation", { name: "Console" }).locator('[aria-current="page"]').innerText()).toBe("Logs");
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot("empty");

    // Calls made elsewhere (a signing request read with its client_secret, a 404 with a long path, a 400) arrive by themselves.
    const request = await sandbox.control("/signing-requests", {}, token);
    const read = await publicCall(token, `/v1/signing-requests/${request.id}`);
    const missing = await publicCall(token, LONG_PATH);
    const refused = await publicCall(token, "/certificates?limit=0");
    await nextLiveRefresh(page);
    await expect.poll(() => logRows(page).count(), POLL).toBe(3);
    expect(await logRows(page).locator("code.request-id").allInnerTexts()).toEqual([refused, missing, read]);
    const status = (index: number) => logRows(page).nth(index).locator(".status");
    expect(await status(0).innerText()).toBe("400");
    expect(await status(0).getAttribute("class")).toContain("status-4xx");
    expect(await status(2).getAttribute("class")).toContain("status-2xx");
    const colour = (index: number) => status(index).evaluate((element) => getComputedStyle(element).color);
    expect(await colour(0)).not.toBe(await colour(2));
    expect(await logRows(page).nth(1).getByText(LONG_PATH).count()).toBe(1);

    // Opened: both bodies, pretty-printed, the secret replaced.
    const opened = logRows(page).nth(2).locator("details");
    await opened.getByText("Request and response").click();
    const response = opened.locator("pre").nth(1);
    await expect.poll(() => response.innerText(), POLL).toContain('"client_secret": "•••"');
    expect(await opened.locator("pre").first().innerText()).toBe("(no body)");
    expect(await response.innerText()).toContain(`"id": "${request.id}"`);
    await opened.evaluate((element) => element.setAttribute("data-opened-by-test", ""));
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot("opened");

    // A new call arrives and the list refreshes by itself, and once more on request: the opened row is the same element, still open.
    const next = await publicCall(token, "/certificates");
    await nextLiveRefresh(page);
    await expect.poll(() => logRows(page).count(), POLL).toBe(4);
    expect(await logRows(page).first().locator("code.request-id").innerText()).toBe(next);
    await readAgain(page, "/_sandbox/logs");
    await readAgain(page, "/_sandbox/logs", () => page.getByRole("button", { name: "Refresh logs" }).click());
    expect(await logRows(page).nth(3).locator("details[open][data-opened-by-test]").count()).toBe(1);
    expect(await logRows(page).nth(3).locator("pre").nth(1).innerText()).toContain('"client_secret": "•••"');
    expect(await page.content()).not.toContain(token);
    expect(problems.errors).toEqual([]);
    await page.close();
  });
});
