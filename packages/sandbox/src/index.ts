// @signing-platform/sandbox: the contract, running. `signing-platform serve` starts it.
export { startSandbox, type Sandbox, type SandboxOptions } from "./sandbox.js";
export type { DeliveryLogEntry, RequestLogEntry, SandboxLogEntry } from "./activity-log.js";
export { RedisUnreachableError } from "./state/connect-redis.js";
export { StateStoreError } from "./state/file-store.js";
export { SIMULATE_ERROR_HEADER, SIMULATE_FALLBACK_HEADER } from "./public/simulated-errors.js";
export { MAX_CODE_ATTEMPTS } from "./domain/signing-requests.js";
export { OPERATION_CAPABILITIES } from "./capabilities.js";
