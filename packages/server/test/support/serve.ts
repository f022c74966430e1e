// Per test file: the fixture service, or a redis-server, started before the tests and
// stopped after them.
import { Redis } from "ioredis";
import { afterAll, beforeAll } from "vitest";
import type { AppOptions } from "../../src/index.js";
import { startRedisServer, type RedisServer } from "../../../../test/support/redis.js";
import { fixtureApp, fixtureData, type FixtureData } from "./fixture-app.js";
import { listen, type Running } from "./http.js";

export interface ServedFixture {
  /** Set once the server listens (in beforeAll). */
  url: string;
  data: FixtureData;
}

/**
 * The fixture service on loopback for the tests of the calling file (or describe block).
 * `overrides` may be a function, for options made in an earlier hook (a Redis client).
 */
export function serveFixture(
  overrides: Partial<AppOptions> | (() => Promise<Partial<AppOptions>>) = {},
  data: FixtureData = fixtureData(),
): ServedFixture {
  const served: ServedFixture = { url: "", data };
  let running: Running | undefined;
  beforeAll(async () => {
    running = await listen(fixtureApp(typeof overrides === "function" ? await overrides() : overrides, data).app);
    served.url = running.url;
  });
  afterAll(() => running?.close());
  return served;
}

export interface UsedRedis {
  /** A new ioredis client, connected (and disconnected after the tests). */
  client(): Promise<Redis>;
}

/** A real redis-server for the tests of the calling file (or describe block). */
export function useRedis(): UsedRedis {
  let server: RedisServer | undefined;
  const clients: Redis[] = [];
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await server?.stop();
  });
  return {
    async client() {
      if (!server) throw new Error("useRedis(): the redis-server is not started yet (call client() inside a hook or test)");
      const client = new Redis(server.url);
      clients.push(client);
      await new Promise((resolve, reject) => (client.once("ready", resolve), client.once("error", reject)));
      return client;
    },
  };
}
