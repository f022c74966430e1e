// Where the cause of a 500 goes. The answer never carries it (Errors › Error body: no
// internals); the operator must still find it. With Fastify's logger on, it is one log
// record at level error through the request's logger. With no logger at all (createApp's
// default), one line on stderr, so a 500 is never silent. Either way the line holds the
// Request-Id, the method, the route's pattern (not the URL: its query may hold personal
// data), and the cause's class, message and first stack frame; never the body or a header.
import type { FastifyInstance, FastifyRequest } from "fastify";

/** Told the cause of every 500 internal_error: where it goes instead of Fastify's logger. */
export type InternalErrorReporter = (cause: unknown, request: FastifyRequest) => void;

const reporterKey = Symbol.for("signing-platform.internal-error-reporter");

/** Sends the cause of every 500 of `app` (and of its plugins' contexts) to `reporter`. */
export function setInternalErrorReporter(app: FastifyInstance, reporter: InternalErrorReporter): void {
  app.decorate(reporterKey, reporter);
}

/** One line: `Request-Id METHOD /route/:pattern: Class: message (at frame)`. */
export function internalErrorLine(cause: unknown, request: FastifyRequest): string {
  const error = cause instanceof Error ? cause : new Error(String(cause));
  const frame = error.stack
    ?.split("\n")
    .find((line) => line.trimStart().startsWith("at "))
    ?.trim();
  const route = request.routeOptions.url ?? "(no route)";
  const text = `${request.id} ${request.method} ${route}: 500 internal_error, caused by ${error.name}: ${error.message}${frame ? ` (${frame})` : ""}`;
  return text.replace(/[\r\n]+/g, " ");
}

/** The reporter createApp uses when it is given no logger: one line on stderr per 500. */
export const stderrInternalErrorReporter: InternalErrorReporter = (cause, request) => {
  process.stderr.write(`signing-platform: ${internalErrorLine(cause, request)}\n`);
};

/** Reports the cause of a 500 of `request`: to the instance's reporter if one is set, else to the request's logger. */
export function reportInternalError(cause: unknown, request: FastifyRequest): void {
  const reporter = (request.server as unknown as Record<symbol, InternalErrorReporter | undefined>)[reporterKey];
  if (reporter) reporter(cause, request);
  else request.log.error({ err: cause }, internalErrorLine(cause, request));
}
