// The console's endpoint tools in real Chromium against a sandbox process: each endpoint's
// id and date, reveal and roll of its secret, delete, a confirm before a URL is added twice;
// attempts that arrive by themselves, pretty-printed, filtered by event type and result, and
// resent; a layout that reads at 360 px; and no accessibility violation axe-core can find.
// Screenshots are kept in /tmp as test artifacts.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/page-checks.js";
import { launchChromium, openPage, type Chromium } from "./support/chromium.js";
import { installMovableClock, nextLiveRefresh } from "./support/live-refresh.js";
import { startSandbox, type SandboxProcess } from "./support/sandbox.js";

let sandbox: SandboxProcess;
let browser: Chromium;
/** An endpoint that acknowledges every delivery: these tests are about the console, not about verifying. */
let hook: { url: string; server: Server };

beforeAll(async () => {
  const server = createServer((_request, response) => response.writeHead(200).end("ok"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  hook = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`, server };
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
const endpointRow = (page: Page, url: string) =>
  page.getByRole("table", { name: "Registered webhook endpoints" }).getByRole("row").filter({ hasText: url });
const attemptRows = (page: Page) =>
  page
    .getByRole("table", { name: /Delivery attempts/ })
    .locator("tbody")
    .getByRole("row");

/** A page signed in as a new organization, its token dismissed. */
async function signedIn(width = 1280): Promise<{ page: Page; token: string }> {
  const { page } = await openPage(browser.context);
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${sandbox.url}/console/`);
  await page.getByRole("button", { name: "Create a sandbox organization" }).click();
  const tokenRegion = page.getByRole("region", { name: "Access token" });
  const token = await tokenRegion.getByText(/^sbx_/).innerText();
  await tokenRegion.getByRole("button", { name: "I have copied it" }).click();
  return { page, token };
}

async function addEndpoint(page: Page, url: string): Promise<string> {
  await page.getByLabel("Endpoint URL").fill(url);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const secret = await page
    .getByRole("region", { name: "Signing secret" })
    .getByText(/^whsec_/)
    .innerText();
  await page.getByRole("button", { name: "I have copied it" }).click();
  return secret;
}

/** Opens an endpoint's page from the list. */
async function openEndpoint(page: Page, url: string): Promise<void> {
  await endpointRow(page, url).getByRole("link", { name: url, exact: true }).click();
  await page.getByRole("heading", { level: 2, name: url, exact: true }).waitFor();
}

const control = (token: string, path: string, body: unknown = {}) =>
  fetch(`${sandbox.url}/_sandbox${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  }).then((response) => response.json() as Promise<Record<string, any>>);

/** A page signed in, with an endpoint for the hook, a signing request made, and its attempts shown. */
async function showingAttempts(width?: number): Promise<Page> {
  const { page, token } = await signedIn(width);
  await addEndpoint(page, hook.url);
  await control(token, "/signing-requests");
  await openEndpoint(page, hook.url);
  await nextLiveRefresh(page);
  await expect.poll(() => attemptRows(page).count(), POLL).toBeGreaterThanOrEqual(1);
  return page;
}

describe("console › endpoints", () => {
  it("shows each endpoint's id and date; its page reveals, rolls and deletes; asks in the page before a URL is added twice", async () => {
    const { page } = await signedIn();
    // Every question is asked in the page: a browser dialog would fail here.
    const nativeDialogs: string[] = [];
    page.on("dialog", (dialog) => (nativeDialogs.push(dialog.message()), void dialog.dismiss()));
    const secret = await addEndpoint(page, hook.url);
    const row = endpointRow(page, hook.url);
    await expect.poll(text(row), POLL).toMatch(/we_\w+ · every event · added /);

    await openEndpoint(page, hook.url);
    await page.getByRole("button", { name: `Reveal secret of ${hook.url}` }).click();
    const secretRegion = page.getByRole("region", { name: "Signing secret" });
    await expect.poll(() => secretRegion.getByText(/^whsec_/).innerText(), POLL).toBe(secret);
    expect(await secretRegion.innerText()).toContain("signs deliveries to");

    // Roll asks first; Cancel keeps the secret.
    await page.getByRole("button", { name: `Roll secret of ${hook.url}` }).click();
    const rollDialog = page.getByRole("dialog", { name: "Roll the signing secret?" });
    expect(await rollDialog.innerText()).toContain("keeps signing for 24 hours");
    await rollDialog.getByRole("button", { name: "Cancel" }).click();
    expect(await rollDialog.isVisible()).toBe(false);
    expect(await secretRegion.getByText(/^whsec_/).innerText()).toBe(secret);
    await page.getByRole("button", { name: `Roll secret of ${hook.url}` }).click();
    await rollDialog.getByRole("button", { name: "Roll secret" }).click();
    await expect.poll(() => secretRegion.innerText(), POLL).toMatch(/The new secret of .* keeps signing too until/);
    const rolled = await secretRegion.getByText(/^whsec_/).innerText();
    expect(rolled).not.toBe(secret);

    // The same URL again: declined in the page, nothing is added.
    await page.getByRole("link", { name: "← All endpoints" }).click();
    expect(await page.content()).not.toContain(rolled);
    await page.getByLabel("Endpoint URL").fill(hook.url);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.getByRole("dialog", { name: "Add this URL again?" }).getByRole("button", { name: "Cancel" }).click();
    await expect
      .poll(text(page.getByRole("region", { name: "Add an endpoint" }).getByRole("alert")), POLL)
      .toBe("Not added: that URL is already an endpoint.");
    expect(await endpointRow(page, hook.url).count()).toBe(1);

    // Delete asks first (Escape declines), then leaves for the list with nothing of the endpoint left.
    await openEndpoint(page, hook.url);
    await page.getByRole("button", { name: `Delete ${hook.url}` }).click();
    const deleteDialog = page.getByRole("dialog", { name: "Delete this endpoint?" });
    await deleteDialog.waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    expect(await deleteDialog.isVisible()).toBe(false);
    await page.getByRole("button", { name: `Reveal secret of ${hook.url}` }).click();
    await page.getByRole("button", { name: `Delete ${hook.url}` }).click();
    await deleteDialog.getByRole("button", { name: "Delete endpoint" }).click();
    await expect.poll(text(page.getByRole("region", { name: "Endpoints" }).getByRole("status")), POLL).toBe(`${hook.url} was deleted.`);
    expect(page.url()).toMatch(/#\/endpoints$/);
    expect(await endpointRow(page, hook.url).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("endpoints-heading");
    expect(await page.content()).not.toContain(rolled);
    expect(await page.getByRole("region", { name: "Signing secret" }).count()).toBe(0);
    expect(nativeDialogs).toEqual([]);
    await page.close();
  });
});

describe("console › attempts", () => {
  it("arrive by themselves, pretty-printed, filter by type and result, and resend", async () => {
    const { page, token } = await signedIn();
    await addEndpoint(page, hook.url);
    // An endpoint that never answers, for failed attempts.
    const nowhere = "http://127.0.0.1:9/nowhere";
    await addEndpoint(page, nowhere);
    await openEndpoint(page, hook.url);
    await expect.poll(text(page.getByRole("region", { name: "Attempts" }).getByRole("status").first()), POLL).toMatch(/^0 attempts/);
    expect(await page.getByText("No attempts yet.").isVisible()).toBe(true);

    // Events happen elsewhere (here: the control API); the table shows them without a click.
    const request = await control(token, "/signing-requests");
    await control(token, `/signing-requests/${request.id}/actions`, { action: "cancel" });
    await nextLiveRefresh(page);
    await expect.poll(() => attemptRows(page).count(), POLL).toBe(2);

    // Pretty-printed: the body as indented JSON, never one long line broken mid-word.
    const first = attemptRows(page).first();
    await first.getByText("Sent and answered").click();
    expect(await first.locator("pre").first().innerText()).toMatch(/\n {2}"id": "evt_\w+",\n {2}"object": "event",/);

    await page.getByLabel("Event type").selectOption("signing_request.canceled");
    await expect.poll(() => attemptRows(page).count(), POLL).toBe(1);
    expect(await attemptRows(page).first().innerText()).toContain("signing_request.canceled");
    await page.getByLabel("Result").selectOption("failed");
    await expect.poll(() => attemptRows(page).count(), POLL).toBe(0);
    // Nothing matches: said so, with a way back.
    expect(await page.getByText("No attempts match these filters.").isVisible()).toBe(true);
    expect(await page.getByText("No attempts yet.").isVisible()).toBe(false);
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(() => attemptRows(page).count(), POLL).toBe(2);
    await page.getByLabel("Result").selectOption("failed");
    await page.getByLabel("Event type").selectOption("");
    await page.getByLabel("Result").selectOption("succeeded");
    await expect.poll(() => attemptRows(page).count(), POLL).toBe(2);
    await page.getByLabel("Result").selectOption("");

    await attemptRows(page)
      .first()
      .getByRole("button", { name: /^Resend / })
      .click();
    await expect
      .poll(text(page.getByRole("region", { name: "Attempts" }).getByRole("status").first()), POLL)
      .toMatch(/^(Resent signing_request\.\w+ \(evt_\w+\) as delivery dlv_\w+\.|3 attempts)/);
    await expect.poll(() => attemptRows(page).count(), POLL).toBe(3);

    // The endpoint that never answers: its attempts are failures.
    await page.getByRole("link", { name: "← All endpoints" }).click();
    await openEndpoint(page, nowhere);
    await page.getByLabel("Result").selectOption("failed");
    await expect.poll(() => attemptRows(page).count(), POLL).toBeGreaterThanOrEqual(2);
    expect(await attemptRows(page).first().innerText()).toMatch(/No answer/);
    await page.screenshot({ path: "/tmp/sandbox-console-attempts.png", fullPage: true });
    await page.close();
  });
});

describe("console › layout and accessibility", () => {
  it.each([360, 1280])("reads at %i px without sideways scrolling", async (width) => {
    const page = await showingAttempts(width);
    await attemptRows(page).first().getByText("Sent and answered").click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `/tmp/sandbox-console-${width}.png`, fullPage: true });
    await page.close();
  });

  it("has no violation axe-core finds, signed out and signed in with attempts", async () => {
    const { page: signedOut } = await openPage(browser.context);
    await signedOut.goto(`${sandbox.url}/console/`);
    expect(await axeViolations(signedOut)).toEqual([]);
    await signedOut.close();

    const page = await showingAttempts();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
