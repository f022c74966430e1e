#!/usr/bin/env node
// @ts-check
// The `signing-platform` command. Committed, so that npm links it at install time, before
// `npm run build` has written the code it runs into dist/.
try {
  await import("../dist/bin.js");
} catch (caught) {
  const error = /** @type {NodeJS.ErrnoException} */ (caught);
  if (error?.code !== "ERR_MODULE_NOT_FOUND" || !String(error.message).includes("dist")) throw error;
  console.error("signing-platform: the package is not built: run `npm run build`.");
  process.exitCode = 2;
}
