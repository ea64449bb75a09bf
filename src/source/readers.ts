// Reading compiler output in the extension host's own thread, where there is no file on disk or no
// worker (a virtual workspace, the browser): the caller reads the file's bytes (workspace.fs), and
// they are fed to the streaming reader in slices that yield to the event loop, so no task holds the
// thread for long. A stated cap keeps this mode's memory and time bounded: files over 20 MB are not
// read (the worker reads up to 512 MB), one value taken from a file (an AST) is at most 2 MB (its
// JSON.parse stays short), and a source text at most 4 MB. Pure: no Node APIs.
import type { CompilerOutputFile } from './api';
import type { OutputFileAccess } from './indexer';
import { FileSkipped } from './indexer';
import { trimTrailing } from '../util/trim';
import { nextTurn } from '../util/nextTurn';

const MB = 1024 * 1024;
/** The largest compiler-output file read in the extension host's thread. */
export const IN_THREAD_MAX_FILE_BYTES = 20 * MB;
/** The largest value taken from a file in the extension host's thread. */
export const IN_THREAD_MAX_VALUE_BYTES = 2 * MB;
/** The largest source text read (both modes). */
export const MAX_SOURCE_TEXT_BYTES = 4 * MB;
/** Bytes fed to the reader between two looks at the clock. */
const SLICE_BYTES = 64 * 1024;
/** How long the reader may run before it yields. */
const SLICE_MS = 8;

export interface InThreadFiles {
  /** A workspace file's bytes (workspace-relative path, forward slashes). */
  read(file: string): Promise<Uint8Array>;
  /** Its size in bytes when known without reading it (undefined: unknown). */
  size?(file: string): Promise<number | undefined>;
}

/** Yields to the event loop (src/util/nextTurn.ts). */
export const yieldNow = nextTurn;

function tooLarge(bytes: number, cap: number, how: string): FileSkipped {
  return new FileSkipped(`larger than ${cap / MB} MB (${(bytes / MB).toFixed(1)} MB): not read ${how}`);
}

/** `a/b/../c` → `a/c`; undefined when the path leaves its root or is absolute. */
export function normalizeRelative(path: string): string | undefined {
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.includes('\\') || path.includes('\0')) return undefined;
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

/** The workspace path of a source of `file`'s project, or undefined when it would leave the project. */
export function projectPath(file: CompilerOutputFile, sourceName: string): string | undefined {
  const inside = normalizeRelative(sourceName);
  if (inside === undefined || inside === '') return undefined;
  return file.projectRoot === '' ? inside : `${trimTrailing(file.projectRoot, '/')}/${inside}`;
}

/** Reading in the extension host's thread, in slices that yield, capped at 20 MB a file. */
export function inThreadAccess(files: InThreadFiles): OutputFileAccess {
  return {
    maxValueBytes: IN_THREAD_MAX_VALUE_BYTES,
    async pump(file, write) {
      const known = files.size ? await files.size(file.file) : undefined;
      const how = 'without a worker thread (the cap of this mode)';
      if (known !== undefined && known > IN_THREAD_MAX_FILE_BYTES) throw tooLarge(known, IN_THREAD_MAX_FILE_BYTES, how);
      const bytes = await files.read(file.file);
      if (bytes.length > IN_THREAD_MAX_FILE_BYTES) throw tooLarge(bytes.length, IN_THREAD_MAX_FILE_BYTES, how);
      let since = performance.now();
      for (let at = 0; at < bytes.length; at += SLICE_BYTES) {
        write(bytes.subarray(at, at + SLICE_BYTES));
        if (performance.now() - since >= SLICE_MS) {
          await yieldNow();
          since = performance.now();
        }
      }
    },
    sibling(file, name) {
      const folder = file.file.includes('/') ? file.file.slice(0, file.file.lastIndexOf('/') + 1) : '';
      return { file: folder + name, projectRoot: file.projectRoot };
    },
    async sourceText(file, sourceName) {
      const path = projectPath(file, sourceName);
      if (path === undefined) return undefined;
      const known = files.size ? await files.size(path) : undefined;
      if (known !== undefined && known > MAX_SOURCE_TEXT_BYTES) return undefined;
      const bytes = await files.read(path);
      return bytes.length > MAX_SOURCE_TEXT_BYTES ? undefined : new TextDecoder().decode(bytes);
    },
  };
}
