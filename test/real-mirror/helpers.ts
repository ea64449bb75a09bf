// Helpers of the real-mirror suite (inside the extension host): the URLs of the real servers the
// harness started (one per data set), pointing Ledger Lens at one of them, and reading the real
// server's own answer to compare with what Ledger Lens shows.
import * as assert from 'assert';
import * as http from 'http';
import type { LedgerLensExports } from '../../src/features/context';
import { activateLedgerLens, resetSettings, setSetting, waitFor } from '../integration/helpers';
import type { SUITE_SETS } from './datasets';

export type SetName = (typeof SUITE_SETS)[number];

/** The set -> URL map the harness passes in LEDGER_LENS_REAL_MIRROR. */
export function realMirrorUrls(): Record<string, string> {
  const raw = process.env['LEDGER_LENS_REAL_MIRROR'];
  assert.ok(raw, 'LEDGER_LENS_REAL_MIRROR is set (run through out/test/real-mirror/run.js)');
  const parsed = JSON.parse(raw) as unknown;
  assert.ok(parsed && typeof parsed === 'object', 'LEDGER_LENS_REAL_MIRROR is a JSON object');
  return parsed as Record<string, string>;
}

export function urlOf(set: SetName): string {
  const url = realMirrorUrls()[set];
  assert.ok(url, `the harness serves the "${set}" set`);
  return url;
}

/** Points Ledger Lens at a set's server (user settings) until the end of the describe block. */
export function useRealSet(set: SetName): () => { api: LedgerLensExports; url: string } {
  let current: { api: LedgerLensExports; url: string } | undefined;
  before(async () => {
    const api = await activateLedgerLens();
    const url = urlOf(set);
    await setSetting('ledgerLens.mirrorNodeUrl', url);
    await waitFor(() => api.services.config.current.mirrorBaseUrl === url, 5000, `the extension using ${url}`);
    current = { api, url };
  });
  after(async () => {
    await resetSettings('ledgerLens.mirrorNodeUrl');
    current = undefined;
  });
  return () => {
    assert.ok(current, 'useRealSet(): only inside the tests of its describe block');
    return current;
  };
}

/** The real server's own answer to `pathAndQuery` (e.g. `/api/v1/accounts/0.0.8`): status and body text. */
export function fetchReal(baseUrl: string, pathAndQuery: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}${pathAndQuery}`, { timeout: 10_000 }, res => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('timeout', () => req.destroy(new Error(`${pathAndQuery}: no answer within 10 s`)));
    req.on('error', reject);
  });
}
