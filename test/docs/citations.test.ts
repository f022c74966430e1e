// Every citation in the repository resolves inside it: a reading cited as
// docs/decisions.md#anchor names a heading of docs/decisions.md; a clause cited as
// "Errors › Idempotency" names a section of the interface document (docs/interface.md) and
// words of it; a relative Markdown link names a file that exists; and no text points
// outside the repository (to past work items, or to files that are not here).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../support/generated.js";

/**
 * Tracked text files written by hand, of every kind (code in any language, templates, docs,
 * configuration): not generated/, not third-party fixtures, not the lock file, not this test
 * (its patterns), and not binary files (archives, images: they hold a NUL byte).
 */
const files = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter(
    (file) =>
      file &&
      !file.startsWith("generated/") &&
      !file.includes("/test/fixtures/") &&
      !file.includes("/test/corpus/") &&
      !file.includes("/oasdiff-suite/") &&
      file !== "package-lock.json" &&
      file !== "test/docs/citations.test.ts" &&
      existsSync(join(root, file)),
  )
  .filter((file) => !readFileSync(join(root, file)).includes(0));
const text = new Map(files.map((file) => [file, readFileSync(join(root, file), "utf8")]));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, "")
    .replace(/ /g, "-");

function sections(markdown: string): Map<string, { headings: string[]; body: string }> {
  const result = new Map<string, { headings: string[]; body: string }>();
  let current: { headings: string[]; body: string } | undefined;
  for (const line of markdown.split("\n")) {
    const top = /^## (.+)$/.exec(line);
    if (top) result.set(top[1]!.toLowerCase(), (current = { headings: [], body: "" }));
    else if (current) {
      const sub = /^### (.+)$/.exec(line);
      if (sub) current.headings.push(sub[1]!.toLowerCase());
      current.body += `${line.toLowerCase()}\n`;
    }
  }
  return result;
}

const decisions = readFileSync(join(root, "docs", "decisions.md"), "utf8");
const anchors = new Set([...decisions.matchAll(/^#{2,3} (.+)$/gm)].map((match) => slug(match[1]!)));
const interfaceSections = sections(readFileSync(join(root, "docs", "interface.md"), "utf8"));

function places(pattern: RegExp): Array<{ file: string; line: number; match: RegExpExecArray }> {
  const found: Array<{ file: string; line: number; match: RegExpExecArray }> = [];
  for (const [file, content] of text) {
    for (const match of content.matchAll(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`))) {
      found.push({ file, line: content.slice(0, match.index).split("\n").length, match: match as RegExpExecArray });
    }
  }
  return found;
}

describe("citations", () => {
  it("of a reading name a heading of docs/decisions.md", () => {
    const cited = places(/decisions\.md#([a-z0-9-]+)/);
    expect(cited.length).toBeGreaterThan(100);
    const dangling = cited.filter(({ match }) => !anchors.has(match[1]!)).map(({ file, line, match }) => `${file}:${line} #${match[1]}`);
    expect(dangling).toEqual([]);
  });

  it("of the interface document name one of its sections and words of it", () => {
    const names = [...interfaceSections.keys()].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
    const cited = places(new RegExp(`(?<![A-Za-z])(${names}) › ([A-Za-z][A-Za-z -]*[A-Za-z])`, "i"));
    expect(cited.length).toBeGreaterThan(100);
    const dangling = cited
      .filter(({ match }) => {
        const section = interfaceSections.get(match[1]!.toLowerCase())!;
        const words = match[2]!.toLowerCase();
        return (
          !section.headings.some((heading) => words.startsWith(heading) || heading.startsWith(words)) &&
          !section.body.includes(words.split(" ").slice(0, 2).join(" "))
        );
      })
      .map(({ file, line, match }) => `${file}:${line} ${match[0]}`);
    expect(dangling).toEqual([]);
  });

  it("of files, in relative Markdown links, name files that exist", () => {
    const cited = places(/\]\((?!https?:|mailto:|#)([^)\s#]+)(?:#([^)\s]+))?\)/).filter(({ file }) => file.endsWith(".md"));
    const dangling = cited
      .filter(({ file, match }) => {
        const target = join(root, dirname(file), match[1]!);
        if (!existsSync(target)) return true;
        return target.endsWith(join("docs", "decisions.md")) && match[2] !== undefined && !anchors.has(match[2]);
      })
      .map(({ file, line, match }) => `${file}:${line} ${match[0]}`);
    expect(dangling).toEqual([]);
  });

  it("never point outside the repository or to past work items, even across a line break of a comment", () => {
    const pattern = /DECISIONS \d|steering repositor|\b[Ii]ssue #?\d+|STYLE ›|\.\.\/shared\/|source\/interface\.md/g;
    const outside: string[] = [];
    for (const [file, content] of text) {
      // A line break, with the comment marker of the next line (//, #, *, --), read as a space.
      const joined = content.replace(/[ \t]*\r?\n[ \t]*(?:\/\/+|#+|\*+|--)?[ \t]*/g, " ");
      for (const match of joined.matchAll(pattern)) outside.push(`${file}: ${match[0]}`);
    }
    expect(outside).toEqual([]);
  });
});
