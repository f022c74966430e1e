// Runs one scenario's calls on a generated TypeScript SDK, as its user would: the resource
// methods, waits recorded instead of slept, console.warn read for what the runtime logs, and
// the scenario's hooks recording what they are told.
import { vi } from "vitest";
import type { HookEvent, Observation, Outcome, Scenario, ScenarioCall, ScenarioHooks } from "./scenario.js";

type Sdk = Record<string, Record<string, (...args: unknown[]) => PromiseLike<unknown> & AsyncIterable<unknown>>>;
interface Raw {
  data: unknown;
  response: Response;
  meta: { requestId?: string };
}
interface SdkModule {
  createSdk(options: Record<string, unknown>): Sdk;
}

function describeError(error: unknown, call: ScenarioCall): Outcome {
  const found = error as {
    name: string;
    code?: string;
    receivedCode?: string;
    status?: number;
    requestId?: string;
    is?(code: string): boolean;
    details?: Array<{ field?: string; code: string; message: string }>;
  };
  return {
    error: {
      type: found.name,
      code: found.code ?? null,
      receivedCode: found.receivedCode ?? null,
      status: found.status ?? null,
      requestId: found.requestId ?? null,
      ...(call.isCodes ? { is: Object.fromEntries(call.isCodes.map((code) => [code, found.is?.(code) ?? false])) } : {}),
      ...(call.details ? { details: (found.details ?? []).map(({ field, code, message }) => ({ field, code, message })) } : {}),
    },
  };
}

async function outcomeOf(sdk: Sdk, call: ScenarioCall): Promise<Outcome> {
  const method = sdk[call.resource]![call.method]!;
  const args = [...call.args, ...(call.query ? [call.query] : []), call.options ?? {}];
  try {
    if (call.withResponse) {
      const { data, response, meta } = await (method(...args) as unknown as { withResponse(): Promise<Raw> }).withResponse();
      return { result: { data, status: response.status, etag: response.headers.get("etag"), requestId: meta.requestId ?? null } };
    }
    if (!call.iterate) return { result: await method(...args) };
    const items: unknown[] = [];
    for await (const item of method(...args)) items.push(item);
    return { result: items };
  } catch (error) {
    return describeError(error, call);
  }
}

/** The client's hooks of a scenario: each records its event as a HookEvent, then throws if asked to. */
function recordingHooks({ given, includeBodies, throwing }: ScenarioHooks, events: HookEvent[]) {
  const recorder = (hook: HookEvent["hook"]) => (event: object) => {
    events.push({ hook, ...Object.fromEntries(Object.entries(event).map(([name, value]) => [name, value ?? null])) });
    if (throwing) throw new Error(`${hook} failed`);
  };
  return { ...Object.fromEntries(given.map((hook) => [hook, recorder(hook)])), includeBodies: includeBodies ?? false };
}

/** A token provider that gives `tokens` in turn, the last one again once they run out. */
function tokensInTurn(tokens: string[]): () => Promise<string> {
  let next = 0;
  return async () => tokens[Math.min(next++, tokens.length - 1)]!;
}

export async function runInTypeScript(module: SdkModule, baseUrl: string, scenario: Scenario): Promise<Observation> {
  const waits: number[] = [];
  const logged: string[] = [];
  const warn = vi.spyOn(console, "warn").mockImplementation((...line: unknown[]) => void logged.push(line.join(" ")));
  const warned: string[] = [];
  const onWarning = (warning: Error) => void (warning.name === "DeprecationWarning" && warned.push(warning.message));
  process.on("warning", onWarning);
  const hooks: HookEvent[] = [];
  try {
    const sdk = module.createSdk({
      baseUrl,
      ...(scenario.tokens ? { getAccessToken: tokensInTurn(scenario.tokens) } : { accessToken: "token" }),
      retry: { sleep: async (ms: number) => void waits.push(ms / 1000), random: () => 0.5 },
      ...(scenario.hooks ? { hooks: recordingHooks(scenario.hooks, hooks) } : {}),
      ...scenario.client,
    });
    const outcomes: Outcome[] = [];
    for (const call of scenario.calls) outcomes.push(await outcomeOf(sdk, call));
    // Node emits a warning on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    return { outcomes, waits, logged, warned, hooks };
  } finally {
    process.off("warning", onWarning);
    warn.mockRestore();
  }
}
