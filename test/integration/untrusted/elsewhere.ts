// The harness's "elsewhere" server (exthost.js --untrusted): the URL the untrusted workspace's own
// settings and files point at. It records what reaches it; these tests ask it what that was.
import * as http from 'http';

export const elsewhere = process.env['LEDGER_LENS_ELSEWHERE_URL'] ?? '';

/** What the workspace's server received (its control path is not counted). */
export function received(): Promise<string[]> {
  return new Promise((resolve, reject) => {
    http
      .get(`${elsewhere}/__requests`, res => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(body) as string[]);
          } catch (e) {
            reject(e instanceof Error ? e : new Error(String(e)));
          }
        });
      })
      .on('error', reject);
  });
}
