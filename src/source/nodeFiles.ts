// Reading compiler output from disk in the worker thread: streamed in chunks of 1 MB
// (fs.createReadStream), so a file of hundreds of megabytes never sits in memory whole. Files over
// 512 MB are not read (their size is said); a file that grows past that while read is stopped.
// Source texts (Foundry keeps none) are read from the project on disk, never from outside it.
import { createReadStream, promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { CompilerOutputFile } from './api';
import type { OutputFileAccess } from './indexer';
import { FileSkipped } from './indexer';
import { MAX_SOURCE_TEXT_BYTES, projectPath } from './readers';

const MB = 1024 * 1024;
/** The largest compiler-output file the worker reads. */
export const MAX_FILE_BYTES = 512 * MB;
/** The most bytes one value taken from a file may have in the worker (an AST, a source's text). */
export const WORKER_MAX_VALUE_BYTES = 64 * MB;
const CHUNK_BYTES = 1 * MB;

function tooLarge(bytes: number): FileSkipped {
  return new FileSkipped(`larger than ${MAX_FILE_BYTES / MB} MB (${Math.round(bytes / MB)} MB): not read`);
}

/** The workspace folder on disk `file` is in (its fsPath without its workspace-relative path). */
export function workspaceFolderOnDisk(file: CompilerOutputFile): string | undefined {
  if (file.fsPath === undefined) return undefined;
  const slashed = file.fsPath.split(path.sep).join('/');
  if (!slashed.endsWith(`/${file.file}`)) return undefined;
  return file.fsPath.slice(0, file.fsPath.length - file.file.length - 1);
}

/**
 * Disk access for the worker. `onChunk` sees each chunk read (the worker samples its heap there).
 */
export function nodeFileAccess(onChunk: () => void = () => undefined): OutputFileAccess {
  return {
    maxValueBytes: WORKER_MAX_VALUE_BYTES,
    async pump(file, write) {
      if (file.fsPath === undefined) throw new FileSkipped('no path on disk to read it from');
      const stat = await fs.stat(file.fsPath);
      if (!stat.isFile()) throw new FileSkipped('not a file');
      if (stat.size > MAX_FILE_BYTES) throw tooLarge(stat.size);
      const stream = createReadStream(file.fsPath, { highWaterMark: CHUNK_BYTES });
      let read = 0;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          read += chunk.length;
          if (read > MAX_FILE_BYTES) throw tooLarge(read);
          write(chunk);
          onChunk();
        }
      } finally {
        stream.destroy();
      }
    },
    sibling(file, name) {
      const folder = file.file.includes('/') ? file.file.slice(0, file.file.lastIndexOf('/') + 1) : '';
      return {
        file: folder + name,
        projectRoot: file.projectRoot,
        ...(file.fsPath !== undefined ? { fsPath: path.join(path.dirname(file.fsPath), name) } : {}),
      };
    },
    async sourceText(file, sourceName) {
      const folder = workspaceFolderOnDisk(file);
      const relative = projectPath(file, sourceName);
      if (folder === undefined || relative === undefined) return undefined;
      const full = path.join(folder, ...relative.split('/'));
      const stat = await fs.stat(full);
      if (!stat.isFile() || stat.size > MAX_SOURCE_TEXT_BYTES) return undefined;
      return fs.readFile(full, 'utf8');
    },
  };
}
