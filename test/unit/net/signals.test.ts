import * as assert from 'assert';
import { getEventListeners } from 'events';
import { HttpClient, linkSignals } from '../../../src/net';
import { delay, startServer } from './support';

describe('net/signals: linking a request to long-lived signals', () => {
  it('fires when any source fires, and leaves no listener behind on the sources', () => {
    const lifetime = new AbortController();
    for (let i = 0; i < 1000; i++) linkSignals([lifetime.signal, undefined]).dispose();
    assert.strictEqual(getEventListeners(lifetime.signal, 'abort').length, 0);
    const caller = new AbortController();
    const linked = linkSignals([lifetime.signal, caller.signal]);
    assert.strictEqual(linked.signal.aborted, false);
    caller.abort();
    assert.strictEqual(linked.signal.aborted, true);
    assert.strictEqual(linked.timedOut, false);
    assert.strictEqual(getEventListeners(lifetime.signal, 'abort').length, 0, 'removed once fired');
  });

  it('an already-aborted source gives an aborted signal; the timer says it fired, and dispose clears it', async () => {
    assert.strictEqual(linkSignals([AbortSignal.abort()]).signal.aborted, true);
    const t = linkSignals([], 20);
    await delay(60);
    assert.strictEqual(t.signal.aborted, true);
    assert.strictEqual(t.timedOut, true);
    const cleared = linkSignals([], 20);
    cleared.dispose();
    await delay(60);
    assert.strictEqual(cleared.signal.aborted, false);
  });
});

/** The MaxListenersExceededWarnings Node emits while `work` runs. */
async function leakWarnings(work: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const onWarning = (w: Error) => {
    if (w.name === 'MaxListenersExceededWarning') seen.push(w.message);
  };
  process.on('warning', onWarning);
  try {
    await work();
    await delay(10); // warnings are emitted on a later tick
  } finally {
    process.off('warning', onWarning);
  }
  return seen;
}

describe('net/signals: a client lifetime with many requests in flight', () => {
  it('50 requests at once through one HttpClient: answered, and no warning in the log', async () => {
    const server = await startServer((_req, res) => {
      setTimeout(() => res.writeHead(200).end('{}'), 20);
    });
    const client = new HttpClient({ env: {} });
    try {
      const warnings = await leakWarnings(async () => {
        const all = Array.from({ length: 50 }, (_, i) =>
          client.get(`${server.origin}/r${i}`, { timeoutMs: 5000, maxBodyBytes: 1024 }),
        );
        const answers = await Promise.all(all);
        assert.ok(answers.every(a => a.status === 200));
      });
      assert.deepStrictEqual(warnings, []);
    } finally {
      client.close();
      await server.close();
    }
  });
});
