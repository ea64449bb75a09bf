// The worker thread's entry: deployment records read from disk off the extension host's thread.
// Each request is one discovery (the same loop as in the host's thread, without yielding: this
// thread has nothing else to do); a cancelled one stops between steps. Requests are checked
// (workerProtocol.ts); one that fails is answered with its error, never left hanging.
import { promises as fs } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { Discovery, type RecordAccess } from './discovery';
import { parseRequest, type DeployWorkerReply } from './workerProtocol';
import { errorMessage } from '../util/errorMessage';

const fromDisk: RecordAccess = {
  async read(file) {
    if (file.fsPath === undefined) throw new Error('no path on disk to read it from');
    return fs.readFile(file.fsPath);
  },
  async size(file) {
    if (file.fsPath === undefined) return undefined;
    const stat = await fs.stat(file.fsPath);
    if (!stat.isFile()) throw new Error('not a file');
    return stat.size;
  },
};

const running = new Map<number, AbortController>();

function reply(message: DeployWorkerReply): void {
  parentPort?.postMessage(message);
}

async function discover(id: number, files: readonly { file: string; fsPath: string }[]): Promise<void> {
  const controller = new AbortController();
  running.set(id, controller);
  try {
    const result = await new Discovery(fromDisk, undefined, controller.signal).run(files);
    reply({ id, ok: true, result });
  } catch (error) {
    reply({ id, ok: false, error: errorMessage(error) });
  } finally {
    running.delete(id);
  }
}

parentPort?.on('message', (message: unknown) => {
  const request = parseRequest(message);
  if (request === undefined) return;
  if (request.type === 'cancel') running.get(request.id)?.abort();
  else void discover(request.id, request.files);
});
