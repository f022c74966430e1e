// @ts-check
// The thread that holds the warm spec checker of `npm run spec:watch`: each message asks for a
// check, each answer is its result. A thread of its own, because Node keeps a module it has
// imported: after a change of the spec's JavaScript library (spec/lib/*.js) the watcher starts
// a new thread, which imports the library as it now is.
import { parentPort, workerData } from "node:worker_threads";
import { createSpecChecker } from "./spec-diagnostics.mjs";

const port = parentPort;
if (!port) throw new Error("compiler-worker.mjs runs as a worker thread of scripts/watch.mjs.");
const checkSpec = createSpecChecker(/** @type {{ projectRoot: string }} */ (workerData).projectRoot);
port.on("message", async () => port.postMessage(await checkSpec()));
