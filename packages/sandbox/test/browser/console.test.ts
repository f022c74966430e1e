// The console, Signing › Webhooks (interface document › Resources ›
// Webhook endpoint: "Each endpoint has its own signing secret … shown once, when the endpoint
// is added. Endpoints are added and turned on or off in the console. The console lists the
// Attempts of each endpoint: what was sent and what the endpoint answered."), in real
// headless Chromium against a sandbox process and a real receiver. Locators are by role and
// label, so a control without an accessible name fails the test.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { launchChromium, openPage, type Chromium } from "./support/chromium.js";
import { startReceiver, type Receiver } from "./support/receiver.js";
import { startSandbox, type SandboxProcess } from "./support/sandbox.js";

let sandbox: SandboxProcess;
let browser: Chromium;
const receivers: Receiver[] = [];

beforeAll(async () => {
  [sandbox, browser] = await Promise.all([startSandbox(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await sandbox?.stop();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function receiver(): Promise<Receiver> {
  return receivers[receivers.push(await startReceiver()) - 1]!;
}

const POLL = { timeout: 15_000, interval: 100 };
const text = (locator: Locator) => () => locator.innerText();

function endpointRow(page: Page, url: string): Locator {
  return page.getByRole("table", { name: "Registered webhook endpoints" }).getByRole("row").filter({ hasText: url });
}

function attemptRows(page: Page): Locator {
  return page
    .getByRole("table", { name: /Delivery attempts/ })
    .locator("tbody")
    .getByRole("row");
}

/** The page's console errors, less the ones a step provoked on purpose (a refused request logs one). */
function unexpected(errors: string[], expected: RegExp[] = []): string[] {
  return errors.filter((error) => !expected.some((pattern) => pattern.test(error)));
}

describe("console › Signing › Webhooks", () => {
  it("creates an organization, adds an endpoint, shows its secret once, copies it, sends a test, turns the endpoint off", async () => {
    const hook = await receiver();
    await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: sandbox.url });
    const { page, problems } = await openPage(browser.context);
    await page.goto(`${sandbox.url}/console`);
    expect(page.url()).toBe(`${sandbox.url}/console/`);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Webhooks");
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await breadcrumb.getByRole("listitem").allInnerTexts()).toEqual(["Signing", "Webhooks"]);
    expect(await breadcrumb.locator('[aria-current="page"]').innerText()).toBe("Webhooks");
    // Signed out, only Access is offered.
    expect(await page.getByRole("region", { name: "Add an endpoint" }).isVisible()).toBe(false);

    await page.getByRole("button", { name: "Create a sandbox organization" }).click();
    await expect
      .poll(text(page.getByRole("region", { name: "Access" }).getByRole("status").first()), POLL)
      .toMatch(/^Created organization org_\w+ and signed in\.$/);
    // The new organization's token is shown once, with focus on Copy, and works with the public API.
    const tokenRegion = page.getByRole("region", { name: "Access token" });
    const token = await tokenRegion.getByText(/^sbx_/).innerText();
    expect(await page.getByRole("button", { name: "Copy token" }).evaluate((element) => element === document.activeElement)).toBe(true);
    expect((await fetch(`${sandbox.url}/certificates`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    await page.getByRole("button", { name: "Copy token" }).click();
    await expect.poll(text(tokenRegion.getByRole("status")), POLL).toMatch(/^(Copied to the clipboard\.|Selected: press Ctrl\+C)/);
    await tokenRegion.getByRole("button", { name: "I have copied it" }).click();
    expect(await tokenRegion.isVisible()).toBe(false);
    expect(await page.getByText(token).count()).toBe(0);
    expect(await page.getByText("No endpoints yet.").isVisible()).toBe(true);

    // Add an endpoint: the secret is shown once, in its own region, with focus on Copy.
    await page.getByLabel("Endpoint URL").fill(hook.url);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secretRegion = page.getByRole("region", { name: "Signing secret" });
    await secretRegion.waitFor({ state: "visible" });
    const secret = await secretRegion.getByText(/^whsec_/).innerText();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32,}$/); // docs/decisions.md#signing-key
    expect(await secretRegion.innerText()).toContain("shown once");
    expect(await page.getByRole("button", { name: "Copy secret" }).evaluate((element) => element === document.activeElement)).toBe(true);
    const row = endpointRow(page, hook.url);
    await expect.poll(text(row), POLL).toMatch(/\bOn\b/);
    expect(await page.getByLabel("Endpoint URL").inputValue()).toBe("");
    await page.screenshot({ path: "/tmp/sandbox-console-secret.png", fullPage: true });

    // Copy puts exactly the secret on the clipboard.
    await page.getByRole("button", { name: "Copy secret" }).click();
    await expect.poll(text(secretRegion.getByRole("status")), POLL).toBe("Copied to the clipboard.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    // Dismissed, the secret leaves the page; after a reload it is nowhere either.
    await page.getByRole("button", { name: "I have copied it" }).click();
    expect(await secretRegion.isVisible()).toBe(false);
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await expect
      .poll(text(page.getByRole("region", { name: "Access" }).getByRole("status").first()), POLL)
      .toBe("Signed in with the token of this tab.");
    await expect.poll(text(row), POLL).toContain(hook.url);
    expect(await page.getByRole("region", { name: "Signing secret" }).isVisible()).toBe(false);
    expect(await page.content()).not.toContain(secret);

    // Send test: a ping the receiver verifies with the secret the console showed.
    hook.useSecret(secret);
    await page.getByRole("button", { name: `Send test to ${hook.url}` }).click();
    await expect.poll(() => hook.received.length, POLL).toBe(1);
    const ping = hook.received[0]!;
    expect(ping.type).toBe("ping");
    expect(hook.rejected).toEqual([]);
    await expect
      .poll(text(page.getByRole("region", { name: "Endpoints" }).getByRole("status")), POLL)
      .toMatch(new RegExp(`^Test sent to ${hook.url}: HTTP 2\\d\\d\\.$`));

    // The endpoint's page: its attempts, each with when, which event, what the endpoint
    // answered, how long, what was sent.
    await row.getByRole("link", { name: hook.url }).click();
    expect(page.url()).toMatch(/\/console\/#\/endpoints\/we_\w+$/);
    const attempts = page.getByRole("region", { name: "Attempts" });
    await expect.poll(() => attemptRows(page).count(), POLL).toBe(1);
    const attempt = attemptRows(page).first();
    const cells = attempt.getByRole("cell");
    expect(await cells.nth(0).locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(await cells.nth(1).textContent()).toBe(`ping, attempt 1 (${ping.id})`);
    expect(await cells.nth(2).innerText()).toMatch(/^HTTP 2\d\d$/);
    expect(await cells.nth(3).innerText()).toMatch(/^\d+ ms$/);
    await attempt.getByText("Sent and answered").click();
    const sent = await cells.nth(4).locator("pre").first().innerText();
    expect(sent).toMatch(/^Service-Signature: t=\d+,v1=[0-9a-f]{64}$/m);
    expect(sent).toContain("Service-Event: ping");
    expect(sent).toContain(`Service-Delivery: ${ping.deliveryId}`);
    expect(JSON.parse(sent.slice(sent.indexOf("\n\n") + 2))).toMatchObject({ id: ping.id, object: "event", type: "ping" });
    expect(sent).not.toContain(secret);
    expect(await cells.nth(4).locator("pre").nth(1).innerText()).toMatch(/^HTTP 2\d\d/);
    expect(await attempts.innerText()).toContain(`Endpoint ${hook.url}`);
    await page.screenshot({ path: "/tmp/sandbox-console-attempt.png", fullPage: true });

    // Turned off: the state says so, and Send test is refused with the reason; nothing is sent.
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Endpoints" }).click();
    await page.getByRole("button", { name: `Turn off ${hook.url}` }).click();
    await expect.poll(text(row.getByRole("cell").nth(1)), POLL).toBe("Off");
    // The row is rebuilt; keyboard focus stays on its toggle, now the other way round.
    const toggle = row.getByRole("button", { name: `Turn on ${hook.url}` });
    await expect.poll(() => toggle.evaluate((element) => element === document.activeElement), POLL).toBe(true);
    expect(await page.getByRole("region", { name: "Endpoints" }).getByRole("status").innerText()).toBe(`${hook.url} is now off.`);
    await page.getByRole("button", { name: `Send test to ${hook.url}` }).click();
    await expect
      .poll(text(page.getByRole("region", { name: "Endpoints" }).getByRole("alert")), POLL)
      .toBe("Test not sent: The endpoint is turned off; turn it on to send a test.");
    await page.screenshot({ path: "/tmp/sandbox-console-off.png", fullPage: true });
    await row.getByRole("link", { name: hook.url }).click();
    await page.getByRole("button", { name: "Refresh attempts" }).click();
    await expect.poll(text(attempts.getByRole("status")), POLL).toBe(`1 attempt of ${hook.url}.`);
    expect(hook.received).toHaveLength(1);

    // And on again, from the endpoint's page.
    await page.getByRole("button", { name: `Turn on ${hook.url}` }).click();
    await expect
      .poll(text(page.getByRole("region", { name: hook.url, exact: true }).getByRole("status")), POLL)
      .toBe(`${hook.url} is now on.`);
    await page.getByRole("link", { name: "← All endpoints" }).click();
    await expect.poll(text(row.getByRole("cell").nth(1)), POLL).toBe("On");
    expect(unexpected(problems.errors, [/status of 409/])).toEqual([]);
    await page.close();
  });

  it("takes a pasted token and lists the attempts of a signing request driven to completion", async () => {
    const hook = await receiver();
    const organization = await sandbox.control("/organizations");
    const endpoint = await sandbox.control("/webhook-endpoints", { url: hook.url }, organization.access_token);
    hook.useSecret(endpoint.secret);

    const { page, problems } = await openPage(browser.context);
    await page.goto(`${sandbox.url}/console/`);
    await page.getByLabel("Access token of your organization").fill(organization.access_token);
    await page.getByRole("button", { name: "Use token" }).click();
    await expect
      .poll(text(page.getByRole("region", { name: "Access" }).getByRole("status").first()), POLL)
      .toBe("Signed in with the token.");
    expect(await page.getByLabel("Access token of your organization").inputValue()).toBe("");
    expect(await page.content()).not.toContain(organization.access_token);
    const row = endpointRow(page, hook.url);
    await expect.poll(text(row), POLL).toMatch(/\bOn\b/);
    // The secret was shown to the API call that made the endpoint, never to a later reader.
    expect(await page.content()).not.toContain(endpoint.secret);

    // The newcomer's walkthrough: a first-time signer accepts, enters the code, and it completes.
    const request = await sandbox.control("/signing-requests", { documents: 2, first_time_signer: true }, organization.access_token);
    const accepted = await sandbox.control(`/signing-requests/${request.id}/actions`, { action: "accept" }, organization.access_token);
    const completed = await sandbox.control(
      `/signing-requests/${request.id}/actions`,
      { action: "enter_code", code: accepted.sent_code },
      organization.access_token,
    );
    expect(completed.status).toBe("completed");
    const types = ["signing_request.created", "signing_request.accepted", "certificate.issued", "signing_request.completed"];
    await expect.poll(() => hook.received.map((event) => event.type).sort(), POLL).toEqual([...types].sort());
    expect(hook.rejected).toEqual([]);

    await row.getByRole("link", { name: hook.url }).click();
    await expect
      .poll(async () => {
        await page.getByRole("button", { name: "Refresh attempts" }).click();
        return attemptRows(page).count();
      }, POLL)
      .toBe(types.length);
    const events = await attemptRows(page).evaluateAll((rows) =>
      (rows as HTMLTableRowElement[]).map((row) => [row.cells[1]!.textContent, row.cells[2]!.textContent]),
    );
    for (const received of hook.received) {
      expect(events).toContainEqual([`${received.type}, attempt 1 (${received.id})`, expect.stringMatching(/^HTTP 2\d\d$/)]);
    }
    expect(unexpected(problems.errors)).toEqual([]);
    await page.close();
  });

  it("says why a token or an endpoint URL is refused, and selects the secret when the clipboard is unavailable", async () => {
    const { page, problems } = await openPage(browser.context);
    // A browser that refuses clipboard writes (no permission, or an insecure origin).
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: () => Promise.reject(new DOMException("Denied", "NotAllowedError")) },
      });
    });
    await page.goto(`${sandbox.url}/console/`);
    const access = page.getByRole("region", { name: "Access" });

    await page.getByLabel("Access token of your organization").fill("sbx_not_a_token");
    await page.getByRole("button", { name: "Use token" }).click();
    // Refused: a banner says the token is not one of this sandbox's organizations and how to get one.
    const banner = access.getByRole("alert");
    await expect.poll(text(banner), POLL).toMatch(/^This token is not one of this sandbox's organizations\.\n/);
    expect(await banner.innerText()).toContain("Create a sandbox organization below, or from the control API");
    expect(await banner.innerText()).toContain("curl -X POST $SANDBOX/_sandbox/organizations");
    expect(await page.getByRole("region", { name: "Add an endpoint" }).isVisible()).toBe(false);

    await page.getByRole("button", { name: "Create a sandbox organization" }).click();
    await expect.poll(text(access.getByRole("status").first()), POLL).toMatch(/^Created organization/);
    await page.getByLabel("Endpoint URL").fill("ftp://127.0.0.1/webhooks");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect
      .poll(text(page.getByRole("region", { name: "Add an endpoint" }).getByRole("alert")), POLL)
      .toBe("The endpoint was not added: url must be an absolute http(s) URL.");
    expect(await page.getByRole("region", { name: "Signing secret" }).isVisible()).toBe(false);

    await page.getByLabel("Endpoint URL").fill("http://127.0.0.1:9/webhooks");
    await page.keyboard.press("Enter");
    const secretRegion = page.getByRole("region", { name: "Signing secret" });
    const secret = await secretRegion.getByText(/^whsec_/).innerText();
    // Keyboard only: focus is on Copy; Enter presses it.
    await page.keyboard.press("Enter");
    await expect.poll(text(secretRegion.getByRole("status")), POLL).toBe("Selected: press Ctrl+C (⌘C) to copy.");
    expect(await page.evaluate(() => getSelection()?.toString())).toBe(secret);

    // Accessibility basics: every control of the page has a name.
    const tree = await page.locator("body").ariaSnapshot();
    expect(tree).not.toMatch(/^\s*- (button|textbox|link)\s*$/m);
    expect(tree).toContain('- textbox "Endpoint URL"');
    expect(unexpected(problems.errors, [/status of 401/, /status of 400/])).toEqual([]);
    await page.close();
  });
});
