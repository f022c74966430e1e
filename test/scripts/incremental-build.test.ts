// `npm run build` skips a step whose inputs and outputs are as its last successful build left
// them (scripts/build/run-steps.mjs). Here the same steps run on a scratch npm workspace of
// three packages (b reads a's dist/, c reads nothing), with real npm, git and files: what
// builds, and why, after each kind of change. Then the repository's own steps are checked
// for what they read.
import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM build scripts without type declarations
import { CONTRACT, GENERATED, READS_BEYOND_ITS_PACKAGE, buildSteps, packageStep } from "../../scripts/build/build-steps.mjs";
// @ts-expect-error: plain ESM build scripts without type declarations
import { runSteps } from "../../scripts/build/run-steps.mjs";
// @ts-expect-error: plain ESM build scripts without type declarations
import { buildOrder, listWorkspaces } from "../../scripts/build/workspaces.mjs";
import { root } from "../support/generated.js";

type Step = { label: string; sources: string[]; after: string[]; outputs: string[] };

const scratches: string[] = [];
afterEach(() => scratches.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Each package's build: its src/ lines without `#` comments, after what it reads from the packages it depends on. */
const BUILD_SCRIPT = `
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
const manifest = JSON.parse(readFileSync("package.json", "utf8"));
appendFileSync("../../builds.log", manifest.name + "\\n");
rmSync("dist", { recursive: true, force: true });
const own = readFileSync("src/value.txt", "utf8").split("\\n").filter((line) => !line.startsWith("#"));
if (own.includes("fail")) process.exit(1);
const read = Object.keys(manifest.dependencies ?? {}).map((name) => readFileSync("../" + name + "/dist/value.txt", "utf8"));
mkdirSync("dist");
writeFileSync("dist/value.txt", [...read, ...own].join("\\n"));
`;

function write(path: string, text: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** An npm workspace listing b before a, which it depends on. */
function workspace({ git = true } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "signing-platform-incremental-"));
  scratches.push(dir);
  write(join(dir, "package.json"), JSON.stringify({ private: true, workspaces: ["packages/b", "packages/a", "packages/c"] }));
  write(join(dir, ".gitignore"), "dist/\nnode_modules/\nbuilds.log\n*.log\n");
  for (const [name, dependencies] of [
    ["a", {}],
    ["b", { a: "1.0.0" }],
    ["c", {}],
  ] as const) {
    const folder = join(dir, "packages", name);
    write(
      join(folder, "package.json"),
      JSON.stringify({ name, version: "1.0.0", type: "module", scripts: { build: "node build.mjs" }, dependencies }),
    );
    write(join(folder, "build.mjs"), BUILD_SCRIPT);
    write(join(folder, "src", "value.txt"), `${name}\n`);
    write(join(folder, "test", "value.test.txt"), "a test\n");
  }
  if (git) execFileSync("git", ["init", "-q"], { cwd: dir });
  return dir;
}

async function build(dir: string, options: { force?: boolean } = {}) {
  const steps: Step[] = buildOrder(listWorkspaces(dir)).map((package_: unknown) => packageStep(dir, package_, []));
  const lines: string[] = [];
  const log = join(dir, "builds.log");
  rmSync(log, { force: true });
  const result: { built: string[] } = await runSteps(steps, { root: dir, log: (line: string) => lines.push(line), ...options });
  const ran = existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean) : [];
  expect(ran).toEqual(result.built);
  return { built: result.built, reasons: lines.filter((line) => line.startsWith("→ ")) };
}

const edit = (dir: string, file: string, text: string) => writeFileSync(join(dir, file), text);

describe("the incremental build, on a scratch workspace", () => {
  it("builds every package once, each after what it depends on, then nothing while nothing changes", async () => {
    const dir = workspace();
    expect((await build(dir)).built).toEqual(["a", "b", "c"]);
    expect(readFileSync(join(dir, "packages/b/dist/value.txt"), "utf8")).toBe("a\n\nb\n");
    expect(await build(dir)).toEqual({ built: [], reasons: [] });
  });

  it("rebuilds a changed package and the packages that read its output, not the others", async () => {
    const dir = workspace();
    await build(dir);
    edit(dir, "packages/a/src/value.txt", "a, changed\n");
    expect(await build(dir)).toEqual({
      built: ["a", "b"],
      reasons: ["→ a: packages/a/src/value.txt changed", "→ b: a changed"],
    });
    expect(readFileSync(join(dir, "packages/b/dist/value.txt"), "utf8")).toBe("a, changed\n\nb\n");
  });

  it("leaves the readers of a package up to date when its rebuild writes the same output", async () => {
    const dir = workspace();
    await build(dir);
    edit(dir, "packages/a/src/value.txt", "# a comment the build drops\na\n");
    expect((await build(dir)).built).toEqual(["a"]);
  });

  it("takes a new or removed source file as a change, and not tests, ignored files or modification times", async () => {
    const dir = workspace();
    await build(dir);
    edit(dir, "packages/a/test/value.test.txt", "another test\n");
    edit(dir, "packages/a/debug.log", "ignored by git\n");
    utimesSync(join(dir, "packages/c/src/value.txt"), new Date(), new Date(2000, 0, 1));
    expect(await build(dir)).toEqual({ built: [], reasons: [] });
    edit(dir, "packages/c/src/more.txt", "new\n");
    expect((await build(dir)).reasons).toEqual(["→ c: packages/c/src/more.txt is new"]);
    rmSync(join(dir, "packages/c/src/more.txt"));
    expect((await build(dir)).reasons).toEqual(["→ c: packages/c/src/more.txt was removed"]);
  });

  it("rebuilds an output that was deleted or edited since its build", async () => {
    const dir = workspace();
    await build(dir);
    rmSync(join(dir, "packages/c/dist"), { recursive: true });
    appendFileSync(join(dir, "packages/a/dist/value.txt"), "edited by hand\n");
    const { built, reasons } = await build(dir);
    expect(reasons).toEqual(["→ a: packages/a/dist changed since it was built", "→ c: packages/c/dist is missing"]);
    expect(built).toEqual(["a", "c"]); // a's rebuild writes what it wrote before: b stays up to date
    expect(readFileSync(join(dir, "packages/c/dist/value.txt"), "utf8")).toBe("c\n");
  });

  it("builds every package with force", async () => {
    const dir = workspace();
    await build(dir);
    expect((await build(dir, { force: true })).built).toEqual(["a", "b", "c"]);
  });

  it("stops at a build that fails, and builds it again next time though its inputs are back as they were", async () => {
    const dir = workspace();
    await build(dir);
    edit(dir, "packages/a/src/value.txt", "fail\n");
    await expect(build(dir)).rejects.toThrow("a failed to build.");
    edit(dir, "packages/a/src/value.txt", "a\n");
    expect(await build(dir)).toEqual({ built: ["a"], reasons: ["→ a: no earlier build"] });
  });

  it("builds everything, every time, outside a git work tree", async () => {
    const dir = workspace({ git: false });
    await build(dir);
    const again = await build(dir);
    expect(again.built).toEqual(["a", "b", "c"]);
    expect(again.reasons).toEqual(["→ a: not a git work tree", "→ b: not a git work tree", "→ c: not a git work tree"]);
  });
});

describe("the steps of npm run build", () => {
  const steps: Step[] = buildSteps();
  const labels = steps.map((step) => step.label);
  const workspaces: { name: string; folder: string }[] = listWorkspaces(root);

  it("are the contract, generated/, then every other workspace package, each after the steps it reads", () => {
    expect(labels.slice(0, 2)).toEqual([CONTRACT, GENERATED]);
    expect(new Set(labels.slice(2))).toEqual(new Set(workspaces.map(({ name }) => name).filter((name) => name !== CONTRACT)));
    steps.forEach((step, index) => {
      for (const label of step.after)
        expect({ step: step.label, reads: label, before: labels.indexOf(label) < index }).toMatchObject({ before: true });
    });
    expect(buildSteps({ until: "generated" }).map((step: Step) => step.label)).toEqual([CONTRACT, GENERATED]);
    expect(buildSteps({ until: "contract" }).map((step: Step) => step.label)).toEqual([CONTRACT]);
  });

  it("read generated/ in every package but the contract, and the spec, its config and its build scripts for generated/", () => {
    for (const step of steps.slice(2)) expect(step.after).toContain(GENERATED);
    expect(steps[0]?.after).toEqual([]);
    expect(steps[1]).toMatchObject({ after: [CONTRACT], outputs: ["generated"] });
    expect(steps[1]?.sources).toEqual(expect.arrayContaining(["spec", "tspconfig.yaml", "scripts/build"]));
  });

  it("name every script of the repository that a package's build runs", () => {
    for (const { name, folder } of workspaces) {
      const manifest = readFileSync(join(root, folder, "package.json"), "utf8");
      const listed = spawnSync("git", ["ls-files", "--", `${folder}/build.mjs`, `${folder}/scripts`], {
        cwd: root,
        encoding: "utf8",
      }).stdout;
      const buildFiles = [
        manifest,
        ...listed
          .split("\n")
          .filter(Boolean)
          .map((file) => readFileSync(join(root, file), "utf8")),
      ];
      const scripts = buildFiles.flatMap((text) =>
        [...text.matchAll(/\.\.\/\.\.\/(scripts\/[\w./-]+\.mjs)/g)].map((match) => String(match[1])),
      );
      const step = steps.find((candidate) => candidate.label === name);
      for (const script of scripts) expect({ name, script, named: step?.sources.includes(script) }).toMatchObject({ named: true });
    }
    expect(Object.keys(READS_BEYOND_ITS_PACKAGE).every((name) => labels.includes(name))).toBe(true);
  });
});
