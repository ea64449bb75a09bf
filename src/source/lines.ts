// From solc's source offsets to an editor's lines and columns. solc counts UTF-8 bytes of the file;
// JavaScript strings (and an editor's positions) count UTF-16 code units: a source with é (2 bytes,
// 1 unit) or 😀 (4 bytes, 2 units) before a statement would otherwise point past it. The table is
// built once per text; each lookup is then two binary searches and a scan of at most one stretch.
import type { SourceSite } from './types';

/** The most characters of a statement's text a site carries. */
export const MAX_SITE_TEXT_CHARS = 200;
/** Code units between two checkpoints of the byte ↔ unit table (a lookup scans at most this many). */
const STRETCH = 64;
/** The most raw text read to make one site text (whitespace runs fold, so some more than 200). */
const MAX_RAW_UNITS = 16 * MAX_SITE_TEXT_CHARS;
/**
 * Folded into one space in a site's text: whitespace, control characters, and the invisible
 * direction marks and overrides that could make the text shown read differently from the source.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it matches
const FOLDED = /[\s\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;

/** A 1-based line and column; the column counts UTF-16 code units (an editor's position). */
export interface LineColumn {
  readonly line: number;
  readonly column: number;
}

/** The range of a site: what SourceSite holds besides its name, offsets and text. */
export type SiteRange = Pick<SourceSite, 'line' | 'column' | 'endLine' | 'endColumn' | 'text'>;

/** Bytes UTF-8 takes for the code unit `c` (a surrogate pair's high half counts all 4). */
function utf8Width(c: number, next: number): number {
  if (c < 0x80) return 1;
  if (c < 0x800) return 2;
  if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) return 4;
  return 3;
}

/** Index of the last element ≤ value in an ascending array (0 when all are greater). */
function lastAtMost(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (sorted[middle] <= value) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** A text's line starts and byte checkpoints: UTF-8 offsets → lines, columns and excerpts. */
export class SourceLines {
  /** The text's length in UTF-8 bytes (what solc's offsets count up to). */
  readonly byteLength: number;
  /** UTF-16 index of each line's first character. */
  private readonly lineStarts: number[] = [0];
  /** Checkpoints: a UTF-16 index and the byte offset of the character there. */
  private readonly markUnits: number[] = [0];
  private readonly markBytes: number[] = [0];

  constructor(readonly text: string) {
    let bytes = 0;
    let lastMark = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (i - lastMark >= STRETCH && !(c >= 0xdc00 && c <= 0xdfff)) {
        this.markUnits.push(i);
        this.markBytes.push(bytes);
        lastMark = i;
      }
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      const width = utf8Width(c, next);
      bytes += width;
      if (width === 4) i++;
      // A line ends at \n, \r\n or a lone \r, as in the editor.
      if (c === 0x0a || (c === 0x0d && next !== 0x0a)) this.lineStarts.push(i + 1);
    }
    this.byteLength = bytes;
  }

  /**
   * The UTF-16 index of the character that byte `offset` is in (the text's length for its byte
   * length), or undefined outside the text.
   */
  unitAt(offset: number): number | undefined {
    if (!Number.isInteger(offset) || offset < 0 || offset > this.byteLength) return undefined;
    const mark = lastAtMost(this.markBytes, offset);
    let unit = this.markUnits[mark];
    let bytes = this.markBytes[mark];
    while (unit < this.text.length) {
      const c = this.text.charCodeAt(unit);
      const width = utf8Width(c, unit + 1 < this.text.length ? this.text.charCodeAt(unit + 1) : 0);
      if (bytes + width > offset) break;
      bytes += width;
      unit += width === 4 ? 2 : 1;
    }
    return unit;
  }

  /** The 1-based line and column of byte `offset`, or undefined outside the text. */
  position(offset: number): LineColumn | undefined {
    const unit = this.unitAt(offset);
    if (unit === undefined) return undefined;
    const line = lastAtMost(this.lineStarts, unit);
    return { line: line + 1, column: unit - this.lineStarts[line] + 1 };
  }

  /**
   * Where the `length` bytes from `start` are, with their text on one line (see {@link excerpt}),
   * or undefined when the range is not all inside the text.
   */
  range(start: number, length: number): SiteRange | undefined {
    const from = this.position(start);
    const to = Number.isInteger(length) && length >= 0 ? this.position(start + length) : undefined;
    const text = this.excerpt(start, length);
    if (!from || !to || text === undefined) return undefined;
    return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column, text };
  }

  /**
   * The text of the `length` bytes from `start` on one line: whitespace folded, cut to
   * MAX_SITE_TEXT_CHARS characters with an ellipsis; undefined when not all inside the text.
   */
  excerpt(start: number, length: number): string | undefined {
    if (!Number.isInteger(length) || length < 0) return undefined;
    const from = this.unitAt(start);
    const to = this.unitAt(start + length);
    if (from === undefined || to === undefined) return undefined;
    const end = Math.min(to, from + MAX_RAW_UNITS);
    return oneLine(this.text.slice(from, end), end < to);
  }
}

/**
 * `text` on one line, cut to MAX_SITE_TEXT_CHARS characters (code points) with an ellipsis, which
 * it also ends with when `cut` says the text given is already the start of a longer one.
 */
export function oneLine(text: string, cut = false): string {
  const folded = text.replace(FOLDED, ' ').trim();
  const head = folded.slice(0, 2 * MAX_SITE_TEXT_CHARS + 1);
  const chars = Array.from(head);
  if (chars.length <= MAX_SITE_TEXT_CHARS && head.length === folded.length && !cut) return folded;
  return `${chars.slice(0, MAX_SITE_TEXT_CHARS - 1).join('')}…`;
}
