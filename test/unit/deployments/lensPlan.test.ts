import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { MAX_LENSES, planLenses, sameSource } from '../../../src/features/deployments/lensPlan';
import type { DeploymentsModel, KnownDeployment } from '../../../src/features/deployments/model';
import { outlineSolidity } from '../../../src/features/deployments/solidityOutline';
import { projectRoot } from '../../support/paths';
import { crowdfundDeployment, crowdfundIndex } from './fixtures';

const DOCUMENT = '/work/project/test/workspace/hardhat-sample/contracts/Crowdfund.sol';
const SOURCE = fs.readFileSync(
  path.join(projectRoot(), 'test', 'workspace', 'hardhat-sample', 'contracts', 'Crowdfund.sol'),
  'utf8',
);

function model(...deployments: KnownDeployment[]): DeploymentsModel {
  return { deployments, problems: [] };
}

const none = () => undefined;

describe('deployments: the CodeLens plan', () => {
  const { contract } = crowdfundIndex();
  const testnet = crowdfundDeployment('testnet', contract);
  const previewnet = crowdfundDeployment('previewnet', contract);

  it('names the deployed instances over the contract and offers Call on each network over its views', () => {
    const plan = planLenses(outlineSolidity(SOURCE), model(testnet, previewnet), DOCUMENT, none);
    const line = (text: string) => SOURCE.slice(0, SOURCE.indexOf(text)).split('\n').length - 1;
    const at = (l: number) => plan.lenses.filter(x => x.line === l).map(x => x.title);
    assert.deepStrictEqual(at(line('contract Crowdfund')), ['Deployed: testnet 0.0.1006', 'previewnet 0.0.1006']);
    assert.deepStrictEqual(at(line('function shareOf')), ['Call on testnet', 'Call on previewnet']);
    assert.deepStrictEqual(at(line('function pledge(')), [], 'not over a function that writes');
    const call = plan.lenses.find(l => l.title === 'Call on previewnet' && l.line === line('function preview'));
    assert.deepStrictEqual(call && { command: call.command, args: call.args }, {
      command: 'ledgerLens.callFunction',
      args: { key: previewnet.key, signature: 'preview(uint256)' },
    });
    const reveal = plan.lenses[0];
    assert.deepStrictEqual([reveal.command, reveal.args], ['ledgerLens.revealDeployment', { key: testnet.key }]);
    assert.deepStrictEqual(
      plan.deployments.map(d => d.key),
      [testnet.key, previewnet.key],
    );
  });

  it('says how many calls of a function failed recently, and opens the History', () => {
    const pledge = contract.functions.find(f => f.item.name === 'pledge')!.selector;
    const failures = (key: string) => (key === testnet.key ? new Map([[pledge, 2]]) : new Map<string, number>());
    const plan = planLenses(outlineSolidity(SOURCE), model(testnet, previewnet), DOCUMENT, failures);
    const failed = plan.lenses.filter(l => l.command === 'ledgerLens.showDeploymentHistory');
    assert.deepStrictEqual(
      failed.map(l => [l.title, l.args]),
      [['2 failed recently on testnet 0.0.1006', { key: testnet.key }]],
    );
    const alone = planLenses(outlineSolidity(SOURCE), model(testnet), DOCUMENT, failures);
    assert.ok(alone.lenses.some(l => l.title === '2 failed recently'));
  });

  it('shows nothing over another file of the same name, an interface or a library', () => {
    assert.deepStrictEqual(
      planLenses(outlineSolidity(SOURCE), model(testnet), '/elsewhere/other/Crowdfund.sol', none).lenses,
      [],
    );
    assert.ok(sameSource(testnet, 'C:\\work\\contracts\\Crowdfund.sol'));
    assert.ok(!sameSource(testnet, '/work/notcontracts/Crowdfund.sol'));
    const text = 'interface Crowdfund { function goal() external view returns (uint); }\nlibrary Crowdfund2 {}';
    assert.deepStrictEqual(planLenses(outlineSolidity(text), model(testnet), DOCUMENT, none).lenses, []);
  });

  it('without the ABI names the instance only', () => {
    const plan = planLenses(outlineSolidity(SOURCE), model(crowdfundDeployment('testnet')), DOCUMENT, none);
    assert.deepStrictEqual(
      plan.lenses.map(l => l.title),
      ['Deployed: testnet 0.0.1006'],
    );
    assert.deepStrictEqual(plan.deployments, []);
  });

  it('keeps to its cap over a file of a thousand views', () => {
    const fns = Array.from(
      { length: 1000 },
      (_, i) => `function shareOf(uint a${i}) external view returns (uint) {}`,
    ).join('\n');
    const plan = planLenses(
      outlineSolidity(`contract Crowdfund {\n${fns}\n}`),
      model(testnet, previewnet),
      DOCUMENT,
      none,
    );
    assert.strictEqual(plan.lenses.length, MAX_LENSES);
  });
});
