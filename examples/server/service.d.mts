// Types of service.mjs, for TypeScript callers (the tests).
import type { AppOptions } from "@signing-platform/server";
import type { FastifyInstance } from "fastify";

export declare function createExampleService(options?: Partial<AppOptions>): FastifyInstance;
