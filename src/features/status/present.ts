// What the status bar item, its tooltip and its menu say, as plain data and Markdown text. Pure (no
// vscode) so the wording, the escaping and the time formats are unit-tested; index.ts only copies
// these onto VS Code objects.
import { forNotification } from '../../present';
import { escapeMarkdown } from '../common/markdown';
import type { Network } from '../../ledger/networks';
import type { HealthLevel, MaintenanceInfo, NetworkHealth } from '../../status';
// From its own module: the index would bring the client, loaded with the first check (src/app/clients.ts).
import { isTroubled } from '../../status/health';

/** Everything the item shows, as the feature knows it at one moment. */
export interface StatusSnapshot {
  readonly network: Network;
  /** Why this network: `mainnet · from Client.forMainnet() at line 2` (the active editor's code). */
  readonly why?: string;
  /** The status page base URL from the settings (trusted: the user typed it). */
  readonly statusUrl: string;
  /** The page's name, from the last summary. */
  readonly pageName?: string;
  /** From the last successful check of this page (recomputed for the network on a switch). */
  readonly health?: NetworkHealth;
  /** Clock time of the last successful check. */
  readonly checkedAt?: number;
  /** The last check failed: the page could not be reached or read. */
  readonly error?: { readonly message: string; readonly at: number; readonly retryAt?: number };
  readonly mirrorProblem?: { readonly message: string; readonly at: Date };
}

export interface ItemLook {
  readonly text: string;
  readonly background?: 'warning' | 'error';
  readonly accessibilityLabel: string;
}

const LEVEL_WORDS: Record<HealthLevel, string> = {
  operational: 'operational',
  degraded: 'degraded',
  partial_outage: 'partial outage',
  major_outage: 'major outage',
  maintenance: 'maintenance',
  unknown: 'status unknown',
};

const LEVEL_ICONS: Record<HealthLevel, string> = {
  operational: 'check',
  degraded: 'warning',
  partial_outage: 'warning',
  major_outage: 'error',
  maintenance: 'tools',
  unknown: 'question',
};

export function levelWords(level: HealthLevel): string {
  return LEVEL_WORDS[level];
}

/** The level the item shows: a failed last check is `unknown`, never the stale reading. */
export function shownLevel(s: StatusSnapshot): HealthLevel | undefined {
  if (s.error) return 'unknown';
  return s.health?.level;
}

export function itemLook(s: StatusSnapshot): ItemLook {
  const level = shownLevel(s);
  if (level === undefined) {
    return {
      text: `$(sync~spin) ${s.network}`,
      accessibilityLabel: `Ledger Lens: checking ${s.network} network status`,
    };
  }
  const words = LEVEL_WORDS[level];
  const text = level === 'operational' ? `$(check) ${s.network}` : `$(${LEVEL_ICONS[level]}) ${s.network}: ${words}`;
  // The theme's alarm colours only for the selected network's own outages, as the guidelines ask.
  const background = level === 'major_outage' ? 'error' : level === 'partial_outage' ? 'warning' : undefined;
  return {
    text,
    ...(background ? { background } : {}),
    accessibilityLabel: `Ledger Lens: ${s.network} network ${words}`,
  };
}

/** A page status value for people: `degraded_performance` → `degraded performance`. */
export function humanStatus(value: string): string {
  return value.replace(/_/g, ' ');
}

/** Formats instants in the local zone and in UTC; `timeZone` is injectable for tests. */
export class TimeFormat {
  // Made on first use: the first Intl.DateTimeFormat loads ICU's locale data (~10 ms of activation
  // when the status item was created), and the first tooltip has no time to show yet.
  private formats:
    { local: Intl.DateTimeFormat; localTime: Intl.DateTimeFormat; localDate: Intl.DateTimeFormat } | undefined;
  constructor(
    private readonly timeZone?: string,
    private readonly locale?: string,
  ) {}

  private get local(): Intl.DateTimeFormat {
    return this.made().local;
  }
  private get localTime(): Intl.DateTimeFormat {
    return this.made().localTime;
  }
  private get localDate(): Intl.DateTimeFormat {
    return this.made().localDate;
  }
  private made(): NonNullable<TimeFormat['formats']> {
    const { locale, timeZone } = this;
    this.formats ??= {
      local: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
      localTime: new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }),
      localDate: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }),
    };
    return this.formats;
  }

  /** `26 Nov 2026, 19:00 (local) · 2026-11-26 18:00 UTC`. */
  instant(iso: string | number | null | undefined): string {
    const d = toDate(iso);
    if (!d) return typeof iso === 'string' && iso ? `${iso} (unreadable time)` : 'unknown time';
    return `${this.local.format(d)} (local) · ${utc(d)} UTC`;
  }

  /** A window `from – until`, each end local then UTC; the date is not repeated on the same day. */
  window(from: string | null, until: string | null): string {
    const a = toDate(from);
    const b = toDate(until);
    if (!a && !b) return 'time not announced';
    if (a && !b) return `from ${this.instant(from)}`;
    if (!a && b) return `until ${this.instant(until)}`;
    const sameLocalDay = this.localDate.format(a) === this.localDate.format(b);
    const localPart = `${this.local.format(a)} – ${sameLocalDay ? this.localTime.format(b) : this.local.format(b)} (local)`;
    const sameUtcDay = utc(a!).slice(0, 10) === utc(b!).slice(0, 10);
    const utcPart = `${utc(a!)} – ${sameUtcDay ? utc(b!).slice(11) : utc(b!)} UTC`;
    return `${localPart} · ${utcPart}`;
  }
}

function toDate(v: string | number | null | undefined): Date | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** `2026-11-26 18:00` (UTC). */
function utc(d: Date): string {
  return d.toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * An external link we are willing to open or render: https anywhere, or the status page's own
 * origin as configured (which may be http for a local page). Anything else is refused.
 */
export function safeLink(candidate: string | null | undefined, statusUrl: string): string | undefined {
  if (!candidate) return undefined;
  let u: URL;
  try {
    u = new URL(candidate);
  } catch {
    return undefined;
  }
  if (u.username || u.password) return undefined;
  if (u.protocol === 'https:') return u.href;
  try {
    if (u.protocol === 'http:' && u.origin === new URL(statusUrl).origin) return u.href;
  } catch {
    return undefined;
  }
  return undefined;
}

/** A Markdown link with escaped text, or just the escaped text when the URL is not safe. */
function mdLink(text: string, url: string | undefined): string {
  const label = escapeMarkdown(text, 200);
  // The URL is percent-encoded where it could end the link destination.
  return url ? `[${label}](${url.replace(/[()\s<>]/g, c => encodeURIComponent(c))})` : label;
}

export interface TooltipOptions {
  readonly now: number;
  readonly time: TimeFormat;
  /** Our own command links to offer (trusted by the caller's MarkdownString). */
  readonly detailsCommand?: string;
  readonly selectNetworkCommand?: string;
}

/** The tooltip's Markdown: every piece of network text escaped. */
export function tooltipMarkdown(s: StatusSnapshot, o: TooltipOptions): string {
  const lines: string[] = [];
  const level = shownLevel(s);
  const head = level === undefined ? 'checking…' : LEVEL_WORDS[level];
  lines.push(`**Ledger Lens · ${escapeMarkdown(s.network)}**: ${escapeMarkdown(head)}`, '');
  if (s.why) lines.push(escapeMarkdown(s.why), '');

  if (s.error) {
    lines.push(`$(warning) ${escapeMarkdown(errorLine(s.error.message))}`);
    if (s.error.retryAt !== undefined) lines.push('', `Next try ${escapeMarkdown(relative(s.error.retryAt - o.now))}.`);
    if (s.health)
      lines.push(
        '',
        `_Last known (${timeText(o.time.instant(s.checkedAt))}): ${escapeMarkdown(LEVEL_WORDS[s.health.level])}_`,
      );
    lines.push('');
  }

  const h = s.health;
  if (h) {
    const groupNote = h.matchedGroup
      ? ''
      : ` (no "${escapeMarkdown(h.displayName)}" group on this page: page-wide status shown)`;
    lines.push(`**Components**${groupNote}`, '');
    if (h.components.length === 0) lines.push('- none listed');
    for (const c of h.components) lines.push(`- ${escapeMarkdown(c.name)}: ${escapeMarkdown(humanStatus(c.status))}`);
    lines.push('');

    if (h.incidents.length > 0) {
      lines.push('**Incidents**', '');
      for (const i of h.incidents) {
        lines.push(
          `- ${mdLink(i.name, safeLink(i.shortlink, s.statusUrl))}: ${escapeMarkdown(humanStatus(i.status))}, impact ${escapeMarkdown(humanStatus(i.impact))}, updated ${timeText(o.time.instant(i.lastUpdateAt))}`,
        );
      }
      lines.push('');
    } else {
      lines.push('No unresolved incidents.', '');
    }

    const inProgress = h.maintenances.filter(m => m.inProgress);
    const upcoming = h.maintenances.filter(m => !m.inProgress);
    if (inProgress.length > 0) {
      lines.push('**Maintenance in progress**', '');
      for (const m of inProgress) lines.push(maintenanceLine(m, s.statusUrl, o.time));
      lines.push('');
    }
    if (upcoming.length > 0) {
      lines.push('**Upcoming maintenance**', '');
      for (const m of upcoming) lines.push(maintenanceLine(m, s.statusUrl, o.time));
      lines.push('');
    }

    const indicator = h.pageIndicator;
    const page = s.pageName ?? 'Status page';
    lines.push(
      `${mdLink(page, safeLink(s.statusUrl, s.statusUrl))}, whole page: ${escapeMarkdown(indicator.description || humanStatus(indicator.indicator))}`,
      '',
    );
  }

  if (s.mirrorProblem) {
    lines.push(
      `$(debug-disconnect) Mirror node problem: ${escapeMarkdown(s.mirrorProblem.message)} (${o.time.instant(s.mirrorProblem.at.getTime())})`,
      '',
    );
  }

  if (s.checkedAt !== undefined) lines.push(`Last checked ${timeText(o.time.instant(s.checkedAt))}`);
  else if (!s.error) lines.push('Checking…');
  const links: string[] = [];
  if (o.detailsCommand) links.push(`[Details](command:${o.detailsCommand})`);
  if (o.selectNetworkCommand) links.push(`[Select network](command:${o.selectNetworkCommand})`);
  if (links.length > 0) lines.push('', links.join(' · '));
  return lines.join('\n');
}

// Our own formatted times are plain text, except the raw value echoed for an unreadable time.
function timeText(t: string): string {
  return /unreadable/.test(t) ? escapeMarkdown(t) : t;
}

function maintenanceLine(m: MaintenanceInfo, statusUrl: string, time: TimeFormat): string {
  return `- ${mdLink(m.name, safeLink(m.shortlink, statusUrl))}: ${timeText(time.window(m.scheduledFor, m.scheduledUntil))}`;
}

/** The failure as the user should read it: always says the page could not be reached or read. */
export function errorLine(message: string): string {
  return /^cannot reach status page/i.test(message) ? capitalise(message) : `Status page unavailable: ${message}`;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function relative(ms: number): string {
  if (ms <= 1000) return 'now';
  const s = Math.round(ms / 1000);
  if (s < 60) return `in ${s} s`;
  const m = Math.round(s / 60);
  return `in ${m} min`;
}

/** Keeps network text from turning into codicons in quick pick labels and descriptions. */
export function escapeIcons(text: string): string {
  return text.replace(/\$\(/g, '\\$(');
}

/** One entry of the details menu, before it becomes a QuickPickItem. */
export interface MenuEntry {
  readonly label: string;
  readonly description?: string;
  readonly detail?: string;
  /** A separator with this label instead of an item. */
  readonly separator?: boolean;
  readonly action?:
    { readonly kind: 'open'; readonly url: string } | { readonly kind: 'selectNetwork' } | { readonly kind: 'refresh' };
}

/** The click menu: the same content as the tooltip, plus every scheduled maintenance. */
export function menuEntries(
  s: StatusSnapshot,
  all: readonly MaintenanceInfo[] | { error: string } | undefined,
  time: TimeFormat,
): MenuEntry[] {
  const out: MenuEntry[] = [];
  const page = safeLink(s.statusUrl, s.statusUrl);
  const level = shownLevel(s);
  out.push({
    label: `$(${level ? LEVEL_ICONS[level] : 'sync'}) ${s.network}: ${level ? LEVEL_WORDS[level] : 'checking…'}`,
    description: s.checkedAt !== undefined ? `checked ${time.instant(s.checkedAt)}` : undefined,
    detail: s.error
      ? escapeIcons(errorLine(s.error.message))
      : s.health
        ? escapeIcons(
            `Whole page: ${s.health.pageIndicator.description || humanStatus(s.health.pageIndicator.indicator)}`,
          )
        : undefined,
    ...(page ? { action: { kind: 'open' as const, url: page } } : {}),
  });
  out.push({
    label: '$(globe) Select network…',
    description: `current: ${s.network}`,
    action: { kind: 'selectNetwork' },
  });
  out.push({ label: '$(refresh) Check now', action: { kind: 'refresh' } });
  if (s.mirrorProblem) {
    out.push({ label: '$(debug-disconnect) Mirror node problem', detail: escapeIcons(s.mirrorProblem.message) });
  }

  const h = s.health;
  if (h) {
    out.push({ label: 'Components', separator: true });
    for (const c of h.components) {
      out.push({
        label: escapeIcons(c.name),
        description: escapeIcons(humanStatus(c.status)),
        ...(page ? { action: { kind: 'open' as const, url: page } } : {}),
      });
    }
    out.push({ label: 'Incidents', separator: true });
    if (h.incidents.length === 0) out.push({ label: 'No unresolved incidents' });
    for (const i of h.incidents) {
      const url = safeLink(i.shortlink, s.statusUrl) ?? page;
      out.push({
        label: `$(flame) ${escapeIcons(i.name)}`,
        description: escapeIcons(`${humanStatus(i.status)}, impact ${humanStatus(i.impact)}`),
        detail: escapeIcons(
          `updated ${time.instant(i.lastUpdateAt)}${i.lastUpdate ? ` — ${oneLine(i.lastUpdate)}` : ''}`,
        ),
        ...(url ? { action: { kind: 'open' as const, url } } : {}),
      });
    }
    if (h.maintenances.length > 0) {
      out.push({ label: `Maintenance on ${h.displayName}`, separator: true });
      for (const m of h.maintenances) out.push(maintenanceEntry(m, s.statusUrl, page, time));
    }
  }

  out.push({ label: 'All scheduled maintenances', separator: true });
  if (all === undefined) out.push({ label: '$(sync~spin) Loading…' });
  else if ('error' in all)
    out.push({ label: '$(warning) Could not load scheduled maintenances', detail: escapeIcons(errorLine(all.error)) });
  else if (all.length === 0) out.push({ label: 'None scheduled' });
  else for (const m of all) out.push(maintenanceEntry(m, s.statusUrl, page, time));
  return out;
}

function maintenanceEntry(
  m: MaintenanceInfo,
  statusUrl: string,
  page: string | undefined,
  time: TimeFormat,
): MenuEntry {
  const url = safeLink(m.shortlink, statusUrl) ?? page;
  const where = m.components.length > 0 ? ` · ${m.components.join(', ')}` : '';
  return {
    label: `$(${m.inProgress ? 'tools' : 'calendar'}) ${escapeIcons(m.name)}`,
    description: escapeIcons(humanStatus(m.status) + where),
    detail: escapeIcons(time.window(m.scheduledFor, m.scheduledUntil)),
    ...(url ? { action: { kind: 'open' as const, url } } : {}),
  };
}

function oneLine(text: string, max = 160): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max)}…` : t;
}

/** What a notification should say about a change of level, if anything. */
export function healthChange(
  previous: HealthLevel | undefined,
  next: HealthLevel | undefined,
): 'degraded' | 'recovered' | undefined {
  if (previous === undefined || next === undefined || next === 'unknown' || previous === 'unknown') return undefined;
  if (!isTroubled(previous) && isTroubled(next)) return 'degraded';
  if (isTroubled(previous) && next === 'operational') return 'recovered';
  return undefined;
}

/**
 * The notification of a change of health: the incident's name comes from the status page, so it
 * goes through noticeText (no live links). `severity` says which kind of message to show.
 */
export function changeNotice(
  network: string,
  change: 'degraded' | 'recovered',
  level: HealthLevel,
  incident: string | undefined,
): { readonly severity: 'warning' | 'information'; readonly text: string } {
  if (change === 'recovered') return { severity: 'information', text: `Ledger Lens: ${network} is operational again.` };
  const about = incident ? ` (${forNotification(incident, 200)})` : '';
  return { severity: 'warning', text: `Ledger Lens: ${network} is now ${levelWords(level)}${about}.` };
}
