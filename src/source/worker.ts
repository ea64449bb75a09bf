// The worker thread's entry (bundled as dist/source-worker.js): the compiler-output index of the
// files on disk, off the extension host's thread. It reads files streamed (nodeFiles.ts), keeps the
// index and the recently loaded details (ASTs, source maps, texts), and answers revert sites and
// compiled texts here; only refs and answers go back to the host. Requests are checked
// (workerProtocol.ts); a request that fails is answered with its error, never left hanging.
import { parentPort, workerData } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { CompilerOutputIndexer } from './indexer';
import { nodeFileAccess } from './nodeFiles';
import type { WorkerReply, WorkerRequest, WorkerStats } from './workerProtocol';
import { parseRequest } from './workerProtocol';
import { errorMessage } from '../util/errorMessage';

const MB = 1024 * 1024;
/** The most estimated bytes of loaded details the worker keeps, unless the host says otherwise. */
const DEFAULT_DETAIL_BUDGET = 128 * MB;

let peakHeapUsed = 0;
function sampleHeap(): void {
  peakHeapUsed = Math.max(peakHeapUsed, getHeapStatistics().used_heap_size);
}

function detailBudget(): number {
  const given = (workerData as { detailBudgetBytes?: unknown } | undefined)?.detailBudgetBytes;
  return typeof given === 'number' && given >= 0 ? given : DEFAULT_DETAIL_BUDGET;
}

const indexer = new CompilerOutputIndexer(nodeFileAccess(sampleHeap), { detailBudgetBytes: detailBudget() });

function stats(): WorkerStats {
  sampleHeap();
  return {
    heapUsed: getHeapStatistics().used_heap_size,
    peakHeapUsed,
    maxRss: process.resourceUsage().maxRSS * 1024,
    details: indexer.detailsHeld,
  };
}

async function answer(request: WorkerRequest): Promise<unknown> {
  switch (request.type) {
    case 'index':
      return indexer.index(request.file);
    case 'remove':
      for (const file of request.files) indexer.remove(file);
      return true;
    case 'sites':
      return indexer.sites(request.key, request.selector, request.revert);
    case 'compiledText':
      return indexer.compiledText(request.key, request.sourceName);
    case 'compiledKeccak256':
      return indexer.compiledKeccak256(request.key, request.sourceName);
    case 'debugInfo':
      return indexer.debugInfo(request.key, request.kind);
    case 'stats':
      return stats();
  }
}

function reply(message: WorkerReply): void {
  parentPort?.postMessage(message);
}

parentPort?.on('message', (message: unknown) => {
  const request = parseRequest(message);
  if (request === undefined) {
    const id = (message as { id?: unknown } | null)?.id;
    if (Number.isSafeInteger(id)) reply({ id: id as number, ok: false, error: 'not a request this worker knows' });
    return;
  }
  answer(request).then(
    value => reply({ id: request.id, ok: true, value }),
    (e: unknown) => reply({ id: request.id, ok: false, error: errorMessage(e) }),
  );
});
