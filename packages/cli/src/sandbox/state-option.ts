// Where `serve` keeps the sandbox's state, named by one option: `--state memory`, `--state
// <folder>` or `--state redis://…`, a folder (.signing-platform) when not given. `--memory`,
// `--state-dir` and `--redis` are its old spellings: they still work, each in its own terms
// (`--state-dir memory` is a folder), and say once what to write now.
import { closest, didYouMean, namedOnce, type Spelling, UnusableInputError } from "@signing-platform/contract/input";

/** Where the sandbox keeps its state: in memory, in a folder (the database in its `sandbox` folder), or in Redis. */
export type SandboxState = { kind: "memory" } | { kind: "folder"; folder: string } | { kind: "redis"; url: string };

/** Where the state is kept when the command line does not say: ./.signing-platform/sandbox. */
export const DEFAULT_STATE: SandboxState = { kind: "folder", folder: ".signing-platform" };

const EXPECTED = "memory, a folder or a redis:// URL";
const REDIS_URL = /^rediss?:\/\/\S+$/;

/** A value of `--state`: `memory`, a redis:// or rediss:// URL, or else a folder; what is more likely a mistake is unusable input. */
export function parseStateValue(value: string): SandboxState {
  if (value === "memory") return { kind: "memory" };
  if (REDIS_URL.test(value)) return { kind: "redis", url: value };
  const refuse = (why: string) => new UnusableInputError(`--state takes ${EXPECTED}, not ${value || "nothing"}${why}`);
  if (value === "") throw refuse(".");
  const scheme = /^([a-z][a-z\d+.-]*):\/\//i.exec(value)?.[1];
  if (scheme !== undefined) throw refuse(`: a URL is redis:// or rediss://.${didYouMean(scheme, ["redis", "rediss"])}`);
  if (/^[\w.-]+:\d+$/.test(value)) throw refuse(`: for Redis, write redis://${value}.`);
  // A folder that reads like `memory` mistyped is far likelier the typo than the folder.
  if (!value.includes("/") && closest(value, ["memory"]))
    throw refuse(`. Did you mean \`memory\`? A folder of that name is written ./${value}.`);
  return { kind: "folder", folder: value };
}

function readsAsFolder(value: string): boolean {
  try {
    return parseStateValue(value).kind === "folder";
  } catch {
    return false;
  }
}

/** How `--state` says `state`: a folder `--state` would read otherwise (`memory`) is written as a path. */
export function stateSpelling(state: SandboxState): string {
  if (state.kind === "memory") return "memory";
  if (state.kind === "redis") return state.url;
  return readsAsFolder(state.folder) ? state.folder : `./${state.folder}`;
}

/** What serve's command line says of the state: `--state`, its old spellings and `--reset`, as parsed. */
export interface StateOptions {
  state?: string | undefined;
  memory?: boolean | undefined;
  "state-dir"?: string | undefined;
  redis?: string | undefined;
  reset?: boolean | undefined;
}

/** A Redis URL as a message shows it: its scheme only, since the rest may hold a password. */
const shownUrl = (url: string) => url.replace(/^(rediss?:\/\/).*$/, "$1…");

/**
 * Where the state is kept, from `--state` or one of its old spellings (which says once on
 * stderr what to write now). Each spelling's value is checked in its own terms first, and
 * `--reset` against it, so that a refused command line is one line, with no warning before it;
 * named twice is unusable input too.
 */
export function sandboxState(options: StateOptions, io: { stderr: { write(text: string): unknown } }): SandboxState {
  const { memory, "state-dir": folder, redis, reset } = options;
  if (folder === "") throw new UnusableInputError("--state-dir needs a folder.");
  if (redis !== undefined && !REDIS_URL.test(redis)) throw new UnusableInputError("--redis must be a redis:// or rediss:// URL.");
  const state = options.state === undefined ? undefined : parseStateValue(options.state);
  const fromFolder: SandboxState | undefined = folder === undefined ? undefined : { kind: "folder", folder };
  const spellings: Spelling<SandboxState>[] = [
    { written: `--state ${state?.kind === "redis" ? shownUrl(state.url) : options.state}`, value: state },
    { written: "--memory", value: memory ? { kind: "memory" } : undefined, old: { option: "--memory", instead: "write `--state memory`" } },
    {
      written: `--state-dir ${folder}`,
      value: fromFolder,
      old: { option: "--state-dir", instead: `write \`--state ${fromFolder ? stateSpelling(fromFolder) : ""}\`` },
    },
    {
      written: `--redis ${redis === undefined ? "" : shownUrl(redis)}`,
      value: redis === undefined ? undefined : { kind: "redis", url: redis },
      old: { option: "--redis", instead: "write `--state` with the same URL" },
    },
  ];
  if (reset && spellings.some(({ value }) => value !== undefined && value.kind !== "folder"))
    throw new UnusableInputError("--reset is for the state kept in a folder, not in memory or Redis.");
  return namedOnce("serve", { choice: "the state", once: "with --state" }, spellings, io) ?? DEFAULT_STATE;
}

/** The options of the sandbox's startSandbox that keep the state where `state` says. */
export function startOptionsOf(state: SandboxState, reset: boolean): { redisUrl?: string; stateDir?: string; resetState?: boolean } {
  if (state.kind === "redis") return { redisUrl: state.url };
  if (state.kind === "folder") return { stateDir: state.folder, resetState: reset };
  return {};
}
