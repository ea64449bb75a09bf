// The shared status page scenarios (`../shared/fixtures/statuspage/<scenario>/`), read where they are.
import * as fs from 'fs';
import * as path from 'path';
import { statuspageFixturesDir } from '../../support/paths';

export const SCENARIOS = [
  'all-operational',
  'testnet-degraded',
  'mainnet-major-outage',
  'previewnet-maintenance',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

export const DOCUMENTS = {
  summary: 'summary.json',
  upcoming: 'scheduled-maintenances-upcoming.json',
  active: 'scheduled-maintenances-active.json',
  all: 'scheduled-maintenances.json',
} as const;
export type DocumentName = keyof typeof DOCUMENTS;

export function scenarioDir(scenario: Scenario): string {
  return path.join(statuspageFixturesDir(), scenario);
}

export function scenarioText(scenario: Scenario, doc: DocumentName): string {
  return fs.readFileSync(path.join(scenarioDir(scenario), DOCUMENTS[doc]), 'utf8');
}

export function scenarioJson(scenario: Scenario, doc: DocumentName): unknown {
  return JSON.parse(scenarioText(scenario, doc)) as unknown;
}
