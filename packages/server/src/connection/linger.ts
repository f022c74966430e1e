// Closing a connection the client is still writing to: the answer is sent, the socket's write
// side is ended, and what the client still sends is read and dropped for a moment before the
// socket is closed. Closing at once with unread data resets the connection, and a client that
// writes before it reads (a large upload) would lose the answer with it.
import type { Duplex } from "node:stream";

/** How long a closing connection is still read from, so that its client sees the answer. */
export const LINGER_MS = 2000;

/** Reads and drops what arrives on `socket`, and destroys it after LINGER_MS if the client has not closed it by then. */
export function drainThenDestroy(socket: Duplex): void {
  socket.on("data", () => {});
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/**
 * Makes Node's close of `socket` after the current response (`destroySoon`, for a response
 * with `Connection: close`) linger instead of closing at once.
 */
export function lingerOnClose(socket: Duplex & { destroySoon?: () => void }): void {
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    drainThenDestroy(socket);
  };
}
