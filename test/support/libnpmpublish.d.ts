// The part of libnpmpublish (npm's publishing library, which ships no declarations) that
// support/installed-packages.ts calls.
declare module "libnpmpublish" {
  /** Publishes `tarball` with `manifest` (its package.json); `options` are npm's (registry, `//host/:_authToken`, defaultTag). */
  export function publish(manifest: Record<string, unknown>, tarball: Buffer, options: Record<string, unknown>): Promise<unknown>;
}
