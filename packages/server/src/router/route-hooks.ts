// Conventions that apply to some operations only (idempotency to POST, PUT and PATCH,
// pagination to lists, validation to the API's routes) attach their hooks to those routes
// alone, through Fastify's onRoute hook: other routes do not run them at all, and the hook
// knows its operation without looking it up per request. A route a caller adds right after
// createApp returns, before the plugins have loaded, is recorded by createApp's own onRoute
// hook (recordEarlyOperationRoutes) and gets the same hooks when each plugin loads: Fastify
// reads a route's hooks from its options only when the instance gets ready.
import type { Server } from "node:http";
import type { FastifyInstance, RouteOptions } from "fastify";
import "./fastify-types.js";
import type { OperationDescriptor } from "./operation-descriptor.js";

type RouteHookName = "preValidation" | "preHandler" | "onSend" | "onResponse";

/** Calls `attach` for every route of an operation added from now on. */
export function onOperationRoute(
  fastify: FastifyInstance,
  attach: (
    operation: OperationDescriptor,
    add: <Name extends RouteHookName>(name: Name, hook: NonNullable<RouteOptions[Name]>) => void,
  ) => void,
): void {
  const attachTo = (route: RouteOptions) => {
    const operation = route.config?.operation;
    if (!operation) return;
    attach(operation, (name, hook) => {
      const existing = route[name];
      // A new array: Fastify copies a GET route's options for its HEAD route.
      (route as Record<RouteHookName, unknown>)[name] = [...(existing === undefined ? [] : [existing].flat()), hook].flat();
    });
  };
  for (const route of earlyRoutes.get(fastify.server) ?? []) attachTo(route);
  fastify.addHook("onRoute", attachTo);
}

const earlyRoutes = new WeakMap<Server | object, RouteOptions[]>();

/**
 * Records every route with `config.operation` added to `app` from now on, checked by `check`,
 * so that the conventions registered later attach to it too.
 */
export function recordEarlyOperationRoutes(app: FastifyInstance, check: (route: RouteOptions) => void): void {
  const recorded: RouteOptions[] = [];
  earlyRoutes.set(app.server, recorded);
  app.addHook("onRoute", (route) => {
    if (!route.config?.operation) return;
    check(route);
    recorded.push(route);
  });
  // Once ready, every plugin has loaded: nothing is left to attach.
  app.addHook("onReady", async () => {
    earlyRoutes.delete(app.server);
  });
}
