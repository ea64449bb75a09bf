// One network's health from a status page summary. The page groups components per network; a
// developer on testnet cares about the Testnet group, not about some component somewhere.
import { statusGroupOf, type Network } from '../ledger/networks';
import type { Component, Incident, ScheduledMaintenance, Summary } from './schemas';

/** Ordered from best to worst; `unknown` is a status we could not read. */
export type HealthLevel = 'operational' | 'unknown' | 'maintenance' | 'degraded' | 'partial_outage' | 'major_outage';

const RANK: Record<HealthLevel, number> = {
  operational: 0,
  unknown: 1,
  maintenance: 2,
  degraded: 3,
  partial_outage: 4,
  major_outage: 5,
};

export interface ComponentHealth {
  readonly id: string;
  readonly name: string;
  /** As the page sent it, e.g. `degraded_performance` (or a value we do not know). */
  readonly status: string;
  readonly level: HealthLevel;
}

export interface IncidentInfo {
  readonly id: string;
  readonly name: string;
  readonly status: string;
  readonly impact: string;
  /** ISO time of the latest update (or of the incident's own `updated_at`), if any. */
  readonly lastUpdateAt: string | null;
  /** The text of the latest update. */
  readonly lastUpdate: string;
  readonly shortlink: string | null;
  /** Names of the affected components; empty when the incident names none (page-wide). */
  readonly components: readonly string[];
}

export interface MaintenanceInfo {
  readonly id: string;
  readonly name: string;
  readonly status: string;
  readonly impact: string;
  readonly inProgress: boolean;
  readonly scheduledFor: string | null;
  readonly scheduledUntil: string | null;
  readonly shortlink: string | null;
  readonly lastUpdate: string;
  readonly components: readonly string[];
}

export interface NetworkHealth {
  readonly network: Network;
  /**
   * The status page group looked for: `Mainnet`, `Testnet` or `Previewnet` (the table's
   * `statusGroup`); the network's own name for one no group covers (none is looked for).
   */
  readonly displayName: string;
  readonly level: HealthLevel;
  /** True when a group of that name was found; otherwise `level` follows the page indicator. */
  readonly matchedGroup: boolean;
  /** The group's components, or the page's top-level components when no group matched. */
  readonly components: readonly ComponentHealth[];
  readonly incidents: readonly IncidentInfo[];
  /** In progress first, then upcoming by start time. */
  readonly maintenances: readonly MaintenanceInfo[];
  readonly pageIndicator: { readonly indicator: string; readonly description: string; readonly level: HealthLevel };
}

const COMPONENT_LEVELS: Readonly<Record<string, HealthLevel>> = {
  operational: 'operational',
  degraded_performance: 'degraded',
  partial_outage: 'partial_outage',
  major_outage: 'major_outage',
  under_maintenance: 'maintenance',
};

const INDICATOR_LEVELS: Readonly<Record<string, HealthLevel>> = {
  none: 'operational',
  minor: 'degraded',
  major: 'partial_outage',
  critical: 'major_outage',
  maintenance: 'maintenance',
};

/** A component's status as a level; a value Statuspage may add later reads as unknown. */
export function componentLevel(status: string): HealthLevel {
  return Object.hasOwn(COMPONENT_LEVELS, status) ? COMPONENT_LEVELS[status] : 'unknown';
}

/** The page indicator as a level; a value Statuspage may add later reads as unknown. */
export function indicatorLevel(indicator: string): HealthLevel {
  return Object.hasOwn(INDICATOR_LEVELS, indicator) ? INDICATOR_LEVELS[indicator] : 'unknown';
}

export function worstLevel(levels: Iterable<HealthLevel>): HealthLevel {
  let worst: HealthLevel = 'operational';
  for (const l of levels) if (RANK[l] > RANK[worst]) worst = l;
  return worst;
}

/** True for levels that are neither healthy nor unknown: what a "degraded" notification is about. */
export function isTroubled(level: HealthLevel): boolean {
  return RANK[level] >= RANK.maintenance;
}

const CLOSED_INCIDENT = new Set(['resolved', 'postmortem', 'completed']);
const MAINTENANCE_ACTIVE = new Set(['in_progress', 'verifying']);
const MAINTENANCE_UPCOMING = new Set(['scheduled']);

/**
 * The health of `network` on the page: the worst status among the components of its status group
 * (matched case-insensitively), or the page-wide indicator when no group matches (or the network
 * has none).
 * `maintenances` (e.g. from the upcoming and active documents) are merged with the summary's own,
 * by id, the later document winning.
 */
export function networkHealth(
  summary: Summary,
  network: Network,
  maintenances?: readonly ScheduledMaintenance[],
): NetworkHealth {
  const groupName = statusGroupOf(network);
  const displayName = groupName ?? network;
  const wanted = groupName?.toLowerCase();
  const group =
    wanted === undefined ? undefined : summary.components.find(c => c.group && c.name.trim().toLowerCase() === wanted);
  const pageLevel = indicatorLevel(summary.status.indicator);

  let members: Component[];
  if (group) {
    const listed = new Set(group.components);
    members = summary.components.filter(c => !c.group && (c.group_id === group.id || listed.has(c.id)));
  } else {
    members = summary.components.filter(c => !c.group_id);
  }
  members.sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const components = members.map(c => ({ id: c.id, name: c.name, status: c.status, level: componentLevel(c.status) }));

  let level: HealthLevel;
  if (!group) level = pageLevel;
  else if (components.length === 0)
    level = componentLevel(group.status); // an empty group speaks for itself
  else level = worstLevel(components.map(c => c.level));

  // What counts as "this network's": the group itself and its members. With no group, everything.
  const ours = group ? new Set([group.id, ...members.map(m => m.id)]) : undefined;
  const concerns = (affected: readonly { id: string }[]) =>
    !ours || affected.length === 0 || affected.some(c => ours.has(c.id));

  const incidents = summary.incidents
    .filter(i => !CLOSED_INCIDENT.has(i.status) && !i.resolved_at && concerns(i.components))
    .map(incidentInfo);

  const byId = new Map<string, ScheduledMaintenance>();
  for (const m of summary.scheduled_maintenances) byId.set(m.id, m);
  for (const m of maintenances ?? []) byId.set(m.id, m);
  const relevant = [...byId.values()]
    .filter(m => (MAINTENANCE_ACTIVE.has(m.status) || MAINTENANCE_UPCOMING.has(m.status)) && concerns(m.components))
    .map(maintenanceInfo)
    .sort(compareMaintenances);

  return {
    network,
    displayName,
    level,
    matchedGroup: group !== undefined,
    components,
    incidents,
    maintenances: relevant,
    pageIndicator: { indicator: summary.status.indicator, description: summary.status.description, level: pageLevel },
  };
}

function latestUpdate(i: Incident | ScheduledMaintenance): { at: string | null; body: string } {
  let best: { at: string | null; body: string; t: number } | undefined;
  for (const u of i.incident_updates) {
    const at = u.display_at ?? u.created_at ?? u.updated_at;
    const t = at ? Date.parse(at) : Number.NaN;
    const tt = Number.isNaN(t) ? -Infinity : t;
    if (!best || tt > best.t) best = { at, body: u.body, t: tt };
  }
  return { at: best?.at ?? i.updated_at ?? i.created_at, body: best?.body ?? '' };
}

function incidentInfo(i: Incident): IncidentInfo {
  const last = latestUpdate(i);
  return {
    id: i.id,
    name: i.name,
    status: i.status,
    impact: i.impact,
    lastUpdateAt: last.at,
    lastUpdate: last.body,
    shortlink: i.shortlink,
    components: i.components.map(c => c.name ?? c.id),
  };
}

export function maintenanceInfo(m: ScheduledMaintenance): MaintenanceInfo {
  return {
    id: m.id,
    name: m.name,
    status: m.status,
    impact: m.impact,
    inProgress: MAINTENANCE_ACTIVE.has(m.status),
    scheduledFor: m.scheduled_for,
    scheduledUntil: m.scheduled_until,
    shortlink: m.shortlink,
    lastUpdate: latestUpdate(m).body,
    components: m.components.map(c => c.name ?? c.id),
  };
}

function startOf(m: MaintenanceInfo): number {
  const t = m.scheduledFor ? Date.parse(m.scheduledFor) : Number.NaN;
  return Number.isNaN(t) ? Infinity : t;
}

function compareMaintenances(a: MaintenanceInfo, b: MaintenanceInfo): number {
  if (a.inProgress !== b.inProgress) return a.inProgress ? -1 : 1;
  return startOf(a) - startOf(b) || a.name.localeCompare(b.name);
}

/** Every maintenance of a scheduled-maintenances document, newest window first. */
export function allMaintenanceInfos(list: readonly ScheduledMaintenance[]): MaintenanceInfo[] {
  return list.map(maintenanceInfo).sort((a, b) => {
    const ta = startOf(a) === Infinity ? -Infinity : startOf(a);
    const tb = startOf(b) === Infinity ? -Infinity : startOf(b);
    return tb - ta || a.name.localeCompare(b.name);
  });
}
