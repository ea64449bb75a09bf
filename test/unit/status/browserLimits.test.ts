// What the status item says about what a browser does not let it read: a status page refused (CORS,
// most likely) gives way to the mirror node's own health, and a mirror node on localhost that the
// browser blocks is explained; each said once. The failures come from the real clients over the
// HTTP layer's `fetch` transport, whose fetch rejects as a browser's does (one bare TypeError).
import * as assert from 'assert';
import { HttpClient } from '../../../src/net';
import { createMirrorClient } from '../../../src/mirror';
import { createLocalPoller, createStatusClient, type LocalHealth } from '../../../src/status';
import {
  isLoopbackUrl,
  LOCALHOST_BLOCKED,
  loopbackAdvice,
  refusedByBrowser,
  statusPageRefused,
} from '../../../src/status/browserLimits';
import { BrowserFallback } from '../../../src/features/status/browserFallback';
import { localMenuEntries, localTooltip, type LocalSnapshot } from '../../../src/features/status/localPresent';
import { TimeFormat } from '../../../src/features/status/present';
import { escapeMarkdown } from '../../../src/features/common/markdown';
import { NODE_PLATFORM, usePlatform, WEB_PLATFORM } from '../../../src/util/platform';

const STATUS_URL = 'https://status.hedera.com';
const time = new TimeFormat('UTC', 'en-GB');
const NOW = 1_700_000_100_000;

/** An HTTP layer whose every request fails as a browser's fetch does when CORS (or anything) refuses it. */
function refusingHttp(): HttpClient {
  return new HttpClient({ transport: 'fetch', fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
}

async function statusFailure(): Promise<unknown> {
  const client = createStatusClient({ baseUrl: STATUS_URL, http: refusingHttp() });
  try {
    await client.summary();
  } catch (error) {
    return error;
  }
  assert.fail('the summary should have failed');
}

async function mirrorFailure(baseUrl: string): Promise<unknown> {
  const mirror = createMirrorClient({ baseUrl, http: refusingHttp(), retries: 0 });
  try {
    await mirror.listBlocks({ limit: 1, order: 'desc' });
  } catch (error) {
    return error;
  }
  assert.fail('the blocks request should have failed');
}

function fakeLog(): { readonly lines: string[]; warn(line: string): void } {
  const lines: string[] = [];
  return { lines, warn: line => lines.push(line) };
}

describe('status: what a browser does not let us read', () => {
  afterEach(() => usePlatform(NODE_PLATFORM));

  it('a refused status page is named in a browser, never in Node', async () => {
    usePlatform(WEB_PLATFORM);
    const error = await statusFailure();
    assert.strictEqual(refusedByBrowser(error), `${STATUS_URL}/api/v2/summary.json`);
    usePlatform(NODE_PLATFORM);
    assert.strictEqual(refusedByBrowser(error), undefined);
    // Another failure in a browser (not the fetch's bare TypeError) is not a refusal.
    usePlatform(WEB_PLATFORM);
    assert.strictEqual(refusedByBrowser(new Error('status page answered HTTP 503')), undefined);
  });

  it('loopback URLs: localhost, names under it, 127/8 and [::1]; nothing else', () => {
    for (const url of [
      'http://localhost:5551',
      'http://mirror.localhost/',
      'http://127.0.0.1:5551',
      'http://[::1]:5551',
    ])
      assert.ok(isLoopbackUrl(url), url);
    for (const url of ['https://testnet.mirrornode.hedera.com', 'http://localhost.example.com', 'http://10.0.0.1', 'x'])
      assert.ok(!isLoopbackUrl(url), url);
  });

  it('a browser that cannot reach a local mirror node says why and what to do; a remote one does not', async () => {
    usePlatform(WEB_PLATFORM);
    const local = await mirrorFailure('http://localhost:5551');
    assert.strictEqual(loopbackAdvice(local), LOCALHOST_BLOCKED);
    assert.match(
      LOCALHOST_BLOCKED,
      /^A browser may block a page from calling localhost .*desktop VS Code.*https with CORS\.$/,
    );
    assert.strictEqual(loopbackAdvice(await mirrorFailure('https://testnet.mirrornode.hedera.com')), undefined);
    usePlatform(NODE_PLATFORM);
    assert.strictEqual(loopbackAdvice(local), undefined);
  });

  it("the local node's poller carries the advice into the tooltip and the menu, in a browser only", async () => {
    const healths: LocalHealth[] = [];
    const probe = async (): Promise<LocalHealth> => {
      const poller = createLocalPoller({
        newestBlockEnd: async () => {
          throw await mirrorFailure('http://localhost:5551');
        },
        host: () => 'localhost:5551',
        onHealth: health => healths.push(health),
        intervalMs: 60_000,
        active: false,
      });
      await poller.refresh();
      poller.dispose();
      return healths[healths.length - 1];
    };
    usePlatform(WEB_PLATFORM);
    const web = await probe();
    assert.strictEqual(web.level, 'down');
    assert.strictEqual(web.advice, LOCALHOST_BLOCKED);
    const snap: LocalSnapshot = { host: 'localhost:5551', why: 'local', health: web, checkedAt: NOW };
    const md = localTooltip(snap, { now: NOW, time });
    assert.ok(md.includes(escapeMarkdown(LOCALHOST_BLOCKED)), md);
    const why = localMenuEntries(snap, time).find(e => e.label === '$(info) Why');
    assert.strictEqual(why?.detail, LOCALHOST_BLOCKED);

    usePlatform(NODE_PLATFORM);
    const node = await probe();
    assert.strictEqual(node.level, 'down');
    assert.strictEqual(node.advice, undefined);
    const nodeSnap: LocalSnapshot = { host: 'localhost:5551', why: 'local', health: node, checkedAt: NOW };
    assert.ok(!localTooltip(nodeSnap, { now: NOW, time }).includes('A browser may block'));
    assert.ok(!localMenuEntries(nodeSnap, time).some(e => e.label === '$(info) Why'));
  });

  it('a refused status page gives way to the mirror node, logged once per URL however often it is polled', async () => {
    usePlatform(WEB_PLATFORM);
    const log = fakeLog();
    const fallback = new BrowserFallback(log);
    const error = await statusFailure();
    assert.deepStrictEqual(fallback.snapshotPart(true), {});
    assert.strictEqual(fallback.pageFailed(error, STATUS_URL), true);
    assert.strictEqual(fallback.refused, STATUS_URL);
    // Said in the tooltip while the network shown has that page; a local node has none to speak of.
    assert.deepStrictEqual(fallback.snapshotPart(true), { statusPageRefused: STATUS_URL });
    assert.deepStrictEqual(fallback.snapshotPart(false), {});
    fallback.retry();
    assert.strictEqual(fallback.refused, undefined);
    assert.strictEqual(fallback.pageFailed(await statusFailure(), STATUS_URL), true);
    assert.strictEqual(log.lines.length, 1);
    assert.ok(log.lines[0].startsWith(`status page: ${statusPageRefused(STATUS_URL)}`), log.lines[0]);
    assert.ok(log.lines[0].includes('the web worker extension host'), log.lines[0]);
    // Another page is news.
    assert.strictEqual(fallback.pageFailed(error, 'https://status.example.com'), true);
    assert.strictEqual(log.lines.length, 2);
    // A page that answers with an error is not refused: the item keeps showing the page's failure.
    assert.strictEqual(fallback.pageFailed(new Error('status page answered HTTP 503'), STATUS_URL), false);
  });

  it('in Node a status page failure never gives way, and nothing is logged', async () => {
    const log = fakeLog();
    const fallback = new BrowserFallback(log);
    assert.strictEqual(fallback.pageFailed(await statusFailure(), STATUS_URL), false);
    assert.strictEqual(fallback.refused, undefined);
    assert.deepStrictEqual(log.lines, []);
  });

  it('the advice about a mirror host is logged once, and only with a known cause', () => {
    const log = fakeLog();
    const fallback = new BrowserFallback(log);
    const down: LocalHealth = { level: 'down', text: 'local · down', detail: 'Cannot reach localhost:5551' };
    fallback.mirrorHealth('localhost:5551', down);
    assert.deepStrictEqual(log.lines, []);
    for (let i = 0; i < 3; i++) fallback.mirrorHealth('localhost:5551', { ...down, advice: LOCALHOST_BLOCKED });
    assert.deepStrictEqual(log.lines, [`mirror node at localhost:5551: ${LOCALHOST_BLOCKED}`]);
  });

  it("the tooltip of a network whose status page is refused says why it shows the mirror node's health", () => {
    const health: LocalHealth = { level: 'ok', lagSeconds: 3, text: 'testnet · 3 s behind', detail: 'answers' };
    const snap: LocalSnapshot = {
      host: 'testnet.mirrornode.hedera.com',
      name: 'testnet',
      why: 'testnet · from the settings',
      health,
      checkedAt: NOW,
      statusPageRefused: STATUS_URL,
    };
    const md = localTooltip(snap, { now: NOW, time });
    assert.strictEqual(
      statusPageRefused(STATUS_URL),
      'The status page (https://status.hedera.com) cannot be read from this browser: it may not allow other ' +
        "origins (CORS); the item shows the mirror node's own health.",
    );
    assert.ok(md.includes(escapeMarkdown(statusPageRefused(STATUS_URL))), md);
    assert.ok(!md.includes('No status page covers'), md);
    const { statusPageRefused: _dropped, ...plain } = snap;
    assert.ok(!localTooltip(plain, { now: NOW, time }).includes('cannot be read from this browser'));
    assert.ok(localMenuEntries(snap, time).some(e => e.label === '$(info) No status page'));
  });
});
