// Conventions that apply to some operations only (idempotency to POST, PUT and PATCH,
// pagination to lists, validation to the API's routes) attach their hooks to those routes
// alone, through Fastify's onRoute hook: other routes do not run them at all, and the hook
// knows its operation without looking it up per request. Routes must therefore be added
// after the plugins, as the API plugin does.
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
  fastify.addHook("onRoute", (route) => {
    const operation = route.config?.operation;
    if (!operation) return;
    attach(operation, (name, hook) => {
      const existing = route[name];
      // A new array: Fastify copies a GET route's options for its HEAD route.
      (route as Record<RouteHookName, unknown>)[name] = [...(existing === undefined ? [] : [existing].flat()), hook].flat();
    });
  });
}
