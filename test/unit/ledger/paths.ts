// Locates the project root from the compiled test (out/test/unit/...) so tests can read the
// sources and ../shared fixtures wherever the repo is checked out.
import * as fs from 'fs';
import * as path from 'path';

export function projectRoot(): string {
  let dir = __dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (
      fs.existsSync(manifest) &&
      (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'ledger-lens'
    )
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no ledger-lens package.json above ${__dirname}`);
    dir = parent;
  }
}

export interface RecordedExchange {
  readonly url: string;
  readonly status: number;
  readonly bodyText: string;
}

/** The mirror node's recorded request/response pairs (`../shared/fixtures/mirror-node/responses.jsonl`). */
export function recordedExchanges(): RecordedExchange[] {
  const file = path.join(projectRoot(), '..', 'shared', 'fixtures', 'mirror-node', 'responses.jsonl');
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
