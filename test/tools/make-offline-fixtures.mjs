#!/usr/bin/env node
// Builds the offline demo's data (`npm start -- --offline`): a curated subset of the mirror node
// responses recorded in ../shared/fixtures/mirror-node/responses.jsonl (Apache-2.0, see NOTICE.md
// beside the output), enough to try every feature on the sample workspace without a network:
// the workspace's accounts, its transaction, blocks and contract results. Run it again when the
// shared recordings change:   node test/tools/make-offline-fixtures.mjs
//
// One record per URL (the replay serves the first match), records that hold only under a changed
// server configuration left out, and the few ids the workspace writes in another form than the
// recording (0.0.2001 was recorded as /accounts/2001) served under that form too, marked `aliasOf`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHARED = process.env.LEDGER_LENS_SHARED || join(ROOT, '..', 'shared');
const SOURCE = join(SHARED, 'fixtures', 'mirror-node', 'responses.jsonl');
const OUT = join(ROOT, 'test', 'support', 'offline-fixtures');

const ACCOUNT_IDS = new Set([
  '0.0.8',
  '8',
  '0.8',
  '0x0000000000000000000000000000000000000008',
  '2001',
  '0x00000000000000000000000000000000000007d1',
  'ac384c53f03855fa1b3616052f8ba32c6c2a2fec',
  '0xac384c53f03855fa1b3616052f8ba32c6c2a2fec',
  '0.0.ac384c53f03855fa1b3616052f8ba32c6c2a2fec',
  '0.0.2',
  '0.0.7',
]);
const TRANSACTION_IDS = new Set(['0.0.10-1234567890-000000001']);
const ALIASES = [['/api/v1/accounts/2001', '/api/v1/accounts/0.0.2001']];
// Among several recordings of one URL, the one that shows the most (a balance, several transfers).
const PREFERRED_SOURCES = ['no-params.json', 'transactions-with-nft-transfers.json'];

function wanted(r) {
  if (r.testConfigOverride || r.specConfigOverride) return false;
  const [path, query = ''] = r.url.split('?');
  const id = decodeURIComponent(path.split('/')[4] ?? '');
  switch (r.endpoint) {
    case 'accounts/{id}':
      return ACCOUNT_IDS.has(id) && (query === '' || /^(transactions=(true|false)|limit=\d+)$/.test(query));
    case 'transactions/{id}':
      return TRANSACTION_IDS.has(id) && (r.status === 200 || r.status === 404);
    case 'blocks/{id}':
      return r.status === 200 || r.status === 404;
    case 'blocks':
      // The lists a sidebar asks for, not every filter combination of the spec suite.
      return r.status === 200 && /^((limit=\d+|order=(asc|desc)|block\.number=\d+)(&|$))*$/.test(query);
    case 'contracts/results': {
      // At most one parameter, given once: the lists a panel opens with.
      const names = query === '' ? [] : query.split('&').map(p => p.split('=')[0]);
      return r.status === 200 && names.length <= 1;
    }
    default:
      return false;
  }
}

function rank(r) {
  const preferred = PREFERRED_SOURCES.findIndex(s => r.source.endsWith(s));
  return [preferred === -1 ? PREFERRED_SOURCES.length : preferred, -r.bodyText.length];
}

const lines = readFileSync(SOURCE, 'utf8').split('\n').filter(Boolean);
const byUrl = new Map();
for (const line of lines) {
  const r = JSON.parse(line);
  if (!wanted(r)) continue;
  const list = byUrl.get(r.url) ?? [];
  // Keep the raw line: JSON.parse has rounded integers above 2^53 in `body`, `bodyText` is exact,
  // and re-serialising `r` would write the rounded `body`.
  list.push({ r, line });
  byUrl.set(r.url, list);
}
const chosen = [];
for (const list of byUrl.values()) {
  list.sort((a, b) => {
    const [pa, la] = rank(a.r);
    const [pb, lb] = rank(b.r);
    return pa - pb || la - lb;
  });
  chosen.push(list[0]);
}
const out = chosen.map(c => c.line);
for (const [from, to] of ALIASES) {
  const c = chosen.find(x => x.r.url === from);
  if (!c) throw new Error(`no record for ${from} to alias`);
  // Same record, another URL: splice the fields into the raw line rather than re-serialise it.
  const withUrl = c.line.replace(
    `"url":${JSON.stringify(from)}`,
    `"url":${JSON.stringify(to)},"aliasOf":${JSON.stringify(from)}`,
  );
  if (withUrl === c.line) throw new Error(`could not rewrite the url of ${from}`);
  out.push(withUrl);
}
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'responses.jsonl'), out.join('\n') + '\n');
const counts = {};
for (const c of chosen) counts[c.r.endpoint] = (counts[c.r.endpoint] ?? 0) + 1;
console.log(
  `wrote ${out.length} records to ${join(OUT, 'responses.jsonl')}: ${JSON.stringify(counts)} + ${ALIASES.length} aliases`,
);
