// Workspace artifacts are untrusted: a file padded with repeats of one item, or one event in every
// indexed/not-indexed combination, must cost what its distinct content costs, and decode to one
// answer per distinct signature.
import * as assert from 'assert';
import {
  AbiIndex,
  callLines,
  contractResultLine,
  decodeContractResult,
  describeOrigin,
  eventLines,
  formatCallAnswer,
  formatEvent,
  oneLiner,
  parseArtifact,
  type IndexedContract,
} from '../../../src/abi';
import { assertGrowth } from '../../support/growth';
import { MY_TOKEN, call, longZero, readJson, word } from './helpers';

function contractOf(file: string, artifact: unknown): IndexedContract {
  const outcome = parseArtifact(file, JSON.stringify(artifact));
  assert.ok(outcome.kind === 'indexed', outcome.kind === 'skipped' ? outcome.reason : '');
  return outcome.contracts[0];
}

/** One event of `bits` uint256 arguments, listed once for each of `n` indexed/not-indexed patterns. */
function eventVariants(n: number): unknown[] {
  const bits = Math.ceil(Math.log2(n));
  return Array.from({ length: n }, (_, variant) => ({
    type: 'event',
    name: 'Moved',
    anonymous: false,
    inputs: Array.from({ length: bits }, (_, j) => ({
      name: `a${j}`,
      type: 'uint256',
      indexed: (variant >> j) % 2 === 1,
    })),
  }));
}

describe('hostile artifacts', () => {
  it('one event listed in many indexed shapes: the lookup keeps every shape, at linear cost', () => {
    const make = (n: number) => contractOf('Moved.abi.json', eventVariants(n));
    const lookup = (contract: IndexedContract) => {
      const index = new AbiIndex([]);
      index.setFile('Moved.abi.json', [contract]);
      return index.eventsFor(contract.events[0].selector);
    };
    const small = make(256);
    assert.strictEqual(small.events.length, 256);
    assert.strictEqual(lookup(small).length, 256, 'each indexed shape is its own entry');
    assertGrowth('the event lookup of n shapes', make, lookup, 256);
  });

  it('an artifact that lists transfer 20,000 times decodes a call to it once', () => {
    const token = readJson(MY_TOKEN);
    const transfer = (token.abi as { name?: string }[]).find(i => i.name === 'transfer');
    const code = token.deployedBytecode as string;
    const padded = (n: number) =>
      contractOf('artifacts/Padded.json', {
        contractName: 'Padded',
        sourceName: 'contracts/Padded.sol',
        abi: Array.from({ length: n }, () => transfer),
        deployedBytecode: code,
      });
    const contract = padded(20_000);
    assert.strictEqual(contract.functions.length, 1, 'repeats of one signature are one function');
    const index = new AbiIndex([]);
    index.setFile('artifacts/Padded.json', [contract]);
    const match = index.matchContract({ runtimeBytecode: code });
    assert.strictEqual(match?.kind, 'bytecode');
    const answer = index.decodeCall(call(MY_TOKEN, 'transfer', [longZero(1234), 5n]), match);
    assert.ok(answer.kind === 'call');
    assert.strictEqual(answer.candidates.length, 1);
    assert.strictEqual(oneLiner(answer), 'Padded.transfer(to: 0.0.1234, amount: 5)');
  });

  it('repeats of an error or an event fold the same way; events differing in indexed arguments do not', () => {
    const error = { type: 'error', name: 'Denied', inputs: [{ name: 'who', type: 'address' }] };
    const event = (indexed: boolean) => ({
      type: 'event',
      name: 'Paid',
      anonymous: false,
      inputs: [{ name: 'to', type: 'address', indexed }],
    });
    const contract = contractOf('Many.abi.json', [error, error, event(true), event(true), event(false)]);
    assert.strictEqual(contract.errors.length, 1);
    assert.deepStrictEqual(
      contract.events.map(e => e.item.inputs[0].indexed),
      [true, false],
    );
  });

  it('artifact names reach the panels with bidi controls and line breaks shown as code points', () => {
    const sneaky = 'amount\n[x](command:y)';
    const contract = contractOf('artifacts/Vault.json', {
      contractName: 'Vault\u202edlrow',
      sourceName: 'contracts/Vault\u2066.sol',
      abi: [
        {
          type: 'function',
          name: 'deposit',
          inputs: [{ name: sneaky, type: 'uint256' }],
          outputs: [],
          stateMutability: 'nonpayable',
        },
        { type: 'event', name: 'Deposited', anonymous: false, inputs: [{ name: sneaky, type: 'uint256' }] },
      ],
      deployedBytecode: readJson(MY_TOKEN).deployedBytecode,
    });
    const index = new AbiIndex([]);
    index.setFile('artifacts/Vault.json', [contract]);
    const data = `${contract.functions[0].selector}${word(7)}`;
    const answer = index.decodeCall(data);
    const log = { topics: [contract.events[0].selector], data: `0x${word(7)}` };
    const event = index.decodeLog(log);
    const decoded = decodeContractResult(
      index,
      { to: longZero(5005), function_parameters: data, call_result: '0x', result: 'SUCCESS', logs: [] },
      readJson(MY_TOKEN).deployedBytecode as string,
    );
    const texts = [
      ...callLines(answer),
      ...eventLines(event),
      formatCallAnswer(answer),
      formatEvent(event),
      describeOrigin(contract.origin),
      oneLiner(answer),
      contractResultLine(decoded) ?? '',
    ];
    for (const text of texts) assert.doesNotMatch(text, /[\u202e\u2066\n\r]/, JSON.stringify(text));
    assert.strictEqual(oneLiner(answer), 'Vault⟨U+202E⟩dlrow.deposit(amount⟨U+000A⟩[x](command:y): 7)');
    assert.strictEqual(
      describeOrigin(contract.origin),
      'Vault⟨U+202E⟩dlrow, contracts/Vault⟨U+2066⟩.sol (artifacts/Vault.json)',
    );
    assert.ok(callLines(answer).includes('  amount⟨U+000A⟩[x](command:y) (uint256): 7'));
  });
});
