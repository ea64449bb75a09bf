// The recorded mirror node exchanges, read from the shared fixtures wherever the repo is checked out.
import * as fs from 'fs';
import { mirrorFixturesFile } from '../../support/paths';

// The one helper is test/support/paths.ts; kept here for the tests that import it from this file.
export { projectRoot } from '../../support/paths';

export interface RecordedExchange {
  readonly url: string;
  readonly status: number;
  readonly bodyText: string;
}

/** The mirror node's recorded request/response pairs (`../shared/fixtures/mirror-node/responses.jsonl`). */
export function recordedExchanges(): RecordedExchange[] {
  const file = mirrorFixturesFile();
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(line => line.trim() !== '')
    .map(line => {
      const r = JSON.parse(line) as { url: string; status: number; bodyText?: string | null };
      return { url: r.url, status: r.status, bodyText: r.bodyText ?? '' };
    });
}

/** The path segment after `prefix` in a recorded URL, without the query. */
export function pathSegmentAfter(url: string, prefix: string): string | undefined {
  const pathOnly = url.split('?')[0];
  if (!pathOnly.startsWith(prefix)) return undefined;
  const rest = pathOnly.slice(prefix.length);
  return rest.includes('/') ? undefined : decodeURIComponent(rest);
}
