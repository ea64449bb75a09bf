// The panels' view of a trace after a recompile: a trace too large for peek to rebuild at once
// must still be renamed (rebuilt in slices) and drawn again, not kept with the old names.
import * as assert from 'assert';
import { AbiIndex } from '../../../src/abi';
import type { TraceBundle } from '../../../src/features/common/trace/bundle';
import { TraceViews, type TraceSubject } from '../../../src/features/common/trace/views';
import { MirrorError } from '../../../src/mirror';
import type { ContractAction, ContractActionsResponse, ContractInfo } from '../../../src/mirror/schemas';
import { RevertMarks, SiteRegistry } from '../../../src/trace/marks';
import { ContractCodes, TraceStore, type ActionsClient } from '../../../src/trace';
import type { TraceDetail } from '../../../webview/protocol/trace';
import { MY_TOKEN_CODE, TOKEN, VAULT, VAULT_CODE, action, failingWithdraw, sampleIndex } from '../trace/fixtures';

const TX = '0.0.1001-1700000000-000000001';
const SUBJECT: TraceSubject = { network: 'testnet', idOrHash: TX, transactionId: '0.0.1001@1700000000.000000001' };

/** The failing withdraw, then `extra` successful calls of the account to the Vault. */
function longTrace(extra: number): ContractAction[] {
  const actions = failingWithdraw();
  for (let i = 0; i < extra; i++) actions.push(action({ index: actions.length }));
  return actions;
}

async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !done(); i++) await new Promise(resolve => setTimeout(resolve, 5));
  assert.ok(done(), what);
}

function setup(actions: readonly ContractAction[]) {
  const abi = new AbiIndex();
  const client: ActionsClient = {
    listContractActions: (): Promise<ContractActionsResponse> =>
      Promise.resolve({ actions: [...actions], links: { next: null } }),
    next: () => Promise.resolve(null),
  };
  const codes = new ContractCodes({
    getContract: (id: string) => {
      const code = { [VAULT.id]: VAULT_CODE, [TOKEN.id]: MY_TOKEN_CODE }[id];
      return code
        ? Promise.resolve({ contract_id: id, runtime_bytecode: code } as ContractInfo)
        : Promise.reject(new MirrorError('http', 404, ['Not found'], id, 'Not found'));
    },
  });
  const bundle: TraceBundle = {
    store: new TraceStore(),
    codes: () => codes,
    sources: {
      findByCode: () => undefined,
      sites: () => Promise.reject(new Error('unused')),
      onDidChange: () => () => true,
    },
    sites: new SiteRegistry(),
    marks: new RevertMarks(),
  };
  const views = new TraceViews({ bundle: () => bundle, reader: () => ({ client, abi }) });
  const drawn: TraceDetail[] = [];
  views.onDidChange(() => drawn.push(views.detail(SUBJECT)));
  return { abi, views, drawn };
}

const rootLabel = (d: TraceDetail | undefined): string | undefined =>
  d?.status === 'loaded' ? d.view.rows[0]?.recipient : undefined;

describe('common/trace/views: review of a recompile', () => {
  for (const extra of [10, 1200]) {
    it(`a trace of ${extra + 2} actions is drawn again with the new names after a recompile`, async () => {
      const s = setup(longTrace(extra));
      s.views.detail(SUBJECT);
      await until(() => rootLabel(s.drawn[s.drawn.length - 1]) === VAULT.id, 'drawn before the recompile');
      for (const c of sampleIndex().workspaceContracts())
        s.abi.setFile(c.origin.kind === 'artifact' ? c.origin.file : c.name, [c]);
      // The panel redraws on a change of the ABIs.
      s.drawn.push(s.views.detail(SUBJECT));
      await until(() => rootLabel(s.drawn[s.drawn.length - 1]) === 'Vault', 'drawn again with the artifact name');
      s.views.dispose();
    });
  }
});
