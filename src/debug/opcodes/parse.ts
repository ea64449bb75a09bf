// The mirror node's opcode trace (`OpcodesResponse`) read as it streams in: each chunk goes through
// the tokenizer once and every entry lands in typed arrays (words pooled), so a 20,000-entry trace
// with full stacks costs a few megabytes, not the tens its JSON takes. Every value came from the
// network: an entry that is wrong in part (a stack word that is not hex, a pc that is not a whole
// number) is kept with a placeholder and said in `problems`; what is not JSON, not an
// OpcodesResponse, or over the entry cap stops the reading with an OpcodeTraceError.
import { OpcodeTraceError } from './scanner';
import { TraceReader } from './reader';
import { notResponse } from './problems';
import type { OpcodeTraceResult } from './types';

export { OpcodeTraceError } from './scanner';
export { NO_WORD } from './words';
export { MAX_STACK_WORDS, MISSING_OP_NAME } from './reader';
export { storageAt } from './storage';

export interface OpcodeTraceParserOptions {
  /** Entries past this stop the reading (an OpcodeTraceError). Default 1,000,000. */
  readonly maxEntries?: number;
  /** Keep each entry's memory rows (`memory=true` asked). Default false: memory is skipped. */
  readonly memory?: boolean;
}

export const DEFAULT_MAX_ENTRIES = 1_000_000;

/**
 * Reads one `GET /contracts/results/{id}/opcodes` body chunk by chunk: `write` each chunk as it
 * arrives (the work is bounded by the chunk), then `end` for the trace. Throws an OpcodeTraceError
 * for a body that is not JSON, not an OpcodesResponse, or has more than `maxEntries` entries; after
 * one, every call throws it again.
 */
export class OpcodeTraceParser {
  /** Dropped by `end`, so that a parser kept after it holds only the result's arrays. */
  private reader: TraceReader | undefined;
  private failure: Error | undefined;
  private read = { bytes: 0, entries: 0 };
  private readonly encoder = new TextEncoder();

  constructor(options: OpcodeTraceParserOptions = {}) {
    const max = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    if (!Number.isInteger(max) || max < 0) throw new RangeError(`maxEntries ${max} is not a whole number ≥ 0`);
    this.reader = new TraceReader(max, options.memory === true);
  }

  /** Bytes read so far (of the decompressed body). */
  get bytesRead(): number {
    return this.reader ? this.reader.scanner.position : this.read.bytes;
  }

  /** Entries read so far. */
  get entries(): number {
    return this.reader ? this.reader.builder.length : this.read.entries;
  }

  write(chunk: Uint8Array | string): void {
    const reader = this.open();
    this.guard(() => reader.scanner.write(typeof chunk === 'string' ? this.encoder.encode(chunk) : chunk));
  }

  end(): OpcodeTraceResult {
    const reader = this.open();
    return this.guard(() => {
      this.read = { bytes: reader.scanner.position, entries: reader.builder.length };
      this.reader = undefined;
      reader.scanner.end();
      if (!reader.sawOpcodes) throw notResponse('it has no opcodes member');
      reader.words.trim();
      const trace = reader.builder.finish(reader.words, reader.ops.names, reader.reasons);
      if (reader.ops.overflowed) reader.problems.add('more than 1024 op names no EVM has: the rest share one name');
      const problems = reader.problems.finish();
      return { trace, header: reader.header, problems, bytes: reader.scanner.position };
    });
  }

  private open(): TraceReader {
    if (this.failure !== undefined) throw this.failure;
    if (!this.reader) throw new OpcodeTraceError('the trace was already ended');
    return this.reader;
  }

  private guard<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      this.failure = error instanceof Error ? error : new OpcodeTraceError(String(error));
      this.reader = undefined;
      throw error;
    }
  }
}
