// Small typed builders for status page documents the shared scenarios do not cover (unknown
// values, missing groups, odd nulls). Each test shows only the fields that matter to it.
export interface RawComponent {
  id: string;
  name: string;
  status: string;
  group?: boolean;
  group_id?: string | null;
  components?: string[];
  position?: number;
  [extra: string]: unknown;
}

export interface RawIncident {
  id: string;
  name: string;
  status: string;
  impact?: string | null;
  shortlink?: string | null;
  updated_at?: string | null;
  resolved_at?: string | null;
  incident_updates?: {
    id: string;
    status: string;
    body: string;
    display_at?: string | null;
    created_at?: string | null;
  }[];
  components?: { id: string; name?: string }[];
  scheduled_for?: string | null;
  scheduled_until?: string | null;
  [extra: string]: unknown;
}

export const page = { id: 'pg', name: 'Test page', url: 'https://status.example' };

export function component(id: string, name: string, status: string, groupId: string | null = null): RawComponent {
  return { id, name, status, group: false, group_id: groupId };
}

export function group(id: string, name: string, status: string, children: RawComponent[]): RawComponent[] {
  return [
    { id, name, status, group: true, group_id: null, components: children.map(c => c.id) },
    ...children.map(c => ({ ...c, group_id: id })),
  ];
}

export function incident(
  id: string,
  name: string,
  status: string,
  componentIds: string[] = [],
  extra: Partial<RawIncident> = {},
): RawIncident {
  return {
    id,
    name,
    status,
    impact: 'minor',
    shortlink: `https://stspg.example/${id}`,
    updated_at: '2026-01-01T00:00:00Z',
    resolved_at: null,
    incident_updates: [],
    components: componentIds.map(c => ({ id: c, name: c })),
    ...extra,
  };
}

export function maintenance(
  id: string,
  name: string,
  status: string,
  componentIds: string[],
  window: [string, string],
  extra: Partial<RawIncident> = {},
): RawIncident {
  return {
    ...incident(id, name, status, componentIds, { impact: 'maintenance', ...extra }),
    scheduled_for: window[0],
    scheduled_until: window[1],
  };
}

export function summaryDoc(parts: {
  components?: RawComponent[];
  incidents?: RawIncident[];
  maintenances?: RawIncident[];
  indicator?: string;
  description?: string;
}): Record<string, unknown> {
  return {
    page,
    components: parts.components ?? [],
    incidents: parts.incidents ?? [],
    scheduled_maintenances: parts.maintenances ?? [],
    status: { indicator: parts.indicator ?? 'none', description: parts.description ?? 'All Systems Operational' },
  };
}
