// A bare node:http GET for testing the loopback servers themselves: no retries, no redirects
// followed, and every failure (reset, timeout) reported as it happened.
import * as http from 'http';

export interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

export type Outcome =
  | { readonly ok: true; readonly answer: Answer }
  | { readonly ok: false; readonly error: Error; readonly partial: string; readonly status?: number };

export function get(url: string, opts: { timeoutMs?: number; method?: string } = {}): Promise<Outcome> {
  return new Promise(resolve => {
    let partial = '';
    let status: number | undefined;
    let settled = false;
    const settle = (o: Outcome): void => {
      if (!settled) {
        settled = true;
        resolve(o);
      }
    };
    const req = http.request(url, { method: opts.method ?? 'GET', agent: false }, res => {
      status = res.statusCode;
      res.setEncoding('utf8');
      res.on('data', (c: string) => (partial += c));
      res.on('end', () =>
        settle({ ok: true, answer: { status: res.statusCode ?? 0, headers: res.headers, body: partial } }),
      );
      res.on('error', error => settle({ ok: false, error, partial, status }));
      res.on('close', () => {
        if (!res.complete) settle({ ok: false, error: new Error('closed before the body ended'), partial, status });
      });
    });
    req.on('error', error => settle({ ok: false, error, partial, status }));
    req.setTimeout(opts.timeoutMs ?? 5000, () => {
      settle({ ok: false, error: new Error('timeout'), partial, status });
      req.destroy();
    });
    req.end();
  });
}

export async function getOk(url: string): Promise<Answer> {
  const o = await get(url);
  if (!o.ok) throw o.error;
  return o.answer;
}
