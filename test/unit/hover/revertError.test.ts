// A hover whose lookup fails with an error body carrying revert data in `data`: the failure reads
// the server's message and detail, and the revert decoded with the hover's ABIs (a custom error of
// a workspace artifact, Error(string)); without ABIs, or with data that is not revert data, the hex.
import * as assert from 'assert';
import { encodeErrorResult } from 'viem';
import { createMirrorClient, type MirrorClient } from '../../../src/mirror';
import { parseSettings } from '../../../src/app/settings';
import { HoverResolver } from '../../../src/features/hover/resolver';
import { JsonDoc, recordFor } from '../../support/builders';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';
import { MY_TOKEN, abiOf, indexOf } from '../abi/helpers';

const unescape = (md: string) => md.replace(/\\(.)/g, '$1');

describe('hover: a server error with revert data', () => {
  let replay: MirrorReplay;
  let client: MirrorClient;

  before(async () => {
    replay = await startMirrorReplay({ port: 0 });
  });
  after(async () => {
    await replay.close();
  });
  beforeEach(() => {
    client = createMirrorClient({ baseUrl: replay.url, timeoutMs: 1000, retries: 0 });
  });
  afterEach(() => {
    client.dispose();
    replay.clearAddedRecords();
  });

  const failing = (id: string, data: string) =>
    replay.addRecords([
      recordFor(
        `/api/v1/accounts/${id}?transactions=false`,
        new JsonDoc(
          JSON.stringify({ _status: { messages: [{ message: 'CONTRACT_REVERT_EXECUTED', detail: 'no luck', data }] } }),
        ),
        400,
      ),
    ]);
  const hoverWith = async (abi: boolean, id: string) => {
    const config = parseSettings({ mirrorNodeUrl: replay.url, network: 'testnet', requestTimeoutMs: 1000 }).config;
    const resolver = new HoverResolver({
      client: () => client,
      config: () => config,
      ...(abi ? { abi: indexOf(MY_TOKEN) } : {}),
    });
    const r = await resolver.hover(`const a = "${id}";`, 12, 'typescript');
    assert.ok(r, 'a hover');
    return unescape(r.markdown);
  };

  it('a custom error of a workspace artifact, decoded beside message and detail', async () => {
    const data = encodeErrorResult({
      abi: abiOf(MY_TOKEN),
      errorName: 'Unauthorized',
      args: ['0x00000000000000000000000000000000000003e9', 'owner only'],
    });
    failing('0.0.9101', data);
    const md = await hoverWith(true, '0.0.9101');
    assert.match(md, /CONTRACT_REVERT_EXECUTED — no luck — reverted: Unauthorized\(.*"owner only"\)/);
    assert.ok(!md.includes(data), 'the decoded form replaces the long hex');
  });

  it('Error(string) decoded; without ABIs, and for data that is not revert data, the hex as sent', async () => {
    const data = encodeErrorResult({
      abi: [{ type: 'error', name: 'Error', inputs: [{ name: 'reason', type: 'string' }] }],
      errorName: 'Error',
      args: ['boom'],
    });
    failing('0.0.9102', data);
    assert.match(await hoverWith(true, '0.0.9102'), /— reverted: Error\("boom"\) \(data 0x08c379a0…, 100 bytes\)/);
    failing('0.0.9103', data);
    assert.ok((await hoverWith(false, '0.0.9103')).includes(`(data ${data})`));
    failing('0.0.9104', '0xabcd');
    assert.ok((await hoverWith(true, '0.0.9104')).includes('no luck (data 0xabcd)'));
  });
});
