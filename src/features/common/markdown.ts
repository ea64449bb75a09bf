// Turning untrusted text from the network into Markdown that shows as the literal text it is:
// not rendered, not stripped. Pure (no vscode), so the rules are unit-tested.
import { revealInvisibles } from '../../present';

// Every character Markdown (CommonMark + GFM) can give a meaning to.
const MARKDOWN_SPECIAL = /[\\`*_{}[\]()#+\-.!|~<>&"'=:]/g;

// The invisibles rule is the presentation module's (one rule for plain text and Markdown).
export { revealInvisibles };

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
