// Backpressure per connection. HTTP/1.1 lets a client pipeline requests, and one that never
// reads its answers makes the server hold every response it has not taken. So: past a few
// unanswered requests the connection is no longer read from (TCP then slows the client
// down), and a connection that still piles up more than the server will hold — many
// unanswered requests, or a megabyte of answers it does not read — is closed. Memory stays
// bounded and other clients are served. Only a real socket is limited: a request made by
// `inject` (light-my-request) has a stand-in socket that cannot be paused or destroyed, and
// no client on the other end to pipeline.
import { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import fastifyPlugin from "fastify-plugin";

/** Limits on one connection, so that a client that pipelines unanswered requests or does not read its answers is closed. */
export interface ConnectionLimitOptions {
  /** Unanswered requests on one connection before it is no longer read from. Default 8. */
  maxPipelinedRequests?: number;
  /** Unanswered requests on one connection before it is closed. Default 128. */
  maxUnansweredRequests?: number;
  /** Response bytes a connection may leave unread before it is closed. Default 1 MiB. */
  maxUnreadResponseBytes?: number;
}

async function connectionLimitsPlugin(fastify: FastifyInstance, options: ConnectionLimitOptions): Promise<void> {
  const { maxPipelinedRequests = 8, maxUnansweredRequests = 128, maxUnreadResponseBytes = 1024 * 1024 } = options;
  const unanswered = new WeakMap<Socket, number>();

  fastify.addHook("onRequest", (request, reply, done) => {
    const socket: unknown = request.raw.socket;
    if (!(socket instanceof Socket)) return done();
    const count = (unanswered.get(socket) ?? 0) + 1;
    unanswered.set(socket, count);
    if (count > maxUnansweredRequests) {
      socket.destroy();
      return done();
    }
    if (count >= maxPipelinedRequests) socket.pause();
    reply.raw.once("close", () => {
      const left = (unanswered.get(socket) ?? 1) - 1;
      unanswered.set(socket, left);
      if (socket.destroyed) return;
      if (socket.writableLength > maxUnreadResponseBytes) socket.destroy();
      else if (left < maxPipelinedRequests && socket.isPaused()) socket.resume();
    });
    done();
  });
}

export const connectionLimits = fastifyPlugin(connectionLimitsPlugin, { name: "signing-platform-connection-limits", fastify: "5.x" });
