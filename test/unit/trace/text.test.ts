import * as assert from 'assert';
import { stringToHex } from 'viem';
import { buildCallTrace, traceOneLiner, traceText, type CallTrace, type TraceFrame } from '../../../src/trace';
import {
  ACCOUNT,
  TOKEN,
  VAULT,
  action,
  failingWithdraw,
  insufficientBalance,
  sampleCodes,
  sampleIndex,
  transferInput,
  transferOutput,
  withdrawInput,
  aFrame,
} from './fixtures';

const build = (actions: Parameters<typeof buildCallTrace>[0]) =>
  buildCallTrace(actions, { abi: sampleIndex(), codes: sampleCodes() });

/** A trace written by hand (the text forms read only the frames). */
function frame(fields: Partial<TraceFrame>): TraceFrame {
  return aFrame({
    caller: { label: '0.0.1001', kind: 'account' },
    recipient: { label: 'Vault', kind: 'artifact' },
    gas: 1n,
    gasUsed: 1n,
    ...fields,
  });
}

describe('trace/text: the compact text form and the one-liner', () => {
  it('one line per frame, indented by level, with the decoded error on the failed frames', () => {
    const text = traceText(build(failingWithdraw()));
    assert.strictEqual(
      text,
      [
        'CALL Vault.withdraw(amount: 1500) [gas 30000/28000] → reverted: InsufficientBalance(account: 0.0.5001, balance: 1000, needed: 1500)',
        '  CALL MyToken.transfer(to: 0.0.1001, amount: 1500) [gas 20000/15000] → reverted: InsufficientBalance(account: 0.0.5001, balance: 1000, needed: 1500)  ← first failure',
      ].join('\n'),
    );
  });

  it('the one-liner: the calls from the root to where it failed, then the error', () => {
    assert.strictEqual(
      traceOneLiner(build(failingWithdraw())),
      'reverted in Vault.withdraw → MyToken.transfer: InsufficientBalance(account: 0.0.5001, balance: 1000, needed: 1500)',
    );
  });

  it('nothing failed: no one-liner, and the lines show outputs, values and the call type', () => {
    const trace = build([
      action({ index: 0, input: withdrawInput(7n), result_data: transferOutput(true), value: 150_000_000n }),
      action({ index: 1, call_depth: 1, call_type: 'PRECOMPILE', recipient: '0.0.361', to: null, input: '0xd83bf9a1' }),
      action({ index: 2, call_depth: 1, recipient: ACCOUNT.id, to: null, recipient_type: 'ACCOUNT', value: 5n }),
    ]);
    assert.strictEqual(traceOneLiner(trace), undefined);
    assert.deepStrictEqual(traceText(trace).split('\n'), [
      'CALL Vault.withdraw(amount: 7) value 1.50000000 ℏ [gas 30000/28000] → true',
      '  CALL (PRECOMPILE) PRNG system contract.getPseudorandomSeed() [gas 30000/28000]',
      '  CALL 0.0.1001 value 0.00000005 ℏ [gas 30000/28000]',
    ]);
  });

  it('says what is incomplete and the notes first, and a frame’s notes on its line', () => {
    const trace = buildCallTrace([action({ index: 3, call_type: 'HOOK' })], {
      abi: sampleIndex(),
      codes: sampleCodes(),
      incomplete: 'only the first 1 actions are shown',
    });
    assert.deepStrictEqual(traceText(trace).split('\n'), [
      '# incomplete: only the first 1 actions are shown',
      '# note: no actions with index 0 to 2',
      'CALL (HOOK) Vault [gas 30000/28000]  (note: unknown call type "HOOK")',
    ]);
  });

  it('an error the server gave (ERROR) reads "failed", in the text and the one-liner', () => {
    const trace = build([
      action({ result_data_type: 'ERROR', result_data: stringToHex('MAX_CHILD_RECORDS_EXCEEDED') }),
    ]);
    assert.strictEqual(
      traceText(trace),
      'CALL Vault [gas 30000/28000] → failed: MAX_CHILD_RECORDS_EXCEEDED  ← first failure',
    );
    assert.strictEqual(traceOneLiner(trace), 'failed in Vault: MAX_CHILD_RECORDS_EXCEEDED');
  });

  it('the one-liner is cut to about 160 characters: the error’s arguments first, then the chain’s middle', () => {
    const error = insufficientBalance(VAULT.address, 10n ** 30n, 10n ** 31n);
    const deep = [
      action({ index: 0, input: withdrawInput(1n), result_data_type: 'REVERT_REASON', result_data: error }),
    ];
    for (let i = 1; i <= 8; i++)
      deep.push(
        action({
          index: i,
          call_depth: i,
          recipient: TOKEN.id,
          to: TOKEN.address,
          input: transferInput(ACCOUNT.address, BigInt(i)),
          result_data_type: 'REVERT_REASON',
          result_data: error,
        }),
      );
    const two = traceOneLiner(build(deep.slice(0, 2)));
    assert.strictEqual(two, 'reverted in Vault.withdraw → MyToken.transfer: InsufficientBalance(…)');
    const nine = traceOneLiner(build(deep)) ?? '';
    assert.strictEqual(
      nine,
      'reverted in Vault.withdraw → … → MyToken.transfer → MyToken.transfer: InsufficientBalance(…)',
    );
    assert.ok(nine.length <= 160);
  });

  it('a hostile label and error stay within the cut and visible', () => {
    const long = 'X'.repeat(500);
    const origin = frame({
      recipient: { label: long, kind: 'contract' },
      call: '0x12345678',
      selector: '0x12345678',
      result: { kind: 'error', text: long },
      failed: true,
      origin: true,
    });
    const trace: CallTrace = { roots: [origin], count: 1, firstFailure: origin, notes: [] };
    const line = traceOneLiner(trace) ?? '';
    assert.strictEqual(line.length, 160);
    assert.ok(line.endsWith('…'));
    assert.ok(traceText(trace).length <= 401, 'a line is cut too');
    const bidi = build([action({ result_data_type: 'ERROR', result_data: stringToHex('OK\u202eKO\u200b') })]);
    assert.strictEqual(traceOneLiner(bidi), 'failed in Vault: OK⟨U+202E⟩KO⟨U+200B⟩');
  });

  it('deep levels stop indenting at 40 and say the level', () => {
    let inner = frame({ level: 45, index: 45 });
    for (let level = 44; level >= 0; level--) inner = frame({ level, index: level, children: [inner] });
    const lines = traceText({ roots: [inner], count: 46, notes: [] }).split('\n');
    assert.strictEqual(lines.length, 46);
    assert.strictEqual(lines[45], `${'  '.repeat(40)}[level 45] CALL Vault [gas 1/1]`);
    assert.strictEqual(lines[40], `${'  '.repeat(40)}CALL Vault [gas 1/1]`);
  });

  it('a first failure that is not in the roots (a hand-made trace) still gives a line', () => {
    const stray = frame({ failed: true, origin: true, result: { kind: 'error', text: 'E' } });
    assert.strictEqual(traceOneLiner({ roots: [], count: 0, firstFailure: stray, notes: [] }), 'failed in Vault: E');
  });
});
