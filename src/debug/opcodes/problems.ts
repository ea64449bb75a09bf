// What was wrong in a trace but could be read past, in words and bounded: a hostile trace with a
// bad word in each of a million entries yields a hundred sentences and a count, not a million.
import { OpcodeTraceError } from './scanner';
import { LONGER_THAN_32_BYTES, NOT_HEX } from './words';

export const MAX_PROBLEMS = 100;

export class ProblemList {
  private readonly list: string[] = [];
  private more = 0;
  private readonly said = new Set<string>();
  private readonly counted = new Map<string, { count: number; first: number }>();

  add(text: string): void {
    if (this.list.length < MAX_PROBLEMS) this.list.push(text);
    else this.more++;
  }

  /** Adds `text` the first time `tag` is said, and nothing after. */
  once(tag: string, text: string): void {
    if (this.said.has(tag)) return;
    this.said.add(tag);
    this.add(text);
  }

  /** Counts an occurrence of `tag` at `entry`, said once by `finish`. */
  count(tag: string, entry: number): void {
    const seen = this.counted.get(tag);
    if (seen) seen.count++;
    else this.counted.set(tag, { count: 1, first: entry });
  }

  finish(): readonly string[] {
    const padded = this.counted.get('padded');
    if (padded)
      this.add(
        `${padded.count} word${padded.count === 1 ? ' was' : 's were'} shorter than 32 bytes and padded with zeros on the left (the first in entry ${padded.first})`,
      );
    return this.more > 0 ? [...this.list, `… and ${this.more} more problems`] : [...this.list];
  }
}

/** What is wrong with a word `WordStore.internHex` refused. */
export function describeWordProblem(code: number): string {
  if (code === NOT_HEX) return 'is not hex';
  if (code === LONGER_THAN_32_BYTES) return 'is longer than 32 bytes';
  return 'is not a word';
}

export function notResponse(what: string): OpcodeTraceError {
  return new OpcodeTraceError(`not an opcode trace (an OpcodesResponse): ${what}`);
}
