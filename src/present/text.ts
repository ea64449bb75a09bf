// Untrusted text (from the network or the workspace) made safe for plain-text places: tree labels,
// descriptions, notifications, quick picks. Pure. Markdown escaping stays in features/common/markdown.
// The one-line, bounded, invisibles-shown core lives in ledger/text (the lower layers use it too).
import { plainText } from '../ledger/text';

export { cut, plainText, revealInvisibles } from '../ledger/text';

/** What every view shows for a missing value. */
export const NONE = '—';

/** `0x1234abcd…9f8e7d6c`: the head and tail of a long value (ids, hashes, keys). */
export function shorten(text: string, head = 8, tail = 8): string {
  return text.length <= head + tail + 1 ? text : `${text.slice(0, head)}…${text.slice(-tail)}`;
}

/** `yes`, `no`, or {@link NONE} when the value is missing: one answer everywhere. */
export function yesNo(value: boolean | null | undefined): string {
  return value === true ? 'yes' : value === false ? 'no' : NONE;
}

// VS Code's notifications turn `[label](https:…)`, `[label](command:…)` and `[label](file:…)` into
// links (the link must follow `](` at once); nothing escapes them, so the pair is broken instead.
const LINK_JOIN = /\]\s*\(/g;

/**
 * Network text made inert for `showErrorMessage`/`showWarningMessage`/`showInformationMessage`:
 * one line, bounded, invisibles visible, and no `[x](command:…)` (or any other link) survives.
 */
export function forNotification(text: string, maxLength = 1000): string {
  return plainText(text, maxLength).replace(LINK_JOIN, '] (');
}
