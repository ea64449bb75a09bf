// Conformance of the topic message endpoints with the mirror node's own exchanges. The shared
// recordings (../shared/fixtures/mirror-node/responses.jsonl) hold no topic exchange, so the pairs
// come from the server's own REST spec data in ../shared/real-mirror-node/mirror-src.tar.gz
// (rest/__tests__/specs/topics: each test's URL, expected status and expected body), served byte
// for byte by the loopback replay. Every pair goes through a TYPED call of the client:
//  - a success: the request sent equals the recorded one up to parameter order and the case of
//    parameter names; every entry decodes (src/topics), sequence numbers and bytes exactly the body's
//    (base64 or utf-8 as asked), links.next as recorded;
//  - an error: either the client refuses it before sending (MirrorInputError naming a parameter the
//    server named, and no request went out), or it surfaces exactly the server's messages.
// Two URLs put a query on a single-message endpoint (`?limit=2`, `?account.id=`), which that typed
// call has no way to send: their calls are checked to send the bare path (which the replay answers
// as the server would with no record: 404) and they are counted as such.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as assert from 'assert';
import { createMirrorClient, MirrorError, MirrorInputError, type MirrorClient } from '../../src/mirror';
import { base64ToBytes } from '../../src/ledger/encoding';
import { decodeTopicMessage } from '../../src/topics';
import { parseLossless } from '../../src/mirror/lossless';
import { sharedRoot } from '../support/paths';
import { canonicalTarget, parseRequestTarget, startMirrorReplay, type MirrorReplay } from '../support/mirrorReplay';

interface SpecPair {
  readonly source: string;
  readonly url: string;
  readonly status: number;
  readonly body: unknown;
}

const SPECS = 'rest/__tests__/specs/topics';
/** The members of a topic message that are numbers on the wire (parseLossless keeps long ones as digits). */
const NUMERIC = new Set(['sequence_number', 'running_hash_version', 'number', 'total', 'nonce']);

/** A body as the server writes it: the numeric members' digit strings written back as numbers. */
function bodyText(body: unknown): string {
  return JSON.stringify(body ?? {}, (key, value: unknown) =>
    NUMERIC.has(key) && typeof value === 'string' && /^\d+$/.test(value) ? `@digits:${value}` : value,
  ).replace(/"@digits:(\d+)"/g, '$1');
}

function specPairs(): SpecPair[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'topic-specs-'));
  try {
    const tarball = path.join(sharedRoot(), 'real-mirror-node', 'mirror-src.tar.gz');
    execFileSync('tar', ['xzf', tarball, '-C', dir, '--wildcards', `${SPECS}/*.json`]);
    const pairs: SpecPair[] = [];
    const walk = (d: string): void => {
      for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
        const full = path.join(d, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.json')) {
          // Lossless: the specs hold sequence numbers near 2^63 that JSON.parse would round.
          const spec = parseLossless(fs.readFileSync(full, 'utf8')) as Record<string, unknown>;
          const cases = Array.isArray(spec['tests']) ? (spec['tests'] as Record<string, unknown>[]) : [spec];
          for (const c of cases) {
            const urls = (c['urls'] ?? (c['url'] !== undefined ? [c['url']] : [])) as string[];
            const status = (c['responseStatus'] ?? spec['responseStatus']) as number | undefined;
            // responseHeaders.json checks headers only: no status, no body to compare.
            if (status === undefined) continue;
            for (const url of urls)
              pairs.push({
                source: path.relative(dir, full),
                url,
                status,
                body: c['responseJson'] ?? spec['responseJson'],
              });
          }
        }
      }
    };
    walk(path.join(dir, SPECS));
    return pairs;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

type Call = {
  readonly expressible: boolean;
  readonly run: (c: MirrorClient) => Promise<object>;
  readonly encoding: 'base64' | 'utf-8';
};

/** The typed call a recorded URL stands for. */
function callFor(url: string): Call {
  const { path: p, query } = parseRequestTarget(url);
  const single = /^\/api\/v1\/topics\/([^/]+)\/messages\/([^/]+)$/.exec(p);
  if (single)
    return { expressible: query.length === 0, encoding: 'base64', run: c => c.getTopicMessage(single[1], single[2]) };
  const at = /^\/api\/v1\/topics\/messages\/([^/]+)$/.exec(p);
  if (at) return { expressible: query.length === 0, encoding: 'base64', run: c => c.getTopicMessageAt(at[1]) };
  const list = /^\/api\/v1\/topics\/([^/]+)\/messages$/.exec(p);
  assert.ok(list, `a topic messages URL: ${url}`);
  const params: Record<string, unknown> = {};
  const many = (name: string, value: string) => {
    const had = params[name] as string | string[] | undefined;
    params[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  };
  for (const { name, value } of query) {
    if (name === 'limit') params['limit'] = /^-?\d+$/.test(value) ? Number(value) : value;
    else if (name === 'sequencenumber' || name === 'timestamp') many(name, value);
    else params[name] = value;
  }
  const encoding = params['encoding'] === 'utf-8' ? 'utf-8' : 'base64';
  return { expressible: true, encoding, run: c => c.listTopicMessages(list[1], params) };
}

function endpointOf(url: string): string {
  const { path: p } = parseRequestTarget(url);
  if (/^\/api\/v1\/topics\/messages\/[^/]+$/.test(p)) return 'messages at a timestamp';
  if (/^\/api\/v1\/topics\/[^/]+\/messages\/[^/]+$/.test(p)) return 'one message';
  if (/^\/api\/v1\/topics\/[^/]+\/messages$/.test(p)) return 'topic messages';
  return p;
}

/** The server's `_status.messages[].message`. */
function serverMessages(body: unknown): string[] {
  const status = (body as { _status?: { messages?: { message: string }[] } })?._status;
  return (status?.messages ?? []).map(m => m.message);
}

function checkEntry(raw: Record<string, unknown>, encoding: 'base64' | 'utf-8', where: string): void {
  const m = decodeTopicMessage(raw, encoding);
  assert.strictEqual(m.sequenceNumber, BigInt(raw['sequence_number'] as number | string), where);
  const expected =
    encoding === 'utf-8' ? new TextEncoder().encode(raw['message'] as string) : base64ToBytes(raw['message'] as string);
  assert.deepStrictEqual(m.bytes, expected, where);
  if (raw['chunk_info']) assert.ok(m.chunk, `${where}: chunk_info read`);
}

describe('conformance: topic message endpoints against the server spec exchanges', function () {
  this.timeout(60_000);
  const pairs = specPairs();
  let replay: MirrorReplay;
  const tally = { ok: 0, refused: 0, serverError: 0, inexpressible: 0 };

  before(async () => {
    replay = await startMirrorReplay({
      extraRecords: pairs.map(p => ({ url: p.url, status: p.status, bodyText: bodyText(p.body), source: p.source })),
    });
  });
  after(async () => {
    await replay.close();
  });

  it('reads the spec exchanges: every topic endpoint, successes and refusals', () => {
    assert.ok(pairs.length >= 30, `${pairs.length} pairs`);
    const kinds = new Set(pairs.map(p => endpointOf(p.url)));
    assert.deepStrictEqual([...kinds].sort(), ['messages at a timestamp', 'one message', 'topic messages']);
    assert.ok(
      pairs.some(p => p.status === 200) && pairs.some(p => p.status === 400) && pairs.some(p => p.status === 404),
    );
  });

  for (const [i, pair] of pairs.entries()) {
    it(`#${i} ${pair.status} ${pair.url} (${pair.source})`, async () => {
      replay.resetRequests();
      // Several specs ask one URL with different data loaded: this pair's own answer.
      replay.preferSource(pair.source);
      const call = callFor(pair.url);
      let result: object | undefined;
      let error: unknown;
      // A client of its own: the cache must not answer a URL an earlier pair asked.
      const client = createMirrorClient({ baseUrl: replay.url, retries: 0, maxRequestsPerSecond: 1000 });
      try {
        result = await call.run(client);
      } catch (e) {
        error = e;
      } finally {
        client.dispose();
      }
      if (!call.expressible) {
        assert.ok(result !== undefined || error instanceof MirrorError, String(error));
        assert.strictEqual(replay.requests.length, 1);
        assert.strictEqual(replay.requests[0].url.includes('?'), false, 'the bare path');
        tally.inexpressible++;
        return;
      }
      if (pair.status === 200) {
        assert.strictEqual(error, undefined, String(error));
        assert.strictEqual(replay.requests.length, 1);
        assert.strictEqual(canonicalTarget(replay.requests[0].url), canonicalTarget(pair.url));
        const body = pair.body as Record<string, unknown>;
        if (Array.isArray(body['messages'])) {
          const page = result as { messages: object[]; links?: { next?: string | null } };
          (body['messages'] as Record<string, unknown>[]).forEach((raw, k) => {
            checkEntry(page.messages[k] as Record<string, unknown>, call.encoding, `messages[${k}]`);
            assert.deepStrictEqual(page.messages[k], raw);
          });
          assert.strictEqual(page.links?.next ?? null, (body['links'] as { next: string | null }).next);
        } else checkEntry(result as Record<string, unknown>, call.encoding, 'the message');
        tally.ok++;
        return;
      }
      if (error instanceof MirrorInputError) {
        // Refused before sending, for a reason the server gave too.
        assert.strictEqual(replay.requests.length, 0, 'nothing sent');
        const said = serverMessages(pair.body).join(' ').toLowerCase();
        assert.ok(
          error.issues.some(issue => said.includes(issue.parameter.toLowerCase())),
          `${error.issues.map(x => x.parameter).join(', ')} vs ${said}`,
        );
        tally.refused++;
        return;
      }
      assert.ok(error instanceof MirrorError, String(error));
      assert.strictEqual(error.status, pair.status);
      assert.deepStrictEqual(error.messages, serverMessages(pair.body));
      tally.serverError++;
    });
  }

  it('accounts for every pair', () => {
    assert.strictEqual(
      tally.ok + tally.refused + tally.serverError + tally.inexpressible,
      pairs.length,
      JSON.stringify(tally),
    );
    // The spec files of the pinned tarball: 21 answers, the 6 expressible 400s refused here, the 4
    // 404s in the server's words, and the 2 queries a single-message call cannot send.
    assert.deepStrictEqual(tally, { ok: 21, refused: 6, serverError: 4, inexpressible: 2 });
  });
});
