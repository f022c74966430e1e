// The sandbox's Redis connection: reached at start or not at all (one line naming the URL,
// never its password), and watched while running: an outage is logged once when it starts
// and once when it ends, and requests meanwhile answer 503 service_unavailable (the server
// reads a Redis outage as such) instead of hanging or failing half-way.
import { Redis } from "ioredis";

/** The URL without its password, for messages and logs. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString().replace(/\/$/, "");
  } catch {
    return "(not a URL)";
  }
}

/** The sandbox's Redis cannot be used: its URL (`--state redis://…`) is not a redis:// URL, or Redis cannot be reached at start; the message names the URL without its password. */
export class RedisUnreachableError extends Error {
  /** The class name, `RedisUnreachableError`. */
  override readonly name = "RedisUnreachableError";
}

export interface RedisConnectionOptions {
  /** Where outages are told; default: one line on stderr each. */
  log?: (line: string) => void;
}

/** Connects to Redis, or throws RedisUnreachableError within a few seconds. */
export async function connectRedis(url: string, options: RedisConnectionOptions = {}): Promise<Redis> {
  const { log = (line) => process.stderr.write(`${line}\n`) } = options;
  const where = redactedUrl(url);
  if (where === "(not a URL)")
    throw new RedisUnreachableError(`--state ${JSON.stringify(url.replace(/:[^:@/]*@/, ":***@"))} is not a redis:// URL.`);
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    // A request waits for at most three reconnection attempts, then answers 503.
    maxRetriesPerRequest: 3,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let connected = false;
  let down = false;
  let lastError = "";
  redis.on("error", (error: NodeJS.ErrnoException) => {
    lastError = error.code ?? error.message;
    // Before the first connection the start itself reports it; after, once per outage.
    if (!connected || down) return;
    down = true;
    log(`sandbox: Redis at ${where} is unreachable (${error.code ?? error.message}); requests answer 503 until it is back.`);
  });
  redis.on("ready", () => {
    connected = true;
    if (!down) return;
    down = false;
    log(`sandbox: Redis at ${where} is back.`);
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    const reason = lastError || (error as NodeJS.ErrnoException).code || (error as Error).message;
    throw new RedisUnreachableError(`cannot reach Redis at ${where} (${reason.replace(/\.$/, "")}).`);
  }
  return redis;
}
