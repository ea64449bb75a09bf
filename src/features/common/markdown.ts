// Turning untrusted text from the network into Markdown that shows as the literal text it is:
// not rendered, not stripped. Pure (no vscode), so the rules are unit-tested.

// Every character Markdown (CommonMark + GFM) can give a meaning to.
const MARKDOWN_SPECIAL = /[\\`*_{}[\]()#+\-.!|~<>&"'=:]/g;

// Controls that reorder or hide text (Trojan Source) or break lines: shown as visible escapes.
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/gu;

function visibleEscape(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Makes invisible and direction-changing characters visible, e.g. U+202E → `⟨U+202E⟩`. */
export function revealInvisibles(text: string): string {
  return text.replace(INVISIBLE, ch => `⟨${visibleEscape(ch)}⟩`);
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * Network text for a label or description: one line, bounded, with bidi and invisible controls
 * shown as `⟨U+202E⟩` so the text cannot pretend to be something else.
 */
export function plain(text: string, maxLength = 200): string {
  // Most of what reaches here is ids and type names: printable ASCII needs no work.
  if (text.length <= maxLength && PRINTABLE_ASCII.test(text)) return text;
  const oneLine = text.replace(/\r\n?|\n/g, ' ');
  const cut = oneLine.length > maxLength ? `${oneLine.slice(0, maxLength)}…` : oneLine;
  return revealInvisibles(cut);
}

/**
 * Escapes text for inline Markdown: every special character is backslash-escaped (`<` and `&`
 * become entities so no HTML tag or entity survives), newlines become spaces, invisibles visible.
 */
export function escapeMarkdown(text: string, maxLength = 2000): string {
  let t = text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
  t = revealInvisibles(t.replace(/\r\n?|\n/g, ' '));
  return t.replace(MARKDOWN_SPECIAL, ch => {
    if (ch === '<') return '&lt;';
    if (ch === '>') return '&gt;';
    if (ch === '&') return '&amp;';
    return `\\${ch}`;
  });
}

/**
 * Text inside an inline code span: code spans render their content literally, so only the
 * backtick fence and invisibles need care. Use for ids, hashes, keys.
 */
export function codeSpan(text: string, maxLength = 2000): string {
  let t = text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
  t = revealInvisibles(t.replace(/\r\n?|\n/g, ' '));
  let longest = 0;
  for (const m of t.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const fence = '`'.repeat(longest + 1);
  const pad = t.startsWith('`') || t.endsWith('`') || t.startsWith(' ') ? ' ' : '';
  return `${fence}${pad}${t}${pad}${fence}`;
}

/** A link to one of our own commands; args are JSON-encoded into the URI as VS Code expects. */
export function commandLink(label: string, command: string, args?: unknown, title?: string): string {
  const query = args === undefined ? '' : `?${encodeURIComponent(JSON.stringify(args))}`;
  const t = title ? ` "${title.replace(/["\\]/g, '')}"` : '';
  return `[${escapeMarkdown(label)}](command:${command}${query}${t})`;
}

/**
 * Text for a notification (showErrorMessage and friends). VS Code turns `[label](target)` in a
 * notification into a live link, `command:` targets included, and notifications do not honour
 * Markdown escapes: so the `](` that joins label and target is broken apart (`] (`), which reads
 * the same and links nothing. One line; invisible and direction controls shown.
 */
export function noticeText(text: string, maxLength = 1000): string {
  const oneLine = text.replace(/\r\n?|\n/g, ' ');
  const cut = oneLine.length > maxLength ? `${oneLine.slice(0, maxLength)}…` : oneLine;
  return revealInvisibles(cut).replace(/\]\s*\(/g, '] (');
}

/** Escapes text for an HTML text node or a double-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, ch => `&#${ch.charCodeAt(0)};`);
}
