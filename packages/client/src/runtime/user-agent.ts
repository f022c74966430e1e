// The telemetry header of generated SDKs: `<sdk name>/<sdk version> (<runtime> <version>)`,
// which tells the API's operators which SDK, and which release of it, sent a call. It is sent
// only where a program may set User-Agent: under Node.js (and Bun and Deno, which name
// themselves). In a browser it is not: Chromium drops it, and anywhere else it is a header
// outside the CORS safelist, which would add a preflight to every call (docs/generator.md,
// "The User-Agent header").

/** The SDK a client is part of, as its generator wrote its name and version. */
export interface SdkIdentity {
  /** The SDK's package name. */
  name: string;
  /** The SDK's package version. */
  version: string;
}

interface ProcessVersions {
  node?: string;
  bun?: string;
  deno?: string;
}

/** The runtime this code runs on, when it is one that may set User-Agent: "Node.js 20.11.1". */
function serverRuntime(): string | undefined {
  const versions = (globalThis as { process?: { versions?: ProcessVersions } }).process?.versions;
  if (versions?.bun) return `Bun ${versions.bun}`;
  if (versions?.deno) return `Deno ${versions.deno}`;
  if (versions?.node) return `Node.js ${versions.node}`;
  return undefined;
}

/** The User-Agent of `sdk` on this runtime, "@acme/signing-sdk/1.2.0 (Node.js 20.11.1)", or undefined where it is not sent (a browser). */
export function userAgentOf(sdk: SdkIdentity): string | undefined {
  const runtime = serverRuntime();
  return runtime === undefined ? undefined : `${sdk.name}/${sdk.version} (${runtime})`;
}
