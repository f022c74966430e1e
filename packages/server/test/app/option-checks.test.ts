// A missing or malformed required option is a one-line TypeError at the call, naming the
// function and the option, never an error from inside a plugin.
import { describe, expect, it } from "vitest";
import { type AppOptions, createApiServer, createApp, signingPlatformApi, staticCredentialResolver } from "../../src/index.js";
import { CURSOR_SECRET } from "../support/fixture-app.js";

const valid = {
  cursorSecret: CURSOR_SECRET,
  authentication: { resolver: staticCredentialResolver({ tokens: {} }) },
  handlers: {},
} satisfies AppOptions;

const cases: [string, { given: Record<string, unknown>; want: RegExp }][] = [
  [
    "cursorSecret undefined",
    { given: { cursorSecret: undefined }, want: /^createApp: cursorSecret must be a string of at least 32 characters.*; got undefined\.$/ },
  ],
  [
    "cursorSecret too short",
    { given: { cursorSecret: "short" }, want: /^createApp: cursorSecret must be .*; got a string of 5 characters\.$/ },
  ],
  ["cursorSecret an empty list", { given: { cursorSecret: [] }, want: /^createApp: cursorSecret must be .*; got an array\.$/ }],
  [
    "a rotated secret too short",
    { given: { cursorSecret: [CURSOR_SECRET, "old"] }, want: /^createApp: cursorSecret\[1\] must be .*; got a string of 3 characters\.$/ },
  ],
  [
    "no resolver",
    { given: { authentication: {} }, want: /^createApp: authentication\.resolver must be a CredentialResolver.*; got undefined\.$/ },
  ],
  ["no authentication", { given: { authentication: undefined }, want: /^createApp: authentication\.resolver must be/ }],
  ["no handlers", { given: { handlers: undefined }, want: /^createApp: handlers must be an object.*; got undefined\.$/ }],
  [
    "a handler that is not a function",
    { given: { handlers: { getCertificate: "yes" } }, want: /^createApp: handlers\.getCertificate must be a function; got string\.$/ },
  ],
];

describe("createApp's options", () => {
  it.each(cases)("%s is a TypeError naming it", (_name, { given, want }) => {
    const options = { ...valid, ...given } as unknown as AppOptions;
    expect(() => createApp(options)).toThrow(TypeError);
    expect(() => createApp(options)).toThrow(want);
  });

  it("never echoes the secret it refuses", () => {
    expect(() => createApp({ ...valid, cursorSecret: "hunter2-is-my-secret" })).toThrow(/^(?!.*hunter2)/s);
  });

  it("accepts the valid options", () => {
    expect(() => createApp(valid)).not.toThrow();
  });

  it("signingPlatformApi names itself when it is registered with a missing option", async () => {
    const app = createApiServer({ logger: false });
    app.register(signingPlatformApi, { ...valid, cursorSecret: undefined } as unknown as AppOptions);
    await expect(app.ready()).rejects.toThrow(/^signingPlatformApi: cursorSecret must be/);
  });
});
