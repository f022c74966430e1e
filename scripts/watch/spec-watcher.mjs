// @ts-check
// Watches spec/ (each of its folders) and tspconfig.yaml and checks the spec after every change: saves within
// `debounceMs` of each other make one check, a save during a check makes one more after it.
// The checker lives in a worker thread that stays warm between checks (compiler-worker.mjs);
// a change of a JavaScript file of spec/ replaces the thread, so that the library is imported
// again. A spec that does not compile is only diagnostics: the watcher goes on.
import { watch } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { summaryLine } from "./spec-diagnostics.mjs";
import { watchFolder } from "./watch-folder.mjs";

const WORKER = new URL("./compiler-worker.mjs", import.meta.url);
/** Files of spec/ that a check reads; an editor's swap and backup files are not. */
const SPEC_FILE = /\.(tsp|js|mjs|cjs)$/;
const JAVASCRIPT = /\.(js|mjs|cjs)$/;
const CONFIG = "tspconfig.yaml";

/**
 * @typedef {object} WatchOptions
 * @property {string} projectRoot the folder of spec/ and tspconfig.yaml
 * @property {number} [debounceMs]
 * @property {(line: string) => void} [print]
 */

/** @param {Date} date */
const clock = (date) => date.toTimeString().slice(0, 8);

/**
 * Starts watching; the first check runs at once.
 * @param {WatchOptions} options
 * @returns {{ close: () => Promise<void> }}
 */
export function watchSpec(options) {
  const { projectRoot, debounceMs = 60, print = console.log } = options;
  /** @type {Worker | undefined} */
  let worker;
  /** @type {Set<string>} the files changed since the last check began */
  let changed = new Set();
  let freshWorker = false;
  let running = false;
  let again = false;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;

  const startWorker = () => {
    const started = new Worker(WORKER, { workerData: { projectRoot } });
    // A thread that dies (out of memory, a library that exits) is replaced at the next check.
    started.on("error", (error) => print(`error watcher-thread ${error.message}`));
    started.on("exit", () => {
      if (worker === started) worker = undefined;
    });
    return started;
  };

  /** @returns {Promise<import("./spec-diagnostics.mjs").SpecCheck>} */
  const checkInWorker = () => {
    if (freshWorker || !worker) {
      void worker?.terminate();
      worker = startWorker();
      freshWorker = false;
    }
    const current = worker;
    return new Promise((resolve, reject) => {
      /** @param {number} code */
      const onExit = (code) => reject(new Error(`the compiler thread stopped (exit code ${code})`));
      current.once("exit", onExit);
      current.once("message", (result) => {
        current.off("exit", onExit);
        resolve(result);
      });
      current.postMessage("check");
    });
  };

  const check = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    const files = [...changed];
    changed = new Set();
    const what = files.length === 0 ? "checking the spec" : `${files[0]}${files.length > 1 ? ` and ${files.length - 1} more` : ""} changed`;
    print(`[${clock(new Date())}] ${what}`);
    try {
      const result = await checkInWorker();
      for (const line of result.lines) print(line);
      print(summaryLine(result));
    } catch (error) {
      print(`✗ ${error instanceof Error ? error.message : error}`);
    }
    running = false;
    if (again) {
      again = false;
      void check();
    }
  };

  /** @param {string} file relative to the project */
  const onChange = (file) => {
    changed.add(file);
    if (JAVASCRIPT.test(file)) freshWorker = true;
    clearTimeout(timer);
    timer = setTimeout(() => void check(), debounceMs);
  };

  const watchers = [
    watchFolder(join(projectRoot, "spec"), (file) => {
      if (SPEC_FILE.test(file)) onChange(join("spec", file));
    }),
    watch(projectRoot, (_event, name) => {
      if (name === CONFIG) onChange(CONFIG);
    }),
  ];
  void check();

  return {
    async close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
      await worker?.terminate();
    },
  };
}
