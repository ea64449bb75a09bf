// What the status item says about a mirror node no status page covers (a local node or Solo, or a
// mirror node the user set whose network nothing says): it answers or not, and how far its newest
// block lags behind the clock (src/status/local.ts). Pure, like present.ts.
import type { LocalHealth } from '../../status/local';
import { escapeMarkdown } from '../common/markdown';
import type { ItemLook, MenuEntry, TimeFormat, TooltipOptions } from './present';
import { escapeIcons } from './present';
import { statusPageRefused } from '../../status/browserLimits';

/** Everything the item shows about the local node at one moment. */
export interface LocalSnapshot {
  /** `localhost:5551`: where the mirror node is asked. */
  readonly host: string;
  /**
   * What the item calls it: `local` (the default) for a local node, else the host of the URL the
   * user set, which may serve any network.
   */
  readonly name?: string;
  /** `local · from Client.forLocalNode() at line 3, asked at localhost:5551`. */
  readonly why: string;
  /** From the last check; undefined before the first answer. */
  readonly health?: LocalHealth;
  readonly checkedAt?: number;
  /** When the next check is due after a failure (the waits double: no tight loop). */
  readonly retryAt?: number;
  /**
   * The status page (its URL) that covers this network but that the browser does not let us read:
   * the mirror node is asked instead, and the tooltip says why.
   */
  readonly statusPageRefused?: string;
}

const ICONS: Record<LocalHealth['level'], string> = { ok: 'check', lagging: 'warning', down: 'error' };
const WORDS: Record<LocalHealth['level'], string> = { ok: 'answers', lagging: 'lagging', down: 'down' };

/** `local`, or the host the user set. */
function nameOf(s: LocalSnapshot): string {
  return s.name ?? 'local';
}

/** `the local node`, `the mirror node at mirror.example.com`. */
function described(s: LocalSnapshot): string {
  return s.name === undefined || s.name === 'local' ? 'the local node' : `the mirror node at ${s.host}`;
}

export function localLook(s: LocalSnapshot): ItemLook {
  const h = s.health;
  const name = nameOf(s);
  if (!h)
    return {
      text: `$(sync~spin) ${escapeIcons(name)}`,
      accessibilityLabel: `Ledger Lens: checking ${described(s)}${name === 'local' ? ` at ${s.host}` : ''}`,
    };
  return {
    text: `$(${ICONS[h.level]}) ${escapeIcons(h.text)}`,
    ...(h.level === 'down' ? { background: 'warning' as const } : {}),
    accessibilityLabel:
      name === 'local'
        ? `Ledger Lens: ${h.text.replace(' · ', ' node, ')}`
        : `Ledger Lens: mirror node ${h.text.replace(' · ', ', ')}`,
  };
}

function relative(ms: number): string {
  if (ms <= 1000) return 'now';
  const s = Math.round(ms / 1000);
  return s < 60 ? `in ${s} s` : `in ${Math.round(s / 60)} min`;
}

/** The tooltip's Markdown: the why line and the node's answer are escaped text. */
export function localTooltip(s: LocalSnapshot, o: TooltipOptions): string {
  const h = s.health;
  const head = h ? WORDS[h.level] : 'checking…';
  const lines = [
    `**Ledger Lens · ${escapeMarkdown(nameOf(s))}**: ${escapeMarkdown(head)}`,
    '',
    escapeMarkdown(s.why),
    '',
  ];
  if (h) lines.push(`${h.level === 'ok' ? '' : '$(warning) '}${escapeMarkdown(h.detail)}`, '');
  if (h?.advice) lines.push(escapeMarkdown(h.advice), '');
  if (s.retryAt !== undefined) lines.push(`Next try ${escapeMarkdown(relative(s.retryAt - o.now))}.`, '');
  lines.push(
    s.checkedAt !== undefined ? `Last checked ${o.time.instant(s.checkedAt)}` : 'Checking…',
    '',
    s.statusPageRefused !== undefined
      ? escapeMarkdown(statusPageRefused(s.statusPageRefused))
      : nameOf(s) === 'local'
        ? 'A local node has no status page: its own mirror node is asked for its newest block.'
        : 'No status page covers a mirror node whose network nothing says: it is asked for its newest block. ' +
          'A ledgerLens.mirrorNodeUrls entry with the same URL names its network.',
  );
  const links: string[] = [];
  if (o.selectNetworkCommand) links.push(`[Select network](command:${o.selectNetworkCommand})`);
  if (links.length > 0) lines.push('', links.join(' · '));
  return lines.join('\n');
}

/** The click menu for the local node: its answer, select network, check now. */
export function localMenuEntries(s: LocalSnapshot, time: TimeFormat): MenuEntry[] {
  const h = s.health;
  return [
    {
      label: h ? `$(${ICONS[h.level]}) ${escapeIcons(h.text)}` : `$(sync) ${escapeIcons(nameOf(s))}: checking…`,
      ...(s.checkedAt !== undefined ? { description: `checked ${time.instant(s.checkedAt)}` } : {}),
      detail: escapeIcons(h ? h.detail : `Asking ${s.host} for its newest block`),
    },
    ...(h?.advice ? [{ label: '$(info) Why', detail: escapeIcons(h.advice) }] : []),
    ...(s.statusPageRefused !== undefined
      ? [{ label: '$(info) No status page', detail: escapeIcons(statusPageRefused(s.statusPageRefused)) }]
      : []),
    {
      label: '$(globe) Select network…',
      description: `current: ${escapeIcons(nameOf(s))}`,
      action: { kind: 'selectNetwork' },
    },
    { label: '$(refresh) Check now', action: { kind: 'refresh' } },
  ];
}
