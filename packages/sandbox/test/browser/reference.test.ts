// The API reference of `npm run docs`, served by the sandbox at /docs. Rendered in real
// headless Chromium with every request to anything but the sandbox aborted, so what is
// checked here renders from the sandbox's own bytes. A reader reaches each operation as a
// person would: from the overview, by its link; its summary is then the page's heading.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { HTTP_METHODS } from "@signing-platform/contract";
import { loadOpenApi } from "../../../../test/support/generated.js";
import { launchChromium, openPage, type Chromium, type PageProblems } from "./support/chromium.js";
import { axeViolations, sidewaysOverflow } from "./support/page-checks.js";
import { repo, startSandbox, type SandboxProcess } from "./support/sandbox.js";

let sandbox: SandboxProcess;
let browser: Chromium;
/** Every request a page tried to make to anywhere but the sandbox, with its resource type. */
const blocked: { url: string; type: string }[] = [];

beforeAll(async () => {
  [sandbox, browser] = await Promise.all([startSandbox(), launchChromium()]);
  await browser.context.route(
    () => true,
    (route) => {
      const url = route.request().url();
      if (url.startsWith(`${sandbox.url}/`)) return route.continue();
      blocked.push({ url, type: route.request().resourceType() });
      return route.abort("blockedbyclient");
    },
  );
});
afterAll(async () => {
  await browser?.close();
  await sandbox?.stop();
});

const document = loadOpenApi();
/** Each operation and webhook of generated/openapi.yaml: the text of its link on the overview, and its summary. */
const entries = [
  ...Object.entries<Record<string, any>>(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({
      kind: "operation",
      link: `${method} ${path}`,
      summary: item[method].summary as string,
    })),
  ),
  ...Object.entries<Record<string, any>>(document.webhooks).flatMap(([type, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({
      kind: "webhook",
      link: `${method} ${type}`,
      summary: item[method].summary as string,
    })),
  ),
];
const POLL = { timeout: 15_000, interval: 100 };
/** Where a check needs only the address or the title of a reference, not Redoc's seconds of loading and rendering. */
const COMMITTED = { waitUntil: "commit" } as const;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** An operation's link on the overview: "get /certificates"; the last of a folded list ends in " →". */
function overviewLink(page: Page, text: string) {
  return page.getByRole("link", { name: new RegExp(`^${escapeRegExp(text)}( →)?$`) });
}

async function openReference(): Promise<{ page: Page; problems: PageProblems }> {
  const { page, problems } = await openPage(browser.context);
  const response = await page.goto(`${sandbox.url}/docs`);
  // The sandbox package's build writes the page into its dist/reference.
  if (response?.status() !== 200) throw new Error(`GET /docs answered ${response?.status()}: ${await response?.text()}`);
  return { page, problems };
}

/** Console errors other than the aborted external requests and the browser's own /favicon.ico. */
function scriptErrors(errors: string[]): string[] {
  return errors.filter((error) => !/net::ERR_BLOCKED_BY_CLIENT|\/favicon\.ico/.test(error));
}

// Redoc takes seconds to render the 2.6 MB page, so the tests that read /docs share one tab,
// loaded by the first of them; each reaches what it checks from the overview by its links.
let sharedReference: ReturnType<typeof openReference> | undefined;

/** The shared /docs tab, and the script errors it has had since this call (its loading's too, for the test that loads it). */
async function reference(): Promise<{ page: Page; newScriptErrors: () => string[] }> {
  const loads = !sharedReference;
  sharedReference ??= openReference();
  const { page, problems } = await sharedReference;
  const from = loads ? 0 : problems.errors.length;
  return { page, newScriptErrors: () => scriptErrors(problems.errors.slice(from)) };
}

/** Whether part of the element is on the screen: Redoc keeps the sections near the last one read rendered, out of sight. */
const onScreen = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight;
  });

describe("/docs › the API reference", () => {
  it("renders the overview of generated/openapi.yaml, every operation and webhook linked", async () => {
    expect(entries.filter((entry) => entry.kind === "operation").length).toBeGreaterThanOrEqual(4);
    const { page, newScriptErrors } = await reference();
    await expect.poll(() => page.title(), POLL).toBe("Signing Platform API reference");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).first().innerText(), POLL)
      .toBe(`${document.info.title} (${document.info.version})`);
    // The overview lists the first webhooks and a "Show 1 more..." button.
    await overviewLink(page, entries[0]!.link).waitFor();
    await page.screenshot({ path: "/tmp/sandbox-docs.png" });
    const more = page.getByRole("button", { name: /^Show \d+ more/ });
    if (await more.count()) await more.first().click();
    for (const entry of entries) await expect.poll(() => overviewLink(page, entry.link).count(), { ...POLL, message: entry.link }).toBe(1);
    expect(newScriptErrors()).toEqual([]);
  });

  it.each(entries.map((entry) => [entry.link, entry.summary, entry] as const))(
    "renders %s with its summary, %s, visible",
    async (_link, summary, entry) => {
      const { page, newScriptErrors } = await reference();
      await overviewLink(page, entries[0]!.link).waitFor();
      const link = overviewLink(page, entry.link);
      if (!(await link.isVisible()))
        await page
          .getByRole("button", { name: /^Show \d+ more/ })
          .first()
          .click();
      await link.click();
      // Redoc names the heading "link to <summary> <summary>" (its deep-link anchor comes first),
      // and a webhook's ends with its "Webhook" badge.
      const heading = page.getByRole("heading", { name: new RegExp(`(^|\\s)${escapeRegExp(summary)}( Webhook)?$`) });
      await heading.first().waitFor({ state: "visible", timeout: POLL.timeout });
      expect(await heading.first().isVisible()).toBe(true);
      // On the screen, not only rendered: an earlier link may have left it rendered out of sight.
      await expect.poll(() => onScreen(heading.first()), { ...POLL, message: `${summary} on the screen` }).toBe(true);
      if (entry.kind === "operation") await page.screenshot({ path: `/tmp/sandbox-docs-${entry.link.replace(/\W+/g, "-")}.png` });
      expect(newScriptErrors()).toEqual([]);
    },
  );

  it("reaches nothing beyond the sandbox", () => {
    // Runs after the pages above, which rendered with every external request aborted.
    // (Redoc's attribution logo, which it fetches from its CDN, is inlined by scripts/docs.mjs.)
    expect(blocked).toEqual([]);
  });
});

describe("/docs › what a sandbox user needs", () => {
  it("calls the sandbox itself: its URL as the server and in a curl and an SDK sample of every operation", async () => {
    const { page, newScriptErrors } = await reference();
    await overviewLink(page, entries[0]!.link).waitFor();
    await overviewLink(page, "get /certificates").click();
    // curl in the samples panel beside the operation; the SDK's call in its description.
    const curl = page.getByText(new RegExp(`curl -s -X GET '${escapeRegExp(sandbox.url)}/certificates'`)).first();
    await curl.waitFor({ state: "visible", timeout: POLL.timeout });
    await expect.poll(() => page.getByText("const result = await sdk.certificates.list();").first().isVisible(), POLL).toBe(true);
    await page.screenshot({ path: "/tmp/sandbox-docs-samples.png" });
    const html = await (await fetch(`${sandbox.url}/docs`)).text();
    expect(html.includes(`"servers":[{"url":${JSON.stringify(sandbox.url)}`), "the sandbox's URL as the server").toBe(true);
    expect(html.includes("{base_url}"), "no {base_url} left").toBe(false);
    expect(html.includes("http://127.0.0.1:4010"), "no other base URL").toBe(false);
    for (const entry of entries.filter((candidate) => candidate.kind === "operation")) {
      const [method, path] = entry.link.split(" ");
      const sample = `curl -s -X ${method!.toUpperCase()} '${sandbox.url}${path!.replace(/\{[^}]+\}/g, "")}`;
      expect(html.includes(sample), `a curl sample of ${entry.link}`).toBe(true);
      expect(html.includes(`await sdk.`), `an SDK sample of ${entry.link}`).toBe(true);
    }
    expect(newScriptErrors()).toEqual([]);
  });

  it("shows no broken badge", async () => {
    const { page } = await reference();
    await overviewLink(page, entries[0]!.link).waitFor();
    // Redoc still renders its attribution; the page hides it (its logo would come from a CDN).
    expect(await page.getByText("API docs by").first().isVisible()).toBe(false);
  });

  it("answers /docs/ with the reference, and / with a page that leads to the console, the docs and the walkthrough", async () => {
    const { page } = await openPage(browser.context);
    await page.goto(`${sandbox.url}/docs/`, COMMITTED);
    await expect.poll(() => page.title(), POLL).toBe("Signing Platform API reference");
    await page.goto(`${sandbox.url}/`);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Signing Platform sandbox");
    expect(await page.locator("pre#first-call").innerText()).toContain(`curl -s ${sandbox.url}/certificates`);
    // Both OpenAPI documents, linked and served without a token (test/e2e/page-samples.test.ts runs the blocks).
    for (const name of ["the public API's", "the control API's"]) {
      const href = await page.getByRole("link", { name, exact: true }).getAttribute("href");
      expect((await fetch(`${sandbox.url}${href}`)).status, href!).toBe(200);
    }
    await page.getByRole("link", { name: "Webhook console" }).click();
    await page.waitForURL(`${sandbox.url}/console/`);
    await page.goto(`${sandbox.url}/`);
    await page.getByRole("link", { name: "API reference", exact: true }).click();
    await page.waitForURL(`${sandbox.url}/docs`, COMMITTED);
    await page.close();
  });
});

describe("/docs/sandbox › the control API's reference", () => {
  it("renders the control API's own document, with the sandbox's URL and Sandbox-Simulate-Error", async () => {
    const { page, problems } = await openPage(browser.context);
    await page.goto(`${sandbox.url}/docs/sandbox`);
    await expect.poll(() => page.title(), POLL).toBe("Sandbox control API");
    await expect.poll(() => page.getByText("Sandbox-Simulate-Error").first().isVisible(), POLL).toBe(true);
    // The sidebar lists the tags; an operation is in its tag's group.
    await page.getByRole("link", { name: "Organizations", exact: true }).first().click();
    await page
      .getByRole("link", { name: /Create an organization/ })
      .first()
      .click();
    await expect
      .poll(
        () =>
          page
            .getByRole("heading", { name: /Create an organization$/ })
            .first()
            .isVisible(),
        POLL,
      )
      .toBe(true);
    // Its curl sample, in the samples panel beside it, as on /docs.
    await page
      .getByText(new RegExp(`curl -s -X POST '${escapeRegExp(sandbox.url)}/_sandbox/organizations'`))
      .first()
      .waitFor();
    await page.screenshot({ path: "/tmp/sandbox-docs-control-api.png" });
    const html = await (await fetch(`${sandbox.url}/docs/sandbox`)).text();
    expect(html.includes(`${sandbox.url}/_sandbox`), "the sandbox's own URL as the server").toBe(true);
    expect(html.includes("{base_url}"), "no {base_url} left").toBe(false);
    expect(scriptErrors(problems.errors)).toEqual([]);
    const document = await fetch(`${sandbox.url}/docs/sandbox/openapi.yaml`);
    expect(document.headers.get("content-type")).toMatch(/^application\/yaml/);
    expect(await document.text()).toMatch(/^openapi: 3\.1\.0/);
    await page.close();
  });
});

describe("/docs from the console", () => {
  it("is the console's API reference link", async () => {
    const { page } = await openPage(browser.context);
    await page.goto(`${sandbox.url}/console/`);
    await page.getByRole("link", { name: "API reference" }).click();
    await page.waitForURL(`${sandbox.url}/docs`, COMMITTED);
    await expect.poll(() => page.title(), POLL).toBe("Signing Platform API reference");
    await page.close();
  });
});

describe("/, /docs and /docs/sandbox at a phone's width and a desktop's, light and dark", () => {
  // Each page as it opens, and an operation of each reference with its samples, reached from
  // the open reference by its deep link: a change of the fragment, which Redoc follows without
  // loading the page again (it renders only the sections near the one read, and none at the
  // top). With CONSOLE_SCREENSHOTS=1 the pages as they open are also written to docs/images,
  // as docs/sandbox.md shows them (the top of the page, as a reader first sees it).
  const pages = [
    { name: "home", path: "/", ready: (page: Page) => page.getByRole("heading", { level: 1, name: "Signing Platform sandbox" }) },
    { name: "docs", path: "/docs", ready: (page: Page) => page.getByText("OpenAPI documents").first() },
    {
      name: "docs-operation",
      path: "/docs#tag/Enrollments/operation/createEnrollment",
      ready: (page: Page) => page.locator(".panel-request-samples pre").first(),
    },
    { name: "docs-sandbox", path: "/docs/sandbox", ready: (page: Page) => page.getByText("OpenAPI documents").first() },
    {
      name: "docs-sandbox-operation",
      path: "/docs/sandbox#tag/Webhook-endpoints/operation/addWebhookEndpoint",
      ready: (page: Page) => page.locator(".panel-request-samples pre").first(),
    },
  ];
  // An operation's view, as Redoc builds it, has an h4 under its h2, and a menu button whose
  // name differs from its text: the page cannot change Redoc's structure from outside.
  // Everything else axe-core checks (contrast above all) holds there too.
  const REDOC_STRUCTURE = /^(heading-order|label-content-name-mismatch) /;

  it.each([
    [390, "light"],
    [390, "dark"],
    [1280, "light"],
    [1280, "dark"],
  ] as const)("at %i px, %s: each page is axe-clean, no wider than the screen, its samples inside their column", async (width, scheme) => {
    const { page, problems } = await openPage(browser.context);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.emulateMedia({ colorScheme: scheme });
    for (const { name, path, ready } of pages) {
      await page.goto(`${sandbox.url}${path}`);
      await ready(page).waitFor({ state: "visible", timeout: POLL.timeout });
      // Each page follows the system's scheme (Redoc paints <html>, the home page its body).
      const background = await page.evaluate(() =>
        [document.body, document.documentElement]
          .map((element) => getComputedStyle(element).backgroundColor)
          .find((color) => color !== "rgba(0, 0, 0, 0)"),
      );
      const [red = 0, green = 0, blue = 0] = (background?.match(/\d+/g) ?? []).map(Number);
      expect(red + green + blue < 3 * 128, `${name}: ${background}`).toBe(scheme === "dark");
      expect(await sidewaysOverflow(page), name).toBeLessThanOrEqual(0);
      // No code block scrolls sideways: each wraps within its column.
      const scrolling = await page.evaluate(() =>
        [...document.querySelectorAll("pre")]
          .filter((pre) => pre.scrollWidth > pre.clientWidth + 1)
          .map((pre) => pre.textContent?.slice(0, 60)),
      );
      expect(scrolling, name).toEqual([]);
      const operation = name.endsWith("-operation");
      if (operation) {
        // The Copy button sits above the sample's first line, not over it.
        const button = await page.locator(".panel-request-samples .code-block-header").getByRole("button", { name: "Copy" }).boundingBox();
        const code = await page.locator(".panel-request-samples pre code").first().boundingBox();
        expect(button!.y + button!.height, `${name}: the Copy button's bottom above the code`).toBeLessThanOrEqual(code!.y + 1);
      }
      const violations = (await axeViolations(page)).filter((violation) => !(operation && REDOC_STRUCTURE.test(violation)));
      expect(violations, name).toEqual([]);
      await page.screenshot({ path: `/tmp/sandbox-page-${name}-${width}-${scheme}.png` });
      if (process.env.CONSOLE_SCREENSHOTS && !operation) {
        await page.screenshot({ path: join(repo, "docs", "images", `sandbox-${name}-${width}-${scheme}.png`) });
      }
    }
    expect(scriptErrors(problems.errors)).toEqual([]);
    await page.close();
  });
});
