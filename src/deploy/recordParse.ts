// One record's bytes read by the streaming JSON reader (src/source/jsonStream.ts), which keeps only
// the values a format's reader selects: an address, a name, a hash. The rest (bytecode, ABIs,
// metadata, logs: most of a hardhat-deploy file's megabyte) is walked past without being built.
// The bytes go in slices of 64 KB, each a step of a generator, so the caller decides when to yield
// to the event loop (the finder in the extension host's thread) or never (a worker, a test).
import type { FoundDeployment } from './types';
import {
  JsonLimitError,
  JsonStreamError,
  JsonStreamReader,
  type JsonKey,
  type JsonNote,
  type JsonSelection,
} from '../source/jsonStream';
import { errorMessage } from '../util/errorMessage';

/** Bytes fed to the reader in one step. */
export const SLICE_BYTES = 64 * 1024;
/** Problems listed for one record at the most (then how many more). */
export const MAX_PROBLEMS_PER_RECORD = 20;
/** Deployments listed from one record at the most (then a problem says the rest were left out). */
export const MAX_DEPLOYMENTS_PER_RECORD = 10_000;
/** Nesting deeper than this is refused (no tool writes more than a dozen levels). */
const MAX_DEPTH = 256;

/** What one format's reader found, before the file is attached to the problems. */
export interface RecordOutcome {
  readonly deployments: FoundDeployment[];
  readonly problems: string[];
}

/** A format's reading of one record: what to keep of the JSON, and what it means once read. */
export interface RecordReader {
  /** The largest value selected with `take` (a larger one ends the reading with a problem). */
  readonly maxValueBytes: number;
  select(path: readonly JsonKey[]): JsonSelection;
  onValue(path: readonly JsonKey[], value: unknown): void;
  onNote?(path: readonly JsonKey[], note: JsonNote): void;
  /** The deployments and problems, once the whole text was read. */
  finish(): RecordOutcome;
  /** The same reading without the optional large values, for a second pass when one was over the cap. */
  withoutLargeValues?(): RecordReader | undefined;
}

/** Problems in a list that says how many were left out past the cap. */
export class ProblemList {
  readonly items: string[] = [];
  private over = 0;

  add(message: string): void {
    if (this.items.length < MAX_PROBLEMS_PER_RECORD) this.items.push(message);
    else this.over++;
  }

  done(): string[] {
    return this.over === 0 ? this.items : [...this.items, `and ${this.over} more problems like these`];
  }
}

const BLANK = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** Bytes of a UTF-8 byte-order mark at the start (some editors write one), which JSON does not allow. */
function byteOrderMark(bytes: Uint8Array): number {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}

/** What the text starts with (after blanks): every record is one object. */
function firstCharacter(bytes: Uint8Array): string | undefined {
  let i = 0;
  while (i < bytes.length && BLANK.has(bytes[i])) i++;
  if (i >= bytes.length) return undefined;
  const c = bytes[i];
  return c >= 0x21 && c <= 0x7e ? String.fromCharCode(c) : `byte 0x${c.toString(16).padStart(2, '0')}`;
}

function syntaxProblem(error: JsonStreamError): string {
  return error.message.startsWith('Unexpected end')
    ? `not complete JSON (${error.message}): half-written, or still being written? Nothing in it is listed`
    : `not JSON (${error.message}): nothing in it is listed`;
}

/**
 * Reads `bytes` with the reader `make()` gives, one slice a step; the generator's value is what
 * the record holds. Never throws: bad JSON, a value over the cap or a reader's own failure is a
 * problem in words and no deployments.
 */
export function* readRecordSteps(file: Uint8Array, make: () => RecordReader): Generator<void, RecordOutcome> {
  const bytes = file.subarray(byteOrderMark(file));
  const first = firstCharacter(bytes);
  if (first === undefined) return { deployments: [], problems: ['empty: nothing in it is listed'] };
  if (first !== '{')
    return {
      deployments: [],
      problems: [
        `not a JSON object (it starts with ${first.length === 1 ? `'${first}'` : first}): nothing in it is listed`,
      ],
    };
  let reader = make();
  for (;;) {
    try {
      yield* feed(bytes, reader);
      return reader.finish();
    } catch (error) {
      const smaller = error instanceof JsonLimitError ? reader.withoutLargeValues?.() : undefined;
      if (smaller !== undefined) {
        reader = smaller;
        continue;
      }
      if (error instanceof JsonStreamError) return { deployments: [], problems: [syntaxProblem(error)] };
      const why =
        error instanceof JsonLimitError
          ? `${error.message}, where the tool writes a short value`
          : `could not be read (${errorMessage(error)})`;
      return { deployments: [], problems: [`${why}: nothing in it is listed`] };
    }
  }
}

function* feed(bytes: Uint8Array, reader: RecordReader): Generator<void, void> {
  const stream = new JsonStreamReader({
    select: path => reader.select(path),
    onValue: (path, value) => reader.onValue(path, value),
    onNote: (path, note) => reader.onNote?.(path, note),
    maxDepth: MAX_DEPTH,
    maxValueBytes: reader.maxValueBytes,
  });
  for (let at = 0; at < bytes.length; at += SLICE_BYTES) {
    stream.write(bytes.subarray(at, at + SLICE_BYTES));
    yield;
  }
  stream.end();
}

/** Runs the steps at once (no yielding): for a pure call, a worker, a test. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}
