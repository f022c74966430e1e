// @ts-check
// A TCP port on loopback that nothing listens on, for a server started with a port of our choosing.
import { createServer } from "node:net";

/** @returns {Promise<number>} */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (probe.address()); // a TCP port
      probe.close(() => resolve(port));
    });
  });
}
