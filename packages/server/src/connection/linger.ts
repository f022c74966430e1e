// Closing a connection the client is still writing to: the answer is sent, the socket's write
// side is ended, and what the client still sends is read and dropped before the socket is
// closed. Closing at once with unread data resets the connection, and a client that writes
// before it reads (a large upload) would lose the answer with it.
import type { Duplex } from "node:stream";

/** A closing connection is closed once the client has been silent this long… */
export const LINGER_IDLE_MS = 2000;
/** …or, however much it still sends, this long after the answer. */
export const LINGER_MAX_MS = 30_000;

/** Reads and drops what arrives on `socket`; destroys it after LINGER_IDLE_MS of silence or LINGER_MAX_MS in all. */
export function drainThenDestroy(socket: Duplex): void {
  const destroy = () => socket.destroy();
  let idle = setTimeout(destroy, LINGER_IDLE_MS).unref();
  setTimeout(destroy, LINGER_MAX_MS).unref();
  socket.on("data", () => {
    clearTimeout(idle);
    idle = setTimeout(destroy, LINGER_IDLE_MS).unref();
  });
  socket.resume();
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
