// The newcomer's walkthrough of docs/sandbox.md, run as written ("A newcomer runs `npm
// start`, follows the walkthrough to create an organization, a
// webhook endpoint (pointing at a receiver from the walkthrough), and a signing request, drives
// it to completion, and sees the events arrive and the attempts in the console"). Its shell
// blocks run in bash and its receiver runs from the file the walkthrough says to save, against a
// sandbox process; only the sandbox's URL and the receiver's port are put in for the walkthrough's
// defaults. Then the console, in Chromium, shows the attempts.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { freePort } from "../../../../test/support/ports.js";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, openPage, type Chromium } from "./support/chromium.js";
import { repo, startSandbox, type SandboxProcess } from "./support/sandbox.js";

const WALKTHROUGH = join(repo, "docs", "sandbox.md");
const WALKTHROUGH_SANDBOX = "SANDBOX=http://127.0.0.1:4010";
const WALKTHROUGH_ENDPOINT = "http://127.0.0.1:3000/webhooks";
const EVENTS = ["signing_request.created", "signing_request.accepted", "certificate.issued", "signing_request.completed"];

/** The fenced code blocks of a Markdown file, with their language. */
function codeBlocks(markdown: string): { lang: string; code: string }[] {
  return [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({ lang: match[1]!, code: match[2]! }));
}

let sandbox: SandboxProcess;
let browser: Chromium;
// Where the walkthrough's receiver.mjs is saved: inside the repository, so its imports resolve
// from node_modules as they do for a newcomer saving it in the repository root.
const scratch = join(repo, ".tmp", `readme-walkthrough-${process.pid}`);
let receiverPid: number | undefined;

beforeAll(async () => {
  [sandbox, browser] = await Promise.all([startSandbox(), launchChromium()]);
  mkdirSync(scratch, { recursive: true });
});
afterAll(async () => {
  if (receiverPid) {
    try {
      process.kill(receiverPid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
  await browser?.close();
  await sandbox?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe("the sandbox walkthrough of docs/sandbox.md", () => {
  it("runs as written: the receiver gets the four events, and the console lists the attempts", async () => {
    // The page up to the end of the walkthrough's section: it goes on with other recipes.
    const walkthrough = readFileSync(WALKTHROUGH, "utf8");
    const section = walkthrough.slice(0, walkthrough.indexOf("\n## ", walkthrough.indexOf("## Walkthrough") + 1));
    const blocks = codeBlocks(section);
    const shell = blocks.filter((block) => block.lang === "sh");
    const receiverCode = blocks.find((block) => block.lang === "js" && block.code.includes("createWebhookHandler"))?.code;
    expect(shell.map((block) => block.code.split("\n")[0])).toEqual([
      expect.stringContaining("npm install && npm run build"),
      WALKTHROUGH_SANDBOX,
      expect.stringMatching(/^SECRET=/),
      expect.stringMatching(/^SR=/),
      expect.stringMatching(/^curl .*\/v1\/signing-requests\/\$SR /),
    ]);
    expect(receiverCode).toBeDefined();
    writeFileSync(join(scratch, "receiver.mjs"), receiverCode!);

    const port = await freePort();
    const receiverUrl = `http://127.0.0.1:${port}/webhooks`;
    const receiverLog = join(scratch, "receiver.log");
    const adapt = (code: string) => {
      expect(code.includes(WALKTHROUGH_SANDBOX) || code.includes("$SANDBOX")).toBe(true);
      return code.replace(WALKTHROUGH_SANDBOX, `SANDBOX=${sandbox.url}`).replaceAll(WALKTHROUGH_ENDPOINT, receiverUrl);
    };
    expect(shell[2]!.code).toContain(WALKTHROUGH_ENDPOINT);
    // Between step 2 (the endpoint) and step 4 (the signing request), step 3 starts the
    // receiver "in a third terminal": here, in the background, until it says it listens.
    const script = [
      adapt(shell[1]!.code),
      adapt(shell[2]!.code),
      `cd ${JSON.stringify(scratch)}`,
      `WEBHOOK_SECRET="$SECRET" PORT=${port} node receiver.mjs > receiver.log 2>&1 &`,
      `echo "RECEIVER_PID=$!"`,
      `until grep -qs "Receiving on" receiver.log; do sleep 0.1; done`,
      `cd ${JSON.stringify(repo)}`,
      adapt(shell[3]!.code),
      // The receiver prints a line per event as each arrives.
      `until [ "$(grep -c -E 'signing_request\\.completed|certificate\\.issued|signing_request\\.(created|accepted)' ${JSON.stringify(receiverLog)})" -ge 4 ]; do sleep 0.1; done`,
      adapt(shell[4]!.code),
      `echo "TOKEN=$TOKEN"`,
    ].join("\n");
    const run = spawnSync("bash", ["-e", "-c", script], { cwd: repo, encoding: "utf8", timeout: 60_000 });
    receiverPid = Number(/RECEIVER_PID=(\d+)/.exec(run.stdout)?.[1]) || undefined;
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);

    const lines = run.stdout.trim().split("\n");
    const token = /^TOKEN=(sbx_\w+)$/.exec(lines.at(-1)!)?.[1];
    expect(token).toBeDefined();
    // Step 4 prints the status after the right code; step 5 the request and a signed document.
    expect(lines).toContain("completed");
    const request = JSON.parse(lines.find((line) => line.startsWith("{"))!);
    expect(request).toMatchObject({ object: "signing_request", status: "completed", client_secret: expect.any(String) });
    expect(request.documents).toHaveLength(2);
    expect(lines).toContain(`Signed document 1 of 2 of signing request ${request.id}.`);

    const received = readFileSync(receiverLog, "utf8").trim().split("\n");
    expect(received[0]).toBe(`Receiving on ${receiverUrl}`);
    const events = received.slice(1).map((line) => line.split(" "));
    expect(events.map((fields) => fields[1]).sort()).toEqual([...EVENTS].sort());
    expect(received.join("\n")).not.toContain("Not accepted");

    // The console: the token from step 1, the endpoint from step 2, its four attempts.
    const { page, problems } = await openPage(browser.context);
    await page.goto(`${sandbox.url}/console/`);
    await page.getByLabel("Access token of your organization").fill(token!);
    await page.getByRole("button", { name: "Use token" }).click();
    await page.getByRole("link", { name: receiverUrl }).click();
    const rows = page
      .getByRole("table", { name: /Delivery attempts/ })
      .locator("tbody")
      .getByRole("row");
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(4);
    const attempts = await rows.evaluateAll((elements) =>
      (elements as HTMLTableRowElement[]).map((row) => [row.cells[1]!.textContent, row.cells[2]!.textContent]),
    );
    for (const [, type, , id] of events) expect(attempts).toContainEqual([`${type}, attempt 1 (${id})`, "HTTP 200"]);

    // "Send test" reaches the walkthrough's receiver too.
    await page.getByRole("button", { name: `Send test to ${receiverUrl}` }).click();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(5);
    await expect.poll(() => readFileSync(receiverLog, "utf8"), { timeout: 15_000 }).toMatch(/ ping  evt_/);
    await page.screenshot({ path: "/tmp/sandbox-walkthrough-console.png", fullPage: true });
    expect(problems.errors).toEqual([]);
    await page.close();
  });
});
