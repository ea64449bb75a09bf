// Our own data for the real mirror node (test/real-mirror/own), checked without the server: the
// MyToken call is built from the sample workspace's artifact (its code, its ABI's selectors and
// topics), and the NFT collection is more than a page of the Accounts view.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { decodeEventLog, decodeFunctionData, toEventSelector, type Abi, type Hex } from 'viem';
import { NFT_PAGE } from '../../../src/features/accounts/nftList';
import { projectRoot } from '../../support/paths';
import { DATASETS } from '../../real-mirror/datasets';
import { OWN_SETUPS } from '../../real-mirror/own';
import { MY_TOKEN_ARTIFACT, MY_TOKEN_CALL } from '../../real-mirror/own/myToken';
import { NFT_COLLECTION } from '../../real-mirror/own/nftCollection';

interface Row {
  [key: string]: unknown;
}

const rows = (setup: Record<string, unknown>, key: string): Row[] => setup[key] as Row[];

describe('real mirror node: our own data', () => {
  const artifact = JSON.parse(fs.readFileSync(path.join(projectRoot(), MY_TOKEN_ARTIFACT), 'utf8')) as {
    abi: Abi;
    deployedBytecode: Hex;
  };

  it("the MyToken call: the artifact's runtime bytecode, a transfer() and its Transfer and Memo logs", () => {
    const setup = OWN_SETUPS['my-token'].build(projectRoot());
    const [contract] = rows(setup, 'contracts');
    assert.strictEqual(contract['runtime_bytecode'], artifact.deployedBytecode);
    const [result] = rows(setup, 'contractresults');
    const call = decodeFunctionData({ abi: artifact.abi, data: result['function_parameters'] as Hex });
    assert.strictEqual(call.functionName, 'transfer');
    assert.deepStrictEqual(call.args, [MY_TOKEN_CALL.to, MY_TOKEN_CALL.amount]);
    const logs = rows(setup, 'contractlogs');
    assert.deepStrictEqual(
      logs.map(l => l['topic0']),
      [toEventSelector('Transfer(address,address,uint256)'), toEventSelector('Memo(address,string,bytes32)')],
    );
    // Unused topics are null: the loader's defaults would fill them with other events' hashes.
    assert.deepStrictEqual(
      logs.map(l => [l['topic2'] === null, l['topic3']]),
      [
        [false, null],
        [true, null],
      ],
    );
    const topics = (l: Row) => [l['topic0'], l['topic1'], l['topic2']].filter(t => t !== null) as [Hex, ...Hex[]];
    const transfer = decodeEventLog({ abi: artifact.abi, topics: topics(logs[0]), data: logs[0]['data'] as Hex });
    const args = transfer.args as unknown as { from: string; to: string; value: bigint };
    assert.deepStrictEqual(
      [args.from.toLowerCase(), args.to.toLowerCase(), args.value],
      ['0x00000000000000000000000000000000000003e9', MY_TOKEN_CALL.to, MY_TOKEN_CALL.amount],
    );
    const memo = decodeEventLog({ abi: artifact.abi, topics: topics(logs[1]), data: logs[1]['data'] as Hex });
    assert.strictEqual((memo.args as unknown as { text: string }).text, MY_TOKEN_CALL.memo);
  });

  it('the NFT collection: one account holds a page of NFTs and more, serials 1..n', () => {
    const setup = OWN_SETUPS['nft-collection'].build();
    const nfts = rows(setup, 'nfts');
    assert.ok(nfts.length > NFT_PAGE && nfts.length === NFT_COLLECTION.count);
    assert.ok(nfts.every(n => n['account_id'] === NFT_COLLECTION.owner && n['token_id'] === NFT_COLLECTION.token));
    assert.deepStrictEqual(
      nfts.map(n => n['serial_number']),
      Array.from({ length: nfts.length }, (_, i) => i + 1),
    );
  });

  it('every own setup a set names exists, and is loaded by one set of the suite at most', () => {
    const named = Object.values(DATASETS)
      .filter(s => s.name !== 'demo')
      .flatMap(s => s.own);
    assert.deepStrictEqual([...new Set(named)].sort(), Object.keys(OWN_SETUPS).sort());
    assert.strictEqual(new Set(named).size, named.length);
  });
});
