// The console's views (#/endpoints, #/endpoints/we_…, #/events) in real Chromium against a
// sandbox process, at a phone's width (390 px) and a desktop's (1280 px), light and dark: no
// violation axe-core finds, nothing wider than the screen, the endpoint's page with its health
// chart, next retry and secret, and the events with their deliveries. Rows are updated in
// place, so an opened attempt stays open while new ones arrive; a roll or a delete leaves no
// earlier message or secret behind; destructive buttons look it and ask in the page.
// Screenshots are kept in /tmp as test artifacts; with CONSOLE_SCREENSHOTS=1 every view is also
// written to docs/images (the endpoint's page as console-{desktop,phone}[-dark].png, the others
// as console-<view>-<width>-<scheme>.png), as docs/sandbox.md shows them.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, sidewaysOverflow } from "./support/page-checks.js";
import { launchChromium, openPage, type Chromium } from "./support/chromium.js";
import { installMovableClock, nextLiveRefresh, readAgain } from "./support/live-refresh.js";
import { repo, startSandbox, type SandboxProcess } from "./support/sandbox.js";

let sandbox: SandboxProcess;
let browser: Chromium;
/** `/ok` acknowledges every delivery; `/flaky` refuses every third one with a 500. */
let hook: { base: string; server: Server };
const NOWHERE = "http://127.0.0.1:9/nowhere";

beforeAll(async () => {
  let count = 0;
  const server = createServer((request, response) => {
    request.resume();
    if (request.url === "/flaky" && ++count % 3 === 0) return void response.writeHead(500).end("not now");
    response.writeHead(200).end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  hook = { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  [sandbox, browser] = await Promise.all([startSandbox(), launchChromium()]);
  await installMovableClock(browser.context);
});
afterAll(async () => {
  await browser?.close();
  await sandbox?.stop();
  await new Promise((resolve) => hook?.server.close(resolve));
});

const POLL = { timeout: 15_000, interval: 100 };
const text = (locator: Locator) => () => locator.innerText();
const attemptRows = (page: Page) =>
  page
    .getByRole("table", { name: /Delivery attempts/ })
    .locator("tbody")
    .getByRole("row");

const control = (token: string, path: string, body: unknown = {}) =>
  fetch(`${sandbox.url}/_sandbox${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  }).then((response) => response.json() as Promise<Record<string, any>>);

/** An organization with endpoints (one flaky, one unreachable) and some events, made through the control API. */
async function organization(): Promise<{ token: string; flaky: string }> {
  const { access_token: token } = await control("", "/organizations");
  const flaky = `${hook.base}/flaky`;
  await control(token, "/webhook-endpoints", { url: flaky });
  await control(token, "/webhook-endpoints", { url: NOWHERE });
  for (let index = 0; index < 4; index += 1) {
    const request = await control(token, "/signing-requests");
    await control(token, `/signing-requests/${request.id}/actions`, { action: "cancel" });
  }
  return { token, flaky };
}

/** A page at `width`, in `scheme`, signed in with `token` (pasted, as a reader of the walkthrough does). */
async function console_(token: string, width: number, scheme: "light" | "dark" = "light") {
  const { page, problems } = await openPage(browser.context);
  await page.setViewportSize({ width, height: 900 });
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(`${sandbox.url}/console/`);
  await page.getByLabel("Access token of your organization").fill(token);
  await page.getByRole("button", { name: "Use token" }).click();
  await page.getByRole("table", { name: "Registered webhook endpoints" }).getByRole("row").nth(2).waitFor();
  return { page, problems };
}

describe("console › design", () => {
  it.each([
    [390, "light"],
    [390, "dark"],
    [1280, "light"],
    [1280, "dark"],
  ] as const)("at %i px, %s: every view is axe-clean and no wider than the screen", async (width, scheme) => {
    const { token, flaky } = await organization();
    const { page, problems } = await console_(token, width, scheme);
    const shot = async (view: string) => {
      await page.screenshot({ path: `/tmp/sandbox-console-${view}-${width}-${scheme}.png`, fullPage: true });
      // The documentation's pictures: the top of the view, as a reader first sees it.
      if (process.env.CONSOLE_SCREENSHOTS && view !== "endpoint" && view !== "failing") {
        await page.evaluate(() => scrollTo(0, 0));
        await page.screenshot({ path: join(repo, "docs", "images", `console-${view}-${width}-${scheme}.png`) });
      }
    };
    // The page follows the system's scheme.
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe(scheme === "dark" ? "rgb(13, 17, 23)" : "rgb(246, 247, 249)");
    expect(await page.getByRole("button", { name: "Dark theme" }).getAttribute("aria-pressed")).toBe(String(scheme === "dark"));

    // Endpoints: each with its state and recent success rate.
    const rows = page.getByRole("table", { name: "Registered webhook endpoints" }).locator("tbody").getByRole("row");
    await expect.poll(text(rows.filter({ hasText: NOWHERE }).getByRole("cell").nth(2)), POLL).toMatch(/^0% succeeded \(0 of \d+\)/);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot("endpoints");

    // The unreachable endpoint's page: its long error wraps, its failing deliveries say when they are retried.
    await rows.filter({ hasText: NOWHERE }).getByRole("link", { name: NOWHERE }).click();
    await expect.poll(() => attemptRows(page).count(), POLL).toBeGreaterThanOrEqual(4);
    const first = attemptRows(page).first();
    expect(await first.getByRole("cell").nth(2).innerText()).toMatch(/^No answer: .*ECONNREFUSED\s+Next retry \d/);
    await first.getByText("Sent and answered").click();
    expect(await page.getByRole("region", { name: "Health" }).innerText()).toMatch(/0%[\s\S]*\d+ failing deliveries; next retry \d/);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot("failing");

    // The flaky endpoint's page: the chart of its success rate, and its secret on request.
    await page.getByRole("link", { name: "← All endpoints" }).click();
    await rows.filter({ hasText: flaky }).getByRole("link", { name: flaky }).click();
    const chart = page.getByRole("region", { name: "Health" }).getByRole("img");
    // Its eight events attempted: some succeeded, some failed.
    await expect
      .poll(async () => {
        const label = (await chart.getAttribute("aria-label")) ?? "";
        const [, total = "0", succeeded = "0", failed = "0"] =
          /^Success rate \d+% over the last (\d+) attempts: (\d+) succeeded, (\d+) failed\.$/.exec(label) ?? [];
        return Number(total) >= 8 && Number(succeeded) > 0 && Number(failed) > 0;
      }, POLL)
      .toBe(true);
    expect(await chart.locator("rect.bar-ok").count()).toBeGreaterThan(0);
    expect(await chart.locator("rect.bar-failed").count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: `Reveal secret of ${flaky}` }).click();
    await expect.poll(text(page.getByRole("region", { name: "Signing secret" }).locator("code")), POLL).toMatch(/^whsec_/);
    await attemptRows(page).first().getByText("Sent and answered").click();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot("endpoint");
    if (process.env.CONSOLE_SCREENSHOTS) {
      // The documentation's pictures (docs/sandbox.md): CONSOLE_SCREENSHOTS=1 writes them anew.
      const name = `console-${width === 1280 ? "desktop" : "phone"}${scheme === "dark" ? "-dark" : ""}.png`;
      await page.evaluate(() => scrollTo(0, 0));
      await page.screenshot({ path: join(repo, "docs", "images", name) });
    }

    // Events, each with its deliveries.
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Events" }).click();
    const events = page.getByRole("table", { name: "Recent events and their deliveries" }).locator("tbody").getByRole("row");
    await expect.poll(() => events.count(), POLL).toBe(8);
    const canceled = events.filter({ hasText: "signing_request.canceled" }).first();
    expect(await canceled.getByRole("listitem").count()).toBe(2);
    expect(await canceled.getByRole("listitem").filter({ hasText: NOWHERE }).innerText()).toMatch(/^Failing/);
    expect(await page.getByRole("navigation", { name: "Console" }).locator('[aria-current="page"]').innerText()).toBe("Events");
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot("events");

    // Logs, with a call of the organization's to the public API.
    await fetch(`${sandbox.url}/certificates`, { headers: { authorization: `Bearer ${token}` } });
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Logs" }).click();
    await expect.poll(text(page.getByRole("heading", { level: 1 })), POLL).toBe("Logs");
    await expect.poll(() => page.getByText("/certificates").count(), POLL).toBeGreaterThan(0);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot("logs");
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it("keeps an opened attempt open while new attempts arrive and the list refreshes", async () => {
    const { token } = await organization();
    const { page, problems } = await console_(token, 1280);
    const ok = `${hook.base}/ok`;
    const endpoint = await control(token, "/webhook-endpoints", { url: ok });
    await page.goto(`${sandbox.url}/console/#/endpoints/${endpoint.id}`);
    await page.getByRole("button", { name: `Send test to ${ok}` }).click();
    await expect.poll(() => attemptRows(page).count(), POLL).toBe(1);
    const details = attemptRows(page).first().locator("details");
    await details.getByText("Sent and answered").click();
    await details.evaluate((element) => element.setAttribute("data-opened-by-test", ""));

    // Another attempt arrives by itself (a test sent elsewhere), and the list refreshes a few
    // more times: the opened row is the same element, still open.
    await control(token, `/webhook-endpoints/${endpoint.id}/test`);
    await nextLiveRefresh(page);
    await expect.poll(() => attemptRows(page).count(), POLL).toBe(2);
    const attemptsPath = `/webhook-endpoints/${endpoint.id}/attempts`;
    for (let refresh = 0; refresh < 2; refresh += 1) await readAgain(page, attemptsPath);
    expect(await page.locator("details[data-opened-by-test]").evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    expect(await attemptRows(page).nth(1).locator("details[data-opened-by-test]").count()).toBe(1);
    await readAgain(page, attemptsPath, () => page.getByRole("button", { name: "Refresh attempts" }).click());
    expect(await page.locator("details[open][data-opened-by-test]").count()).toBe(1);
    // Filtered out and back, it is still open.
    await page.getByLabel("Result").selectOption("failed");
    await page.getByLabel("Result").selectOption("");
    expect(await page.locator("details[open][data-opened-by-test]").count()).toBe(1);
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it("clears what a roll or a delete made stale; destructive buttons look it and ask in the page", async () => {
    const { token } = await organization();
    const { page, problems } = await console_(token, 390);
    const nativeDialogs: string[] = [];
    page.on("dialog", (dialog) => (nativeDialogs.push(dialog.message()), void dialog.dismiss()));
    const ok = `${hook.base}/ok`;
    const endpoint = await control(token, "/webhook-endpoints", { url: ok });
    await page.goto(`${sandbox.url}/console/#/endpoints/${endpoint.id}`);
    const section = page.getByRole("region", { name: ok, exact: true });

    // Destructive: outlined in the danger colour, unlike Send test.
    const look = (locator: Locator) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        return { color: style.color, border: style.borderTopColor, background: style.backgroundColor };
      });
    const remove = await look(page.getByRole("button", { name: `Delete ${ok}` }));
    const send = await look(page.getByRole("button", { name: `Send test to ${ok}` }));
    expect(remove.border).toBe(remove.color);
    expect(remove.background).toBe("rgba(0, 0, 0, 0)");
    expect(remove.color).not.toBe(send.color);
    expect(await look(page.getByRole("button", { name: `Roll secret of ${ok}` }))).toEqual(remove);

    await page.getByRole("button", { name: `Send test to ${ok}` }).click();
    await expect.poll(text(section.getByRole("status")), POLL).toMatch(/^Test sent to /);
    await page.getByRole("button", { name: `Roll secret of ${ok}` }).click();
    const dialog = page.getByRole("dialog", { name: "Roll the signing secret?" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/sandbox-console-confirm-390.png" });
    await dialog.getByRole("button", { name: "Roll secret" }).click();
    const secret = page.getByRole("region", { name: "Signing secret" }).locator("code");
    await expect.poll(text(secret), POLL).toMatch(/^whsec_/);
    const rolled = await secret.innerText();
    // The test's line is gone: it spoke of what was before the roll.
    expect(await section.getByRole("status").innerText()).toBe("");

    await page.getByRole("button", { name: `Delete ${ok}` }).click();
    await page.getByRole("dialog", { name: "Delete this endpoint?" }).getByRole("button", { name: "Delete endpoint" }).click();
    await expect.poll(text(page.getByRole("region", { name: "Endpoints" }).getByRole("status")), POLL).toBe(`${ok} was deleted.`);
    expect(await page.content()).not.toContain(rolled);
    // Back at its address, the endpoint is said to be gone.
    await page.goto(`${sandbox.url}/console/#/endpoints/${endpoint.id}`);
    await expect.poll(text(page.locator("#endpoint-missing")), POLL).toMatch(/^This endpoint is not one of this organization's/);
    expect(nativeDialogs).toEqual([]);
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it("switches theme with the toggle and keeps the choice", async () => {
    const { token } = await organization();
    const { page } = await console_(token, 1280, "light");
    const toggle = page.getByRole("button", { name: "Dark theme" });
    await toggle.click();
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe("rgb(13, 17, 23)");
    expect(await axeViolations(page)).toEqual([]);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    await page.getByRole("button", { name: "Dark theme" }).click();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe("rgb(246, 247, 249)");
    await page.evaluate(() => localStorage.removeItem("sandbox-theme"));
    await page.close();
  });
});
