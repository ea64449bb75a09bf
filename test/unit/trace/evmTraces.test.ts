// The call traces made by running the sample contracts on @ethereumjs/evm (test/support/evmTraces):
// every record and page body is what openapi.yml documents, the frames are the ones the contracts'
// code makes (a revert deep in the chain, a revert of Vault's own, a STATICCALL, a parent failing
// after its child succeeded, a frame out of gas), and two runs give the same records.
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import fc from 'fast-check';
import { encodeErrorResult, encodeFunctionData, encodeFunctionResult, parseAbi, toEventSelector, type Abi } from 'viem';
import {
  actionsPage,
  actionsPages,
  evmTraces,
  idOfLongZero,
  longZeroAddress,
  PAYER_ID,
  readSampleBuild,
  runEvmTraces,
  TOKEN_ID,
  VAULT_ID,
  type ContractActionRecord,
  type EvmScenario,
  type EvmTraces,
} from '../../support/evmTraces';
import { OpenApiSchemas } from '../../support/openapiSchema';
import { projectRoot, sharedRoot } from '../../support/paths';

const PAYER = longZeroAddress(PAYER_ID);
const TOKEN = longZeroAddress(TOKEN_ID);
const VAULT = longZeroAddress(VAULT_ID);
const ERROR_STRING = parseAbi(['error Error(string)', 'error Panic(uint256)']);

/** The `/actions` bodies of the mirror node's own spec data (its REST tests' expected answers). */
function realActionsBodies(): unknown[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'actions-specs-'));
  try {
    const specs = 'rest/__tests__/specs/contracts/results/{id}/actions';
    const tarball = path.join(sharedRoot(), 'real-mirror-node', 'mirror-src.tar.gz');
    execFileSync('tar', ['xzf', tarball, '-C', dir, '--wildcards', `${specs}/*.json`]);
    const bodies: unknown[] = [];
    for (const file of fs.readdirSync(path.join(dir, specs))) {
      const spec = JSON.parse(fs.readFileSync(path.join(dir, specs, file), 'utf8')) as Record<string, unknown>;
      const cases = Array.isArray(spec['tests']) ? (spec['tests'] as Record<string, unknown>[]) : [spec];
      for (const c of cases) {
        const body = c['responseJson'] ?? spec['responseJson'];
        if ((c['responseStatus'] ?? spec['responseStatus']) === 200 && body !== undefined) bodies.push(body);
      }
    }
    return bodies;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function ops(s: EvmScenario): string[] {
  return s.actions.map(
    a => `${a.call_depth} ${a.call_operation_type} ${a.caller}→${a.recipient} ${a.result_data_type}`,
  );
}

describe('EVM-made call traces of the sample contracts', function () {
  this.timeout(60_000);
  let traces: EvmTraces;
  let schemas: OpenApiSchemas;
  let tokenAbi: Abi;
  let vaultAbi: Abi;
  let realBodies: unknown[];

  before(async () => {
    traces = await evmTraces();
    schemas = OpenApiSchemas.load();
    const build = readSampleBuild();
    tokenAbi = build.token.abi;
    vaultAbi = build.vault.abi;
    realBodies = realActionsBodies();
  });

  describe('the openapi.yml check', () => {
    it("accepts the real server's own /actions bodies, strictly", () => {
      assert.ok(realBodies.length >= 5, `${realBodies.length} bodies`);
      for (const body of realBodies)
        assert.deepStrictEqual(schemas.validate('ContractActionsResponse', body, { strict: true }), []);
    });

    it('refuses a record broken in any one way, naming where', () => {
      const good = (realBodies[0] as { actions: Record<string, unknown>[] }).actions[0];
      assert.ok(good !== undefined);
      const cases: [string, unknown, RegExp][] = [
        ['call_operation_type', 'JUMP', /call_operation_type.*not one of/],
        ['call_type', 'call', /call_type.*not one of/],
        ['result_data_type', null, /result_data_type: null, but not nullable/],
        ['gas', '1000', /gas: string, not a number/],
        ['gas_used', 1.5, /gas_used: 1.5 is not an integer/],
        ['index', 2 ** 31, /index: not an int32/],
        ['timestamp', 'yesterday', /timestamp.*does not match/],
        ['to', '0x1234', /to.*does not match/],
        ['caller', '1001', /caller.*does not match/],
        ['recipient_type', 'TOKEN', /recipient_type.*not one of/],
        ['input', 12, /input: number, not a string/],
        ['surprise', true, /surprise: not in the schema/],
      ];
      for (const [member, value, expected] of cases) {
        const broken = { actions: [{ ...good, [member]: value }], links: { next: null } };
        const problems = schemas.validate('ContractActionsResponse', broken, { strict: true });
        assert.ok(
          problems.some(p => expected.test(p)),
          `${member} = ${JSON.stringify(value)}: ${problems.join('; ')}`,
        );
      }
      assert.match(schemas.validate('ContractActionsResponse', { actions: {} }).join(), /actions: not an array/);
      assert.match(schemas.validate('ContractActionsResponse', []).join(), /\$: not an object/);
    });
  });

  describe('the records', () => {
    it('every record of every scenario is a ContractAction with the members the real server sends', () => {
      const realMembers = new Set(
        realBodies.flatMap(b => (b as { actions: object[] }).actions.flatMap(a => Object.keys(a))),
      );
      assert.strictEqual(traces.scenarios.length, 15);
      for (const scenario of traces.scenarios) {
        assert.ok(scenario.actions.length > 0, scenario.name);
        for (const action of scenario.actions) {
          assert.deepStrictEqual(schemas.validate('ContractAction', action, { strict: true }), [], scenario.name);
          assert.deepStrictEqual(Object.keys(action).sort(), [...realMembers].sort(), scenario.name);
          assert.strictEqual(action.timestamp, scenario.timestamp);
        }
      }
    });

    it('indices are the pre-order of the frames, and each frame is called by its parent', () => {
      for (const scenario of traces.scenarios) {
        const open: ContractActionRecord[] = [];
        scenario.actions.forEach((action, i) => {
          assert.strictEqual(action.index, i, scenario.name);
          while (open.length > action.call_depth) open.pop();
          assert.strictEqual(open.length, action.call_depth, `${scenario.name} #${i}: depth skips`);
          const parent = open.at(-1);
          if (parent === undefined) {
            assert.deepStrictEqual([action.caller, action.caller_type, action.from], [PAYER_ID, 'ACCOUNT', PAYER]);
          } else {
            assert.strictEqual(action.caller, parent.recipient, `${scenario.name} #${i}`);
            assert.strictEqual(action.caller_type, 'CONTRACT');
            assert.ok(action.gas < parent.gas, 'a child has less gas than its parent');
          }
          assert.ok(action.gas_used <= action.gas, `${scenario.name} #${i}: used more gas than it had`);
          open.push(action);
        });
      }
    });

    it("a withdrawal above the vault's balance reverts in MyToken (InsufficientBalance), and so Vault's withdraw", () => {
      const s = traces.byName.withdrawAboveVaultBalance;
      assert.deepStrictEqual(ops(s), [
        `0 CALL ${PAYER_ID}→${VAULT_ID} REVERT_REASON`,
        `1 CALL ${VAULT_ID}→${TOKEN_ID} REVERT_REASON`,
      ]);
      const [withdraw, transfer] = s.actions;
      const insufficient = encodeErrorResult({
        abi: tokenAbi,
        errorName: 'InsufficientBalance',
        args: [VAULT, 400n, 1000n],
      });
      assert.strictEqual(
        withdraw.input,
        encodeFunctionData({ abi: vaultAbi, functionName: 'withdraw', args: [1000n] }),
      );
      assert.strictEqual(
        transfer.input,
        encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [PAYER, 1000n] }),
      );
      assert.deepStrictEqual(
        [withdraw.to, withdraw.recipient_type, transfer.to, transfer.from],
        [VAULT, 'CONTRACT', TOKEN, VAULT],
      );
      assert.strictEqual(transfer.result_data, insufficient, 'the error MyToken reverted with');
      assert.strictEqual(withdraw.result_data, insufficient, 'bubbled up by Vault');
      assert.ok(withdraw.gas_used > transfer.gas_used);
      const result = s.contractResult;
      assert.deepStrictEqual(
        [result.result, result.status, result.error_message, result.call_result, result.logs, result.state_changes],
        ['CONTRACT_REVERT_EXECUTED', '0x0', insufficient, '0x', [], []],
      );
    });

    it('a withdrawal of nothing fails in Vault itself, with its require message, before any call', () => {
      const s = traces.byName.withdrawNothing;
      assert.deepStrictEqual(ops(s), [`0 CALL ${PAYER_ID}→${VAULT_ID} REVERT_REASON`]);
      const reason = encodeErrorResult({ abi: ERROR_STRING, errorName: 'Error', args: ['Vault: nothing to withdraw'] });
      assert.strictEqual(s.actions[0].result_data, reason);
      assert.strictEqual(s.contractResult.error_message, reason);
    });

    it('a successful withdrawal: OUTPUT everywhere, the balance read is a STATICCALL, the events logged', () => {
      const s = traces.byName.withdraw;
      assert.deepStrictEqual(ops(s), [
        `0 CALL ${PAYER_ID}→${VAULT_ID} OUTPUT`,
        `1 CALL ${VAULT_ID}→${TOKEN_ID} OUTPUT`,
        `1 STATICCALL ${VAULT_ID}→${TOKEN_ID} OUTPUT`,
      ]);
      const [withdraw, transfer, balance] = s.actions;
      assert.strictEqual(withdraw.result_data, '0x');
      assert.strictEqual(
        transfer.result_data,
        encodeFunctionResult({ abi: tokenAbi, functionName: 'transfer', result: true }),
      );
      assert.strictEqual(
        balance.input,
        encodeFunctionData({ abi: tokenAbi, functionName: 'balanceOf', args: [VAULT] }),
      );
      assert.strictEqual(
        balance.result_data,
        encodeFunctionResult({ abi: tokenAbi, functionName: 'balanceOf', result: 400n }),
      );
      const result = s.contractResult;
      assert.deepStrictEqual([result.result, result.status, result.error_message], ['SUCCESS', '0x1', null]);
      assert.deepStrictEqual(
        result.logs.map(l => [l.contract_id, l.topics[0]]),
        [
          [TOKEN_ID, toEventSelector('Transfer(address,address,uint256)')],
          [VAULT_ID, toEventSelector('Withdrawn(address,uint256,uint256)')],
        ],
      );
      assert.ok(
        result.state_changes.some(c => c.contract_id === VAULT_ID && c.value_written !== null),
        'the deposit debited',
      );
      assert.ok(result.gas_consumed < result.gas_used, 'at least 80% of the limit is charged');
      assert.strictEqual(result.gas_used, 240_000);
    });

    it('a deposit: Vault takes the tokens with transferFrom, OUTPUT everywhere', () => {
      const s = traces.byName.deposit;
      assert.deepStrictEqual(ops(s), [
        `0 CALL ${PAYER_ID}→${VAULT_ID} OUTPUT`,
        `1 CALL ${VAULT_ID}→${TOKEN_ID} OUTPUT`,
      ]);
      assert.strictEqual(
        s.actions[1].input,
        encodeFunctionData({ abi: tokenAbi, functionName: 'transferFrom', args: [PAYER, VAULT, 600n] }),
      );
    });

    it('a parent that reverts after its child succeeded (Panic 0x11 in Vault after the transfer)', () => {
      const s = traces.byName.withdrawAboveDeposit;
      assert.deepStrictEqual(ops(s), [
        `0 CALL ${PAYER_ID}→${VAULT_ID} REVERT_REASON`,
        `1 CALL ${VAULT_ID}→${TOKEN_ID} OUTPUT`,
      ]);
      assert.strictEqual(
        s.actions[0].result_data,
        encodeErrorResult({ abi: ERROR_STRING, errorName: 'Panic', args: [0x11n] }),
      );
    });

    it("a frame out of gas is an ERROR carrying Hedera's halt reason", () => {
      const s = traces.byName.withdrawOutOfGas;
      const halted = s.actions.filter(a => a.result_data_type === 'ERROR');
      assert.ok(halted.length > 0, ops(s).join('; '));
      for (const a of halted) {
        assert.strictEqual(a.result_data, `0x${Buffer.from('INSUFFICIENT_GAS').toString('hex')}`);
        assert.strictEqual(a.gas_used, a.gas, 'a halted frame uses all its gas');
      }
      assert.notStrictEqual(s.contractResult.result, 'SUCCESS');
      assert.strictEqual(s.contractResult.status, '0x0');
    });

    it("creates: at the long-zero address, returning the build-info's runtime code with its immutables filled", () => {
      const build = JSON.parse(
        fs.readFileSync(path.join(projectRoot(), traces.solc.buildInfoFile), 'utf8'),
      ) as BuildInfoShape;
      for (const [name, id, source, contract] of [
        ['deployToken', TOKEN_ID, 'contracts/MyToken.sol', 'MyToken'],
        ['deployVault', VAULT_ID, 'contracts/Vault.sol', 'Vault'],
      ] as const) {
        const s = traces.byName[name];
        assert.deepStrictEqual(ops(s), [`0 CREATE ${PAYER_ID}→${id} OUTPUT`]);
        assert.strictEqual(s.actions[0].call_type, 'CREATE');
        const deployed = build.output.contracts[source][contract].evm.deployedBytecode;
        const runtime = s.actions[0].result_data ?? '';
        assert.strictEqual(runtime, s.contracts.find(c => c.contract_id === id)?.runtime_bytecode);
        assert.strictEqual(s.contractResult.call_result, runtime);
        assert.deepStrictEqual(s.contractResult.created_contract_ids, [id]);
        const masked = maskImmutables(runtime.slice(2), deployed.immutableReferences);
        assert.strictEqual(masked, maskImmutables(deployed.object, deployed.immutableReferences), contract);
      }
      const vaultCode = traces.byName.deployVault.actions[0].result_data ?? '';
      assert.ok(vaultCode.includes(TOKEN.slice(2)), "Vault's immutable token is MyToken's long-zero address");
    });

    it('each contract result is what GET /contracts/results/{id} answers (ContractResultDetails)', () => {
      for (const s of traces.scenarios) {
        // The real server sends failed_initcode null for a call (its own spec data), where
        // openapi.yml says a string: that one member is checked on its own.
        const { failed_initcode, ...rest } = s.contractResult;
        assert.strictEqual(failed_initcode, null, s.name);
        assert.deepStrictEqual(schemas.validate('ContractResultDetails', rest, { strict: true }), [], s.name);
        assert.strictEqual(s.contractResult.timestamp, s.timestamp);
        assert.strictEqual(s.contractResult.from, PAYER);
        assert.match(s.transactionId, /^0\.0\.1001-\d{10}-\d{9}$/);
        for (const c of s.contracts) assert.strictEqual(idOfLongZero(c.evm_address), c.contract_id);
      }
      assert.deepStrictEqual(
        traces.byName.withdraw.contracts.map(c => c.contract_id),
        [TOKEN_ID, VAULT_ID],
      );
    });
  });

  describe('pages', () => {
    it('each page body is a ContractActionsResponse; links.next pages by index as the real server does', () => {
      const s = traces.byName.withdraw;
      const pages = actionsPages(s, 1);
      assert.deepStrictEqual(
        pages.map(p => [p.url, p.body.actions.map(a => a.index), p.body.links.next]),
        [
          [
            `/api/v1/contracts/results/${s.transactionId}/actions?limit=1`,
            [0],
            `/api/v1/contracts/results/${s.transactionId}/actions?limit=1&index=gt:0`,
          ],
          [
            `/api/v1/contracts/results/${s.transactionId}/actions?limit=1&index=gt:0`,
            [1],
            `/api/v1/contracts/results/${s.transactionId}/actions?limit=1&index=gt:1`,
          ],
          [
            `/api/v1/contracts/results/${s.transactionId}/actions?limit=1&index=gt:1`,
            [2],
            `/api/v1/contracts/results/${s.transactionId}/actions?limit=1&index=gt:2`,
          ],
          // A full last page still links on; the next one is empty, as the server answers.
          [`/api/v1/contracts/results/${s.transactionId}/actions?limit=1&index=gt:2`, [], null],
        ],
      );
      for (const scenario of traces.scenarios) {
        for (const limit of [1, 2, 25, 100]) {
          for (const { body } of actionsPages(scenario, limit)) {
            assert.deepStrictEqual(schemas.validate('ContractActionsResponse', body, { strict: true }), []);
          }
        }
      }
      assert.deepStrictEqual(actionsPage(s, 25).links, { next: null });
      assert.throws(() => actionsPage(s, 0), RangeError);
      assert.throws(() => actionsPage(s, 101), RangeError);
    });

    it('following links.next reads every action once, in order, for any limit (property)', () => {
      fc.assert(
        fc.property(fc.constantFrom(...traces.scenarios), fc.integer({ min: 1, max: 100 }), (s, limit) => {
          const pages = actionsPages(s, limit);
          assert.deepStrictEqual(
            pages.flatMap(p => p.body.actions),
            s.actions,
          );
          assert.strictEqual(pages.length, Math.floor(s.actions.length / limit) + 1);
          assert.ok(pages.every(p => p.body.actions.length <= limit));
        }),
      );
    });

    it('long-zero addresses and ids round-trip (property), other addresses have no id', () => {
      fc.assert(
        fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), n => {
          assert.strictEqual(idOfLongZero(longZeroAddress(`0.0.${n}`)), `0.0.${n}`);
        }),
      );
      assert.strictEqual(idOfLongZero('0x1d8bfdc5d46dc4f61d6b6115972536ebe6a8854c'), undefined);
      assert.strictEqual(idOfLongZero('0x03ea'), undefined);
      assert.throws(() => longZeroAddress('1.2.3'), /not a 0\.0\.n id/);
    });
  });

  it('two runs give the same records', async () => {
    const again = await runEvmTraces();
    assert.strictEqual(JSON.stringify(again), JSON.stringify(traces));
    assert.notStrictEqual(again, traces, 'a fresh run, not the shared one');
    assert.match(traces.solc.longVersion, /^0\.8\.\d+\+commit\.[0-9a-f]{8}/);
    assert.strictEqual(path.basename(traces.solc.buildInfoFile), `${traces.solc.buildInfoId}.json`);
  });
});

interface BuildInfoShape {
  output: {
    contracts: Record<
      string,
      Record<
        string,
        {
          evm: {
            deployedBytecode: {
              object: string;
              immutableReferences: Record<string, { start: number; length: number }[]>;
            };
          };
        }
      >
    >;
  };
}

/** The code with each immutable's bytes zeroed (they are filled in at deployment). */
function maskImmutables(
  code: string,
  references: BuildInfoShape['output']['contracts'][string][string]['evm']['deployedBytecode']['immutableReferences'],
): string {
  let masked = code;
  for (const ranges of Object.values(references)) {
    for (const { start, length } of ranges) {
      masked = masked.slice(0, start * 2) + '00'.repeat(length) + masked.slice((start + length) * 2);
    }
  }
  return masked;
}
