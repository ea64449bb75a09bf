// What `node:worker_threads` is in the browser build (build/web-build.mjs maps it here): there are no
// worker threads in VS Code's web worker extension host. Every caller asks `platform().workerThreads`
// before starting one, so this Worker is never constructed; if a change ever does, it fails loudly
// and the caller's own fallback (time slices on the extension host's thread) takes over.

export class Worker {
  constructor() {
    throw new Error('worker threads do not exist in the web worker extension host');
  }
}

export const parentPort = null;
export const workerData = undefined;
export type ResourceLimits = Record<string, number>;
