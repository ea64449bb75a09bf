// Schemas for the Statuspage v2 public API documents. A status page is run by people who add
// components, rename groups and may one day see a status value we have never heard of: the schemas
// check only the shape we read, keep every string value as sent (an unknown status is data, not an
// error) and keep fields we do not know about.
import * as z from '../zod';

const nullableString = z.pipe(
  z.nullish(z.string()),
  z.transform(v => v ?? null),
);
// Lists a page may omit or send as null are read as empty.
const list = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(
    z.nullish(z.array(item)),
    z.transform(v => v ?? []),
  );

export const pageSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  time_zone: nullableString,
  updated_at: nullableString,
});

export const componentSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  description: nullableString,
  position: z.nullish(z.number()),
  group_id: nullableString,
  group: z.pipe(
    z.nullish(z.boolean()),
    z.transform(v => v ?? false),
  ),
  /** A group's children, by id. */
  components: list(z.string()),
  created_at: nullableString,
  updated_at: nullableString,
});

export const incidentUpdateSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  body: z.pipe(
    z.nullish(z.string()),
    z.transform(v => v ?? ''),
  ),
  created_at: nullableString,
  updated_at: nullableString,
  display_at: nullableString,
});

// Incidents and scheduled maintenances share one record shape; a maintenance adds its window.
const incidentShape = {
  id: z.string(),
  name: z.string(),
  status: z.string(),
  impact: z.pipe(
    z.nullish(z.string()),
    z.transform(v => v ?? 'none'),
  ),
  shortlink: nullableString,
  started_at: nullableString,
  created_at: nullableString,
  updated_at: nullableString,
  resolved_at: nullableString,
  monitoring_at: nullableString,
  incident_updates: list(incidentUpdateSchema),
  /** The components it affects; only `id` and `name` are relied on. */
  components: list(z.looseObject({ id: z.string(), name: z.nullish(z.string()) })),
};

export const incidentSchema = z.looseObject({
  ...incidentShape,
  status: z.string(),
});

export const scheduledMaintenanceSchema = z.looseObject({
  ...incidentShape,
  status: z.string(),
  scheduled_for: nullableString,
  scheduled_until: nullableString,
});

export const pageStatusSchema = z.looseObject({
  indicator: z.string(),
  description: z.pipe(
    z.nullish(z.string()),
    z.transform(v => v ?? ''),
  ),
});

/** GET /api/v2/summary.json */
export const summarySchema = z.looseObject({
  page: pageSchema,
  components: list(componentSchema),
  incidents: list(incidentSchema),
  scheduled_maintenances: list(scheduledMaintenanceSchema),
  status: pageStatusSchema,
});

/** GET /api/v2/scheduled-maintenances[/upcoming|/active].json */
export const maintenancesSchema = z.looseObject({
  page: pageSchema,
  scheduled_maintenances: list(scheduledMaintenanceSchema),
});

export type Page = z.output<typeof pageSchema>;
export type Component = z.output<typeof componentSchema>;
export type Incident = z.output<typeof incidentSchema>;
export type ScheduledMaintenance = z.output<typeof scheduledMaintenanceSchema>;
export type Summary = z.output<typeof summarySchema>;
export type Maintenances = z.output<typeof maintenancesSchema>;
