// The diff engine's ignore files (@signing-platform/diff, src/ignore-file.ts) through the CLI's run: `--err-ignore` and `--warn-ignore` files in
// oasdiff's format acknowledge findings so they no longer fail the run, a line that matches
// nothing is reported as stale, and an ignore file that cannot be read is unusable input.
import { afterAll, describe, expect, it } from "vitest";
import { cleanDocument, runInProcess, workspace, type Json } from "../support/cli.js";

const work = workspace();
afterAll(work.cleanup);

const base = cleanDocument();
const head: Json = structuredClone(base);
delete head.paths["/enrollments/{id}"];
delete head.paths["/certificates"];
work.write("base.yaml", base);
work.write("head.yaml", head);

/** The breaking findings of the pair, as the text report prints them (id, then message, then places). */
async function breakingMessages(): Promise<string[]> {
  const run = await runInProcess(["diff", "base.yaml", "head.yaml", "--format", "json"], work.dir);
  expect(run.status).toBe(1);
  const report = JSON.parse(run.stdout) as { findings: { level: string; message: string }[] };
  return report.findings.filter((finding) => finding.level === "breaking").map((finding) => finding.message);
}

describe("--err-ignore", () => {
  it("acknowledges every breaking finding whose message a line holds, and the run passes", async () => {
    const messages = await breakingMessages();
    expect(messages.length).toBeGreaterThan(0);
    // Lines as a team writes them: a comment, other case, a reason around the message.
    work.write(
      "accepted.txt",
      ["# accepted in review", ...messages.map((message) => `2026-11-25 ${message.toUpperCase()} (agreed with partners)`)].join("\n"),
    );
    const run = await runInProcess(["diff", "base.yaml", "head.yaml", "--err-ignore", "accepted.txt"], work.dir);
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(/Breaking changes:/);
    expect(run.stderr).toContain(`${messages.length} acknowledged`);
    expect(run.stderr).not.toMatch(/stale/);
  });

  it("leaves a finding no line holds, and still fails", async () => {
    const [first, ...others] = await breakingMessages();
    expect(others.length).toBeGreaterThan(0);
    work.write("partly.txt", `${first}\n`);
    const run = await runInProcess(["diff", "base.yaml", "head.yaml", "--err-ignore", "partly.txt"], work.dir);
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain(first);
    expect(run.stdout).toContain(others[0]);
  });

  it("reports a line that acknowledges nothing as stale, naming its file and line", async () => {
    work.write("stale.txt", "# header\n\nGET /gone the operation was removed.\n");
    const run = await runInProcess(["diff", "base.yaml", "base.yaml", "--err-ignore", "stale.txt"], work.dir);
    expect(run.status).toBe(0);
    expect(run.stderr.trim().split("\n")).toEqual(["stale.txt:3: stale: acknowledges no finding of this comparison."]);
  });

  it("does not acknowledge a breaking finding from --warn-ignore", async () => {
    const messages = await breakingMessages();
    work.write("warnings.txt", messages.join("\n"));
    const run = await runInProcess(["diff", "base.yaml", "head.yaml", "--warn-ignore", "warnings.txt"], work.dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("warnings.txt:1: stale");
  });

  it("is unusable input when the file cannot be read: exit 2, one line naming it", async () => {
    const run = await runInProcess(["diff", "base.yaml", "head.yaml", "--err-ignore", "missing.txt"], work.dir);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toEqual(["signing-platform diff: missing.txt: no such file"]);
  });
});
