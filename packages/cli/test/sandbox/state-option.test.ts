// `serve --state`: one option for where the sandbox keeps its state, its old spellings read in
// their own terms and said once, the state named twice refused, and values it does not take
// refused in one line that names the option and what it takes.
import { resolve } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UnusableInputError } from "@signing-platform/contract/input";
import { parseStateValue, type SandboxState, sandboxState, type StateOptions, stateSpelling } from "../../src/sandbox/state-option.js";

function stderr() {
  const lines: string[] = [];
  return { lines, io: { stderr: { write: (text: string) => lines.push(text) } } };
}

describe("parseStateValue", () => {
  it.each<[string, { given: string; want: SandboxState }]>([
    ["memory", { given: "memory", want: { kind: "memory" } }],
    ["a redis:// URL", { given: "redis://127.0.0.1:6379", want: { kind: "redis", url: "redis://127.0.0.1:6379" } }],
    [
      "a rediss:// URL with a password",
      { given: "rediss://app:pw@cache:6380/2", want: { kind: "redis", url: "rediss://app:pw@cache:6380/2" } },
    ],
    ["a folder", { given: ".signing-platform", want: { kind: "folder", folder: ".signing-platform" } }],
    ["a folder named memory, as a path", { given: "./memory", want: { kind: "folder", folder: "./memory" } }],
    ["an absolute folder", { given: "/var/lib/sandbox", want: { kind: "folder", folder: "/var/lib/sandbox" } }],
    ["a word far from memory", { given: "mem", want: { kind: "folder", folder: "mem" } }],
  ])("reads %s", (_name, { given, want }) => {
    expect(parseStateValue(given)).toEqual(want);
  });

  it.each<[string, { given: string; want: string }]>([
    ["nothing", { given: "", want: "--state takes memory, a folder or a redis:// URL, not nothing." }],
    [
      "another scheme",
      {
        given: "http://cache:6379",
        want: "--state takes memory, a folder or a redis:// URL, not http://cache:6379: a URL is redis:// or rediss://.",
      },
    ],
    [
      "a mistyped scheme",
      {
        given: "reddis://cache:6379",
        want: "--state takes memory, a folder or a redis:// URL, not reddis://cache:6379: a URL is redis:// or rediss://. Did you mean `redis`?",
      },
    ],
    [
      "a host and port",
      {
        given: "localhost:6379",
        want: "--state takes memory, a folder or a redis:// URL, not localhost:6379: for Redis, write redis://localhost:6379.",
      },
    ],
    [
      "memory mistyped",
      {
        given: "memroy",
        want: "--state takes memory, a folder or a redis:// URL, not memroy. Did you mean `memory`? A folder of that name is written ./memroy.",
      },
    ],
  ])("refuses %s in one line", (_name, { given, want }) => {
    expect(() => parseStateValue(given)).toThrow(new UnusableInputError(want));
  });

  it("gives a state or the input error for any value, never anything else", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        try {
          expect(["memory", "folder", "redis"]).toContain(parseStateValue(value).kind);
        } catch (error) {
          expect(error).toBeInstanceOf(UnusableInputError);
          expect((error as Error).message).toMatch(/^--state takes memory, a folder or a redis:\/\/ URL, not [^\n]*$/);
        }
      }),
    );
  });
});

describe("stateSpelling", () => {
  it("writes every folder so that --state reads it back as that folder", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (folder) => {
        const read = parseStateValue(stateSpelling({ kind: "folder", folder }));
        expect(read.kind === "folder" && resolve(read.folder)).toBe(resolve(folder));
      }),
    );
    expect(stateSpelling({ kind: "folder", folder: "memory" })).toBe("./memory");
    expect(stateSpelling({ kind: "folder", folder: "kept" })).toBe("kept");
  });
});

describe("sandboxState", () => {
  it("is the folder .signing-platform when nothing names it, and says nothing", () => {
    const { lines, io } = stderr();
    expect(sandboxState({}, io)).toEqual({ kind: "folder", folder: ".signing-platform" });
    expect(lines).toEqual([]);
  });

  it("reads --state without a word on stderr", () => {
    const { lines, io } = stderr();
    expect(sandboxState({ state: "memory" }, io)).toEqual({ kind: "memory" });
    expect(lines).toEqual([]);
  });

  it.each<[string, { given: StateOptions; want: SandboxState; line: string }]>([
    ["--memory", { given: { memory: true }, want: { kind: "memory" }, line: "--memory is the old spelling: write `--state memory`." }],
    [
      "--state-dir",
      {
        given: { "state-dir": "kept" },
        want: { kind: "folder", folder: "kept" },
        line: "--state-dir is the old spelling: write `--state kept`.",
      },
    ],
    [
      "--state-dir of a folder named memory",
      {
        given: { "state-dir": "memory" },
        want: { kind: "folder", folder: "memory" },
        line: "--state-dir is the old spelling: write `--state ./memory`.",
      },
    ],
    [
      "--redis",
      {
        given: { redis: "redis://app:pw@cache:6379" },
        want: { kind: "redis", url: "redis://app:pw@cache:6379" },
        line: "--redis is the old spelling: write `--state` with the same URL.",
      },
    ],
  ])("still reads %s, and says once what to write now", (_name, { given, want, line }) => {
    const { lines, io } = stderr();
    expect(sandboxState(given, io)).toEqual(want);
    expect(lines).toEqual([`signing-platform serve: ${line}\n`]);
  });

  it.each<[string, { given: StateOptions; want: string }]>([
    [
      "--state and an old spelling",
      {
        given: { state: "memory", "state-dir": "kept" },
        want: "the state is named twice (--state memory and --state-dir kept): name it once, with --state.",
      },
    ],
    [
      "two old spellings, without the Redis password",
      {
        given: { memory: true, redis: "redis://app:s3cret@cache:6379" },
        want: "the state is named twice (--memory and --redis redis://…): name it once, with --state.",
      },
    ],
    [
      "--state with Redis and --state-dir",
      {
        given: { state: "redis://app:s3cret@cache:6379", "state-dir": "kept" },
        want: "the state is named twice (--state redis://… and --state-dir kept): name it once, with --state.",
      },
    ],
    [
      "--reset of the state in memory",
      { given: { state: "memory", reset: true }, want: "--reset is for the state kept in a folder, not in memory or Redis." },
    ],
    [
      "--reset with --redis",
      { given: { redis: "redis://cache", reset: true }, want: "--reset is for the state kept in a folder, not in memory or Redis." },
    ],
    ["--redis that is not a redis URL", { given: { redis: "localhost:6379" }, want: "--redis must be a redis:// or rediss:// URL." }],
    ["--state-dir of nothing", { given: { "state-dir": "" }, want: "--state-dir needs a folder." }],
  ])("refuses %s in one line, with no warning before it", (_name, { given, want }) => {
    const { lines, io } = stderr();
    expect(() => sandboxState(given, io)).toThrow(new UnusableInputError(want));
    expect(lines).toEqual([]);
  });
});
