// The Contracts view (the workspace's deployments and each one's read calls, simulations, state and
// history) and the CodeLens over Solidity contracts: loaded when the view is first shown, a
// Solidity file is opened (its CodeLens), or one of its commands runs.
import { feature, type ViewSlot } from '../manifest';
import { platform } from '../../util/platform';
import type * as Deployments from './index';
import type { DeploymentsTreeNode } from './nodes';

export const manifest = feature<Deployments.DeploymentsFeature>({
  name: 'deployments',
  commands: [
    'ledgerLens.refreshDeployments',
    'ledgerLens.callFunction',
    'ledgerLens.callFunctionAt',
    'ledgerLens.simulateFunction',
    'ledgerLens.estimateFunction',
    'ledgerLens.openDeploymentRecord',
    'ledgerLens.revealDeployment',
    'ledgerLens.showDeploymentHistory',
    'ledgerLens.loadMoreDeploymentHistory',
    'ledgerLens.retryDeploymentState',
    'ledgerLens.compareDeploymentState',
    'ledgerLens.copyDeploymentValue',
    'ledgerLens.findDeploymentsInCode',
  ],
  view: { id: 'ledgerLens.deployments', showCollapseAll: true },
  codeLens: { selector: [{ language: 'solidity' }, { pattern: '**/*.sol' }], provider: f => f.codeLens },
  load: (host, { services, abi, view }) =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (src/lazyFeature.ts)
    (require('./index') as typeof Deployments).registerDeployments(host, {
      clientFor: network => services.mirrorFor(network),
      abi,
      sources: () => services.trace.sources,
      ratesFor: network => services.ratesFor(network),
      accounts: () => services.config.current.accounts.map(a => a.id),
      log: services.log,
      // A browser has no worker threads: the records are read in turns on the host's thread.
      ...(platform().workerThreads ? { workerScript: host.extension.asAbsolutePath('dist/deploy-worker.js') } : {}),
      ...(view ? { view: view as ViewSlot<DeploymentsTreeNode> } : {}),
    }),
});
