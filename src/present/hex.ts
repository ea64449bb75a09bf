// Long values cut in the middle for a row at the sidebar's width: `0xac38…2fec`. The head says
// which value it is at a glance, the tail tells two similar ones apart; the whole value stays in
// the tooltip and on copy, so the cut is only ever what is shown. Pure (no vscode).

/** The ellipsis the cut leaves: one character, so a cut value is always shorter than the whole. */
export const ELLIPSIS = '…';

/** Hex digits kept on each side of a cut hex value (after a `0x`). */
const HEX_HEAD = 4;
const HEX_TAIL = 4;

/**
 * `text` with its middle replaced by `…`, keeping `head` characters before and `tail` after; the
 * text itself when cutting would not make it shorter. A UTF-16 surrogate pair is never split: a
 * side that would end inside one keeps the whole character or none of it.
 */
export function middleTruncate(text: string, head: number, tail: number): string {
  const h = wholeCount(head);
  const t = wholeCount(tail);
  if (text.length <= h + t + ELLIPSIS.length) return text;
  let start = h;
  if (start > 0 && isHighSurrogate(text.charCodeAt(start - 1))) start--;
  let end = text.length - t;
  if (end < text.length && isLowSurrogate(text.charCodeAt(end))) end++;
  return `${text.slice(0, start)}${ELLIPSIS}${text.slice(end)}`;
}

/**
 * A hex value (EVM address, hash, key, bloom) as a row shows it: `0xac38…2fec`, `7934…e7d6`; the
 * `0x` is kept and not counted. Short values come back whole.
 */
export function shortHex(value: string): string {
  const prefix = value.startsWith('0x') || value.startsWith('0X') ? 2 : 0;
  return middleTruncate(value, prefix + HEX_HEAD, HEX_TAIL);
}

function wholeCount(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
